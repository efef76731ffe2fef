import Dispatch
import Synchronization

/// What a generation run produced.
public struct GenerationSummary: Sendable, Equatable {
    /// Questionnaires written.
    public var count = 0
    /// Of which invalid on purpose (each with a label).
    public var invalid = 0
    /// Questionnaires and values drawn and thrown away on the way (none for rules that need
    /// no filtering), per field and rule.
    public var discards = GenerationDiscards()
    /// Defects the rules never let a questionnaire carry alone, with the reason (not tried).
    public var unplantableDefects: [UnplantableDefect] = []
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
    let plan: GeneratorTables

    /// Prepares generation: reads seed lists and the fixture's pins, and rejects rules no
    /// value can satisfy (the error names the field and rule).
    public init(rules: CompiledRuleSet, options: GenerationOptions) throws(GenerationError) {
        if options.start < 0 {
            throw GenerationError(field: nil, rule: nil, message: "the start index must be 0 or more")
        }
        if options.start > 0, options.format != .jsonl {
            throw GenerationError(field: nil, rule: nil, message: "a start index needs JSON Lines output (a JSON "
                                  + "array or a CSV file cannot be continued by another file); use --format jsonl")
        }
        if options.count < 0 || options.count > Self.maximumIndex - options.start {
            throw GenerationError(field: nil, rule: nil, message: "the count must be 0 or more and the start index "
                                  + "plus the count at most \(Self.maximumIndex) (2^53, so that every line number "
                                  + "stays exact in any JSON reader); write fewer questionnaires")
        }
        self.rules = rules
        self.options = options
        plan = try GeneratorTables(rules: rules, options: options)
        if options.count > 0, let ids = QuestionnaireBuilder(plan: plan).recordIDCapacity(),
           options.start + options.count > ids.capacity {
            throw GenerationError(field: ids.field, rule: nil, message: "ids are made unique from the questionnaire's "
                                  + "number in the field's run of digits ('\(ids.example)'), which holds at most "
                                  + "\(ids.capacity) numbers, but questionnaires up to number "
                                  + "\(options.start + options.count) were asked for; write fewer questionnaires or "
                                  + "allow more digits in the id's pattern")
        }
    }

    /// The highest start index plus count: 2^53, beyond which line numbers in JSON reports
    /// would not be exact for readers that hold numbers as doubles.
    public static let maximumIndex = 1 << 53

    /// Seed-data values left out because they break a rule of their field, one line each
    /// (`file:line:column: ...; not used`), for the user to correct.
    public var notices: [String] { plan.seedData?.notices ?? [] }

    /// The optional lists always left empty because none of their items can be valid (a
    /// required field in them whose `parent` is never shown), and the optional sections left
    /// empty because a member they require can never be valid, one line each naming what is
    /// left empty and why.
    public var listsLeftEmpty: [String] { plan.listsLeftEmpty }

    /// The string predicates (`purpose CONTAINS 'tax'`) no generated value makes true because
    /// the field's own checks exclude every such value the generator can draw, one line each.
    public var uncoveredPredicateSides: [String] { plan.uncoveredPredicateSides }

    /// Generates every questionnaire, handing output bytes to `write` and labels of invalid
    /// questionnaires to `label`, in order. Throws when some questionnaire cannot be made
    /// valid (what was written before it stays written).
    @discardableResult
    public func run(write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) throws(GenerationError)
        -> GenerationSummary
    {
        try runCommitting(write: write, label: label).summary
    }

    /// `run`, returning the whole ordered commit (its summary, and how many chunks ever waited
    /// to be written at once).
    func runCommitting(write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) throws(GenerationError)
        -> OrderedCommit
    {
        let csvWriter = options.format == .csv ? RecordCSVWriter(plan: plan) : nil
        var header: [UInt8] = []
        switch options.format {
        case .json: header.append(contentsOf: (options.count == 0 ? "[]\n" : "[\n").utf8)
        case .csv: csvWriter?.writeHeader(to: &header)
        case .jsonl: break
        }
        if !header.isEmpty { write(header) }
        var commit = OrderedCommit(nextLine: options.format == .jsonl ? 1 + options.start : 2)
        commit.summary.unplantableDefects = plan.unplantable
        let chunkCount = (options.count + Self.chunkSize - 1) / Self.chunkSize
        if options.jobs == 1 || chunkCount <= 1 {
            let generator = RecordGenerator(plan: plan, csvWriter: csvWriter)
            for chunk in 0..<chunkCount {
                let output = generateChunk(chunk, with: generator, into: commit.takeBuffer())
                commit.add(output, number: chunk, write: write, label: label)
                if let error = commit.error { throw error }
            }
        } else {
            commit = generateConcurrently(chunkCount, csvWriter: csvWriter, commit: commit, write: write, label: label)
            if let error = commit.error { throw error }
        }
        if options.format == .json, options.count > 0 { write(Array("\n]\n".utf8)) }
        return commit
    }

