import Foundation
import XCTest

/// Issue 31, item 9: the folders a rule file may read come from the project in use (the one
/// found from the working folder, or `--project`), never from a project file beside the rule
/// file: a one-line `Rules/pr/.formsmith.yml` with `allowRoots: ["/"]` let `Rules/pr/evil.yaml`
/// read any file, and `lint` said nothing.
final class SafeFenceCommandTests: ScratchFolderTestCase {
    private func writeAttack() throws {
        try FileManager.default.createDirectory(atPath: path("Rules/pr"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("secret"), withIntermediateDirectories: true)
        try write("secret/words.txt", "hunter2\nsk-live-0042\n")
        try write("Rules/pr/.formsmith.yml", "allowRoots: [\"/\"]\n")
        try write("Rules/pr/evil.yaml", "id: evil\nfields:\n  x: {type: enum, valuesFrom: ../../secret/words.txt}\n")
    }

    func testAProjectFileBesideARuleFileWidensNothing() throws {
        try writeAttack()
        let run = try Formsmith.run(["validate", "--rules", "Rules/pr/evil.yaml", "-"], input: "{\"x\": \"no\"}\n",
                                    directory: folder)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("the word list '../../secret/words.txt' is outside the rule file's folder Rules/pr"),
                      run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("hunter2"))
        let lint = try Formsmith.run(["lint", "--rules", "Rules/pr/evil.yaml"], directory: folder)
        XCTAssertNotEqual(lint.status, 0, lint.stdout)
        XCTAssertTrue(lint.stdout.contains("is outside the rule file's folder Rules/pr"), lint.stdout)
        XCTAssertFalse(lint.stdout.contains("hunter2"))
    }

    func testTheProjectInUseStillAllowsItsFolders() throws {
        try writeAttack()
        // A valid project at the top, used from the working folder, allows secret/ explicitly.
        try write("formsmith.yaml", "forms:\n  evil: Rules/pr/evil.yaml\nallowRoots: [secret]\n")
        let run = try Formsmith.run(["validate", "--rules", "Rules/pr/evil.yaml", "-"], input: "{\"x\": \"hunter2\"}\n",
                                    directory: folder)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    }
}

/// Issue 31, "one fence": a project file in use that is not valid is an error of every command
/// that reads rule files, not silently no project; `lint` says which project files it meets are
/// ignored; a form kept outside its project reads what the project allows, not its own folder.
final class ProjectInUseCommandTests: ScratchFolderTestCase {
    private let plainRules = "id: plain\nfields:\n  x: {type: string}\n"

