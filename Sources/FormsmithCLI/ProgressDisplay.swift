import FormsmithCore

/// The progress line of `formsmith validate` on standard error, once the run has taken more
/// than a second. On a terminal it is redrawn in place at most ten times a second and erased
/// at the end. Elsewhere (`--progress` into a log file or a pipe) it is written as plain
/// lines, one every five seconds, and a last line with the totals at the end.
final class ProgressDisplay {
    private let totalBytes: Int?
    private let line = StatusLine()
    private var latest = ValidationProgress()

    /// A display for inputs of `totalBytes` (nil when unknown), or nil when `enabled` is false.
    init?(totalBytes: Int?, enabled: Bool) {
        guard enabled else { return nil }
        self.totalBytes = totalBytes
    }

    /// Redraws the line if it is time to.
    func update(_ progress: ValidationProgress) {
        latest = progress
        line.drawIfDue(text(at:))
    }

    /// Erases the line on a terminal; elsewhere writes the totals.
    func finish() {
        line.finish(lastLine: text(at:))
    }

    private func text(at now: ContinuousClock.Instant) -> String {
        ProgressLine.text(latest, totalBytes: totalBytes, elapsed: line.elapsedSeconds(at: now))
    }
}
