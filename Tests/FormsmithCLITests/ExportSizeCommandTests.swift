import Foundation
import XCTest

/// A whole export is one JSON document, read with a bound that suits a document: a
/// questionnaire's bound (1,000,000 JSON values) stopped a KoboToolbox export at about 34,000
/// submissions and called it "not JSON". Above the export bound (4,000,000 values) the run says
/// what the limit is and how to export in parts; a cut document says where it stops.
final class ExportSizeCommandTests: ScratchFolderTestCase {
    private func writeForm() throws -> String {
        try write("size.yaml", "id: size\nfields:\n  a: {type: string, maxLength: 2}\n  n: {type: string, optional: true}\n")
    }

    /// `[{"a": "ok", "n": [0,0,…]}]` with `count` zeros: 3 + 2 + count values (the array,
    /// the object, two keys and their two values, and each zero).
    private func export(zeros count: Int) -> String {
        "[{\"a\": \"ok\", \"n\": [" + Array(repeating: "0", count: count).joined(separator: ",") + "]}]"
    }

    /// 10,500 submissions of 105 values each (`{"a": "ok", "n": [100 zeros]}`: the object, two
    /// keys, "ok", the array and its zeros) and the outer array: 1,102,501 values in all.
    func testAKoboExportOfMoreThanAMillionValuesIsRead() throws {
        let form = try writeForm()
        let submission = "{\"a\": \"ok\", \"n\": [" + Array(repeating: "0", count: 100).joined(separator: ",") + "]}"
        let big = try write("big.json", "[" + Array(repeating: submission, count: 10_500).joined(separator: ",\n") + "]")
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, big])
        // Read: each submission holds an array where a string belongs (n: type); a: "ok" fits.
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("10500 questionnaires: 0 valid, 10500 invalid, 0 unreadable"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[type]"), run.stdout)
        XCTAssertFalse(run.stdout.contains("unreadable: "), run.stdout)
    }

    func testAnExportAboveTheBoundIsUnreadableWithTheLimitAndWhatToDo() throws {
        let form = try writeForm()
        let huge = try write("huge.json", export(zeros: 4_000_000))
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, huge])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(huge):1\n  unreadable: \(huge): a KoboToolbox JSON export of more than 4000000 "
                                          + "JSON values"), run.stdout)
        XCTAssertTrue(run.stdout.contains("export it in parts"), run.stdout)
        XCTAssertFalse(run.stdout.contains("not JSON"), run.stdout)
    }

    /// `[{"a": "ok"` stops where `,` or `}` belongs: byte 11, the end.
    func testACutKoboExportSaysWhereItStops() throws {
        let form = try writeForm()
        let cut = try write("cut.json", #"[{"a": "ok""#)
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, cut])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(cut):1\n  unreadable: \(cut): not a KoboToolbox JSON export: it is not JSON "
                                          + "at byte 11 (unexpected end of input"), run.stdout)
    }
}
