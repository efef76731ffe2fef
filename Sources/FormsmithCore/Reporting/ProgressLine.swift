/// The one-line progress display of a long run (shown on a terminal's standard error):
///
/// ```
/// [########------------]  41%  412,032 questionnaires  205,871/s  98.4 MB/s  ETA 0:07
/// ```
/// Without a known input size (standard input), the bar, percentage and ETA are left out.
package enum ProgressLine {
    /// The line for `progress` after `elapsed` seconds, when the inputs hold `totalBytes`.
    package static func text(_ progress: ValidationProgress, totalBytes: Int?, elapsed: Double) -> String {
        let seconds = max(elapsed, 0.001)
        var parts: [String] = []
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(progress.bytes) / Double(totalBytes))
            let filled = Int((fraction * 20).rounded(.down))
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]")
            let percent = String(Int((fraction * 100).rounded(.down)))
            parts.append(String(repeating: " ", count: 3 - percent.count) + percent + "%")
        }
        parts.append(grouped(progress.records) + " questionnaires")
        parts.append(grouped(Int(Double(progress.records) / seconds)) + "/s")
        parts.append(oneDecimal(Double(progress.bytes) / seconds / 1_000_000) + " MB/s")
        if let totalBytes, totalBytes > progress.bytes, progress.bytes > 0 {
            let remaining = Double(totalBytes - progress.bytes) / (Double(progress.bytes) / seconds)
            parts.append("ETA " + duration(remaining))
        }
        return parts.joined(separator: "  ")
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
