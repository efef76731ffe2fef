import Foundation
import FormsmithCore
import XCTest

/// What `formsmith` writes besides its report, through the binary: colour (`--color`,
/// `NO_COLOR`, a terminal or not), `--quiet`, `--progress`, completion scripts, `--version`.
final class TerminalOptionsCommandTests: XCTestCase {
    private let invalidSamples = ["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                  "SampleData/osago-policy/invalid.jsonl"]
    private let validSamples = ["validate", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22",
                                "SampleData/osago-policy/valid.jsonl"]
    /// A colour-capable terminal without NO_COLOR, whatever the test runner's environment says.
    private let colourTerminal: [String: String?] = ["NO_COLOR": nil, "TERM": "xterm-256color"]
    private let escape = "\u{1B}["

    private func withoutEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    func testColourAlwaysMarksTheTextReportAndOtherwiseChangesNothing() throws {
        let plain = try Formsmith.run(invalidSamples, environment: colourTerminal)
        XCTAssertFalse(plain.stdout.contains(escape), "a pipe gets no colour by default")
        let coloured = try Formsmith.run(invalidSamples + ["--color", "always"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(coloured.status, 1)
        XCTAssertTrue(coloured.stdout.hasPrefix("\u{1B}[1mSampleData/osago-policy/invalid.jsonl:1 (id Q-123456)\u{1B}[0m\n"),
                      coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[33mid\u{1B}[0m: does not match the pattern"), coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[36m[regex]\u{1B}[0m"), coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[32m0 valid\u{1B}[0m, \u{1B}[31m"), coloured.stdout)
        XCTAssertEqual(withoutEscapes(coloured.stdout), plain.stdout, "colour adds escapes and nothing else")
        let never = try Formsmith.run(invalidSamples + ["--color", "never"], environment: colourTerminal)
        XCTAssertEqual(never.stdout, plain.stdout)
        let wrong = try Formsmith.run(invalidSamples + ["--color", "sometimes"], environment: [:])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("auto") && wrong.stderr.contains("never"), wrong.stderr)
    }

    func testOnATerminalColourIsOnUnlessNoColorIsSet() throws {
        let terminal = try Formsmith.runOnTerminal(invalidSamples, environment: colourTerminal)
        XCTAssertEqual(terminal.status, 1)
        XCTAssertTrue(terminal.stdout.contains("\u{1B}[33minsurant.lastName\u{1B}[0m"), terminal.stdout)
        for noColor in ["1", "true"] {
            let off = try Formsmith.runOnTerminal(invalidSamples, environment: ["NO_COLOR": noColor, "TERM": "xterm"])
            XCTAssertFalse(off.stdout.contains(escape), "NO_COLOR=\(noColor): \(off.stdout.prefix(200))")
            XCTAssertTrue(off.stdout.contains("insurant.lastName: must be a Cyrillic name"))
        }
        let empty = try Formsmith.runOnTerminal(invalidSamples, environment: ["NO_COLOR": "", "TERM": "xterm"])
        XCTAssertTrue(empty.stdout.contains(escape), "an empty NO_COLOR does not count (no-color.org)")
        let dumb = try Formsmith.runOnTerminal(invalidSamples, environment: ["NO_COLOR": nil, "TERM": "dumb"])
        XCTAssertFalse(dumb.stdout.contains(escape), "TERM=dumb")
        let forced = try Formsmith.runOnTerminal(invalidSamples + ["--color", "always"], environment: ["NO_COLOR": "1"])
        XCTAssertTrue(forced.stdout.contains(escape), "--color always overrides NO_COLOR")
        let never = try Formsmith.runOnTerminal(invalidSamples + ["--color", "never"], environment: colourTerminal)
        XCTAssertFalse(never.stdout.contains(escape))
        let toFile = try ScratchFile("report.txt")
        let written = try Formsmith.runOnTerminal(invalidSamples + ["--output", toFile.path], environment: colourTerminal)
        XCTAssertEqual(written.stdout, "")
        XCTAssertFalse(try String(contentsOfFile: toFile.path, encoding: .utf8).contains(escape),
                       "a report file is not coloured by --color auto")
    }

    func testQuietWritesNothingAndKeepsTheExitStatus() throws {
        let invalid = try Formsmith.run(invalidSamples + ["--quiet"], environment: [:])
        XCTAssertEqual(invalid.status, 1)
        XCTAssertEqual(invalid.stdout, "")
        XCTAssertEqual(invalid.stderr, "")
        let valid = try Formsmith.run(validSamples + ["-q"], environment: [:])
        XCTAssertEqual(valid.status, 0)
        XCTAssertEqual(valid.stdout + valid.stderr, "")
        let report = try ScratchFile("quiet.json")
        let toFile = try Formsmith.run(invalidSamples + ["-q", "--report", "json", "--output", report.path], environment: [:])
        XCTAssertEqual(toFile.status, 1)
        XCTAssertEqual(toFile.stdout + toFile.stderr, "")
        let loud = try Formsmith.run(invalidSamples + ["--report", "json"], environment: [:])
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8), loud.stdout, "--output still gets the report")
        let broken = try Formsmith.run(["validate", "-q", "--rules", "Rules/missing.yaml", "x.jsonl"], environment: [:])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("Rules/missing.yaml"), "problems with the rules are still said: \(broken.stderr)")

        let lint = try Formsmith.run(["lint", "--quiet", "--rules", "Rules/osago-policy.yaml"], environment: [:])
        XCTAssertEqual(lint.status, 0)
        XCTAssertEqual(lint.stdout + lint.stderr, "")
        let generated = try ScratchFile("quiet.jsonl")
        let generate = try Formsmith.run(["generate", "-q", "--rules", "Rules/osago-policy.yaml", "--count", "3",
                                          "--output", generated.path], environment: [:])
        XCTAssertEqual(generate.status, 0)
        XCTAssertEqual(generate.stdout + generate.stderr, "", "no seed note, no 'wrote' note")
        XCTAssertEqual(try String(contentsOfFile: generated.path, encoding: .utf8).split(separator: "\n").count, 3)
    }

    func testProgressCanBeForcedOntoAPipeAndTurnedOff() throws {
        let forced = try Formsmith.run(validSamples + ["--progress"], environment: [:])
        XCTAssertEqual(forced.status, 0)
        let lines = forced.stderr.split(separator: "\n")
        XCTAssertFalse(forced.stderr.contains("\r") || forced.stderr.contains(escape), "plain lines on a pipe")
        XCTAssertEqual(lines.last.map(String.init)?.contains("[####################]  100%  7 questionnaires  "), true,
                       forced.stderr)
        XCTAssertTrue(forced.stdout.contains("7 questionnaires: 7 valid"), "the report is unchanged")
        let off = try Formsmith.run(validSamples + ["--progress", "--no-progress"], environment: [:])
        XCTAssertEqual(off.stderr, "", "the last of --progress/--no-progress wins")
        let quiet = try Formsmith.run(validSamples + ["--quiet", "--progress"], environment: [:])
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertTrue(quiet.stderr.contains("7 questionnaires"), "--progress is honoured with --quiet")
    }

    func testShellCompletionScriptsNameTheCommandsAndOptions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try Formsmith.run(["--generate-completion-script", shell], environment: [:])
            XCTAssertEqual(script.status, 0, "\(shell): \(script.stderr)")
            let options = shell == "fish" ? ["'rules='", "'color='", "'no-progress'"] : ["--rules", "--color", "--no-progress"]
            for word in ["formsmith", "validate", "generate", "lint", "explain"] + options {
                XCTAssertTrue(script.stdout.contains(word), "the \(shell) script knows \(word)")
            }
        }
        let unknown = try Formsmith.run(["--generate-completion-script", "tcsh"], environment: [:])
        XCTAssertEqual(unknown.status, 2)
    }

    func testTheVersionComesFromOnePlaceAndTheChangelogHasIt() throws {
        let version = try Formsmith.run(["--version"], environment: [:])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, FormsmithVersion.current + "\n")
        let sarif = try Formsmith.run(invalidSamples + ["--report", "sarif"], environment: [:])
        XCTAssertTrue(sarif.stdout.contains("\"version\":\"\(FormsmithVersion.current)\""), "SARIF names the same version")
        let changelog = try String(contentsOf: Formsmith.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        XCTAssertTrue(changelog.contains("\n## [\(FormsmithVersion.current)]"),
                      "CHANGELOG.md needs a section for version \(FormsmithVersion.current)")
    }
}

/// A file path in a fresh temporary folder, removed with the object.
final class ScratchFile {
    let path: String
    private let folder: URL

    init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(name).path
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
