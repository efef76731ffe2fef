import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Formsmith {
    /// Runs `formsmith ARGUMENTS` with standard output and standard error on pipes, in the
    /// test's environment changed by `environment` (a nil value removes the variable).
    static func run(_ arguments: [String], environment: [String: String?]) throws -> Output {
        let process = Process()
        process.executableURL = products.appendingPathComponent("formsmith")
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = changedEnvironment(environment)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `formsmith ARGUMENTS` with standard output on a pseudo-terminal (as in a shell
    /// window) and standard error on a pipe. The terminal's output has CRLF line ends.
    static func runOnTerminal(_ arguments: [String], environment: [String: String?]) throws -> Output {
        try runWithTerminal(on: .standardOutput, arguments, directory: root,
                            environment: changedEnvironment(environment))
    }

    /// Runs `formsmith ARGUMENTS` in `directory` with standard error on a pseudo-terminal (where
    /// progress lines are drawn) and standard output on a pipe; standard output must stay small
    /// (under a pipe's 64 KiB: it is read after the terminal), so give such runs `--output`.
    static func runWithTerminalStandardError(_ arguments: [String], directory: URL) throws -> Output {
        try runWithTerminal(on: .standardError, arguments, directory: directory, environment: nil)
    }

    private enum TerminalStream { case standardOutput, standardError }

    /// Runs the binary with `stream` on a pseudo-terminal and the other stream on a pipe, which
    /// is read after the terminal (reading the terminal ends, with EIO, when the child exits).
    private static func runWithTerminal(on stream: TerminalStream, _ arguments: [String], directory: URL,
                                        environment: [String: String]?) throws -> Output {
        guard let pty = PseudoTerminalCalls.load() else { throw XCTSkip("no pseudo-terminal functions") }
        let master = pty.open(O_RDWR | O_NOCTTY)
        guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0, let name = pty.name(master) else {
            throw XCTSkip("no pseudo-terminal available")
        }
        let replica = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard replica >= 0 else { throw XCTSkip("cannot open the pseudo-terminal \(String(cString: name))") }
        let process = Process()
        process.executableURL = products.appendingPathComponent("formsmith")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let pipe = Pipe()
        let terminal = FileHandle(fileDescriptor: replica, closeOnDealloc: false)
        process.standardOutput = stream == .standardOutput ? terminal : pipe
        process.standardError = stream == .standardError ? terminal : pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(replica)  // the child has its own copy: reading ends (EIO) when it exits
        var onTerminal: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &chunk, chunk.count)
            if count > 0 { onTerminal += chunk[0..<count] } else if count < 0 && errno == EINTR { continue } else { break }
        }
        close(master)
        let onPipe = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let terminalText = String(decoding: onTerminal, as: UTF8.self), pipeText = String(decoding: onPipe, as: UTF8.self)
        return stream == .standardOutput
            ? Output(status: process.terminationStatus, stdout: terminalText, stderr: pipeText)
            : Output(status: process.terminationStatus, stdout: pipeText, stderr: terminalText)
    }

    private static func changedEnvironment(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        return environment
    }
}

/// posix_openpt, grantpt, unlockpt and ptsname, looked up at run time: Glibc's headers hide
/// them from Swift unless _XOPEN_SOURCE is defined.
private struct PseudoTerminalCalls {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func load() -> PseudoTerminalCalls? {
        guard let handle = dlopen(nil, RTLD_NOW),
              let open = dlsym(handle, "posix_openpt"), let grant = dlsym(handle, "grantpt"),
              let unlock = dlsym(handle, "unlockpt"), let name = dlsym(handle, "ptsname") else { return nil }
        return PseudoTerminalCalls(
            open: unsafeBitCast(open, to: (@convention(c) (Int32) -> Int32).self),
            grant: unsafeBitCast(grant, to: (@convention(c) (Int32) -> Int32).self),
            unlock: unsafeBitCast(unlock, to: (@convention(c) (Int32) -> Int32).self),
            name: unsafeBitCast(name, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
    }
}
