/// Why output could not be written: a full disk, a closed pipe, missing permissions, a
/// directory removed during the run. The description says which file, why, and what to do.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file's final name, or `standard output`.
    public let target: String
    /// The system error code.
    public let code: Int32
    /// Whether the target is standard output (which streams, so has no temporary file).
    public let isStandardOutput: Bool
    /// Why the file was not written, when it is not a system error (`code` 0).
    public let detail: String?

    /// An error writing `target`.
    public init(target: String, code: Int32, isStandardOutput: Bool = false, detail: String? = nil) {
        self.target = target
        self.code = code
        self.isStandardOutput = isStandardOutput
        self.detail = detail
    }

    /// Whether the reader of a pipe went away (`| head`): not worth a message.
    public var isBrokenPipe: Bool { Platform.isBrokenPipe(code) }

    public var description: String {
        if let detail { return "cannot write \(target): \(detail)" }
        var text = "cannot write \(target): \(Platform.message(for: code))"
        switch Platform.ErrorKind(code) {
        case .noSpace: text += "; free some space (or choose another disk) and run again"
        case .permission: text += "; check the permissions of its directory, or choose another path"
        case .missing: text += "; its directory does not exist (or was removed during the run): create it and run again"
        case .other: break
        }
        return text
    }
}
