import Foundation
import XCTest

/// What Formsmith writes is complete or absent: write errors (a full device, a read-only or
/// vanished directory, a closed pipe) and interruptions (SIGTERM, SIGINT), through the binary.
/// Final names keep their old content; no temporary file is left; the exit status says what
/// happened (2 write failure, 143 / 130 interrupted, 141 closed standard output).
final class OutputReliabilityTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = try? Self.tool("/usr/bin/chattr", ["-R", "-i", folder.path])
        _ = try? Self.tool("/bin/chmod", ["-R", "u+rwx", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private static let osago = ["--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22"]

    // MARK: Write errors

    func testDevFullAsOutputIsAWriteFailureForEveryCommand() throws {
        let runs = [
            (["validate"] + Self.osago + ["--report", "json", "SampleData/osago-policy/invalid.jsonl"], "validate"),
            (["validate"] + Self.osago + ["--report", "sarif", "SampleData/osago-policy/invalid.jsonl"], "sarif"),
            (["validate"] + Self.osago + ["--report", "junit", "SampleData/osago-policy/invalid.jsonl"], "junit"),
            (["generate"] + Self.osago + ["--count", "1000", "--seed", "1"], "generate"),
            (["lint", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22", "--report", "sarif"], "lint"),
            (["validate"] + Self.osago + ["--report", "html", "SampleData/osago-policy/invalid.jsonl"], "html"),
            (["validate"] + Self.osago + ["--report", "github", "SampleData/osago-policy/invalid.jsonl"], "github"),
            (["validate", "--today", "2026-11-22", "--report", "junit", "SampleData"], "project"),
            (["export", "json-schema", "--rules", "Rules/osago-policy.yaml"], "export"),
            (["schema", "rules"], "schema"),
            (["merge", "SampleData/expected/osago-policy.json", "SampleData/expected/osago-policy.json"], "merge"),
        ]
        for (arguments, name) in runs {
            let run = try Formsmith.run(arguments + ["--output", "/dev/full"])
            XCTAssertEqual(run.status, 2, "\(name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("cannot write /dev/full: No space left on device"), "\(name): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("wrote"), "\(name): \(run.stderr)")
        }
    }

    func testDevFullAsStandardOutputIsAWriteFailure() throws {
        let runs = [
            ["validate"] + Self.osago + ["SampleData/osago-policy/valid.jsonl"],
            ["validate"] + Self.osago + ["--report", "json", "SampleData/osago-policy/invalid.jsonl"],
            ["generate"] + Self.osago + ["--count", "1000", "--seed", "1"],
            ["explain"] + Self.osago + ["insurant.birthDate"],
            ["lint", "--rules", "Rules/osago-policy.yaml", "--today", "2026-11-22"],
            ["forms"],
            ["validate", "--list-forms"],
            ["export", "json-schema", "--rules", "Rules/osago-policy.yaml"],
            ["schema", "rules"],
            ["merge", "SampleData/expected/osago-policy.json"],
        ]
        for arguments in runs {
            let run = try Self.start(arguments, standardOutput: FileHandle(forWritingAtPath: "/dev/full")!).finish()
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("cannot write standard output: No space left on device"), run.stderr)
        }
    }

    func testAReadOnlyDirectoryIsAWriteFailureAndLeavesTheOldFile() throws {
        let directory = path("read-only")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "old report\n".write(toFile: directory + "/report.json", atomically: false, encoding: .utf8)
        try makeReadOnly(directory)
        let validate = try Formsmith.run(["validate"] + Self.osago + ["--report", "json", "--output",
                                          directory + "/report.json", "SampleData/osago-policy/invalid.jsonl"])
        XCTAssertEqual(validate.status, 2, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("cannot write \(directory)/report.json: "), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("check the permissions"), validate.stderr)
        let generate = try Formsmith.run(["generate"] + Self.osago + ["--count", "10", "--seed", "1", "--output",
                                          directory + "/fixtures.jsonl"])
        XCTAssertEqual(generate.status, 2, generate.stderr)
        XCTAssertFalse(generate.stderr.contains("wrote"), generate.stderr)
        XCTAssertEqual(try String(contentsOfFile: directory + "/report.json", encoding: .utf8), "old report\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"])
    }

    func testADirectoryRemovedDuringTheRunIsAWriteFailure() throws {
        let directory = path("vanishing")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let run = try Self.start(["validate"] + Self.osago + ["--report", "json", "--output", directory + "/report.json", "-"])
        try Self.feed(run, lines: 2_000)
        try waitForTemporaryFile(in: directory)
        try FileManager.default.removeItem(atPath: directory)
        let result = try run.finish()
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write \(directory)/report.json: No such file or directory"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/report.json"))
    }

    func testAClosedPipeEndsQuietly() throws {
        let invalid = try String(contentsOf: Formsmith.root.appendingPathComponent("SampleData/osago-policy/invalid.jsonl"),
                                 encoding: .utf8)
        try String(repeating: invalid, count: 100).write(toFile: path("many.jsonl"), atomically: false, encoding: .utf8)
        for arguments in [["generate"] + Self.osago + ["--count", "200000", "--seed", "1"],
                          ["validate"] + Self.osago + ["--report", "jsonl", path("many.jsonl")]] {
            let pipe = Pipe()
            let run = try Self.start(arguments, standardOutput: pipe)
            _ = pipe.fileHandleForReading.readData(ofLength: 100)  // what `| head -c 100` reads
            try pipe.fileHandleForReading.close()
            let result = try run.finish()
            XCTAssertEqual(result.status, 141, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "")
        }
    }

    // MARK: Interruptions

    func testSIGTERMAndSIGINTDuringValidateWithSplitOutputLeaveTheOldFiles() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let directory = path("split-\(signal)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let old = ["report.json", "stdin.valid.jsonl"]
            for name in old { try "old \(name)\n".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8) }
            let run = try Self.start(["validate"] + Self.osago + ["--report", "json", "--output", directory + "/report.json",
                                                                  "--split-output", directory, "-"])
            try Self.feed(run, lines: 20_000)
            try waitForTemporaryFile(in: directory, containing: "valid")
            run.process.interrupt(signal)
            let result = try run.finish()
            XCTAssertEqual(result.status, status, result.stderr)
            XCTAssertTrue(result.stderr.contains("interrupted by SIG"), result.stderr)
            XCTAssertTrue(result.stderr.contains("not written: \(directory)/report.json"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), old.sorted())
            for name in old {
                XCTAssertEqual(try String(contentsOfFile: directory + "/" + name, encoding: .utf8), "old \(name)\n")
            }
        }
    }

    func testSIGTERMAndSIGINTDuringGenerateLeaveTheOldFile() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let directory = path("generate-\(signal)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "old fixtures\n".write(toFile: directory + "/fix.jsonl", atomically: false, encoding: .utf8)
            let run = try Self.start(["generate"] + Self.osago + ["--count", "9999999", "--seed", "1", "--invalid-rate",
                                                                  "0.1", "--output", directory + "/fix.jsonl"])
            try waitForTemporaryFile(in: directory, containing: "fix.jsonl.formsmith", minimumSize: 1 << 20)
            run.process.interrupt(signal)
            let result = try run.finish()
            XCTAssertEqual(result.status, status, result.stderr)
            XCTAssertFalse(result.stderr.contains("wrote"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["fix.jsonl"])
            XCTAssertEqual(try String(contentsOfFile: directory + "/fix.jsonl", encoding: .utf8), "old fixtures\n")
        }
    }

    func testACompleteRunReplacesTheOldFilesAndLeavesNoTemporaryFile() throws {
        let directory = path("complete")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "old\n".write(toFile: directory + "/fix.jsonl", atomically: false, encoding: .utf8)
        let generate = try Formsmith.run(["generate"] + Self.osago + ["--count", "20", "--seed", "3", "--invalid-rate", "0.5",
                                                                      "--output", directory + "/fix.jsonl"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let validate = try Formsmith.run(["validate"] + Self.osago + ["--report", "json", "--output", directory + "/report.json",
                                                                      "--split-output", directory + "/split",
                                                                      directory + "/fix.jsonl"])
        XCTAssertEqual(validate.status, 1, validate.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
                       ["fix.jsonl", "fix.jsonl.labels.jsonl", "report.json", "split"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/split").sorted(),
                       ["fix.invalid.jsonl", "fix.valid.jsonl"])
        let lines = try String(contentsOfFile: directory + "/fix.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 20)
    }

    // MARK: Support

    /// A started `formsmith` process.
    struct Running {
        let process: Process
        let input: Pipe
        let stdout: Pipe?
        let stderr: Pipe

        /// Closes standard input and waits for the end.
        func finish() throws -> Formsmith.Output {
            try? input.fileHandleForWriting.close()
            let out = stdout?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Formsmith.Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                    stderr: String(decoding: err, as: UTF8.self))
        }
    }

    private static func start(_ arguments: [String], standardOutput: Any? = nil) throws -> Running {
        let process = Process()
        process.executableURL = Formsmith.products.appendingPathComponent("formsmith")
        process.arguments = arguments
        process.currentDirectoryURL = Formsmith.root
        let input = Pipe(), stderr = Pipe()
        let stdout = standardOutput == nil ? Pipe() : nil
        process.standardInput = input
        process.standardOutput = standardOutput ?? stdout
        process.standardError = stderr
        try process.run()
        return Running(process: process, input: input, stdout: stdout, stderr: stderr)
    }

    /// Writes `lines` questionnaires (the sample ones, repeated) to the process's standard input.
    private static func feed(_ run: Running, lines: Int) throws {
        let sample = try String(contentsOf: Formsmith.root.appendingPathComponent("SampleData/osago-policy/valid.jsonl"),
                                encoding: .utf8).split(separator: "\n")
        var text = ""
        for index in 0..<lines { text += sample[index % sample.count] + "\n" }
        run.input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits (up to a minute) until a temporary output file appears in `directory`.
    private func waitForTemporaryFile(in directory: String, containing part: String = ".formsmith-",
                                      minimumSize: Int = 0) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(part) {
                let size = (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0
                if size >= minimumSize { return }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTFail("no temporary file appeared in \(directory)")
    }

    /// Makes `directory` unwritable, also for root (which ignores permissions): chmod 555, then
    /// the immutable attribute where the file system has it; skips the test when neither works.
    private func makeReadOnly(_ directory: String) throws {
        _ = try Self.tool("/bin/chmod", ["555", directory])
        if FileManager.default.createFile(atPath: directory + "/probe", contents: nil) {
            try? FileManager.default.removeItem(atPath: directory + "/probe")
            _ = try? Self.tool("/usr/bin/chattr", ["+i", directory])
            if FileManager.default.createFile(atPath: directory + "/probe", contents: nil) {
                try? FileManager.default.removeItem(atPath: directory + "/probe")
                throw XCTSkip("cannot make a directory read-only here (root without chattr)")
            }
        }
    }

    @discardableResult
    private static func tool(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension Process {
    /// Sends `signal` to the process.
    fileprivate func interrupt(_ signal: Int32) {
        kill(processIdentifier, signal)
    }
}

/// `--timezone`: which zone's current date is `today`.
final class TimeZoneOptionTests: XCTestCase {
    private func today(_ arguments: [String]) throws -> String? {
        let run = try Formsmith.run(["validate", "--rules", "Rules/customer-survey.yaml", "--report", "json"] + arguments
                                    + ["SampleData/customer-survey/valid.jsonl"])
        XCTAssertTrue([0, 1].contains(run.status), run.stderr)  // the sample's dates may be out of range today
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (report?["summary"] as? [String: Any])?["today"] as? String
    }

    func testTheZoneDecidesTheDateAndTodayPinsIt() throws {
        // 25 hours apart: never the same date.
        let east = try XCTUnwrap(try today(["--timezone", "Pacific/Kiritimati"]))
        let west = try XCTUnwrap(try today(["--timezone", "Pacific/Pago_Pago"]))
        XCTAssertGreaterThan(east, west)
        XCTAssertEqual(try today(["--timezone", "Pacific/Kiritimati", "--today", "2026-11-22"]), "2026-11-22")
        XCTAssertNotNil(try today([]))
    }

    func testAnUnknownZoneIsAUsageError() throws {
        for command in [["validate", "SampleData/customer-survey/valid.jsonl"], ["generate", "--count", "1"],
                        ["explain", "respondent.country"]] {
            let run = try Formsmith.run([command[0], "--rules", "Rules/customer-survey.yaml", "--timezone", "Mars/Olympus"]
                                        + command.dropFirst())
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("--timezone 'Mars/Olympus' is not a time zone"), run.stderr)
        }
    }
}
