import FormsmithCore
import Foundation
import XCTest

/// `--split-output DIR`: each questionnaire lands in its input's valid or invalid file, as
/// written, in the input's format, whatever the number of jobs.
final class SplitOutputTests: XCTestCase {
    private let rules = try! compileRules("id: x\nfields:\n  id: {type: string}\n  n: {type: integer, max: 5}\n")
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    private func split(_ paths: [String], jobs: Int = 1, chunkBytes: Int = 1 << 20) throws -> (SplitOutput, String) {
        let directory = folder.path("out-\(jobs)-\(chunkBytes)")
        let sources = try InputDiscovery.sources(for: paths)
        var files = RunFiles()
        for planned in try SplitOutput.plan(directory: directory, sources: sources) {
            files.writes(planned.valid, as: "split")
            files.writes(planned.invalid, as: "split")
        }
        let output = try SplitOutput(directory: directory, sources: sources, permit: files.permit())
        BatchValidator(rules: rules, options: ValidationOptions(jobs: jobs, inputLimits: InputLimits(chunkBytes: chunkBytes)))
            .run(sources, reporter: CollectingReporter(), split: output)
        XCTAssertEqual(output.problems, [])
        try output.commit()
        return (output, directory)
    }

    /// The file's text, byte order mark included.
    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func testJSONLinesAreSplitLineByLineWithUnreadableLinesOnTheInvalidSide() throws {
        let input = try folder.write("data.jsonl", "{\"id\":\"a\",\"n\":1}\r\n\n{\"id\":\"b\",\"n\":9}\n{broken\n{\"id\":\"c\",\"n\":2}")
        let (output, directory) = try split([input])
        XCTAssertEqual(output.files[0].valid, directory + "/data.valid.jsonl")
        XCTAssertEqual(contents(output.files[0].valid), "{\"id\":\"a\",\"n\":1}\n{\"id\":\"c\",\"n\":2}\n")
        XCTAssertEqual(contents(output.files[0].invalid), "{\"id\":\"b\",\"n\":9}\n{broken\n")
    }

    func testCSVKeepsItsHeaderInBothFilesAndRowsAsWritten() throws {
        let input = try folder.write("data.csv", "\u{FEFF}id,n\r\na,1\r\n\"b\nb\",9\r\nc,x,extra\r\nd,2")
        let (output, _) = try split([input])
        XCTAssertEqual(contents(output.files[0].valid), "\u{FEFF}id,n\r\na,1\r\nd,2\n")
        XCTAssertEqual(contents(output.files[0].invalid), "\u{FEFF}id,n\r\n\"b\nb\",9\r\nc,x,extra\r\n")
    }

    func testJSONArraysBecomeArraysAndOtherDocumentsGoWhole() throws {
        let array = try folder.write("array.json", "[\n  {\"id\": \"a\", \"n\": 1},\n  {\"id\": \"b\", \"n\": [1, \"]\"]},\n  {\"id\": \"c\", \"n\": 3}\n]\n")
        let single = try folder.write("single.json", "{\"id\": \"s\", \"n\": 7}")
        let broken = try folder.write("broken.json", "[{\"id\": \"a\", \"n\": 1}, {\"id\": ")
        let (output, _) = try split([array, single, broken])
        let valid = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output.files[0].valid)))
        let invalid = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output.files[0].invalid)))
        XCTAssertEqual((valid as? [[String: Any]])?.map { $0["id"] as? String }, ["a", "c"])
        XCTAssertEqual((invalid as? [[String: Any]])?.map { $0["id"] as? String }, ["b"])
        XCTAssertEqual(contents(output.files[0].invalid), "[\n{\"id\": \"b\", \"n\": [1, \"]\"]}\n]\n")
        XCTAssertNil(contents(output.files[1].valid))
        XCTAssertEqual(contents(output.files[1].invalid), "{\"id\": \"s\", \"n\": 7}")
        XCTAssertNil(contents(output.files[2].valid), "a document that cannot be read is not split")
        XCTAssertEqual(contents(output.files[2].invalid), "[{\"id\": \"a\", \"n\": 1}, {\"id\": ")
    }

    func testSplitFilesAreTheSameWhateverTheJobsAndChunks() throws {
        var jsonLines = ""
        var csv = "id,n\n"
        for index in 0..<3000 {
            jsonLines += "{\"id\":\"r\(index)\",\"n\":\(index % 9)}\n"
            csv += "\"r\n\(index)\",\(index % 7)\n"
        }
        let inputs = [try folder.write("a.jsonl", jsonLines), try folder.write("b.csv", csv)]
        let (one, _) = try split(inputs)
        let (many, _) = try split(inputs, jobs: 4, chunkBytes: 700)
        for (first, second) in zip(one.files, many.files) {
            XCTAssertEqual(contents(first.valid), contents(second.valid))
            XCTAssertEqual(contents(first.invalid), contents(second.invalid))
            XCTAssertNotNil(contents(first.invalid))
        }
        XCTAssertEqual(contents(one.files[0].invalid)?.split(separator: "\n").count, 999)  // n = 6, 7 or 8
    }

    func testFilesInDirectoriesKeepTheirRelativePathsAndCollisionsAreRejected() throws {
        try FileManager.default.createDirectory(atPath: folder.path("in/2026"), withIntermediateDirectories: true)
        try folder.write("in/2026/part.jsonl", "{\"id\":\"a\",\"n\":1}\n")
        try folder.write("in/part.jsonl", "{\"id\":\"a\",\"n\":9}\n")
        let (output, directory) = try split([folder.path("in")])
        XCTAssertEqual(output.files.map(\.valid), [directory + "/2026/part.valid.jsonl", directory + "/part.valid.jsonl"])
        XCTAssertNotNil(contents(directory + "/2026/part.valid.jsonl"))
        XCTAssertNotNil(contents(directory + "/part.invalid.jsonl"))
        let sources = try InputDiscovery.sources(for: [folder.path("in/part.jsonl"), folder.path("in/2026/part.jsonl")])
        XCTAssertThrowsError(try SplitOutput(directory: folder.path("out"), sources: sources, permit: RunFiles().permit())) { error in
            XCTAssertTrue("\(error)".contains("would both be written to"), "\(error)")
        }
    }
}
