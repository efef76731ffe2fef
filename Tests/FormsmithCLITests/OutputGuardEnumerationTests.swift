import Foundation
import XCTest

/// Issue 31, item 1 and its guard: no option of any command can make the run replace a file
/// it reads. The commands and their options come from the argument parser's own tree
/// (`formsmith --experimental-dump-help`), so a command or option added later is covered
/// without editing this test.
///
/// For every option that takes a value, the test first finds out whether it names an output
/// (run with a fresh path: does a file or folder appear there?), then points the option at
/// each file the run reads, spelled several ways. Whatever the option, the inputs must be
/// byte for byte as before; an output option must be refused with exit 2, naming the path,
/// before anything is written.
final class OutputGuardEnumerationTests: ScratchFolderTestCase {
    struct Argument {
        let kind: String
        let name: String?
        let valueName: String
        let isOptional: Bool
        let allValues: [String]
    }

    struct Command {
        let path: [String]
        let arguments: [Argument]
    }

    private static let rules = "id: t\nfields:\n  a: {type: enum, values: [x, y]}\n  n: {type: integer, optional: true}\n"
    private static let data = "{\"a\": \"x\"}\n{\"a\": \"y\", \"n\": 3}\n"

    /// Every command of the tree that runs (not only groups), with its arguments.
    static func commands() throws -> [Command] {
        let dump = try Formsmith.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var found: [Command] = []
        func walk(_ command: [String: Any], path: [String]) {
            let name = command["commandName"] as? String ?? ""
            guard name != "help" else { return }
            let here = path + [name]
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            let arguments = (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument -> Argument? in
                guard let kind = argument["kind"] as? String, argument["shouldDisplay"] as? Bool != false else { return nil }
                let names = argument["names"] as? [[String: Any]] ?? []
                let long = names.first { $0["kind"] as? String == "long" }?["name"] as? String
                return Argument(kind: kind, name: long.map { "--" + $0 }, valueName: argument["valueName"] as? String ?? "",
                                isOptional: argument["isOptional"] as? Bool ?? true,
                                allValues: argument["allValues"] as? [String] ?? [])
            }
            let runs = subcommands.filter { $0["commandName"] as? String != "help" }.isEmpty
                || arguments.contains { $0.kind != "flag" }
            if path.count > 0, runs { found.append(Command(path: Array(here.dropFirst()), arguments: arguments)) }
            for subcommand in subcommands { walk(subcommand, path: here) }
        }
        walk(root["command"] as? [String: Any] ?? [:], path: [])
        return found
    }

    /// The arguments of a run of `command` that works: positionals filled in by their kind,
    /// `--rules`, `--count` and `--seed` given to the commands that have them.
    static func baseArguments(_ command: Command) -> [String] {
        var arguments = command.path
        for argument in command.arguments where argument.kind == "positional" {
            if let first = argument.allValues.first {
                arguments.append(first)
            } else if argument.valueName.lowercased().contains("report") {
                arguments.append("report.json")
            } else {
                arguments.append("data.jsonl")
            }
        }
        // Options a run needs, by name (whatever the command): a command that has one gets it.
        for (name, value) in [("--rules", "r.yaml"), ("--count", "2"), ("--seed", "1")]
        where command.arguments.contains(where: { $0.name == name }) {
            arguments += [name, value]
        }
        return arguments
    }

    private func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    func testNoOptionOfAnyCommandReplacesAFileTheRunReads() throws {
        try write("r.yaml", Self.rules)
        try write("data.jsonl", Self.data)
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let report = try Formsmith.run(["validate", "--rules", "r.yaml", "--report", "json", "data.jsonl"], directory: folder)
        XCTAssertEqual(report.status, 0, report.stderr)
        try write("report.json", report.stdout)
        let inputs = ["r.yaml", "data.jsonl", "report.json"]
        let before = inputs.map(contents)

        let commands = try Self.commands()
        XCTAssertTrue(commands.contains { $0.path == ["coverage"] }, "the tree was not read: \(commands.map(\.path))")
        var outputs: [String] = []
        for command in commands {
            let base = Self.baseArguments(command)
            for option in command.arguments where option.kind == "option" && option.allValues.isEmpty {
                guard let name = option.name else { continue }
                let label = (command.path + [name]).joined(separator: " ")
                // Does the option name something the run writes?
                let probe = "probe-" + (command.path + [name]).joined(separator: "-")
                _ = try Formsmith.run(base + [name, probe], directory: folder)
                let isOutput = FileManager.default.fileExists(atPath: path(probe))
                try? FileManager.default.removeItem(atPath: path(probe))
                if isOutput { outputs.append(label) }
                // Now point it at every file the run reads, spelled as given and otherwise.
                let used = inputs.filter { base.contains($0) }
                let spellings = isOutput ? used.flatMap { [$0, "./" + $0, "sub/../" + $0, path($0)] } : used
                for target in spellings {
                    let run = try Formsmith.run(base + [name, target], directory: folder)
                    XCTAssertEqual(inputs.map(contents), before, "\(label) \(target) changed an input: \(run.stderr)")
                    if isOutput {
                        XCTAssertEqual(run.status, 2, "\(label) \(target): \(run.stderr)")
                        // Refused by name: "would replace a file this run reads", or (a folder
                        // output such as --split-output) the folder cannot be made there.
                        XCTAssertTrue(run.stderr.contains(target), "\(label) \(target): \(run.stderr)")
                    }
                }
                let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    .filter { !inputs.contains($0) && $0 != "sub" }
                XCTAssertEqual(left, [], "\(label) left files behind")
            }
        }
        // The probing found the outputs (else the refusals above were never tried).
        for expected in ["validate --output", "generate --output", "coverage --coverage-report", "lint --output",
                         "merge --output", "schema --output", "export json-schema --output"] {
            XCTAssertTrue(outputs.contains(expected), "\(expected) was not found to write a file: \(outputs)")
        }
    }
}
