import ArgumentParser
import FormsmithCore

/// Report formats `formsmith validate` can write.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, junit, sarif, github, html

    /// A reporter of this format writing to `output`; `style` colours the text report, and
    /// `context` describes the run for the HTML report.
    func makeReporter(output: ReportOutput, style: TextStyle = .plain,
                      context: @autoclosure () -> HTMLReportContext) -> any ValidationReporter {
        switch self {
        case .html: return HTMLReporter(output: output, context: context())
        case .text: return TextReporter(output: output, style: style)
        case .json: return JSONReporter(output: output)
        case .jsonl: return JSONLinesReporter(output: output)
        case .junit: return JUnitReporter(output: output)
        case .sarif:
            return SARIFReporter(output: output, toolVersion: FormsmithVersion.current)
        case .github: return GitHubReporter(output: output)
        }
    }
}

/// The reporter of `--quiet` without `--output`: no report at all, only the exit status.
final class SilentReporter: ValidationReporter {
    func report(_ results: [RecordResult]) {}
    func finish(_ summary: ValidationSummary) {}
}

/// CSV delimiters `--delimiter` accepts.
enum DelimiterOption: String, ExpressibleByArgument {
    case comma = ",", semicolon = ";", tab

    init?(argument: String) {
        switch argument {
        case ",", "comma": self = .comma
        case ";", "semicolon": self = .semicolon
        case "tab", "\t": self = .tab
        default: return nil
        }
    }

    /// The CSV dialect with this delimiter.
    var dialect: CSVDialect {
        switch self {
        case .comma: return .comma
        case .semicolon: return .semicolon
        case .tab: return .tab
        }
    }
}
