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

    /// Lets `body` append UTF-8 bytes to the buffer directly (no intermediate strings).
    func writeBytes(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a quoted JSON string. Works on UTF-8 bytes: only quotes, backslashes and
    /// control characters are escaped, and they are all ASCII, which never occurs inside a
    /// multi-byte sequence; everything else is copied as is.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var copied = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                copied = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)  // a small string: no allocation
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
