import Foundation
import FormsmithCore
import XCTest

/// The README's synopses and option tables say what `--help` says, option for option, for every
/// subcommand; its list of stable rule identifiers is the one the engine reports; the lint
/// checks the README and docs/rules.md list are the linter's.
final class HelpAndREADMEAgreementTests: XCTestCase {
    private var readme: String {
        get throws { try String(contentsOf: Formsmith.root.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    func testEverySubcommandsHelpOptionsAreTheREADMEs() throws {
        let readme = try readme
        var pending = [[String]()]
        var checked = 0
        while let command = pending.popLast() {
            let help = try Formsmith.run(command + ["--help"])
            XCTAssertEqual(help.status, 0, help.stderr)
            let subcommands = Self.entries(of: "SUBCOMMANDS", in: help.stdout).filter { $0 != "help" }
            pending += subcommands.map { command + [$0] }
            guard !command.isEmpty, subcommands.isEmpty else { continue }
            checked += 1
            let name = command.joined(separator: " ")
            let helpOptions = Self.options(inHelp: help.stdout)
            guard let documented = Self.documentedOptions(of: name, in: readme) else {
                XCTFail("README.md never shows `formsmith \(name) ...` with its options (a synopsis in a code span)")
                continue
            }
            for argument in Self.arguments(inHelp: help.stdout) where !argument.spellings.contains(where: documented.synopsis.contains) {
                XCTFail("""
                    README.md:\(documented.line) (formsmith \(name)): the synopsis `\(documented.synopsis)` does not show \
                    the argument <\(argument.name)> (as \(argument.spellings.joined(separator: " or ")))
                    """)
            }
            let missing = helpOptions.subtracting(documented.options).sorted()
            let extra = documented.options.subtracting(helpOptions).sorted()
            XCTAssertTrue(missing.isEmpty && extra.isEmpty, """
                README.md:\(documented.line) (formsmith \(name)): its synopsis and option table lack \
                \(missing) that --help lists, and name \(extra) that --help does not
                """)
        }
        XCTAssertGreaterThanOrEqual(checked, 8, "too few subcommands found in formsmith --help")
    }

    func testTheREADMEsStableRuleIdentifiersAreTheOnesTheEngineReports() throws {
        let readme = try readme
        guard let start = readme.range(of: "Rule identifiers are stable:") else {
            return XCTFail("README.md has no sentence 'Rule identifiers are stable:'")
        }
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n- ")?.lowerBound ?? rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        let listed = Set(Self.codeSpans(in: String(rest[..<end])).filter { $0.range(of: "^[a-z][a-z-]*$", options: .regularExpression) != nil })
        let reported = Set(RuleIdentifier.reported)
        XCTAssertEqual(reported.subtracting(listed).sorted(), [], "rule identifiers the engine reports that README.md does not list")
        XCTAssertEqual(listed.subtracting(reported).sorted(), [], "identifiers README.md lists that the engine does not report")
    }

    func testTheLintChecksTheDocsListAreTheLintersChecks() throws {
        let readme = try readme
        let reference = try String(contentsOf: Formsmith.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let warnings = Set(LintCatalog.rules.filter { $0.severity == .warning }.map(\.id))
        // The README's table: one row per check, `| `id` | ... |`.
        let tableIDs = Set(readme.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            let id = line.dropFirst(3).prefix { $0 != "`" }
            return LintCatalog.rules.contains { $0.id == id } ? String(id) : nil
        })
        XCTAssertEqual(Set(LintCatalog.rules.map(\.id)).subtracting(tableIDs).sorted(), [], "lint checks missing from README.md's table")
        // docs/rules.md's summary, the paragraph starting "`formsmith lint` lists the same problems".
        guard let start = reference.range(of: "`formsmith lint` lists the same problems") else {
            return XCTFail("docs/rules.md has no summary of the lint warnings")
        }
        let paragraph = reference[start.lowerBound...]
        let summary = String(paragraph[..<(paragraph.range(of: "\n\n")?.lowerBound ?? paragraph.endIndex)])
        let named = Set(Self.codeSpans(in: summary))
        XCTAssertEqual(warnings.subtracting(named).sorted(), [], "lint warnings docs/rules.md's summary does not name")
    }

    // MARK: reading help and the README

    /// The names of a help section's entries (`SUBCOMMANDS:`): its lines indented by two.
    static func entries(of section: String, in help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: section + ":") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// The option names of a help text, from every section of options (`OPTIONS:`, and groups
    /// such as `TERMINAL:`): `-q`, `--quiet`, `--progress`, `--no-progress`; not `--help`
    /// and `--version`.
    static func options(inHelp help: String) -> Set<String> {
        var names = Set<String>()
        for line in help.split(separator: "\n").map(String.init) where line.hasPrefix("  -") {
            let declaration = line.dropFirst(2).components(separatedBy: "  ").first ?? line
            names.formUnion(optionNames(in: declaration))
        }
        return names.subtracting(["-h", "--help", "--version"])
    }

    /// The positional arguments of a help text (`<rule-file>`), each with the ways a synopsis
    /// may write it: in capitals and singular (`RULE-FILE`, `INPUT` for `<inputs>`), or one of
    /// its values when help lists them (`rules` for `<kind>`).
    static func arguments(inHelp help: String) -> [(name: String, spellings: [String])] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "ARGUMENTS:") else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.isEmpty }
        return section.enumerated().compactMap { offset, line in
            guard line.hasPrefix("  <"), let end = line.firstIndex(of: ">") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            var capitals = name.uppercased()
            if capitals.hasSuffix("S") { capitals.removeLast() }
            let entry = ([line] + section.dropFirst(offset + 1).prefix { !$0.hasPrefix("  <") }).joined(separator: " ")
            let values = entry.range(of: #"\(values: ([^)]*)\)"#, options: .regularExpression).map {
                entry[$0].dropFirst("(values: ".count).dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            } ?? []
            return (name, [capitals] + values)
        }
    }

    static func optionNames(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w<-])--?[a-zA-Z][a-zA-Z0-9-]*"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
    }

    /// The options the README gives `formsmith SUBCOMMAND`: those of its synopsis with the
    /// option table right after it (`| option | meaning |`), or, for a command without a table,
    /// of the code span outside examples that shows it with the most options.
    static func documentedOptions(of subcommand: String, in readme: String)
        -> (line: Int, synopsis: String, options: Set<String>)? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inFence = false
        var best: (line: Int, synopsis: String, options: Set<String>)?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence else { continue }
            for span in codeSpans(in: line) where span == "formsmith \(subcommand)" || span.hasPrefix("formsmith \(subcommand) ") {
                var options = optionNames(in: span)
                let table = optionTable(after: index, in: lines)
                options.formUnion(table ?? [])
                if table != nil { return (index + 1, span, options) }
                if best == nil || options.count > best!.options.count { best = (index + 1, span, options) }
            }
        }
        return best
    }

    /// The options of the option table that starts after the paragraph of line `index`.
    private static func optionTable(after index: Int, in lines: [String]) -> Set<String>? {
        var next = index + 1
        while next < lines.count, !lines[next].isEmpty, !lines[next].hasPrefix("|") { next += 1 }
        while next < lines.count, lines[next].isEmpty { next += 1 }
        guard next < lines.count, lines[next].hasPrefix("| option |") else { return nil }
        var options = Set<String>()
        for row in lines[(next + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            let first = row.split(separator: "|", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            options.formUnion(optionNames(in: first))
        }
        return options
    }

    /// The contents of the `code spans` of a Markdown text.
    static func codeSpans(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
