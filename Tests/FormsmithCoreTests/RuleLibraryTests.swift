import FormsmithCore
import XCTest

/// `include:` of definition libraries: relative paths, diamonds, cycles, names defined twice,
/// problems at the library's own position with the chain of includes, paths inside a library.
final class RuleLibraryTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("lib"), withIntermediateDirectories: true)
    }

    /// Loads `rules.yaml` of the folder; its problems with the folder's path removed.
    private func problems() -> [String] {
        do {
            _ = try RulesLoader.load(path: folder.path("rules.yaml"), today: CivilDate(year: 2026, month: 11, day: 22)!)
            XCTFail("the rules were accepted")
            return []
        } catch {
            return error.problems.map { $0.description.replacingOccurrences(of: folder.url.path + "/", with: "") }
        }
    }

    private func load() throws -> CompiledRuleSet {
        try RulesLoader.load(path: folder.path("rules.yaml"), today: CivilDate(year: 2026, month: 11, day: 22)!)
    }

    func testDefinitionsOfAnIncludedLibraryAreUsedAndOverridden() throws {
        try folder.write("lib/names.yaml", """
            formsmith: 1
            definitions:
              name: {type: string, maxLength: 5, messages: {max-length: too long for a name}}
            """)
        try folder.write("rules.yaml", """
            id: x
            include: lib/names.yaml
            fields:
              a: {use: name}
              b: {use: name, maxLength: 10}
            """)
        let rules = try load()
        let result = validate(#"{"a": "abcdefg", "b": "abcdefg"}"#, against: rules)
        XCTAssertEqual(result.violations.map { "\($0.field) \($0.rule) \($0.message)" },
                       ["a max-length too long for a name"])
        XCTAssertEqual(rules.ruleSet.libraries.map { ($0 as NSString).lastPathComponent }, ["names.yaml"])
        XCTAssertEqual(rules.ruleSet.usedLibraries.count, 1)
        XCTAssertEqual(rules.ruleSet.definitionLocations["name"]?.line, 3)
        XCTAssertTrue(rules.ruleSet.definitionLocations["name"]?.file.hasSuffix("lib/names.yaml") == true)
    }

    func testADiamondReadsTheSharedLibraryOnce() throws {
        try folder.write("lib/base.yaml", "definitions:\n  base: {type: string}\n")
        try folder.write("lib/left.yaml", "include: base.yaml\ndefinitions:\n  left: {use: base}\n")
        try folder.write("lib/right.yaml", "import: [base.yaml]\ndefinitions:\n  right: {use: base}\n")
        try folder.write("rules.yaml", """
            id: x
            include: [lib/left.yaml, lib/right.yaml]
            fields:
              a: {use: left}
              b: {use: right}
            """)
        let rules = try load()
        XCTAssertEqual(rules.ruleSet.libraries.map { ($0 as NSString).lastPathComponent },
                       ["left.yaml", "base.yaml", "right.yaml"])
    }

    func testACycleIsAnErrorNamingItsPath() throws {
        try folder.write("lib/a.yaml", "include: b.yaml\ndefinitions:\n  a: {type: string}\n")
        try folder.write("lib/b.yaml", "include: a.yaml\ndefinitions:\n  b: {type: string}\n")
        try folder.write("rules.yaml", "id: x\ninclude: lib/a.yaml\nfields:\n  f: {use: a}\n")
        let found = problems()
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("lib/b.yaml:1:10: libraries include each other in a cycle ("), found[0])
        XCTAssertTrue(found[0].contains("lib/a.yaml -> ") && found[0].contains("lib/b.yaml -> "), found[0])
        XCTAssertTrue(found[0].hasSuffix("(included from lib/a.yaml:1:10, from rules.yaml:2:10)"), found[0])
    }

    func testANameDefinedTwiceNamesBothPlaces() throws {
        try folder.write("lib/names.yaml", "definitions:\n  name: {type: string}\n")
        try folder.write("rules.yaml", """
            id: x
            include: lib/names.yaml
            definitions:
              name: {type: integer}
            fields:
              a: {use: name}
            """)
        XCTAssertEqual(problems(), [
            "rules.yaml:4:3: definition 'name' is defined twice, here and at lib/names.yaml:2:3; "
                + "rename one of them or remove one",
        ])
    }

    func testProblemsOfALibraryAreAtItsOwnPositionWithTheChain() throws {
        try folder.write("lib/inner.yaml", "definitions:\n  name: {type: string}\nfeilds: {}\n")
        try folder.write("lib/outer.yaml", "include: inner.yaml\ndefinitions:\n  other: {type: string}\n")
        try folder.write("lib/typo.yaml", "definitions:\n  code: {type: string, maks: '000'}\n")
        try folder.write("rules.yaml", """
            id: x
            include: [lib/outer.yaml, lib/typo.yaml, lib/missing.yaml]
            fields:
              a: {use: name}
              b: {use: code}
            """)
        XCTAssertEqual(problems(), [
            "lib/inner.yaml:3:1: unknown key 'feilds' in the definition library "
                + "(included from lib/outer.yaml:1:10, from rules.yaml:2:11)",
            "lib/typo.yaml:2:24: unknown key 'maks' in field 'b' (did you mean 'mask'?)",
            "rules.yaml:2:42: cannot find the library 'lib/missing.yaml'; include paths are relative to the "
                + "file that writes them",
        ])
    }

    func testADeviceIsNotReadAsALibrary() throws {
        // Outside the rule file's folder, it is not even looked at (issue 21) ...
        try folder.write("rules.yaml", "id: x\ninclude: /dev/zero\nfields:\n  a: {type: string}\n")
        let outside = problems()
        XCTAssertEqual(outside.count, 1)
        XCTAssertTrue(outside.first?.hasPrefix("rules.yaml:2:10: the library '/dev/zero' is outside the rule file's folder ")
                      ?? false, "\(outside)")
        // ... and inside it, a named pipe (which would never end) is refused without being read.
        XCTAssertEqual(mkfifo(folder.url.appendingPathComponent("pipe.yaml").path, 0o600), 0)
        try folder.write("rules.yaml", "id: x\ninclude: pipe.yaml\nfields:\n  a: {type: string}\n")
        XCTAssertEqual(problems(), ["rules.yaml:2:10: the library 'pipe.yaml' is not a regular file of at most 16 MiB; "
                                    + "include a YAML file of definitions"])
    }

    func testARuleFileIsNotALibrary() throws {
        try folder.write("lib/form.yaml", "id: y\nfields:\n  a: {type: string}\n")
        try folder.write("rules.yaml", "id: x\ninclude: lib/form.yaml\nfields:\n  a: {type: string}\n")
        let found = problems()
        XCTAssertTrue(found.contains { $0.hasPrefix("lib/form.yaml:1:1: 'fields' belongs in a rule file") }, "\(found)")
    }

    func testNamedSeedListsOfALibrary() throws {
        try folder.write("lib/countries.txt", "RU\nDE\n")
        try folder.write("lib/lists.yaml", "seeds:\n  countries: countries.txt\ndefinitions:\n  x: {type: string}\n")
        try folder.write("rules.yaml", """
            id: x
            include: lib/lists.yaml
            fields:
              c: {type: enum, valuesFrom: countries}
              d: {use: x, seed: countries}
            """)
        let rules = try load()
        XCTAssertTrue(validate(#"{"c": "DE", "d": "a"}"#, against: rules).violations.isEmpty)
        XCTAssertEqual(validate(#"{"c": "FR", "d": "a"}"#, against: rules).violations.map(\.rule), ["enum"])
        XCTAssertEqual(rules.ruleSet.field(at: "d")?.seed?.value, "countries.txt")
        XCTAssertTrue(rules.ruleSet.field(at: "d")?.seed?.location.file.hasSuffix("lib/lists.yaml") == true)

        try folder.write("rules.yaml", """
            id: x
            include: lib/lists.yaml
            seeds: {countries: other.txt}
            fields:
              d: {use: x}
            """)
        XCTAssertEqual(problems(), [
            "rules.yaml:3:9: seed list 'countries' is declared twice, here and at lib/lists.yaml:2:3; rename one of "
                + "them or remove one",
        ])
    }

    func testPathsInALibraryAreRelativeToTheLibrary() throws {
        try folder.write("lib/countries.txt", "RU\nDE\n")
        try folder.write("lib/names.yaml", "definitions:\n  country: {type: enum, valuesFrom: countries.txt}\n")
        try folder.write("rules.yaml", "id: x\ninclude: lib/names.yaml\nfields:\n  c: {use: country}\n")
        let rules = try load()
        XCTAssertTrue(validate(#"{"c": "DE"}"#, against: rules).violations.isEmpty)
        XCTAssertEqual(validate(#"{"c": "FR"}"#, against: rules).violations.map(\.rule), ["enum"])
    }
}
