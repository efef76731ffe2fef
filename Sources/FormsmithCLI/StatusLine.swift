import FormsmithCore

/// One progress line on standard error, shared by every progress display: nothing in the first
/// second; then on a terminal redrawn in place at most ten times a second and erased at the
/// end; elsewhere (`--progress` into a log file or a pipe) a plain line every five seconds at
/// most and a last line at the end.
final class StatusLine {
    private let inPlace: Bool
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?

    init() {
        inPlace = Platform.isTerminal(2)
    }

    /// Seconds since the display was made, at `now`.
    func elapsedSeconds(at now: ContinuousClock.Instant) -> Double {
        let elapsed = now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Draws the line `text()` makes if it is time to (cheap otherwise: one clock reading).
    func drawIfDue(_ text: (ContinuousClock.Instant) -> String) {
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDraw, now - lastDraw < (inPlace ? .milliseconds(100) : .seconds(5)) { return }
        lastDraw = now
        draw(text(now))
    }

    /// Erases the line on a terminal; elsewhere writes `lastLine` (when there is one).
    func finish(lastLine: (ContinuousClock.Instant) -> String?) {
        if inPlace {
            if lastDraw != nil { writeError("\r\u{1B}[K", newline: false) }
        } else if let text = lastLine(.now) {
            draw(text)
        }
    }

    private func draw(_ text: String) {
        writeError(inPlace ? "\r" + text + "\u{1B}[K" : text + "\n", newline: false)
    }
}
