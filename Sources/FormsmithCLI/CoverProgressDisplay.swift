import FormsmithCore

/// The progress line of `generate --cover` and `coverage` on standard error (never standard
/// output or a report), as `validate`'s: once the run has taken more than a second, redrawn in
/// place at most ten times a second on a terminal and erased at the end; elsewhere (forced
/// with `--progress`) a plain line every five seconds at most and a last line at the end.
final class CoverProgressDisplay {
    private let command: String
    private let inPlace: Bool
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var latest: CoverProgress?

    /// A display for `command` (`covering pairs`, `coverage`), or nil when `enabled` is false.
    init?(command: String, enabled: Bool) {
        guard enabled else { return nil }
        self.command = command
        inPlace = Platform.isTerminal(2)
    }

    /// Whether to show progress: `--progress` / `--no-progress` as given, else on a terminal
    /// unless `quiet`.
    static func enabled(_ option: Bool?, quiet: Bool) -> Bool {
        option ?? (!quiet && Platform.isTerminal(2))
    }

    /// Redraws the line if it is time to (cheap otherwise: one clock reading).
    func update(_ progress: CoverProgress) {
        latest = progress
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDraw, now - lastDraw < (inPlace ? .milliseconds(100) : .seconds(5)) { return }
        lastDraw = now
        draw(now)
    }

    /// Erases the line on a terminal; elsewhere writes the last state.
    func finish() {
        if inPlace {
            if lastDraw != nil { writeError("\r\u{1B}[K", newline: false) }
        } else if latest != nil {
            draw(.now)
        }
    }

    private func draw(_ now: ContinuousClock.Instant) {
        guard let latest else { return }
        let elapsed = now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let text = "formsmith: \(command): \(latest.text) (\(Int(seconds)) s)"
        writeError(inPlace ? "\r" + text + "\u{1B}[K" : text + "\n", newline: false)
    }
}
