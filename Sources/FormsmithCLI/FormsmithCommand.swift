import ArgumentParser
import Foundation
import FormsmithCore

/// The `formsmith` command: validate and generate questionnaires from declarative rules.
public struct FormsmithCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "formsmith",
        abstract: "Validate questionnaires in batch, and generate valid ones, from declarative rules.",
        discussion: """
            Run 'formsmith help COMMAND' for a command's options. Shell completions: \
            formsmith --generate-completion-script bash|zsh|fish (see the README for where to put them).
            """,
        version: FormsmithVersion.current,
        subcommands: [ValidateCommand.self, GenerateCommand.self, CoverageCommand.self, LintCommand.self, ExplainCommand.self,
                      MergeCommand.self, FormsCommand.self, SchemaCommand.self, ExportCommand.self, ImportCommand.self]
    )

    public init() {}

    /// Runs the command line and exits with Formsmith's exit codes: 0 all valid, 1 some
    /// questionnaires invalid or unreadable, 2 a rules or usage problem or output that could
    /// not be written, 130 / 143 interrupted (SIGINT / SIGTERM), 141 standard output closed.
    public static func runMain(_ arguments: [String]? = nil) -> Never {
        OutputGuard.install()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            try OutputGuard.commit()
            Platform.exit(ExitStatus.success)
        } catch let failure as FormsmithExit {
            // Invalid questionnaires still get their report; a usage problem leaves nothing.
            if failure.status == ExitStatus.invalidData {
                do { try OutputGuard.commit() } catch { Platform.exit(ExitStatus.writeFailure) }
            }
            OutputGuard.abandon()
            Platform.exit(failure.status)
        } catch {
            OutputGuard.abandon()
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Platform.exit(ExitStatus.success)
            }
            writeError(fullMessage(for: error))
            Platform.exit(ExitStatus.usage)
        }
    }
}

/// Formsmith's exit codes.
enum ExitStatus {
    static let success: Int32 = 0
    static let invalidData: Int32 = 1
    static let usage: Int32 = 2
    /// A file or standard output could not be written.
    static let writeFailure: Int32 = 2
}

/// Thrown by a subcommand to end with a given status after it has written its output.
struct FormsmithExit: Error {
    let status: Int32
}

/// Writes a line (or, without `newline`, just `text`) to standard error.
func writeError(_ text: String, newline: Bool = true) {
    var line = text
    if newline, !line.hasSuffix("\n") { line += "\n" }
    _ = line.withUTF8 { Platform.writeAll(2, UnsafeRawBufferPointer($0)) }
}

/// Loads and compiles the rule file for a command; on problems, lists every one on standard
/// error (`file:line:column: message`) with what the command did not do, and ends with exit 2.
func loadRules(_ path: String, today referenceDate: CivilDate, consequence: String) throws -> CompiledRuleSet {
    do {
        let compiled = try RulesLoader.load(path: path, today: referenceDate)
        // An XLSForm: what its rules do not check is said before anything is checked.
        if XLSFormImport.isXLSForm(path: path), let imported = try? XLSFormImport.read(path: path) {
            reportNotCheckable(imported, form: path)
        }
        return compiled
    } catch {
        writeError(error.description)
        writeError("\(path): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); \(consequence)")
        throw FormsmithExit(status: ExitStatus.usage)
    }
}

/// The writer for `--output PATH` (a temporary file moved into place when the command
/// succeeds), or standard output; a file that cannot be started ends the command with exit 2.
/// A file is opened only through the permit of the run's files (``OutputGuard/permit(_:)``).
func openOutput(_ path: String?, _ permit: OutputPermit) throws -> OutputWriter {
    guard let path else { return .standardOutput() }
    do {
        return try permit.open(path)
    } catch {
        writeError("formsmith: \(error.description)")
        throw FormsmithExit(status: ExitStatus.writeFailure)
    }
}

/// The bytes of the command-line argument that reads as `argument`, when they are not UTF-8
/// (a file name in another encoding: the argument parser hands it on with each stray byte
/// replaced by U+FFFD, which names no file); nil for the usual UTF-8 arguments. Inputs are
/// opened by these bytes.
func commandLineBytes(of argument: String) -> [UInt8]? {
    guard argument.unicodeScalars.contains("\u{FFFD}") else { return nil }
    for index in 1..<Int(CommandLine.argc) {
        // Unsafe because argv is C memory, unavoidably: in bounds, as `argv` holds `argc`
        // pointers, each to a NUL-terminated string that lives as long as the process, and
        // `strlen` stops at that NUL.
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).map { $0 }
        if !argument.utf8.elementsEqual(bytes), String(decoding: bytes, as: UTF8.self) == argument { return bytes }
    }
    return nil
}
