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
