/// Why output could not be written: a full disk, a closed pipe, missing permissions, a
/// directory removed during the run. The description says which file, why, and what to do.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file's final name, or `standard output`.
    public let target: String
    /// The system error code.
    public let code: Int32
    /// Whether the target is standard output (which streams, so has no temporary file).
    public let isStandardOutput: Bool

    /// An error writing `target`.
    public init(target: String, code: Int32, isStandardOutput: Bool = false) {
        self.target = target
        self.code = code
        self.isStandardOutput = isStandardOutput
    }

    /// Whether the reader of a pipe went away (`| head`): not worth a message.
    public var isBrokenPipe: Bool { Platform.isBrokenPipe(code) }

    public var description: String {
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
