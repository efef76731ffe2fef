import FormsmithCore
import XCTest

/// Lints every check's own documented examples (the SwiftLint way: the docs are the tests):
/// each triggering example gets at least one finding of that check, each non-triggering one none.
final class LintCatalogTests: XCTestCase {
    /// Examples live next to the shipped rules, so seed paths such as `../SampleData/...` resolve.
    let file = repositoryRoot.appendingPathComponent("Rules/lint-example.yaml").path

    func testEveryLintExample() {
        XCTAssertGreaterThanOrEqual(LintCatalog.rules.count, 10)
        for rule in LintCatalog.rules {
            XCTAssertFalse(rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            for example in rule.triggering {
                let findings = lint(example)
                XCTAssertTrue(findings.contains { $0.rule == rule.id },
                              "\(rule.id) should report:\n\(example)\ngot: \(findings)")
            }
            for example in rule.nonTriggering {
                let findings = lint(example)
                XCTAssertEqual(findings.map(\.description), [], "\(rule.id) should accept:\n\(example)")
            }
        }
    }

    func testIdentifiersAreUniqueAndSummariesAreOneLine() {
        let ids = LintCatalog.rules.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count)
        for rule in LintCatalog.rules {
            XCTAssertFalse(rule.summary.contains("\n"), rule.id)
            XCTAssertTrue(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, rule.id)
        }
    }

    func testEveryCheckIsDocumented() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let reference = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        for rule in LintCatalog.rules {
            XCTAssertTrue(readme.contains("`\(rule.id)`"), "README.md does not document \(rule.id)")
            if rule.severity == .warning {
                XCTAssertTrue(reference.contains("`\(rule.id)`"), "docs/rules.md does not mention \(rule.id)")
            }
        }
    }

    private func lint(_ example: String) -> [LintFinding] {
        Linter.lint(text: "id: example\n" + example, file: file, today: testToday)
    }
}
