import Foundation
import XCTest

/// Attachments through the binary: the same report and exit code for JSON Lines and CSV input,
/// `generate` writing references that validate back in both formats, `lint` pointing at a
/// wrong media type and size, and `explain` saying what a file must be.
final class AttachmentCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            id: claims
            fields:
              scan:
                type: attachment
                mediaTypes: [application/pdf, image/jpeg]
                maxSize: 2MB
              photos: {type: attachment, multiple: true, optional: true, mediaTypes: image/*, maxItems: 2}

            """.write(to: path("rules.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> URL { folder.appendingPathComponent(name) }

    private let expectedReport = """
          scan: is 3.5 MB (3500000 bytes); it must be at most 2 MB (2000000 bytes) [max-size] (value "3500000")
          photos[0]: has media type video/mp4; allowed: image/* [media-type] (value "video/mp4")
          scan: file name 'scan.png' does not agree with its media type image/jpeg: .png is the extension of \
        image/png files [extension] (value "scan.png")
        """

    func testJSONLinesAndCSVGiveTheSameReport() throws {
        try """
            {"scan": {"name": "scan.pdf", "mediaType": "application/pdf", "size": 48213}}
            {"scan": {"name": "scan.pdf", "mediaType": "application/pdf", "size": 3500000}, "photos": [{"name": "a.mp4", "mediaType": "video/mp4", "size": 10}]}
            {"scan": {"name": "scan.png", "mediaType": "image/jpeg", "size": 1000}}

            """.write(to: path("claims.jsonl"), atomically: true, encoding: .utf8)
        try """
            scan,photos
            "{""name"": ""scan.pdf"", ""mediaType"": ""application/pdf"", ""size"": 48213}",
            "{""name"": ""scan.pdf"", ""mediaType"": ""application/pdf"", ""size"": 3500000}","[{""name"": ""a.mp4"", ""mediaType"": ""video/mp4"", ""size"": 10}]"
            "{""name"": ""scan.png"", ""mediaType"": ""image/jpeg"", ""size"": 1000}",

            """.write(to: path("claims.csv"), atomically: true, encoding: .utf8)
        var reports: [String] = []
        for name in ["claims.jsonl", "claims.csv"] {
            let run = try Formsmith.run(["validate", "--rules", path("rules.yaml").path, "--today", "2026-11-22",
                                         path(name).path])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)
            let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            reports.append(lines.joined(separator: "\n"))
        }
        XCTAssertEqual(reports[0], expectedReport)
        XCTAssertEqual(reports[1], expectedReport)
    }

    func testGeneratedReferencesValidateBackAsJSONLinesAndCSV() throws {
        for format in ["jsonl", "csv"] {
            let output = path("generated.\(format)")
            let labels = path("labels-\(format).jsonl")
            let generate = try Formsmith.run(["generate", "--rules", path("rules.yaml").path, "--count", "60", "--seed", "4",
                                              "--invalid-rate", "0.5", "--labels", labels.path, "--output", output.path])
            XCTAssertEqual(generate.status, 0, generate.stderr)
            let validate = try Formsmith.run(["validate", "--rules", path("rules.yaml").path, "--report", "jsonl",
                                              output.path])
            let labelled = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n").count
            XCTAssertGreaterThan(labelled, 15)
            XCTAssertEqual(validate.status, 1)
            XCTAssertTrue(validate.stdout.contains("\"invalid\":\(labelled),"), validate.stdout)
        }
    }

    func testLintAndExplain() throws {
        try """
            id: broken
            fields:
              scan: {type: attachment, mediaTypes: [pdf], maxSize: 10 megabytes}

            """.write(to: path("broken.yaml"), atomically: true, encoding: .utf8)
        let lint = try Formsmith.run(["lint", path("broken.yaml").path])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("broken.yaml:3:41: error[invalid-rules]: 'pdf' is not a media type"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("unknown size unit 'megabytes'"), lint.stdout)
        let explain = try Formsmith.run(["explain", "--rules", path("rules.yaml").path, "photos"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertTrue(explain.stdout.contains("media type each file's media type is one of image/* [media-type]"),
                      explain.stdout)
        XCTAssertTrue(explain.stdout.contains("items      at most 2 files [max-items]"), explain.stdout)
    }
}
