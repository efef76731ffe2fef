import Dispatch
import Synchronization

/// What a generation run produced.
public struct GenerationSummary: Sendable, Equatable {
    /// Questionnaires written.
    public var count = 0
    /// Of which invalid on purpose (each with a label).
    public var invalid = 0
}

/// Generates many questionnaires in parallel and deterministically: record `i` depends only
/// on the seed, `i` and the options (its random stream is `SeededRandom(seed).derived(i)`),
/// records are made in chunks by a pool of workers (each with its own builder and validator)
/// and written in order, so the bytes are the same for any number of jobs.
public final class BatchGenerator: Sendable {
    /// Records per chunk of work.
    static let chunkSize = 512

    /// The rules.
    public let rules: CompiledRuleSet
    /// The options.
    public let options: GenerationOptions
    let plan: GenerationPlan

    /// Prepares generation: reads seed lists and the fixture's pins, and rejects rules no
    /// value can satisfy (the error names the field and rule).
    public init(rules: CompiledRuleSet, options: GenerationOptions) throws(GenerationError) {
        self.rules = rules
        self.options = options
        plan = try GenerationPlan(rules: rules, options: options)
    }

    /// Generates every questionnaire, handing output bytes to `write` and labels of invalid
    /// questionnaires to `label`, in order. Throws when some questionnaire cannot be made
    /// valid (what was written before it stays written).
    @discardableResult
    public func run(write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) throws(GenerationError)
        -> GenerationSummary
    {
        let csvWriter = options.format == .csv ? RecordCSVWriter(plan: plan) : nil
        var header: [UInt8] = []
        switch options.format {
        case .json: header.append(contentsOf: (options.count == 0 ? "[]\n" : "[\n").utf8)
        case .csv: csvWriter?.writeHeader(to: &header)
        case .jsonl: break
        }
        if !header.isEmpty { write(header) }
        var summary = GenerationSummary()
        var nextLine = options.format == .jsonl ? 1 : 2
        let chunkCount = (options.count + Self.chunkSize - 1) / Self.chunkSize
        let batchSize = options.jobs == 1 ? 1 : options.jobs * 4
        let sequential = RecordGenerator(plan: plan, csvWriter: csvWriter)
        var firstChunk = 0
        while firstChunk < chunkCount {
            let chunks = Array(firstChunk..<min(chunkCount, firstChunk + batchSize))
            let outcomes = chunks.count == 1 || options.jobs == 1
                ? chunks.map { generateChunk($0, with: sequential) }
                : generateConcurrently(chunks, csvWriter: csvWriter)
            for outcome in outcomes {
                if let error = outcome.error { throw error }
                write(outcome.bytes)
                for var item in outcome.labels {
                    item.line += nextLine
                    label(item)
                }
                summary.count += outcome.count
                summary.invalid += outcome.labels.count
                nextLine += outcome.lines
            }
            firstChunk += chunks.count
        }
        if options.format == .json, options.count > 0 { write(Array("\n]\n".utf8)) }
        return summary
    }

    /// Generates chunks with `jobs` workers, each taking the next unclaimed chunk.
    private func generateConcurrently(_ chunks: [Int], csvWriter: RecordCSVWriter?) -> [ChunkOutput] {
        let outputs = Mutex([ChunkOutput?](repeating: nil, count: chunks.count))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(options.jobs, chunks.count)) { _ in
            let generator = RecordGenerator(plan: plan, csvWriter: csvWriter)
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < chunks.count else { return }
                let output = generateChunk(chunks[position], with: generator)
                outputs.withLock { $0[position] = output }
            }
        }
        return outputs.withLock { $0.map { $0! } }
    }

    /// Generates the records of one chunk.
    private func generateChunk(_ chunk: Int, with generator: RecordGenerator) -> ChunkOutput {
        var output = ChunkOutput()
        let start = chunk * Self.chunkSize
        let end = min(options.count, start + Self.chunkSize)
        output.bytes.reserveCapacity((end - start) * 1024)
        for index in start..<end {
            let recordStart = output.bytes.count
            do {
                if var label = try generator.generate(index: index, into: &output.bytes) {
                    // Lines are relative to the chunk's first line until the chunk is written.
                    label.line = output.lines
                    output.labels.append(label)
                }
            } catch {
                output.error = error
                return output
            }
            output.count += 1
            output.lines += options.format == .csv
                ? output.bytes[recordStart...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } : 1
        }
        return output
    }
}

/// The bytes, labels and line count of one chunk of records.
struct ChunkOutput: Sendable {
    var bytes: [UInt8] = []
    var labels: [GeneratedLabel] = []
    var count = 0
    /// Line breaks the chunk's records occupy (each JSON record is one line).
    var lines = 0
    var error: GenerationError?
}
