import FormsmithCore
import Foundation
import XCTest

/// Every Swift example of the DocC catalog (Sources/FormsmithCore/FormsmithCore.docc) runs in a
/// test: each ```swift block occurs, line for line, in a test of this target (the runnable ones
/// are below and in `GeneratorAPIExampleTests`), or is listed here as a sketch with the reason
/// it cannot run. Lines are compared without their indentation, blank lines and `import`
/// lines; `URL(fileURLWithPath: "...")` in the docs, relative to the package folder, stands for
/// `repositoryRoot.appendingPathComponent("...")` in the tests.
final class DocCExampleTests: XCTestCase {
    /// Blocks that stay sketches: (article, first line of the block after `import`s) and why they cannot run.
    static let sketches: [String: String] = [
        "FormsmithCore.md: let validator = try QuestionnaireValidator(rulesAt: URL(fileURLWithPath: \"Rules/osago-policy.yaml\"))":
            "a request handler: `body` and the returned response belong to the caller's web framework",
        "ValidatingInProcess.md: let result = validator.validate(body, name: \"submission \\(requestID)\")":
            "a request handler's logging: `body`, `requestID` and `log` are the caller's",
    ]

    func testEveryExampleOfTheCatalogRunsInATestOrIsAListedSketch() throws {
        let catalog = repositoryRoot.appendingPathComponent("Sources/FormsmithCore/FormsmithCore.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
        let tests = try testSources()
        var ran = 0, sketched: Set<String> = []
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for block in Self.swiftBlocks(in: text) {
                let key = "\(article): \(Self.normalize(block).first ?? "")"
                let normalized = Self.normalize(block.map { $0.replacingOccurrences(
                    of: "URL(fileURLWithPath: ", with: "repositoryRoot.appendingPathComponent(") })
                if tests.contains(where: { Self.contains($0, normalized) }) {
                    XCTAssertNil(Self.sketches[key], "\(key) runs in a test: take it off the list of sketches")
                    ran += 1
                } else if Self.sketches[key] != nil {
                    sketched.insert(key)
                } else {
                    XCTFail("\(key): this example of the DocC catalog runs in no test; copy it into a test of "
                            + "FormsmithCoreTests (DocCExampleTests) or list it as a sketch with the reason")
                }
            }
        }
        XCTAssertEqual(sketched, Set(Self.sketches.keys), "a listed sketch is no longer in the catalog")
        XCTAssertGreaterThanOrEqual(ran, 5, "too few examples found: is the catalog where the test looks?")
        print("DocC examples: \(ran) run in tests, \(sketched.count) sketches")
    }

    // MARK: - The catalog's examples, as written there

    /// ValidatingInProcess.md, the opening example.
    func testLoadingTheRules() {
        let rules = repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml")
        let validator: QuestionnaireValidator
        do {
            validator = try QuestionnaireValidator(rulesAt: rules)
        } catch {
            // Every problem of the rule file, one per line: "Rules/osago-policy.yaml:14:7: unknown key 'maks' ..."
            fatalError(error.description)
        }
        XCTAssertEqual(validator.ruleSetID, "osago-policy")
    }

    /// ValidatingInProcess.md, "The reference date".
    func testTheReferenceDate() throws {
        let rules = repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml")
        let asOfSubmission = try QuestionnaireValidator(rulesAt: rules, today: .fixed(year: 2026, month: 11, day: 22))
        XCTAssertThrowsError(try ReferenceDate.fixed(year: 2026, month: 2, day: 30))   // February has 28 days
        XCTAssertEqual(asOfSubmission.rules.today, CivilDate(year: 2026, month: 11, day: 22))
    }

    /// ValidatingInProcess.md, "Validating a file".
    func testValidatingAFile() throws {
        let validator = try QuestionnaireValidator(rulesAt: repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml"),
                                                   today: .fixed(year: 2026, month: 11, day: 22))
        let file = try validator.validate(fileAt: repositoryRoot.appendingPathComponent("SampleData/osago-policy/invalid.jsonl"))
        for record in file.problems {
            print("line \(record.location.line): \(record.violations.map(\.rule))")
        }
        XCTAssertEqual(file.summary.records, file.records.count)
        // Worked out from the file: its first line breaks the id's regex (see QuestionnaireValidatorTests).
        XCTAssertEqual(file.problems.first?.location.line, 1)
        XCTAssertEqual(file.problems.first?.violations.map(\.rule), ["regex"])
    }

    /// GeneratingFixtures.md, the covering set.
    func testTheCoveringSet() throws {
        let rules = repositoryRoot.appendingPathComponent("Rules/osago-policy.yaml")
        let generator = try QuestionnaireGenerator(rulesAt: rules, today: .fixed(year: 2026, month: 11, day: 22))
        let validator = try QuestionnaireValidator(rulesAt: rules, today: .fixed(year: 2026, month: 11, day: 22))
        let set = try generator.covering(.pairs, seed: 5)
        let report = set.report
        XCTAssertEqual(report.covered.count + report.impossible.count + report.notFound.count, report.required)
        for tuple in report.notFound {
            print("not covered:", tuple.map { "\($0.factor)=\($0.value)" }.joined(separator: ", "))
        }
        for questionnaire in set.questionnaires {
            XCTAssertTrue(validator.validate(questionnaire.data).isValid, questionnaire.json)
        }
    }

    // MARK: - Reading the catalog

    /// The lines of each ```swift block of a Markdown text.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation, blank lines and imports.
    static func normalize(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// Whether `part` occurs as consecutive lines of `whole`.
    static func contains(_ whole: [String], _ part: [String]) -> Bool {
        guard !part.isEmpty, part.count <= whole.count else { return part.isEmpty }
        return (0...(whole.count - part.count)).contains { Array(whole[$0..<$0 + part.count]) == part }
    }

    /// The normalized lines of every Swift file of this test target.
    private func testSources() throws -> [[String]] {
        let folder = repositoryRoot.appendingPathComponent("Tests/FormsmithCoreTests")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.map {
            Self.normalize(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
                .components(separatedBy: "\n"))
        }
    }
}
