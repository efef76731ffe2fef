@testable import FormsmithCore
import XCTest

/// Binding a JSON member to its field by name: names compared by their first two 8-byte words
/// and the rest byte by byte. Names that agree up to and across each word's edge must still be
/// told apart, wherever the record ends.
final class MemberNameLookupTests: XCTestCase {
    static let rulesText = """
        id: names
        fields:
          abcdefgh: {type: string, optional: true}
          abcdefghi: {type: string, optional: true}
          abcdefghijklmno: {type: string, optional: true}
          abcdefghijklmnop: {type: string, optional: true}
          abcdefghijklmnopq: {type: string, optional: true}
          abcdefghijklmnopqrstuvwx: {type: string, optional: true}
        """

    private func check(_ json: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(pairs(validate(json, against: try compileRules(Self.rulesText))), expected, json,
                       file: file, line: line)
    }

    func testEveryLengthAroundTheWordEdgesBinds() throws {
        try check(#"{"abcdefgh": "a", "abcdefghi": "b", "abcdefghijklmno": "c", "abcdefghijklmnop": "d", "#
                  + #""abcdefghijklmnopq": "e", "abcdefghijklmnopqrstuvwx": "f"}"#, [])
        // In another order than declared (the search starts after the previous match and wraps).
        try check(#"{"abcdefghijklmnopqrstuvwx": "f", "abcdefghi": "b", "abcdefghijklmnopq": "e", "abcdefgh": "a"}"#, [])
    }

    func testNamesDifferingOnlyInALaterByteAreUnknown() throws {
        try check(#"{"abcdefghj": "x", "abcdefghijklmnoX": "x", "abcdefghijklmnopX": "x", "#
                  + #""abcdefghijklmnopqrstuvwX": "x", "abcdefghijklmnopqrstuvwxy": "x", "abcdefghijklmn": "x", "#
                  + #""abcdefg": "x", "abcdefghijklmnopqr": "x"}"#,
                  ["abcdefghj unknown-field", "abcdefghijklmnoX unknown-field", "abcdefghijklmnopX unknown-field",
                   "abcdefghijklmnopqrstuvwX unknown-field", "abcdefghijklmnopqrstuvwxy unknown-field",
                   "abcdefghijklmn unknown-field", "abcdefg unknown-field", "abcdefghijklmnopqr unknown-field"])
    }

    func testANameNearTheRecordsEndIsToldApart() throws {
        // Fewer than 16 bytes from the name's start to the record's end (16 bytes in all).
        try check(#"{"abcdefghi":""}"#, [])
        try check(#"{"abcdefghj":""}"#, ["abcdefghj unknown-field"])
        try check(#"{"abcdefghij":""}"#, ["abcdefghij unknown-field"])
        try check(#"{"abcdefghijklmno":""}"#, [])
        try check(#"{"abcdefghijklmnX":""}"#, ["abcdefghijklmnX unknown-field"])
        try check(#"{"abcdefghijklmnopq":""}"#, [])
        try check(#"{"abcdefghijklmnopr":""}"#, ["abcdefghijklmnopr unknown-field"])
    }

    func testEscapedNamesAndRepeatsAreRead() throws {
        try check(#"{"abcdefgh\u0069": "b"}"#, [])
        try check(#"{"abcdefghijklmnop\u0071": "e", "abcdefghijklmnopq": "e"}"#,
                  ["abcdefghijklmnopq duplicate-field"])
        try check(#"{"abcdefghijklmnop": "d", "abcdefghijklmnop": "d"}"#, ["abcdefghijklmnop duplicate-field"])
    }
}
