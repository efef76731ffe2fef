import FormsmithCore

/// The progress line of `generate --cover` and `coverage` on standard error (never standard
/// output or a report), as `validate`'s: once the run has taken more than a second, redrawn in
/// place at most ten times a second on a terminal and erased at the end; elsewhere (forced
/// with `--progress`) a plain line every five seconds at most and a last line at the end.
final class CoverProgressDisplay {
    private let command: String
    private let line = StatusLine()
    private var latest: CoverProgress?

    /// A display for `command` (`covering pairs`, `coverage`), or nil when `enabled` is false
    /// (decided by `TerminalOptions.showsProgress(_:quiet:)`).
    init?(command: String, enabled: Bool) {
        guard enabled else { return nil }
        self.command = command
    }

    /// Redraws the line if it is time to (cheap otherwise: one clock reading).
    func update(_ progress: CoverProgress) {
        latest = progress
        line.drawIfDue { self.lastLine(at: $0) ?? "" }
    }

    /// Erases the line on a terminal; elsewhere writes the last state.
    func finish() {
        line.finish(lastLine: lastLine)
    }

    private func lastLine(at now: ContinuousClock.Instant) -> String? {
        guard let latest else { return nil }
        return "formsmith: \(command): \(latest.text) (\(Int(line.elapsedSeconds(at: now))) s)"
    }
}
