import FormsmithCore

/// The progress line of `formsmith validate` on standard error, once the run has taken more
/// than a second. On a terminal it is redrawn in place at most ten times a second and erased
/// at the end. Elsewhere (`--progress` into a log file or a pipe) it is written as plain
/// lines, one every five seconds, and a last line with the totals at the end.
final class ProgressDisplay {
    private let totalBytes: Int?
    private let inPlace: Bool
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var latest = ValidationProgress()

    /// A display for inputs of `totalBytes` (nil when unknown), or nil when `enabled` is false.
    init?(totalBytes: Int?, enabled: Bool) {
        guard enabled else { return nil }
        self.totalBytes = totalBytes
        inPlace = Platform.isTerminal(2)
    }

    /// Redraws the line if it is time to.
    func update(_ progress: ValidationProgress) {
        latest = progress
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDraw, now - lastDraw < (inPlace ? .milliseconds(100) : .seconds(5)) { return }
        lastDraw = now
        draw(line(at: now))
    }

    /// Erases the line on a terminal; elsewhere writes the totals.
    func finish() {
        if inPlace {
            if lastDraw != nil { writeError("\r\u{1B}[K", newline: false) }
        } else {
            draw(line(at: .now))
        }
    }

    private func line(at now: ContinuousClock.Instant) -> String {
        let elapsed = now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ProgressLine.text(latest, totalBytes: totalBytes, elapsed: seconds)
    }

    private func draw(_ text: String) {
        writeError(inPlace ? "\r" + text + "\u{1B}[K" : text + "\n", newline: false)
    }
}
