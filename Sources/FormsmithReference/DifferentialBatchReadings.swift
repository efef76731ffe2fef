import Foundation
import FormsmithCore

/// The batch readings of the differential test for one questionnaire: written as a JSON Lines
/// file and as a JSON array file and validated by ``BatchValidator`` with one worker and with
/// two. A batch run costs a file written and read and, with two workers, threads started, about
/// ten times a library call, so one input in `sampleOdds` of those made from a
/// generated questionnaire takes them (raw inputs may hold line breaks, which JSON Lines reads
/// as several records).
public final class DifferentialBatchReadings {
    /// One input in this many (of those eligible) is also read in batch, unless the harness is
    /// given other odds (the fuzz target and the tests keep these).
    public static let sampleOdds: UInt64 = 16

    /// The folder the files are written in (one per harness: threads must not share it).
    let folder: String

    init(folder: String) {
        self.folder = folder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func write(_ text: String, to path: String) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            fatalError("differential setup: cannot write \(path): \(error)")
        }
    }

    /// The readings that disagree with `expected`, each with what the engine said; empty when
    /// they all agree. `text` holds no line break.
    func disagreements(_ text: String, _ form: DifferentialForm, expected: ReferenceVerdict)
        -> [(reading: String, engine: ReferenceVerdict)] {
        var found: [(String, ReferenceVerdict)] = []
        let lines = folder + "/q.jsonl"
        let array = folder + "/q.json"
        // Written in place, not through a temporary file and a rename (FileManager.createFile):
        // that took a tenth of a campaign's time, and nothing else reads the file meanwhile.
        write(text + "\n", to: lines)
        // A JSON array holds only readable questionnaires: one unreadable one makes the file unreadable.
        if !expected.unreadable {
            write("[\n" + text + "\n]\n", to: array)
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
