import Foundation
import XCTest

/// `position(drivers)` in the rules language (issue 32's `position(..)`): the 1-based place of
/// the current item of a list, through the binary with verdicts worked out by hand.
final class PositionCommandTests: ScratchFolderTestCase {
    private func validate(_ rules: String, _ records: String) throws -> Formsmith.Output {
        let file = try write("rules.yaml", rules)
        return try Formsmith.run(["validate", "--rules", file, "--today", "2026-11-22", try write("data.jsonl", records)])
    }

    func testThePlaceOfTheCurrentItemAndOfTheEnclosingItem() throws {
        let run = try validate("""
            id: position
            fields:
              drivers:
                type: list
                fields:
                  number: {type: integer}
                  main: {type: boolean, visibleIf: "position(drivers) == 1"}
                  documents:
                    type: list
                    fields:
                      code: {type: string}
                    assert:
                      - that: "drivers[].documents[].code == concat(position(drivers), '-', position(drivers[].documents))"
                        message: the code is driver-document
                assert:
                  - that: drivers[].number == position(drivers)
                    message: numbered from 1

            """, """
            {"drivers": [{"number": 1, "main": true, "documents": [{"code": "1-1"}, {"code": "1-2"}]}, {"number": 2, "documents": [{"code": "2-1"}]}]}
            {"drivers": [{"number": 0, "documents": [{"code": "1-1"}, {"code": "1-1"}]}, {"number": 2, "main": false, "documents": [{"code": "2-2"}]}]}

            """)
        XCTAssertEqual(run.status, 1, run.stderr)
        // 1: drivers 1 and 2; documents 1-1, 1-2 of driver 1 and 2-1 of driver 2 (the inner
        // place starts again at 1 in each driver). Valid.
        XCTAssertFalse(run.stdout.contains("data.jsonl:1\n"), run.stdout)
        // 2: driver 1 numbered 0; its second document is 1-2, not 1-1; driver 2 is not the first,
        // so 'main' is hidden and must be empty; its only document is 2-1, not 2-2.
        for expected in [
            "  drivers[0]: numbered from 1 [assert]\n",
            "  drivers[0].documents[1]: the code is driver-document [assert]\n",
            "  drivers[1].main: must be empty",
            "  drivers[1].documents[0]: the code is driver-document [assert]\n",
        ] {
            XCTAssertTrue(run.stdout.contains(expected), expected + "\n" + run.stdout)
        }
        XCTAssertFalse(run.stdout.contains("drivers[0].documents[0]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid"), run.stdout)
    }

    /// position() reads no field yet is not a constant: as a bound it is the item's place (it was
    /// taken for a constant and refused as "the bound has no value").
    func testPositionAsABoundIsTheItemsPlace() throws {
        let run = try validate("""
            id: bound
            fields:
              drivers:
                type: list
                fields:
                  n: {type: integer, max: "position(drivers)"}

            """, """
            {"drivers": [{"n": 1}, {"n": 3}, {"n": 2}]}

            """)
        XCTAssertEqual(run.status, 1, run.stderr)
        // Places 1, 2, 3: n 3 in the second item is over 2; 1 <= 1 and 2 <= 3 hold.
        XCTAssertTrue(run.stdout.contains("data.jsonl:1\n  drivers[1].n: must be at most 2 (position(drivers)) [max] (value \"3\")\n\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("1 questionnaire: 0 valid, 1 invalid"), run.stdout)
    }

    func testPositionOutsideItsListIsARuleFileError() throws {
        let run = try validate("""
            id: outside
            fields:
              drivers:
                type: list
                fields:
                  number: {type: integer}
              n: {type: integer, max: "position(drivers)"}

            """, "{}\n")
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("position(drivers) reads the place of the current item of 'drivers', so it can only "
                                          + "be used inside that list's items"), run.stderr)
    }
}
