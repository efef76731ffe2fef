import Foundation
import XCTest

/// A text that both an assertion and a needed parent's `visibleIf` test with string predicates
/// is drawn to meet both at once. Here `code` must start with an a and have two letters or
/// more (the assertion, `LIKE 'a?*'`), and only lowercase letters show `colour`
/// (`MATCHES '[a-z]+'`), which the required `size` needs as its parent; `code` has at most 6
/// characters. So every valid questionnaire has `code` in `a[a-z]{1,5}`, worked out by hand.
/// Decided apart, the assertion's draw (`a1`, `aX`) hid `colour` and the questionnaire was
/// rebuilt: random generate form 172 with assertions rebuilt 2,898 of 200.
final class ParentTextAssertionGenerateCommandTests: ScratchFolderTestCase {
    static let form = """
        id: parent-text-assertion
        fields:
          code: {type: string, maxLength: 6}
          colour: {type: enum, values: [red, blue], visibleIf: "code MATCHES '[a-z]+'", parent: "code"}
          size: {type: integer, min: 10, max: 50, parent: "colour"}
        assert:
          - that: "empty(code) || code LIKE 'a?*'"
            message: a code starts with a
            rule: code-start
        """

    func testTheTextMeetsTheAssertionAndShowsTheParentWithNothingRebuilt() throws {
        let rules = try write("form.yaml", Self.form)
        let lowercase = Set("abcdefghijklmnopqrstuvwxyz")
        var colours: [String: Int] = [:], lengths: Set<Int> = []
        for record in try generateWithNothingDiscarded(rules: rules, count: 300, seed: 4) {
            let line = "\(record)"
            let code = try XCTUnwrap(record["code"] as? String, line)
            XCTAssertTrue(code.first == "a" && (2...6).contains(code.count) && code.allSatisfy(lowercase.contains), line)
            lengths.insert(code.count)
            colours[try XCTUnwrap(record["colour"] as? String, line), default: 0] += 1
            let size = try XCTUnwrap(record["size"] as? Int, line)
            XCTAssertTrue((10...50).contains(size), line)
        }
        // Both colours keep their share (150 each; five standard deviations of 8.7 either way),
        // and the code takes more than one length.
        XCTAssertEqual(Set(colours.keys), ["red", "blue"])
        for (colour, count) in colours { XCTAssertLessThanOrEqual(abs(count - 150), 44, "\(colour): \(count) of 300") }
        XCTAssertGreaterThan(lengths.count, 1, "\(lengths)")
    }
}
