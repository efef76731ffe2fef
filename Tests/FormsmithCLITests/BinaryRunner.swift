import Foundation
import XCTest

/// Runs the built `formsmith` binary, as a user would, from the repository root.
enum Formsmith {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository root (where Package.swift is).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The folder holding the built products (next to the test bundle).
    static let products: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }()

    /// Runs `formsmith ARGUMENTS` with `input` on standard input, in `directory` (default: the root).
    static func run(_ arguments: [String], input: String? = nil, directory: URL? = nil) throws -> Output {
        try run(tool: products.appendingPathComponent("formsmith").path, arguments, input: input, directory: directory)
    }

    /// A way to run the binary as an unprivileged user (root reads mode-000 files and folders):
    /// nothing when the tests do not run as root; nil when no tool can drop privileges.
    static let dropPrivileges: [String]? = {
        guard getuid() == 0 else { return [] }
        for tool in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: tool) {
            return [tool, "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") { return ["/usr/sbin/runuser", "-u", "nobody", "--"] }
        return nil
    }()

    /// Runs `formsmith ARGUMENTS` in `directory` as an unprivileged user (skips the test when
    /// running as root with no way to drop privileges). The folder must be open to others.
    static func runUnprivileged(_ arguments: [String], directory: URL) throws -> Output {
        guard let prefix = dropPrivileges else {
            throw XCTSkip("running as root with neither setpriv nor runuser: cannot make a file unreadable")
        }
        let command = prefix + [products.appendingPathComponent("formsmith").path] + arguments
        return try run(tool: command[0], Array(command.dropFirst()), directory: directory)
    }

    /// Runs another program (`setpriv ... formsmith`, `chmod`) the same way.
    static func run(tool: String, _ arguments: [String], input: String? = nil, directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        // A crashing binary must fail its test, not hang it: the Swift backtracer it would start
        // can keep the output pipes open for good (seen with the segfault of issue 20).
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Standard error is read while standard output is: read one after the other, a binary
        // writing more than a pipe holds to standard error (a sanitizer's report) blocks for good.
        let err = ErrorOutput()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { err.data = stderr.fileHandleForReading.readDataToEndOfFile() }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err.data, as: UTF8.self))
    }

    /// Standard error as one reader thread collects it (read only after that thread is done).
    private final class ErrorOutput: @unchecked Sendable {
        var data = Data()
    }

    /// Compares `actual` with the golden file at `path` (relative to the root); with
    /// FORMSMITH_UPDATE_GOLDEN=1 in the environment, rewrites the golden file instead.
    static func assertGolden(_ actual: String, _ path: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["FORMSMITH_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden file \(path); run with FORMSMITH_UPDATE_GOLDEN=1 to create it",
                           file: file, line: line)
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            XCTFail("""
                \(path) differs at line \(first + 1):
                expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                (run with FORMSMITH_UPDATE_GOLDEN=1 to accept the new output)
                """, file: file, line: line)
        }
    }
}
