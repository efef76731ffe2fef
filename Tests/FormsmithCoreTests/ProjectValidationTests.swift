import FormsmithCore
import XCTest

/// Routing through the public API: inputs routed by glob and record by record, the routing
/// member, JSON array documents, per-form totals, fail-fast.
final class ProjectValidationTests: XCTestCase {
    private var folder: ScratchFolder!
    private let today = CivilDate(year: 2026, month: 11, day: 22)!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        try folder.write("a.yaml", "id: a\nfields:\n  x: {type: string, maxLength: 1}\n")
        try folder.write("b.yaml", "id: b\nfields:\n  y: {type: integer, max: 5}\n")
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: true)
        try folder.write("in/a.jsonl", "{\"x\": \"1\"}\n{\"x\": \"12\"}\n")
        try folder.write("in/mixed.json", """
            [{"form": "b", "y": 9},
             {"form": "a", "x": "1"},
             {"y": 1},
             {"form": "c"}]
            """)
        try folder.write("formsmith.yaml", """
            forms: {a: a.yaml, b: b.yaml}
            inputs:
              in/a.jsonl: a
              in/mixed.*: by-record
            """)
    }

    private func run(_ inputs: [String], failFast: Bool = false) throws -> (ValidationSummary, [RecordResult]) {
        let project = try ProjectLoader.load(path: folder.path("formsmith.yaml"))
        let forms = try project.forms.map { (name: $0.name, rules: try RulesLoader.load(path: $0.rules, today: today)) }
        let collector = CollectingReporter()
        let run = try ProjectValidator(project: project, forms: forms,
                                       options: ValidationOptions(jobs: 2, failFast: failFast))
            .run(try InputDiscovery.sources(for: inputs.map(folder.path)), reporter: collector)
        XCTAssertEqual(collector.summary, run.summary)
        return (run.summary, collector.results)
    }

    func testEachRecordGoesToItsFormAndTheTotalsAddUp() throws {
        let (summary, results) = try run(["in/a.jsonl", "in/mixed.json"])
        XCTAssertEqual(results.map { "\($0.location.line)[\($0.location.index ?? -1)] \($0.form ?? "-") "
                                     + ($0.violations.map(\.rule).joined(separator: ",")) },
                       ["2[-1] a max-length", "1[0] b max", "3[2] (unrouted) form-missing",
                        "4[3] (unrouted) form-unknown"])
        XCTAssertEqual(summary.byForm.map { "\($0.form) \($0.summary.valid)/\($0.summary.records)" },
                       ["a 2/3", "b 0/1", "(unrouted) 0/2"])
        XCTAssertEqual(summary.records, 6)
        XCTAssertEqual(summary.records, summary.valid + summary.invalid + summary.unreadable)
    }

    func testFailFastStopsAtTheFirstInvalidRecord() throws {
        let (summary, results) = try run(["in/a.jsonl", "in/mixed.json"], failFast: true)
        XCTAssertEqual(results.count, 1)
        XCTAssertTrue(summary.stoppedEarly)
    }

    func testAnInputOutsideTheProjectIsRoutedRecordByRecord() throws {
        let project = try ProjectLoader.load(path: folder.path("formsmith.yaml"))
        XCTAssertEqual(project.target(of: "/elsewhere/x.jsonl"), .byRecord)
        XCTAssertEqual(project.target(of: folder.path("in/a.jsonl")), .form("a"))
        XCTAssertEqual(project.target(of: folder.path("in/mixed.json")), .byRecord)
    }
}
