import Foundation
import XCTest

/// The HTML report's links to questionnaires work from where the page is written: a browser
/// reads a relative link from the page's folder, while input paths are relative to the folder
/// `formsmith` ran in, so a report written elsewhere (`--output /tmp/audit.html`) must rewrite
/// them (before, every link of such a report pointed at a file that is not there).
final class HTMLReportLinkTests: ScratchFolderTestCase {
    private let rules = "id: t\nfields:\n  n: {type: integer, max: 10}\n"

    /// The `href`s of a page, in order.
    private func links(_ page: String) -> [String] {
        page.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    func testLinksAreWrittenFromTheReportsFolder() throws {
        try write("rules.yaml", rules)
        try FileManager.default.createDirectory(atPath: path("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("out/deep"), withIntermediateDirectories: true)
        try write("data/x.jsonl", "{\"n\": 1}\n{\"n\": 11}\n")
        let base = ["validate", "--rules", "rules.yaml", "--report", "html"]

        let beside = try Formsmith.run(base + ["--output", "audit.html", "data/x.jsonl"], directory: folder)
        XCTAssertEqual(beside.status, 1, beside.stderr)
        XCTAssertEqual(links(try String(contentsOfFile: path("audit.html"), encoding: .utf8)), ["data/x.jsonl#L2"])

        let below = try Formsmith.run(base + ["--output", "out/deep/audit.html", "data/x.jsonl"], directory: folder)
        XCTAssertEqual(below.status, 1, below.stderr)
        XCTAssertEqual(links(try String(contentsOfFile: path("out/deep/audit.html"), encoding: .utf8)),
                       ["../../data/x.jsonl#L2"])

        // Run from inside data/, the input named ./x.jsonl, the report one folder up by an absolute path.
        let absolute = try Formsmith.run(["validate", "--rules", "../rules.yaml", "--report", "html", "--output",
                                          path("out/audit.html"), "./x.jsonl"], directory: folder.appendingPathComponent("data"))
        XCTAssertEqual(absolute.status, 1, absolute.stderr)
        XCTAssertEqual(links(try String(contentsOfFile: path("out/audit.html"), encoding: .utf8)), ["../data/x.jsonl#L2"])

        // On standard output nobody knows where the page goes: the path stays as given.
        let piped = try Formsmith.run(base + ["data/x.jsonl"], directory: folder)
        XCTAssertEqual(links(piped.stdout), ["data/x.jsonl#L2"])
    }

    /// The samples' report written outside the repository: every link names a sample file
    /// that exists, at a line it has.
    func testEveryLinkOfAReportOutsideTheRepositoryReachesItsFile() throws {
        try FileManager.default.createDirectory(atPath: path("reports"), withIntermediateDirectories: true)
        let report = path("reports/audit.html")
        let run = try Formsmith.run(["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                     "--report", "html", "--output", report, "SampleData/osago-policy"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let found = links(try String(contentsOfFile: report, encoding: .utf8))
        XCTAssertGreaterThan(found.count, 5)
        for link in found {
            let parts = link.components(separatedBy: "#L")
            let file = URL(fileURLWithPath: parts[0].removingPercentEncoding ?? parts[0],
                           relativeTo: folder.appendingPathComponent("reports")).standardizedFileURL
            XCTAssertTrue(file.path.hasPrefix(Formsmith.root.appendingPathComponent("SampleData/osago-policy").standardizedFileURL.path),
                          "\(link) leads to \(file.path)")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertLessThanOrEqual(Int(parts[1]) ?? .max, lines.count, link)
        }
    }
}
