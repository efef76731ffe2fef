import Foundation

/// Runs the fenced examples of one Markdown file in order, in one scratch copy of the
/// repository, and collects what differs from what the file says. The kinds of block and the
/// markers are described in docs/contributing.md, "Executable documentation".
final class DocExampleRunner {
    /// The `today` every rule snippet is linted and validated for (the date the docs use).
    static let today = "2026-11-22"
    /// Keys a rule file has at its top level: a snippet whose top-level keys are all among them
    /// is a rule file (it gets an `id` when it has none); any other snippet is a set of fields.
    static let ruleFileKeys: Set<String> = ["$schema", "formsmith", "id", "title", "version", "description", "include",
                                            "import", "normalize", "seeds", "definitions", "fields", "sections", "assert"]

    let session: ShellSession
    private(set) var failures: [String] = []
    private(set) var ran: [String] = []
    private(set) var skipped: [(place: String, reason: String)] = []
    /// The rule file the last rule snippet was written to, for the verdict blocks after it.
    private var lastRules: (path: String, place: String)?

    init(session: ShellSession) { self.session = session }

    /// Runs (or records as skipped) every block of `blocks`.
    func run(_ blocks: [FencedBlock]) {
        for block in blocks {
            if let reason = block.notRunReason {
                skipped.append((block.place, reason))
                continue
            }
            let before = failures.count
            switch kind(of: block) {
            case .shell: runShell(block)
            case .transcript: runTranscript(block)
            case .rules: runRules(block)
            case .contained(let path): checkContained(block, in: path)
            case .verdicts: runVerdicts(block)
            case .validQuestionnaire: runValidQuestionnaire(block)
            case .unknown:
                failures.append("""
                    \(block.place): a ```\(block.language) block that the documentation test cannot run: give it a \
                    kind or mark it `not-run:REASON` in its info string (docs/contributing.md, "Executable documentation")
                    """)
            }
            if failures.count == before { ran.append(block.place) }
        }
    }

    private enum Kind { case shell, transcript, rules, contained(String), verdicts, validQuestionnaire, unknown }

    private func kind(of block: FencedBlock) -> Kind {
        if let path = block.marker("in") { return .contained(path) }
        if block.markers.contains("verdicts") { return .verdicts }
        switch block.language {
        case "sh", "bash", "shell": return .shell
        case "console": return .transcript
        case "yaml": return .rules
        case "json" where block.markers.contains("valid"): return .validQuestionnaire
        case "text", "": return block.lines.first?.hasPrefix("$ ") == true ? .transcript : .unknown
        default: return .unknown
        }
    }

    // MARK: shell commands

    private func runShell(_ block: FencedBlock) {
        for command in DocumentedCommand.commands(of: block) {
            _ = execute(command, in: block)
        }
    }

    private func runTranscript(_ block: FencedBlock) {
        for command in DocumentedCommand.transcript(of: block) {
            guard let result = execute(command, in: block) else { continue }
            let actual = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            let trimmedActual = actual.last == "" ? Array(actual.dropLast()) : actual
            if let difference = Self.difference(expected: command.output, actual: trimmedActual) {
                failures.append("""
                    \(block.file):\(command.line): the output of `\(command.text)` differs from the docs \(difference)
                    whole output:
                    \(trimmedActual.joined(separator: "\n"))
                    """)
            }
        }
    }

    /// Runs one command; reports a wrong exit status (or a time-out) and returns the result
    /// when the status is the documented one.
    private func execute(_ command: DocumentedCommand, in block: FencedBlock) -> ShellSession.Result? {
        let result = session.run(command.text)
        if result.timedOut {
            failures.append("\(block.file):\(command.line): `\(command.text)` did not finish in \(Int(session.timeLimit)) s")
            return nil
        }
        guard result.status == command.expectedStatus else {
            failures.append("""
                \(block.file):\(command.line): `\(command.text)` exited with \(result.status), the docs say \
                \(command.expectedStatus) (a trailing `# exit N` comment states another status)
                stdout: \(result.stdout.prefix(2000))
                stderr: \(result.stderr.prefix(2000))
                """)
            return nil
        }
        return result
    }