    /// Chunks that may be generated but not yet written, per worker: with a slow destination
    /// (a busy disk, a pipe read slowly) workers wait instead of piling chunks up in memory.
    static let chunksAheadPerJob = 4

    /// Generates every chunk with `jobs` workers, each taking the next unclaimed chunk; the
    /// worker that finishes the chunk next in line writes it and any finished ones after it,
    /// outside the lock, so writing overlaps with generating and the output stays in order.
    /// At most `chunksAheadPerJob × jobs` chunks are held at once (a permit is taken before a
    /// chunk is claimed and given back once it is written), so memory stays flat whatever the
    /// count and however slow the writes.
    private func generateConcurrently(_ chunkCount: Int, csvWriter: RecordCSVWriter?, commit: OrderedCommit,
                                      write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) -> OrderedCommit {
        let state = Mutex(commit)
        let next = Atomic(0)
        let workers = min(options.jobs, chunkCount)
        // More permits than workers: the chunk next in line is always claimed by a worker that
        // holds a permit and is generating it, so the writer can always make progress.
        // (Created empty and filled: libdispatch traps when a semaphore is released holding
        // fewer than it was created with, which a failed run may leave.)
        let permits = DispatchSemaphore(value: 0)
        for _ in 0..<(Self.chunksAheadPerJob * workers) { permits.signal() }
        withoutActuallyEscaping(write) { write in
            withoutActuallyEscaping(label) { label in
                // Called only by the worker holding the writer's role (see `OrderedCommit`), so
                // never at the same time.
                nonisolated(unsafe) let write = write
                nonisolated(unsafe) let label = label
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    // Each worker on its own copy of the compiled rules and their tables: shared
                    // objects' reference counts would bounce between the cores (see
                    // `CompiledRuleSet.compiledForWorker()`). The copies are equal, so the bytes are too.
                    let own = (try? GeneratorTables(rules: rules.compiledForWorker(), options: options)) ?? plan
                    let generator = RecordGenerator(plan: own, csvWriter: csvWriter.map { _ in RecordCSVWriter(plan: own) })
                    while true {
                        permits.wait()
                        let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard chunk < chunkCount, state.withLock({ $0.error == nil }) else {
                            permits.signal()  // passed on: a worker waiting for one wakes and stops too
                            return
                        }
                        let output = generateChunk(chunk, with: generator, into: state.withLock { $0.takeBuffer() })
                        var due = state.withLock { $0.accept(output, number: chunk) }
                        while !due.isEmpty {
                            OrderedCommit.emit(due, write: write, label: label)
                            let written = due.count
                            // The written chunks' memory is kept for chunks to come before their
                            // permits are given back, so a worker that gets one finds it.
                            due = state.withLock { commit in
                                commit.recycle(&due)
                                return commit.takeDue()
                            }
                            for _ in 0..<written { permits.signal() }
                        }
                        // After a failure the chunks held are never written: wake every worker
                        // waiting for a permit so that it sees the failure and stops.
                        if state.withLock({ $0.error != nil }) {
                            for _ in 0..<workers { permits.signal() }
                        }
                    }
                }
            }
        }
        return state.withLock { $0 }
    }

    /// Generates the records of one chunk into `bytes` (empty; memory of a chunk written earlier).
    private func generateChunk(_ chunk: Int, with generator: RecordGenerator, into bytes: [UInt8]) -> ChunkOutput {
        var output = ChunkOutput()
        output.bytes = bytes
        let start = chunk * Self.chunkSize
        let end = min(options.count, start + Self.chunkSize)
        output.bytes.reserveCapacity((end - start) * 1024)
        for index in (options.start + start)..<(options.start + end) {
            let recordStart = output.bytes.count
            do {
                if var label = try generator.generate(index: index, into: &output.bytes) {
                    // Lines are relative to the chunk's first line until the chunk is written.
                    label.line = output.lines
                    output.labels.append(label)
                }
            } catch {
                output.error = error
                output.discards = generator.takeDiscards()
                return output
            }
            output.count += 1
            output.lines += options.format == .csv
                ? output.bytes[recordStart...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } : 1
        }
        output.discards = generator.takeDiscards()
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
    /// What the chunk's records discarded on the way.
    var discards = GenerationDiscards()
}

