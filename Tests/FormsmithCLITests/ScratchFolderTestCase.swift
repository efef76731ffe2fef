import Foundation
import XCTest

/// A test case with a fresh temporary folder per test (`folder`), removed afterwards, for tests
/// that run the binary on files they write.
class ScratchFolderTestCase: XCTestCase {
    /// This test's own folder.
    var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("formsmith-\(String(describing: type(of: self)))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `formsmith generate` on the rule file `rules` (a path) for `count` questionnaires
    /// from `seed` (`--today 2026-11-22`), fails the test unless it exits 0 with nothing
    /// discarded (its only line on standard error the summary: nothing rebuilt, redrawn or run
    /// out of budget), and returns the questionnaires as dictionaries, in output order.
    func generateWithNothingDiscarded(rules: String, count: Int, seed: Int, output name: String = "out.jsonl",
                                      file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let output = path(name)
        let run = try Formsmith.run(["generate", "--rules", rules, "--count", String(count), "--seed", String(seed),
                                     "--today", "2026-11-22", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr, "formsmith: wrote \(count) questionnaires to \(output); nothing discarded\n",
                       file: file, line: line)
        let records = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0), file: file, line: line)
        }
        XCTAssertEqual(records.count, count, file: file, line: line)
        return records
    }
}
