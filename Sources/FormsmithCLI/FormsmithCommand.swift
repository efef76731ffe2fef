import ArgumentParser
import FormsmithCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `formsmith` command: validate and generate questionnaires from declarative rules.
public struct FormsmithCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "formsmith",
        abstract: "Validate questionnaires in batch, and generate valid ones, from declarative rules.",
        version: FormsmithVersion.current,
        subcommands: [ValidateCommand.self, GenerateCommand.self, LintCommand.self, ExplainCommand.self,
                      MergeCommand.self]
    )

    public init() {}

    /// Runs the command line and exits with Formsmith's exit codes: 0 all valid, 1 some
    /// questionnaires invalid or unreadable, 2 a rules or usage problem.
    public static func runMain(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(ExitStatus.success)
        } catch let failure as FormsmithExit {
            Glibc.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(ExitStatus.success)
            }
            writeError(fullMessage(for: error))
            Glibc.exit(ExitStatus.usage)
        }
    }
}

/// The version `formsmith --version` prints.
public enum FormsmithVersion {
    /// The current version.
    public static let current = "0.1.0"
}

/// Formsmith's exit codes.
enum ExitStatus {
    static let success: Int32 = 0
    static let invalidData: Int32 = 1
    static let usage: Int32 = 2
}

/// Thrown by a subcommand to end with a given status after it has written its output.
struct FormsmithExit: Error {
    let status: Int32
}

/// Writes a line to standard error.
func writeError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    line.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
}

/// Loads and compiles the rule file for a command; on problems, lists every one on standard
/// error (`file:line:column: message`) with what the command did not do, and ends with exit 2.
func loadRules(_ path: String, today: String?, consequence: String) throws -> CompiledRuleSet {
    let referenceDate = today.flatMap { DatePattern.iso.parse($0) } ?? CivilDate.today()
    do {
        return try RulesLoader.load(path: path, today: referenceDate)
    } catch {
        writeError(error.description)
        writeError("\(path): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); \(consequence)")
        throw FormsmithExit(status: ExitStatus.usage)
    }
}