/// Writes finished chunks in order: a chunk waits until every earlier one is written.
///
/// With several workers the bytes are written outside the lock that guards this state: the
/// worker that finds chunks due takes them (and the writer's role) under the lock, writes
/// them without it, and comes back for more; the others meanwhile hand in their chunks and
/// go on generating instead of waiting for a write (to a slow pipe, say) to finish.
struct OrderedCommit: Sendable {
    var summary = GenerationSummary()
    /// The output line where the next chunk starts.
    var nextLine: Int
    /// The chunk to write next.
    var next = 0
    var pending: [Int: ChunkOutput] = [:]
    /// The first failure, in chunk order; nothing after it is written.
    var error: GenerationError?
    /// Whether a worker holds the writer's role (it is writing chunks taken from here).
    private(set) var writing = false
    /// The most chunks ever waiting here at once (what bounds memory; tests read it).
    private(set) var mostPending = 0
    /// Emptied byte buffers of written chunks, for chunks to come: chunk after chunk reuses the
    /// same memory instead of fresh pages (page faults, and with several workers, the kernel
    /// interrupting the other core to drop returned pages from its address cache).
    private(set) var spare: [[UInt8]] = []
    /// The most buffers kept in ``spare`` (more than the chunks that can wait at once).
    static let spareLimit = 16

    /// Takes chunk `number` and writes it, and the finished chunks after it, when its turn has come.
    mutating func add(_ output: ChunkOutput, number: Int, write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) {
        var due = accept(output, number: number)
        while !due.isEmpty {
            Self.emit(due, write: write, label: label)
            recycle(&due)
            due = takeDue()
        }
    }

    /// An empty byte buffer for the next chunk: the memory of a written one when there is one.
    mutating func takeBuffer() -> [UInt8] { spare.popLast() ?? [] }

    /// Keeps the emptied byte buffers of written `chunks` (up to ``spareLimit``) and empties `chunks`.
    mutating func recycle(_ chunks: inout [ChunkOutput]) {
        for index in chunks.indices where spare.count < Self.spareLimit {
            var bytes: [UInt8] = []
            swap(&bytes, &chunks[index].bytes)
            bytes.removeAll(keepingCapacity: true)
            spare.append(bytes)
        }
        chunks.removeAll()
    }

    /// Takes chunk `number`. Returns the chunks now due, in order, when the caller is to write
    /// them (it then holds the writer's role until `takeDue()` returns none); otherwise none.
    mutating func accept(_ output: ChunkOutput, number: Int) -> [ChunkOutput] {
        pending[number] = output
        mostPending = max(mostPending, pending.count)
        return writing ? [] : takeDue()
    }

    /// The chunks due for writing, in order, with their labels' lines made absolute, counted in
    /// the summary; the writer's role is held while this returns some and released when not.
    mutating func takeDue() -> [ChunkOutput] {
        var due: [ChunkOutput] = []
        while error == nil, var ready = pending.removeValue(forKey: next) {
            if let failure = ready.error {
                error = failure
                pending.removeAll()
                break
            }
            for index in ready.labels.indices { ready.labels[index].line += nextLine }
            summary.count += ready.count
            summary.invalid += ready.labels.count
            summary.discards.merge(ready.discards)
            nextLine += ready.lines
            next += 1
            due.append(ready)
        }
        writing = !due.isEmpty
        return due
    }

    /// Writes taken chunks: their bytes, then their labels.
    static func emit(_ chunks: [ChunkOutput], write: ([UInt8]) -> Void, label: (GeneratedLabel) -> Void) {
        for chunk in chunks {
            write(chunk.bytes)
            chunk.labels.forEach(label)
        }
    }
}
