#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a report is written: standard output, a file, or memory (for tests). Buffered.
public final class ReportOutput {
    private var buffer: [UInt8] = []
    private let descriptor: Int32?
    private var collected: [UInt8] = []
    private var failed = false

    /// Writes to standard output.
    public static func standardOutput() -> ReportOutput { ReportOutput(descriptor: 1) }

    /// Collects the report in memory; read it with ``text``.
    public init() { descriptor = nil }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(InputError) {
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard opened >= 0 else {
            throw InputError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = opened
    }

    deinit {
        flush()
        if let descriptor, descriptor > 2 { close(descriptor) }
    }

    /// Appends text.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes as they are.
    public func write<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Whether writing failed (a full disk, a closed pipe): the output is incomplete.
    public var hasFailed: Bool { failed }

    /// Writes out everything buffered.
    public func flush() {
        guard !buffer.isEmpty else { return }
        guard let descriptor else {
            collected += buffer
            buffer.removeAll(keepingCapacity: true)
            return
        }
        buffer.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count, !failed {
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failed = true
                } else {
                    written += result
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything written so far, for an in-memory output.
    public var text: String {
        flush()
        return String(decoding: collected, as: UTF8.self)
    }
}

/// JSON text building without Foundation.
public enum JSONText {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A JSON object from ordered key/value pairs whose values are already JSON text.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON array of values that are already JSON text.
    public static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }
}
