import Foundation
import FormsmithCore
import FormsmithReference

/// The batch readings of the differential test for one questionnaire: written as a JSON Lines
/// file and as a JSON array file and validated by ``BatchValidator`` with one worker and with
/// two. A batch run costs a file written and read and, with two workers, threads started, about
/// ten times a library call, so one input in `BatchReadings.sampleOdds` of those made from a
/// generated questionnaire takes them (raw inputs may hold line breaks, which JSON Lines reads
/// as several records).
enum BatchReadings {
    /// One input in this many (of those eligible) is also read in batch.
    static let sampleOdds: UInt64 = 16

    /// The folder the files are written in, one per process.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "/formsmith-fuzz-diff-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The readings that disagree with `expected`, each with what the engine said; empty when
    /// they all agree. `text` holds no line break.
    static func disagreements(_ text: String, _ form: CachedForm, expected: ReferenceVerdict)
        -> [(reading: String, engine: ReferenceVerdict)] {
        var found: [(String, ReferenceVerdict)] = []
        let lines = folder + "/q.jsonl"
        let array = folder + "/q.json"
        guard FileManager.default.createFile(atPath: lines, contents: Data((text + "\n").utf8)) else {
            fatalError("fuzz setup: cannot write \(lines)")
        }
        // A JSON array holds only readable questionnaires: one unreadable one makes the file unreadable.
        if !expected.unreadable {
            guard FileManager.default.createFile(atPath: array, contents: Data(("[\n" + text + "\n]\n").utf8)) else {
                fatalError("fuzz setup: cannot write \(array)")
            }
        }
        let valid = ReferenceVerdict(unreadable: false, findings: [])
        for jobs in [1, 2] {
            let batch = BatchValidator(rules: form.rules, options: ValidationOptions(jobs: jobs))
            let byLine = Collector()
            batch.run([InputSource(path: lines, format: .jsonLines)], reporter: byLine)
            let line = byLine.results.first.map(ReferenceVerdict.init(engine:)) ?? valid
            if line != expected || byLine.results.count > 1 { found.append(("JSON Lines, \(jobs) jobs", line)) }
            guard !expected.unreadable else { continue }
            let byIndex = Collector()
            batch.run([InputSource(path: array, format: .json)], reporter: byIndex)
            let item = byIndex.results.first.map(ReferenceVerdict.init(engine:)) ?? valid
            if item != expected || byIndex.results.count > 1 { found.append(("JSON array, \(jobs) jobs", item)) }
        }
        return found
    }
}

/// A batch run's results, in the order reported.
private final class Collector: ValidationReporter {
    var results: [RecordResult] = []
    func report(_ results: [RecordResult]) { self.results += results }
    func finish(_ summary: ValidationSummary) {}
}
