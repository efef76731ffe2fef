import FormsmithCore

/// The progress line of `formsmith validate` on standard error: only when standard error
/// is a terminal, only once the run has taken more than a second, redrawn at most ten
/// times a second, and erased at the end. Nothing is written otherwise.
final class ProgressDisplay {
    private let totalBytes: Int?
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?

    /// A display for inputs of `totalBytes` (nil when unknown), or nil when standard error
    /// is not a terminal.
    init?(totalBytes: Int?) {
        guard Platform.isTerminal(2) else { return nil }
        self.totalBytes = totalBytes
    }

    /// Redraws the line if it is time to.
    func update(_ progress: ValidationProgress) {
        let now = ContinuousClock.now
        let elapsed = now - start
        guard elapsed >= .seconds(1) else { return }
        if let lastDraw, now - lastDraw < .milliseconds(100) { return }
        lastDraw = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        draw("\r" + ProgressLine.text(progress, totalBytes: totalBytes, elapsed: seconds) + "\u{1B}[K")
    }

    /// Erases the line, if one was drawn.
    func finish() {
        if lastDraw != nil { draw("\r\u{1B}[K") }
    }

    private func draw(_ text: String) {
        writeError(text, newline: false)
    }
}
