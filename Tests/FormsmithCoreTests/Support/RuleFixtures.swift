import FormsmithCore
import Foundation
import XCTest

/// The reference date every test pins "today" to.
let testToday = CivilDate(year: 2026, month: 11, day: 22)!

/// The repository root, found from this source file's path.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// Compiles rules written inline.
func compileRules(_ yaml: String, file: String = "inline.yaml") throws -> CompiledRuleSet {
    try RuleCompiler.compile(try RulesLoader.read(text: yaml, file: file), today: testToday)
}

/// The problems an inline rule file is rejected with (fails the test when it is accepted).
func ruleProblems(_ yaml: String, file: String = "rules.yaml",
                  sourceLocation: (file: StaticString, line: UInt) = (#filePath, #line)) -> [String] {
    do {
        _ = try compileRules(yaml, file: file)
        XCTFail("the rules were accepted", file: sourceLocation.file, line: sourceLocation.line)
        return []
    } catch let error as RulesError {
        return error.problems.map(\.description)
    } catch {
        XCTFail("unexpected error \(error)", file: sourceLocation.file, line: sourceLocation.line)
        return []
    }
}

/// Validates one JSON questionnaire given as text.
func validate(_ json: String, against rules: CompiledRuleSet) -> RecordResult {
    let validator = RecordValidator(rules: rules)
    let bytes = Array(json.utf8)
    return bytes.withUnsafeBufferPointer {
        validator.validate(json: $0, location: RecordLocation(file: "test.json", line: 1))
    }
}

/// `field rule` pairs of a result, for compact assertions.
func pairs(_ result: RecordResult) -> [String] {
    result.violations.map { "\($0.field) \($0.rule)" }
}