    func testAnInvalidProjectAtTheRootStopsEveryCommand() throws {
        try write("r.yaml", plainRules)
        // A typo in a key: line 3 of the project file.
        try write("formsmith.yaml", "forms:\n  plain: r.yaml\nalowRoots: [\"/\"]\n")
        let validate = try Formsmith.run(["validate", "--rules", "r.yaml", "-"], input: "{\"x\": \"a\"}\n",
                                         directory: folder)
        XCTAssertEqual(validate.status, 2, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stderr.contains("formsmith.yaml:3:1: unknown key 'alowRoots'"), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("formsmith.yaml:1:1: this project file (found from the working folder) "
                                               + "is the project in use and is not valid"), validate.stderr)
        XCTAssertEqual(validate.stdout, "")
        let generate = try Formsmith.run(["generate", "--rules", "r.yaml", "--count", "1"], directory: folder)
        XCTAssertEqual(generate.status, 2, generate.stdout + generate.stderr)
        XCTAssertTrue(generate.stderr.contains("formsmith.yaml:3:1: unknown key 'alowRoots'"), generate.stderr)
        XCTAssertEqual(generate.stdout, "")
        let explain = try Formsmith.run(["explain", "--rules", "r.yaml", "x"], directory: folder)
        XCTAssertEqual(explain.status, 2, explain.stdout + explain.stderr)
        // lint reports it as it reports every rule-file problem: a finding at its line, exit 1.
        let lint = try Formsmith.run(["lint", "--rules", "r.yaml"], directory: folder)
        XCTAssertEqual(lint.status, 1, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("formsmith.yaml:3:1: error[invalid-rules]: unknown key 'alowRoots'"),
                      lint.stdout)

        // Not YAML, and a wrong type: each reported where it is.
        try write("formsmith.yaml", "forms: [r.yaml\n")
        let broken = try Formsmith.run(["validate", "--rules", "r.yaml", "-"], input: "{\"x\": \"a\"}\n", directory: folder)
        XCTAssertEqual(broken.status, 2, broken.stdout + broken.stderr)
        XCTAssertTrue(broken.stderr.contains("formsmith.yaml:2:1: "), broken.stderr)
        try write("formsmith.yaml", "forms: 5\n")
        let typed = try Formsmith.run(["validate", "--rules", "r.yaml", "-"], input: "{\"x\": \"a\"}\n", directory: folder)
        XCTAssertEqual(typed.status, 2, typed.stdout + typed.stderr)
        XCTAssertTrue(typed.stderr.contains("formsmith.yaml:1:8: 'forms' must be a mapping of keys to values"),
                      typed.stderr)

        // Corrected, the same command passes: the error was the project file's alone.
        try write("formsmith.yaml", "forms:\n  plain: r.yaml\n")
        let fixed = try Formsmith.run(["validate", "--rules", "r.yaml", "-"], input: "{\"x\": \"a\"}\n", directory: folder)
        XCTAssertEqual(fixed.status, 0, fixed.stdout + fixed.stderr)
    }

    func testEveryCommandThatReadsRulesStopsOnIt() throws {
        try write("r.yaml", plainRules)
        try write("set.jsonl", "{\"x\": \"a\"}\n")
        let form = try String(contentsOf: Formsmith.root.appendingPathComponent(
            "Tests/FormsmithCLITests/Fixtures/xlsform/household.md"), encoding: .utf8)
        try write("household.md", form)
        try write("formsmith.yaml", "forms:\n  plain: r.yaml\nalowRoots: [\"/\"]\n")
        let commands = [["coverage", "--rules", "r.yaml", "set.jsonl"], ["export", "json-schema", "--rules", "r.yaml"],
                        ["forms"], ["import", "xlsform", "household.md"], ["validate", "set.jsonl"]]
        for command in commands {
            let run = try Formsmith.run(command, directory: folder)
            XCTAssertEqual(run.status, 2, "\(command): \(run.stdout)\(run.stderr)")
            XCTAssertTrue(run.stderr.contains("formsmith.yaml:3:1: unknown key 'alowRoots'"), "\(command): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(command)")
            XCTAssertFalse(run.stderr.contains("please report"), "\(command): not a defect of the import: \(run.stderr)")
        }
    }