    /// Where `actual` differs from `expected`, in words; nil when they agree. A line `...` in
    /// `expected` stands for any number of lines.
    static func difference(expected: [String], actual: [String]) -> String? {
        func matches(_ e: ArraySlice<String>, _ a: ArraySlice<String>) -> Bool {
            guard let first = e.first else { return a.isEmpty }
            if first == "..." {
                return (a.startIndex...a.endIndex).contains { matches(e.dropFirst(), a[$0...]) }
            }
            guard let line = a.first, line == first else { return false }
            return matches(e.dropFirst(), a.dropFirst())
        }
        if matches(expected[...], actual[...]) { return nil }
        let index = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 && $0.element.0 != "..." }?.offset
            ?? min(expected.count, actual.count)
        let show = { (lines: [String]) in index < lines.count ? lines[index] : "<end of output>" }
        return "at output line \(index + 1):\n  docs:   \(show(expected))\n  actual: \(show(actual))"
    }

    // MARK: rule snippets

    private func runRules(_ block: FencedBlock) {
        let text: String
        let path: String
        if let target = block.marker("path") {
            path = target
            text = block.lines.joined(separator: "\n") + "\n"
        } else {
            path = "doc-examples/\(block.file.replacingOccurrences(of: "/", with: "-"))-\(block.line).yaml"
            text = Self.ruleFile(from: block.lines)
        }
        let url = session.directory.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            return failures.append("\(block.place): could not write \(path): \(error)")
        }
        let keys = Self.topLevelKeys(block.lines)
        guard block.marker("path") == nil || keys.contains("id") else { return }  // a library: linted through its includer
        let lint = session.run("formsmith lint --today \(Self.today) --rules '\(path)'")
        let expected: Int32 = block.markers.contains("lint-errors") ? 1 : 0
        if lint.status != expected {
            return failures.append("""
                \(block.place): `formsmith lint` of this rule snippet exited with \(lint.status), expected \(expected)
                (the snippet as linted is \(path) in the scratch copy:)
                \(text)
                \(lint.stdout.prefix(3000))\(lint.stderr.prefix(1500))
                """)
        }
        lastRules = (path, block.place)
    }

    /// A rule file made of a snippet: as it is when it is one (plus an `id`), else its entries
    /// as `sections` (when every entry holds `fields` and no `type`) or `fields`.
    static func ruleFile(from lines: [String]) -> String {
        let keys = topLevelKeys(lines)
        let body = lines.joined(separator: "\n") + "\n"
        if !keys.isEmpty, keys.allSatisfy(ruleFileKeys.contains) {
            return keys.contains("id") ? body : "id: doc-example\n" + body
        }
        let entries = entriesOfTopLevelKeys(lines)
        let sections = entries.allSatisfy { lines in
            lines.contains { $0.hasPrefix("  fields:") } && !lines.contains { $0.hasPrefix("  type:") }
        }
        return "id: doc-example\n\(sections ? "sections" : "fields"):\n"
            + lines.map { $0.isEmpty ? $0 : "  " + $0 }.joined(separator: "\n") + "\n"
    }

    static func topLevelKeys(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard let first = line.first, first != " ", first != "#", first != "-",
                  let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        }
    }

    private static func entriesOfTopLevelKeys(_ lines: [String]) -> [[String]] {
        var entries: [[String]] = []
        for line in lines {
            if let first = line.first, first != " ", first != "#" { entries.append([line]) }
            else if !entries.isEmpty { entries[entries.count - 1].append(line) }
        }
        return entries
    }

    // MARK: files shown as they are

    private func checkContained(_ block: FencedBlock, in path: String) {
        guard let text = try? String(contentsOf: session.directory.appendingPathComponent(path), encoding: .utf8) else {
            return failures.append("\(block.place): the block says it is in \(path), which does not exist")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = block.lines
        let found = shown.isEmpty || (0...max(0, lines.count - shown.count)).contains { start in
            start + shown.count <= lines.count && Array(lines[start..<start + shown.count]) == shown
        }
        if !found {
            let missing = shown.first { !lines.contains($0) } ?? shown[0]
            failures.append("""
                \(block.place): the block is not a run of lines of \(path) (`in=\(path)`); \
                for instance \(path) has no line `\(missing)`
                """)
        }
    }

    // MARK: verdicts

    private func runVerdicts(_ block: FencedBlock) {
        guard let rules = lastRules else {
            return failures.append("\(block.place): a verdicts block with no rule snippet before it that lints clean")
        }
        var cases: [(json: String, line: Int, expected: [String])] = []
        for (index, line) in block.lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            if line.hasPrefix(" ") {
                guard !cases.isEmpty else {
                    return failures.append("\(block.file):\(block.fileLine(index)): a verdict with no questionnaire above it")
                }
                cases[cases.count - 1].expected.append(line.trimmingCharacters(in: .whitespaces))
            } else {
                cases.append((line, block.fileLine(index), []))
            }
        }
        for item in cases { checkVerdict(item.json, expected: item.expected, rules: rules, at: "\(block.file):\(item.line)") }
    }

    private func runValidQuestionnaire(_ block: FencedBlock) {
        guard let rules = lastRules else {
            return failures.append("\(block.place): a questionnaire with no rule snippet before it that lints clean")
        }
        checkVerdict(block.lines.joined(separator: " "), expected: ["valid"], rules: rules, at: block.place)
    }

    /// Validates `json` with `rules` and compares its text-report lines with `expected` (a
    /// line may leave out the report's trailing ` (value "...")`; `valid` is no violation).
    private func checkVerdict(_ json: String, expected: [String], rules: (path: String, place: String), at place: String) {
        let input = "doc-examples/questionnaire.json"
        do {
            try FileManager.default.createDirectory(at: session.directory.appendingPathComponent("doc-examples"),
                                                    withIntermediateDirectories: true)
            try json.write(to: session.directory.appendingPathComponent(input), atomically: true, encoding: .utf8)
        } catch {
            return failures.append("\(place): could not write the questionnaire: \(error)")
        }
        let result = session.run("formsmith validate --today \(Self.today) --rules '\(rules.path)' \(input)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let heading = lines.firstIndex { $0.hasPrefix(input + ":") }
        let violations = heading.map { lines[($0 + 1)...].prefix { $0.hasPrefix("  ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        } } ?? []
        let wantsValid = expected == ["valid"]
        let statusRight = result.status == (wantsValid ? 0 : 1)
        let linesRight = wantsValid ? violations.isEmpty : violations.count == expected.count
            && zip(expected, violations).allSatisfy { want, got in
                got == want || got.replacingOccurrences(of: #" \(value ".*"\)$"#, with: "", options: .regularExpression) == want
            }
        if !statusRight || !linesRight {
            failures.append("""
                \(place): with the rules of \(rules.place), the docs say
                  \(expected.joined(separator: "\n  "))
                formsmith validate says (exit \(result.status)):
                  \(violations.isEmpty ? "valid" : violations.joined(separator: "\n  "))
                \(result.stderr.prefix(1500))
                """)
        }
    }
}
