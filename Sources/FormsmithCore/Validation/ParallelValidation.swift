import Dispatch
import Synchronization

/// The parallel side of a ``BatchValidator`` run, as a bounded, ordered pipeline.
///
/// The calling thread reads work items and hands each to Dispatch as its own task; at most
/// `jobs` tasks validate at a time (one more may wait its turn, so a worker that finishes
/// starts on the next item at once), each with a ``RecordValidator`` taken from a pool (one per
/// worker, reused for the whole run), and file their outcome under the item's sequence number. Between reads the calling thread delivers the outcomes that are next in input order.
/// Reading overlaps validation, so workers never wait for a batch to be read, and at most
/// `window` items are read but not yet delivered, which bounds memory whatever the input size.
final class ParallelValidation: Sendable {
    private let batch: BatchValidator
    /// Whether records' text is kept for `--split-output`.
    private let splits: Bool
    /// Items handed to Dispatch and not yet validated: enough to keep every worker busy.
    private let inFlightLimit: Int
    /// Items read and not yet delivered (in flight, or done and waiting for an earlier one).
    private let window: Int
    /// Validated outcomes by sequence number, with the size of their input in bytes.
    private let finished = Mutex<[Int: (outcome: ChunkOutcome, bytes: Int)]>([:])
    private let completions = DispatchSemaphore(value: 0)
    /// The `jobs` worker places.
    private let workers: DispatchSemaphore
    private let pool = Mutex<[PooledValidator]>([])
    private let queue = DispatchQueue(label: "formsmith.validation", qos: .userInitiated, attributes: .concurrent)

    init(batch: BatchValidator, splits: Bool) {
        self.batch = batch
        self.splits = splits
        inFlightLimit = batch.options.jobs + 1
        workers = DispatchSemaphore(value: batch.options.jobs)
        window = batch.options.jobs * 2 + 2
    }

    /// Validates the items of `planner` until it is exhausted or `isStopped` (checked before
    /// each read, for `--fail-fast`); calls `deliver` on the calling thread, in input order,
    /// with each outcome and the size of its input. CSV headers are bound to the rules by
    /// `binding` on the calling thread, once per file.
    func run(_ planner: InputChunker, binding: CSVColumnBinding, isStopped: () -> Bool,
             deliver: (ChunkOutcome, Int) -> Void) {
        var dispatched = 0
        var delivered = 0
        var completed = 0
        func deliverReady() {
            while let done = finished.withLock({ $0.removeValue(forKey: delivered) }) {
                deliver(done.outcome, done.bytes)
                delivered += 1
                // Results are allocated by the workers and freed here; glibc's per-thread arenas
                // keep such memory as free space rather than returning it, and the resident size
                // would creep up with the input (by about 20 MB over 1,000,000 questionnaires).
                // A trim takes about half a millisecond: every 64 chunks (32 MiB) is plenty.
                if delivered % 64 == 0 { Platform.releaseFreeMemory() }
            }
        }
        while !isStopped(), let item = planner.next() {
            while dispatched - completed >= inFlightLimit || dispatched - delivered >= window {
                completions.wait()
                completed += 1
                deliverReady()
            }
            submit(item, csv: binding.layout(for: item), sequence: dispatched)
            dispatched += 1
            deliverReady()
        }
        while completed < dispatched {
            completions.wait()
            completed += 1
            deliverReady()
        }
    }

    private func submit(_ item: WorkItem, csv: CSVFileLayout?, sequence: Int) {
        let parcel = Parcel(item)
        queue.async { [self] in
            workers.wait()
            let validator = pool.withLock { $0.popLast() } ?? PooledValidator(batch.makeValidator())
            // The outcome carries the chunk's bytes back for reuse: no other reference may remain.
            let outcome = batch.validate(parcel.take(), csv: csv, with: validator.validator, splits: splits)
            pool.withLock { $0.append(validator) }
            workers.signal()
            finished.withLock { $0[sequence] = (outcome, outcome.bytes.count) }
            completions.signal()
        }
    }
}

/// A validator parked in the pool between tasks.
///
/// `RecordValidator` is deliberately not `Sendable`: it holds per-record scratch state. The pool
/// hands each one to a single task at a time (taken and returned under the pool's lock), so it
/// is never used by two threads at once.
private final class PooledValidator: @unchecked Sendable {
    let validator: RecordValidator

    init(_ validator: RecordValidator) { self.validator = validator }
}

/// A work item on its way to a task, taken out (not copied) by the task that validates it.
private final class Parcel: @unchecked Sendable {
    private var item: WorkItem?

    init(_ item: WorkItem) { self.item = item }

    /// The item; the parcel keeps no reference (called once, by the one task that owns it).
    func take() -> WorkItem { item.take()! }
}
