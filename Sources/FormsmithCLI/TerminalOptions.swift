import ArgumentParser
import FormsmithCore
import Foundation

/// When the text report is coloured: `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// The style for a report written to `descriptor` (nil: a file, never coloured by `auto`).
    /// `auto` colours only a terminal, and not when `NO_COLOR` is set to a non-empty value or
    /// `TERM` is `dumb` (https://no-color.org); `always` and `never` override both.
    func style(writingTo descriptor: Int32?, environment: [String: String]) -> TextStyle {
        switch self {
        case .always: return .color
        case .never: return .plain
        case .auto:
            guard let descriptor, Platform.isTerminal(descriptor) else { return .plain }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .plain }
            if environment["TERM"] == "dumb" { return .plain }
            return .color
        }
    }
}

/// The options of `formsmith validate` about what it writes besides the report:
/// `--quiet`, `--color`, `--progress` / `--no-progress`.
struct TerminalOptions: ParsableArguments {
    @Flag(name: [.short, .long],
          help: "Write no report to standard output and no progress: the exit status tells the verdict (--output still gets the report).")
    var quiet = false

    @Option(name: .long,
            help: ArgumentHelp("Colour the text report: auto (on a terminal, unless NO_COLOR is set), always or never.",
                               valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(inversion: .prefixedNo,
          help: "Show the progress line on standard error (default: only when it is a terminal and not --quiet).")
    var progress: Bool?

    /// Whether to show progress: as asked, else on a terminal unless quiet.
    var showsProgress: Bool {
        Self.showsProgress(progress, quiet: quiet)
    }

    /// The one progress decision of every command (`validate`, `generate --cover`,
    /// `coverage`): `--progress` / `--no-progress` as given, else on a terminal unless `quiet`.
    static func showsProgress(_ option: Bool?, quiet: Bool) -> Bool {
        option ?? (!quiet && Platform.isTerminal(2))
    }
}

extension TerminalOptions {
    /// The reporter of `format` for `destination`: none with `--quiet` unless the report goes
    /// to a file (`toFile`), the text report coloured as `--color` says.
    func reporter(_ format: ReportFormat, writingTo destination: ReportOutput, toFile: Bool,
                  context: @autoclosure () -> HTMLReportContext) -> any ValidationReporter {
        if quiet && !toFile { return SilentReporter() }
        let style = color.style(writingTo: toFile ? nil : 1, environment: ProcessInfo.processInfo.environment)
        return format.makeReporter(output: destination, style: style, context: context())
    }
}
