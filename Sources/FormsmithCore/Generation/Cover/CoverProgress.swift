/// How far a covering run (``CoveringGenerator``) or a coverage measure (``CoverageMeasure``)
/// has got, for a progress line: both can take minutes on a large tuple space.
public struct CoverProgress: Sendable, Equatable {
    /// What the run is doing.
    public enum Phase: String, Sendable {
        /// Checking every tuple against the rules (the quick proof of impossibility).
        case proving = "tuples checked against the rules"
        /// Writing questionnaires until every tuple is covered, impossible or not found.
        case covering = "tuples settled"
        /// Reading the questionnaires of a set.
        case reading = "questionnaires read"
        /// Asking the solver about each tuple a set does not hold.
        case solving = "uncovered tuples asked of the solver"
    }

    /// The phase.
    public var phase: Phase
    /// How many of `total` the phase has done.
    public var done: Int
    /// How many the phase has to do.
    public var total: Int
    /// Questionnaires written so far (covering), else 0.
    public var written: Int

    /// Creates a progress value.
    public init(_ phase: Phase, done: Int, of total: Int, written: Int = 0) {
        self.phase = phase
        self.done = done
        self.total = total
        self.written = written
    }

    /// `covering: 12 of 40 tuples settled, 9 questionnaires written`.
    public var text: String {
        "\(done) of \(total) \(phase.rawValue)" + (phase == .covering ? ", \(written) questionnaires written" : "")
    }
}