    func testAProjectFileThatIsAPipeIsAnErrorNotAHang() throws {
        try write("r.yaml", plainRules)
        XCTAssertEqual(mkfifo(path("formsmith.yaml"), 0o644), 0)
        let run = try Formsmith.run(["validate", "--rules", "r.yaml", "-"], input: "{\"x\": \"a\"}\n", directory: folder)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith.yaml:1:1: the project file must be a regular file of at most 16 MiB"),
                      run.stderr)
    }

    func testAProjectFileGivenWithProjectMustExist() throws {
        try write("r.yaml", plainRules)
        let run = try Formsmith.run(["generate", "--rules", "r.yaml", "--project", "nowhere.yaml", "--count", "1"],
                                    directory: folder)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("nowhere.yaml:1:1: cannot find the project file; check the path"), run.stderr)
        XCTAssertTrue(run.stderr.contains("(given with --project)"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testANestedInvalidProjectFileBesideARuleFile() throws {
        try FileManager.default.createDirectory(atPath: path("Rules/pr"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("secret"), withIntermediateDirectories: true)
        try write("secret/words.txt", "hunter2\n")
        try write("Rules/pr/.formsmith.yml", "allowRoots: [\"/\"]\n")
        try write("Rules/pr/evil.yaml", "id: evil\nfields:\n  x: {type: enum, valuesFrom: ../../secret/words.txt}\n")
        try write("Rules/pr/ok.yaml", plainRules)
        let prFolder = folder.appendingPathComponent("Rules/pr")
        // Run from its folder, it is the project found: not valid (no forms), so an error, even
        // for a rule file that reads nothing.
        for rules in ["ok.yaml", "evil.yaml"] {
            let run = try Formsmith.run(["validate", "--rules", rules, "-"], input: "{\"x\": \"hunter2\"}\n",
                                        directory: prFolder)
            XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
            XCTAssertTrue(run.stderr.contains(".formsmith.yml:1:1: a project file needs 'forms'"), run.stderr)
            XCTAssertFalse(run.stdout.contains("hunter2"), run.stdout)
        }
        // Run from the top, it is not met (the rule file reads only its own folder; see above).
        let top = try Formsmith.run(["validate", "--rules", "Rules/pr/ok.yaml", "-"], input: "{\"x\": \"a\"}\n",
                                    directory: folder)
        XCTAssertEqual(top.status, 0, top.stdout + top.stderr)
    }

    func testLintSaysANestedProjectFileIsIgnored() throws {
        try FileManager.default.createDirectory(atPath: path("Rules/pr"), withIntermediateDirectories: true)
        try write("Rules/pr/.formsmith.yml", "# added by a pull request\nallowRoots: [\"/\"]\n")
        try write("Rules/pr/ok.yaml", plainRules)
        // No project in use.
        let alone = try Formsmith.run(["lint", "--rules", "Rules/pr/ok.yaml"], directory: folder)
        XCTAssertEqual(alone.status, 1, alone.stdout + alone.stderr)
        XCTAssertEqual(alone.stdout, """
            Rules/pr/.formsmith.yml:2:1: error[ignored-project]: this project file is not the project in use (no \
            project is in use (none in the working folder or above, and no --project)), so it is ignored: its \
            allowRoots '/' would widen the folders rule files may read, and are not used; remove the file (folders \
            rule files may read are listed in the project in use)
            1 rule file: 1 error, 0 warnings

            """)
        // A valid project in use at the top: lint of the project meets it beside a form's rules.
        try write("formsmith.yaml", "forms:\n  ok: Rules/pr/ok.yaml\n")
        let project = try Formsmith.run(["lint"], directory: folder)
        XCTAssertEqual(project.status, 1, project.stdout + project.stderr)
        XCTAssertTrue(project.stdout.hasPrefix("Rules/pr/.formsmith.yml:2:1: error[ignored-project]: this project file "
                                               + "is not the project in use (the project in use is formsmith.yaml), so "
                                               + "it is ignored: its allowRoots '/' would widen"), project.stdout)
        // lint of the project meets it even when no form's rules are beside it.
        try FileManager.default.createDirectory(atPath: path("Rules/ok"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path("Rules/pr/ok.yaml"), toPath: path("Rules/ok/ok.yaml"))
        try write("formsmith.yaml", "forms:\n  ok: Rules/ok/ok.yaml\n")
        let elsewhere = try Formsmith.run(["lint"], directory: folder)
        XCTAssertEqual(elsewhere.status, 1, elsewhere.stdout + elsewhere.stderr)
        XCTAssertTrue(elsewhere.stdout.hasPrefix("Rules/pr/.formsmith.yml:2:1: error[ignored-project]: "), elsewhere.stdout)
        XCTAssertEqual(elsewhere.stdout.components(separatedBy: "ignored-project").count, 2, "reported once")
        try FileManager.default.moveItem(atPath: path("Rules/ok/ok.yaml"), toPath: path("Rules/pr/ok.yaml"))
        try write("formsmith.yaml", "forms:\n  ok: Rules/pr/ok.yaml\n")
        // Without allowRoots it widens nothing: a warning, which --strict makes fail.
        try write("Rules/pr/.formsmith.yml", "forms: {ok: ok.yaml}\n")
        let harmless = try Formsmith.run(["lint"], directory: folder)
        XCTAssertEqual(harmless.status, 0, harmless.stdout + harmless.stderr)
        XCTAssertTrue(harmless.stdout.hasPrefix("Rules/pr/.formsmith.yml:1:1: warning[ignored-project]: this project "
                                                + "file is not the project in use"), harmless.stdout)
        let strict = try Formsmith.run(["lint", "--strict"], directory: folder)
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
    }

    /// A folder below the project that lint cannot list is said (a warning at the folder):
    /// a stray project file in it could not be looked for. It used to be skipped without a word.
    func testLintSaysAFolderItCannotListForStrayProjectFiles() throws {
        try FileManager.default.createDirectory(atPath: path("Rules/ok"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("locked"), withIntermediateDirectories: true)
        try write("Rules/ok/ok.yaml", plainRules)
        try write("formsmith.yaml", "forms:\n  ok: Rules/ok/ok.yaml\n")
        try write("locked/.formsmith.yml", "allowRoots: [\"/\"]\n")
        _ = try Formsmith.run(tool: "/bin/chmod", ["-R", "a+rX", folder.path], directory: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path("locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("locked")) }
        let run = try Formsmith.runUnprivileged(["lint"], directory: folder)
        XCTAssertTrue(run.stdout.contains("locked:1:1: warning[ignored-project]: cannot list this folder (Permission "
                                          + "denied), so project files in it were not looked for; give the user running "
                                          + "formsmith read and execute permission on it"), run.stdout + run.stderr)
        // Readable but not searchable (r-- for the user): listed, but its entries cannot be
        // examined, so a folder among them holding a project file cannot be told; said too.
        try FileManager.default.createDirectory(atPath: path("half/sub"), withIntermediateDirectories: true)
        try write("half/sub/.formsmith.yml", "allowRoots: [\"/\"]\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o744], ofItemAtPath: path("half"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("half")) }
        let half = try Formsmith.runUnprivileged(["lint"], directory: folder)
        XCTAssertTrue(half.stdout.contains("half:1:1: warning[ignored-project]: cannot examine the entries of this folder "
                                           + "(Permission denied), so project files in it were not looked for"),
                      half.stdout + half.stderr)
    }

    func testAFormKeptOutsideTheProjectReadsOnlyWhatTheProjectAllows() throws {
        try FileManager.default.createDirectory(atPath: path("proj/data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: true)
        try write("elsewhere/words.txt", "hunter2\n")
        try write("elsewhere/r.yaml", "id: away\nfields:\n  x: {type: enum, valuesFrom: words.txt}\n")
        try write("proj/data/a.jsonl", "{\"x\": \"hunter2\"}\n")
        try write("proj/formsmith.yaml", "forms:\n  away: ../elsewhere/r.yaml\ninputs:\n  data/*: away\n")
        let project = folder.appendingPathComponent("proj")
        // Listed by the project, so the project's folder is its fence: its own folder is not.
        let run = try Formsmith.run(["validate", "data"], directory: project)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("the word list 'words.txt' is outside the project folder . (formsmith.yaml)"),
                      run.stderr)
        // allowRoots naming its folder allows it.
        try write("proj/formsmith.yaml",
                  "forms:\n  away: ../elsewhere/r.yaml\ninputs:\n  data/*: away\nallowRoots: [../elsewhere]\n")
        let allowed = try Formsmith.run(["validate", "data"], directory: project)
        XCTAssertEqual(allowed.status, 0, allowed.stdout + allowed.stderr)
    }
}
