import Foundation
import XCTest

/// Issue 21, item 10: a rule file reads only inside its project (or its own folder): includes,
/// `seeds:` lists, `seed:` and `valuesFrom:` that leave it are rule-file errors unless the
/// project file's `allowRoots` lists the folder; a file that is not a library is reported
/// without its content.
final class HostileRulePathCommandTests: ScratchFolderTestCase {
    /// `proj/rules/r.yaml` reaching `/etc` and `shared/` (beside `proj/`), which holds a secret.
    private func writeProject(projectFile: String?) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("proj/rules"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shared"),
                                                withIntermediateDirectories: true)
        try write("shared/secret.yaml", "password: hunter2\napiKey: sk-live-0042\n")
        try write("shared/words.txt", "alpha\nbeta\n")
        try write("proj/rules/r.yaml", """
            id: t
            include: [/etc/passwd, ../../shared/secret.yaml]
            seeds: {w: ../../shared/words.txt}
            fields:
              x: {type: string, seed: /etc/hostname}
              y: {type: enum, valuesFrom: ../../shared/words.txt}

            """)
        if let projectFile { try write("proj/formsmith.yaml", projectFile) }
    }

    private var project: URL { folder.appendingPathComponent("proj") }

    func testPathsLeavingTheRuleFilesFolderAreRuleFileErrors() throws {
        try writeProject(projectFile: nil)
        let run = try Formsmith.run(["validate", "--rules", "rules/r.yaml", "-"], input: "{}\n", directory: project)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        let outside = "is outside the rule file's folder rules; a rule file reads only files inside it (list further "
            + "folders under 'allowRoots' in the project file to allow them)"
        // Includes and valuesFrom, which every command reads; `seed:` lists only `generate` and
        // `lint` read (see the next test).
        XCTAssertEqual(run.stderr, """
            rules/r.yaml:2:11: the library '/etc/passwd' \(outside)
            rules/r.yaml:2:24: the library '../../shared/secret.yaml' \(outside)
            rules/r.yaml:6:31: the word list '../../shared/words.txt' \(outside)
            rules/r.yaml: 3 problems; the rules were not used

            """)
        for command in [["lint", "--rules", "rules/r.yaml"], ["explain", "--rules", "rules/r.yaml", "x"]] {
            let other = try Formsmith.run(command, directory: project)
            XCTAssertNotEqual(other.status, 0, "\(command)")
            XCTAssertTrue((other.stdout + other.stderr).contains("the library '/etc/passwd' is outside"), "\(command)")
            XCTAssertFalse((other.stdout + other.stderr).contains("root:"), "\(command)")
        }
    }

    func testSeedListsOutsideAreRefusedWhereTheyAreRead() throws {
        try writeProject(projectFile: nil)
        try write("proj/rules/r.yaml", """
            id: t
            seeds: {w: ../../shared/secret.yaml}
            fields:
              x: {type: string, seed: w}
              y: {type: string, seed: /etc/hostname}

            """)
        // validate does not read seed lists: it runs.
        let validate = try Formsmith.run(["validate", "--rules", "rules/r.yaml", "-"], input: "{\"x\": \"a\", \"y\": \"b\"}\n",
                                         directory: project)
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        let generate = try Formsmith.run(["generate", "--rules", "rules/r.yaml", "--count", "1", "--seed", "1"],
                                         directory: project)
        XCTAssertEqual(generate.status, 2)
        XCTAssertEqual(generate.stdout, "")
        XCTAssertTrue(generate.stderr.contains("formsmith: cannot generate: x: rules/r.yaml:2:12: the seed list "
                                               + "'../../shared/secret.yaml' is outside the rule file's folder rules"),
                      generate.stderr)
        let lint = try Formsmith.run(["lint", "--rules", "rules/r.yaml"], directory: project)
        XCTAssertTrue(lint.stdout.contains("rules/r.yaml:2:12: warning[seed-value]: ") && lint.stdout.contains(
            "the word list '../../shared/secret.yaml' is outside the rule file's folder rules"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("the word list '/etc/hostname' is outside"), lint.stdout)
        for secret in ["hunter2", "sk-live"] { XCTAssertFalse(lint.stdout.contains(secret), secret) }
    }

    func testTheProjectFolderIsTheRootAndAllowRootsAddsFolders() throws {
        try writeProject(projectFile: "forms: {a: rules/r.yaml}\n")
        let inProject = try Formsmith.run(["lint", "--rules", "rules/r.yaml"], directory: project)
        XCTAssertTrue(inProject.stdout.contains(
            "rules/r.yaml:2:24: error[invalid-rules]: the library '../../shared/secret.yaml' is outside the project "
            + "folder . (formsmith.yaml)"), inProject.stdout)

        // Allowed, the secret file is read: it is not a library, and nothing of it is shown.
        try write("proj/formsmith.yaml", "forms: {a: rules/r.yaml}\nallowRoots: [../shared]\n")
        let allowed = try Formsmith.run(["lint", "--rules", "rules/r.yaml"], directory: project)
        let output = allowed.stdout + allowed.stderr
        XCTAssertTrue(output.contains("rules/r.yaml:2:24: error[invalid-rules]: '../../shared/secret.yaml' is not a "
                                      + "definition library: it has none of the keys of a Formsmith file (its content "
                                      + "is not shown)"), output)
        XCTAssertFalse(output.contains("../../shared/words.txt' is outside"), output)
        XCTAssertTrue(output.contains("the library '/etc/passwd' is outside"), output)
        for secret in ["password", "hunter2", "apiKey", "sk-live"] { XCTAssertFalse(output.contains(secret), secret) }

        // allowRoots must name folders.
        try write("proj/formsmith.yaml", "forms: {a: rules/r.yaml}\nallowRoots: [../nowhere]\n")
        let wrong = try Formsmith.run(["lint"], directory: project)
        XCTAssertTrue((wrong.stdout + wrong.stderr).contains("'allowRoots' names '../nowhere', which is not a folder"),
                      wrong.stdout + wrong.stderr)
    }

    func testALinkInsideTheRootCannotLeadOutOfIt() throws {
        try writeProject(projectFile: "forms: {a: rules/r.yaml}\n")
        try write("proj/rules/r.yaml", "id: t\ninclude: lib.yaml\nfields:\n  x: {type: string}\n")
        try FileManager.default.createSymbolicLink(atPath: path("proj/rules/lib.yaml"),
                                                   withDestinationPath: path("shared/secret.yaml"))
        let run = try Formsmith.run(["validate", "--rules", "rules/r.yaml", "-"], input: "{}\n", directory: project)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("rules/r.yaml:2:10: the library 'lib.yaml' is outside the project folder"),
                      run.stderr)
        XCTAssertFalse(run.stderr.contains("hunter2"))
    }

    func testTheShippedRulesStillReadTheirSeedLists() throws {
        // Rules/lib/common.yaml reads ../../SampleData/seeds: inside the repository's project folder.
        let run = try Formsmith.run(["lint", "--rules", "Rules/osago-policy.yaml"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    }
}
