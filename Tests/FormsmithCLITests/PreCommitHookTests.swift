import XCTest

/// What the pre-commit hooks (.pre-commit-hooks.yaml) rely on: pre-commit appends the changed
/// files after the hook's entry and arguments (scripts/integration/pre-commit.sh runs the real
/// pre-commit).
final class PreCommitHookTests: XCTestCase {
    func testLintTakesRuleFilesAsArguments() throws {
        let clean = try Formsmith.run(["lint", "--today", "2026-11-22", "--strict",
                                       "Rules/osago-policy.yaml", "Rules/customer-survey.yaml"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertTrue(clean.stdout.hasSuffix("2 rule files: no problems\n"), clean.stdout)
        let broken = try Formsmith.run(["lint", "--today", "2026-11-22", "Rules/osago-policy.yaml",
                                        "Tests/FormsmithCLITests/Fixtures/broken-rules.yaml"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.contains("unknown key 'maks'"), broken.stdout)
        let both = try Formsmith.run(["lint", "--project", "formsmith.yaml", "Rules/osago-policy.yaml"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("give --rules or --project, not both"), both.stderr)
    }
}
