import Foundation
import XCTest

/// Paths a hostile or unlucky user can give: folders that cannot be listed, file names that
/// are not UTF-8, outputs that are inputs (issue 21, items 1, 4, 6), through the binary.
final class HostilePathTests: ScratchFolderTestCase {
    private static let rules = """
        formsmith: 1
        id: t
        fields:
          id: {type: string, regex: '^Q-\\d{3}$'}
        """

    /// Runs the binary as an unprivileged user (see ``Formsmith/runUnprivileged(_:directory:)``).
    private func runUnprivileged(_ arguments: [String]) throws -> Formsmith.Output {
        try Formsmith.runUnprivileged(arguments, directory: folder)
    }

    override func tearDownWithError() throws {
        _ = try? Formsmith.run(tool: "/bin/chmod", ["-R", "u+rwx", folder.path], directory: folder)
        try super.tearDownWithError()
    }

    // MARK: Item 1: a folder that cannot be listed

    func testUnlistableSubfoldersAreReportedAndEveryReadableFileValidated() throws {
        try write("r.yaml", Self.rules)
        let fm = FileManager.default
        for sub in ["data/private", "data/open/deep/m711", "data/z"] {
            try fm.createDirectory(atPath: path(sub), withIntermediateDirectories: true)
        }
        try write("data/a.jsonl", #"{"id": "bad"}"# + "\n")
        try write("data/private/p.jsonl", #"{"id": "Q-123"}"# + "\n")
        try write("data/open/deep/m711/hidden.jsonl", #"{"id": "Q-124"}"# + "\n")
        try write("data/open/deep/ok.jsonl", #"{"id": "Q-125"}"# + "\n" + #"{"id": "x"}"# + "\n")
        try write("data/z/last.csv", "id\nQ-126\n")
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("data/private"))
        try fm.setAttributes([.posixPermissions: 0o711], ofItemAtPath: path("data/open/deep/m711"))
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)

        let run = try runUnprivileged(["validate", "--rules", "r.yaml", "--report", "json", "data"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let summary = report["summary"] as! [String: Any]
        // a.jsonl (1 invalid), ok.jsonl (1 valid, 1 invalid), last.csv (1 valid), two unlistable folders.
        XCTAssertEqual(summary["records"] as? Int, 6, run.stdout)
        XCTAssertEqual(summary["valid"] as? Int, 2)
        XCTAssertEqual(summary["invalid"] as? Int, 2)
        XCTAssertEqual(summary["unreadable"] as? Int, 2)
        let results = report["results"] as! [[String: Any]]
        XCTAssertEqual(results.map { $0["file"] as! String },
                       ["data/a.jsonl", "data/open/deep/m711", "data/open/deep/ok.jsonl", "data/private"])
        let unreadable = results.compactMap { $0["unreadable"] as? String }
        XCTAssertEqual(unreadable.count, 2)
        for reason in unreadable {
            XCTAssertTrue(reason.hasPrefix("cannot list the folder: Permission denied; the files in it were not validated"),
                          reason)
        }
    }

    func testAnUnlistableFolderGivenDirectlyIsOneUnreadableRecord() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("locked"), withIntermediateDirectories: true)
        try write("locked/a.jsonl", #"{"id": "Q-123"}"# + "\n")
        try write("b.jsonl", #"{"id": "Q-124"}"# + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("locked"))
        let run = try runUnprivileged(["validate", "--rules", "r.yaml", "locked/", "b.jsonl"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("locked/:1\n  unreadable: cannot list the folder: Permission denied"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 0 invalid, 1 unreadable"), run.stdout)
    }

    func testAProjectRunReportsAnUnlistableFolderToo() throws {
        try write("r.yaml", Self.rules)
        try write("formsmith.yaml", """
            formsmith: 1
            forms:
              t: r.yaml
            inputs:
              data/**/*.jsonl: t
            """)
        try FileManager.default.createDirectory(atPath: path("data/private"), withIntermediateDirectories: true)
        try write("data/a.jsonl", #"{"id": "bad"}"# + "\n")
        try write("data/private/p.jsonl", #"{"id": "Q-123"}"# + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("data/private"))
        let run = try runUnprivileged(["validate", "data"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("data/a.jsonl:1 (id bad)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("unreadable: cannot list the folder: Permission denied"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 0 valid, 1 invalid, 1 unreadable"), run.stdout)
    }

    /// A project glob (or `exclude` pattern) that matches no readable file while a folder it
    /// reaches cannot be listed names that folder instead of only saying it matches no file.
    func testAProjectGlobThatOnlyReachesUnlistableFoldersNamesThem() throws {
        try write("r.yaml", Self.rules)
        try write("formsmith.yaml", """
            formsmith: 1
            forms:
              t: r.yaml
            inputs:
              data/*.jsonl: t
              private/*.jsonl: t
              '**/*.secret.jsonl': t
              missing/*.jsonl: t
            exclude: [private/skip.jsonl]
            """)
        let fm = FileManager.default
        try fm.createDirectory(atPath: path("data"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: path("private"), withIntermediateDirectories: true)
        try write("data/a.jsonl", #"{"id": "Q-123"}"# + "\n")
        try write("private/p.jsonl", #"{"id": "Q-124"}"# + "\n")
        try write("private/x.secret.jsonl", #"{"id": "Q-125"}"# + "\n")
        try write("private/skip.jsonl", #"{"id": "Q-126"}"# + "\n")
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("private"))
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let unlisted = "the folder 'private' (Permission denied) cannot be listed; make it readable, or correct the "
        let expected = [
            "formsmith.yaml:6:3: input glob 'private/*.jsonl' matches no file that can be read: \(unlisted)glob or "
                + "remove it (globs are relative to the project file)",
            "formsmith.yaml:7:3: input glob '**/*.secret.jsonl' matches no file that can be read: \(unlisted)glob or "
                + "remove it (globs are relative to the project file)",
            "formsmith.yaml:8:3: input glob 'missing/*.jsonl' matches no file; correct it or remove it (globs are "
                + "relative to the project file)",
            "formsmith.yaml:9:11: 'exclude' pattern 'private/skip.jsonl' matches no file that can be read: "
                + "\(unlisted)pattern or remove it (patterns are relative to the project file)",
        ]
        let validate = try runUnprivileged(["validate", "data"])
        XCTAssertEqual(validate.status, 2, validate.stderr)
        XCTAssertEqual(validate.stdout, "")
        for line in expected { XCTAssertTrue(validate.stderr.contains(line), "\(line)\n\(validate.stderr)") }
        let lint = try runUnprivileged(["lint"])
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        for line in expected {
            let (place, message) = (line.prefix { $0 != " " }, line.drop { $0 != " " }.dropFirst())
            XCTAssertTrue(lint.stdout.contains("\(place) error[invalid-project]: \(message)"), "\(line)\n\(lint.stdout)")
        }
        // The folder readable again: only the missing glob is left.
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("private"))
        let readable = try runUnprivileged(["lint"])
        XCTAssertEqual(readable.status, 1, readable.stdout)
        XCTAssertTrue(readable.stdout.contains(expected[2].dropFirst("formsmith.yaml:8:3: ".count)), readable.stdout)
        XCTAssertFalse(readable.stdout.contains("cannot be listed"), readable.stdout)
        XCTAssertTrue(readable.stdout.contains("1 error"), readable.stdout)
    }

    // MARK: Item 4: a file name that is not UTF-8

    func testAFileNamedInLatin1IsReadAndNamedWithEscapes() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("data"), withIntermediateDirectories: true)
        let name = Array("data/caf".utf8) + [0xE9] + Array(".jsonl".utf8)
        let full = Array(folder.path.utf8) + [0x2F] + name + [0]
        let descriptor = full.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        handle.write(Data((#"{"id": "Q-123"}"# + "\n" + #"{"id": "Q-12"}"# + "\n").utf8))
        try handle.close()

        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "data"], directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("data/caf\\xE9.jsonl:2 (id Q-12)\n  id: does not match"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 questionnaires: 1 valid, 1 invalid, 0 unreadable"), run.stdout)
    }

    // MARK: Item 6: outputs that are inputs, rule files or each other

    /// The refusal of an output that is an input names both paths escaped: a file found in a
    /// folder named with an escape sequence was written raw to standard error.
    func testARefusedOutputNamesItsPathsEscaped() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("in"), withIntermediateDirectories: true)
        try write("in/r\u{1B}[2J.jsonl", #"{"id": "Q-123"}"# + "\n")
        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "in", "--output", "in/r\u{1B}[2J.jsonl"],
                                    directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: the input in/r\\u{1B}[2J.jsonl and --output in/r\\u{1B}[2J.jsonl "
                                          + "are the same path"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), run.stderr)
    }

    /// A project file in a folder the user cannot enter is said to be unreadable, with why, not
    /// missing ("cannot find the project file; check the path" sent them looking for a typo).
    func testAProjectFileThatCannotBeReachedIsNotCalledMissing() throws {
        try write("r.yaml", Self.rules)
        try FileManager.default.createDirectory(atPath: path("locked"), withIntermediateDirectories: true)
        try write("locked/formsmith.yaml", "forms:\n  t: ../r.yaml\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path("locked"))
        let run = try runUnprivileged(["validate", "--project", "locked/formsmith.yaml", "-"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("locked/formsmith.yaml:1:1: cannot read the project file: Permission denied; "
                                          + "give the user running formsmith permission to read it and to enter its "
                                          + "folders"), run.stderr)
        let missing = try runUnprivileged(["validate", "--project", "nowhere/formsmith.yaml", "-"])
        XCTAssertTrue(missing.stderr.contains("nowhere/formsmith.yaml:1:1: cannot find the project file; check the path"),
                      missing.stderr)
    }

    func testOutputsThatAreFilesOfTheRunAreRefusedBeforeAnythingIsWritten() throws {
        let rules = try write("r.yaml", Self.rules)
        let data = #"{"id": "Q-123"}"# + "\n"
        try write("data.jsonl", data)
        try write("data.valid.jsonl", data)
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let cases: [(arguments: [String], message: String)] = [
            (["validate", "--rules", "r.yaml", "--output", "data.jsonl", "data.jsonl"],
             "the input data.jsonl and --output data.jsonl are the same path"),
            (["lint", "--rules", "r.yaml", "--output", "r.yaml"],
             "the linted file r.yaml and --output r.yaml are the same path"),
            (["validate", "--rules", "r.yaml", "--output", "sub/../r.yaml", "data.jsonl"],
             "the rule file r.yaml and --output sub/../r.yaml are the same file"),
            (["validate", "--rules", "r.yaml", "--split-output", "./", "data.valid.jsonl", "data.jsonl"],
             "the input data.valid.jsonl and the --split-output file ./data.valid.jsonl are the same file"),
            (["generate", "--rules", "r.yaml", "--count", "5", "--seed", "1", "--invalid-rate", "0.5",
              "--output", "g.jsonl", "--labels", "g.jsonl"],
             "--output g.jsonl and --labels g.jsonl are the same path"),
            (["validate", "--rules", "r.yaml", "--output", "out/data.valid.jsonl", "--split-output", "out", "data.jsonl"],
             "--output out/data.valid.jsonl and the --split-output file out/data.valid.jsonl are the same path"),
            (["export", "json-schema", "--rules", "r.yaml", "--output", "./r.yaml"],
             "the rule file r.yaml and --output ./r.yaml are the same file"),
            (["merge", "data.jsonl", "--output", "data.jsonl"], "the report data.jsonl and --output data.jsonl are the same path"),
        ]
        for (arguments, message) in cases {
            let run = try Formsmith.run(arguments, directory: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("formsmith: " + message), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("formsmith: nothing was written"), run.stderr)
            XCTAssertEqual(try String(contentsOfFile: path("data.jsonl"), encoding: .utf8), data)
            XCTAssertEqual(try String(contentsOfFile: path("data.valid.jsonl"), encoding: .utf8), data)
            XCTAssertEqual(try String(contentsOfFile: rules, encoding: .utf8), Self.rules)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("g.jsonl")))
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "the split folder was created")
        }
    }

    func testAHardLinkAndASymbolicLinkToAnInputAreTheSameFile() throws {
        try write("r.yaml", Self.rules)
        try write("data.jsonl", #"{"id": "Q-123"}"# + "\n")
        try FileManager.default.linkItem(atPath: path("data.jsonl"), toPath: path("hard.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: path("soft.jsonl"), withDestinationPath: "data.jsonl")
        for alias in ["hard.jsonl", "soft.jsonl"] {
            let run = try Formsmith.run(["validate", "--rules", "r.yaml", "--output", alias, "data.jsonl"], directory: folder)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("the input data.jsonl and --output \(alias) are the same file"), run.stderr)
        }
        // Different files are fine, and /dev/null may take two outputs.
        let fine = try Formsmith.run(["validate", "--rules", "r.yaml", "--output", "report.txt", "data.jsonl"], directory: folder)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        let devices = try Formsmith.run(["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--invalid-rate",
                                         "0.5", "--output", "/dev/null", "--labels", "/dev/null"], directory: folder)
        XCTAssertEqual(devices.status, 0, devices.stderr)
    }

    /// Every library, word list (`seed:`, `valuesFrom:`, a named list of a library, one in
    /// `cases`) and file a `--seed-data` file names is a file of the run: an output that is one
    /// of them is refused, exit 2, naming both paths, and every file keeps its bytes.
    func testOutputsThatAreLibrariesWordListsOrSeedDataFilesAreRefused() throws {
        let originals: [(String, String)] = [
            ("r.yaml", """
                formsmith: 1
                id: t
                include: lib/common.yaml
                fields:
                  name: {use: ruName}
                  kind: {type: enum, valuesFrom: kinds.txt}
                  code:
                    type: enum
                    values: [X1, Y2]
                    cases:
                      - {when: "kind == 'a'", valuesFrom: codes.txt}
                """),
            ("lib/common.yaml", """
                formsmith: 1
                seeds: {names: names.txt}
                definitions:
                  ruName: {type: string, seed: names}
                """),
            ("lib/names.txt", "Анна\nОлег\n"),
            ("kinds.txt", "a\nb\n"),
            ("codes.txt", "X1\n"),
            ("sd.yaml", "fields:\n  name: pool.txt\nrecords: rec.jsonl\n"),
            ("pool.txt", "Мария\n"),
            ("rec.jsonl", #"{"kind": "b"}"# + "\n"),
            ("data.jsonl", #"{"name": "Анна", "kind": "a", "code": "X1"}"# + "\n"),
            // A rule file with a problem lint reports: its libraries are still files of the run.
            ("broken.yaml", "formsmith: 1\nid: b\ninclude: lib/common.yaml\nfields:\n  name: {use: ruName, colour: red}\n"),
        ]
        try FileManager.default.createDirectory(atPath: path("lib"), withIntermediateDirectories: true)
        for (name, text) in originals { try write(name, text) }
        let cases: [(arguments: [String], message: String)] = [
            (["lint", "--rules", "r.yaml", "--output", "lib/common.yaml"],
             "the library lib/common.yaml and --output lib/common.yaml are the same path"),
            (["lint", "--rules", "r.yaml", "--output", "./kinds.txt"],
             "the word list kinds.txt and --output ./kinds.txt are the same file"),
            (["lint", "--rules", "broken.yaml", "--output", "lib/common.yaml"],
             "the library lib/common.yaml and --output lib/common.yaml are the same path"),
            (["validate", "--rules", "r.yaml", "--output", "codes.txt", "data.jsonl"],
             "the word list codes.txt and --output codes.txt are the same path"),
            (["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--output", "lib/names.txt"],
             "the word list lib/names.txt and --output lib/names.txt are the same path"),
            (["export", "json-schema", "--rules", "r.yaml", "--output", "kinds.txt"],
             "the word list kinds.txt and --output kinds.txt are the same path"),
            (["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--seed-data", "sd.yaml",
              "--output", "pool.txt"],
             "a file --seed-data names pool.txt and --output pool.txt are the same path"),
            (["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--seed-data", "sd.yaml",
              "--invalid-rate", "0.5", "--output", "g.jsonl", "--labels", "rec.jsonl"],
             "a file --seed-data names rec.jsonl and --labels rec.jsonl are the same path"),
            (["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--seed-data", "sd.yaml",
              "--output", "sd.yaml"],
             "--seed-data sd.yaml and --output sd.yaml are the same path"),
        ]
        for (arguments, message) in cases {
            let run = try Formsmith.run(arguments, directory: folder)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("formsmith: " + message), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("formsmith: nothing was written"), run.stderr)
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            for (name, text) in originals {
                XCTAssertEqual(try String(contentsOfFile: path(name), encoding: .utf8), text, "\(arguments): \(name)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("g.jsonl")), "\(arguments)")
        }
        // The same run with outputs beside them goes ahead.
        let fine = try Formsmith.run(["generate", "--rules", "r.yaml", "--count", "2", "--seed", "1", "--seed-data",
                                      "sd.yaml", "--output", "g.jsonl"], directory: folder)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        let lint = try Formsmith.run(["lint", "--rules", "r.yaml", "--output", "lint.txt"], directory: folder)
        XCTAssertEqual(lint.status, 0, lint.stderr)
    }

    // MARK: Item 7: a .json document over the size limit with split output

    func testAnOversizedDocumentIsUnreadableAndCopiedWholeToTheInvalidSide() throws {
        try write("r.yaml", Self.rules)
        // 1,200 bytes of questionnaires, over a limit lowered to 1,000 bytes for the test.
        let big = "[\n" + (0..<60).map { _ in #"{"id": "Q-123"}"# }.joined(separator: ",\n") + "\n]\n"
        XCTAssertGreaterThan(big.utf8.count, 1000)
        try write("big.json", big)
        try write("small.json", #"[{"id": "Q-123"}, {"id": "bad"}]"#)
        let binary = Formsmith.products.appendingPathComponent("formsmith").path
        let run = try Formsmith.run(tool: "/usr/bin/env", [
            "FORMSMITH_MAX_DOCUMENT_BYTES=1000", binary, "validate", "--rules", "r.yaml", "--split-output", "out",
            "big.json", "small.json",
        ], directory: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("""
            big.json:1
              unreadable: the document is larger than 1000 bytes (the limit of one .json file); use JSON Lines (.jsonl) for large inputs
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 1 invalid, 1 unreadable"), run.stdout)
        XCTAssertEqual(try String(contentsOfFile: path("out/big.invalid.json"), encoding: .utf8), big)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/big.valid.json")))
        XCTAssertEqual(try String(contentsOfFile: path("out/small.invalid.json"), encoding: .utf8),
                       "[\n" + #"{"id": "bad"}"# + "\n]\n")
        // Without the environment variable the default limit (512 MiB) holds: the document is read.
        let normal = try Formsmith.run(["validate", "--rules", "r.yaml", "big.json"], directory: folder)
        XCTAssertEqual(normal.status, 0, normal.stdout)
    }
}
