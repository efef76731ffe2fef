import Foundation
import XCTest
@testable import FormsmithCore

/// The built-in material of realistic values: the name lists stay the shipped files, and
/// sentences of words have the length asked for.
final class RealisticValuesTests: XCTestCase {
    private func seedFile(_ name: String) throws -> [String] {
        try String(contentsOf: repositoryRoot.appendingPathComponent("SampleData/seeds/\(name)"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    func testTheBuiltInNamesAreTheShippedNameLists() throws {
        XCTAssertEqual(BuiltInNames.lastNames, try seedFile("ru-last-names.txt"))
        XCTAssertEqual(BuiltInNames.firstNames, try seedFile("ru-first-names.txt"))
        XCTAssertEqual(BuiltInNames.middleNames, try seedFile("ru-middle-names.txt"))
    }

    func testTheNameListFollowsTheFieldsName() {
        // Shipped names and composed ones, each of the kind the field's name asks for.
        for (field, names) in [("insurant.lastName", ["Иванов", "Белозеров", "Белозерская"]),
                               ("drivers.surname", ["Иванова", "Новоборов"]),
                               ("owner.middleName", ["Петрович", "Ярославович", "Тихомировна"]),
                               ("patronymic", ["Ильинична"]),
                               ("owner.firstName", ["Мария", "Тихомир", "Ярослава"]),
                               ("name", ["Иван", "Святослав"])] {
            let list = Set(BuiltInNames.list(forField: field))
            for name in names { XCTAssertTrue(list.contains(name), "\(field): \(name)") }
        }
        XCTAssertFalse(BuiltInNames.list(forField: "lastName").contains("Петрович"))
        XCTAssertFalse(BuiltInNames.list(forField: "firstName").contains("Иванов"))
        XCTAssertGreaterThan(Set(BuiltInNames.list(forField: "lastName")).count, 3000)
        XCTAssertGreaterThan(Set(BuiltInNames.list(forField: "firstName")).count, 3000)
        XCTAssertGreaterThan(Set(BuiltInNames.list(forField: "middleName")).count, 3000)
    }

    func testSentencesHaveTheLengthAskedForInCharactersNotBytes() {
        var random = SeededRandom(seed: 3)
        for script in [TextScript.cyrillic, .latin] {
            for length in 1...80 {
                for minimum in [1, length / 2, length] {
                    var bytes: [UInt8] = []
                    script.words.appendSentence(length: length, minimum: minimum, to: &bytes, random: &random)
                    let text = String(decoding: bytes, as: UTF8.self)
                    XCTAssertTrue((minimum...length).contains(text.unicodeScalars.count),
                                  "\(script) \(minimum)...\(length): \"\(text)\" has \(text.unicodeScalars.count)")
                    XCTAssertFalse(text.hasPrefix(" ") || text.hasSuffix(" ") || text.contains("  "), text)
                    XCTAssertEqual(text.first.map { String($0) == String($0).uppercased() }, true, text)
                    let letters = text.unicodeScalars.filter { $0 != " " }
                    XCTAssertTrue(letters.allSatisfy { script == .cyrillic ? (0x0410...0x044F).contains($0.value)
                                                                           : ("a"..."z").contains($0) || ("A"..."Z").contains($0) }, text)
                }
            }
        }
    }

    func testTheFormsScriptComesFromItsEnumValuesRegexesAndMasks() throws {
        func script(_ yaml: String) throws -> TextScript {
            TextScript.ofForm(try RulesLoader.load(text: yaml, file: "form.yaml", today: testToday))
        }
        XCTAssertEqual(try script("id: a\nfields:\n  note: {type: string}\n"), .latin)
        XCTAssertEqual(try script("id: a\nfields:\n  basis: {type: enum, values: ['ТП', '0']}\n"), .cyrillic)
        XCTAssertEqual(try script("id: a\nfields:\n  name: {type: string, regex: '^[А-Я]+$'}\n"), .cyrillic)
        XCTAssertEqual(try script("id: a\nfields:\n  plate: {type: string, mask: '[АВЕ]000'}\n"), .cyrillic)
        XCTAssertEqual(try script("id: a\nfields:\n  code: {type: string, regex: '^[A-Z]{3}$'}\n"), .latin)
    }
}
