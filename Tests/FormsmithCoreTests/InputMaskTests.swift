import XCTest

@testable import FormsmithCore

final class InputMaskTests: XCTestCase {
    /// Compiles the mask's pattern with `CompiledRegex` and checks each value against it.
    private func assertMask(
        _ mask: String, accepts valid: [String], rejects invalid: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let inputMask = try InputMask(mask)
        let regex = try CompiledRegex(pattern: inputMask.regexPattern)
        let scratch = RegexScratch()
        for value in valid {
            XCTAssertEqual(regex.matches(value, scratch: scratch), .match, "\(mask) should accept \(value)",
                file: file, line: line)
            XCTAssertTrue(inputMask.lengthRange.contains(value.unicodeScalars.count), value, file: file, line: line)
        }
        for value in invalid {
            XCTAssertEqual(regex.matches(value, scratch: scratch), .noMatch, "\(mask) should reject \(value)",
                file: file, line: line)
        }
    }

    func testRussianMobilePhone() throws {
        try assertMask(
            "+7 (000) 000-00-00",
            accepts: ["+7 (916) 123-45-67", "+7 (495) 000-00-00"],
            rejects: [
                "+7 (916) 1234567", "8 (916) 123-45-67", "+7 (916) 123-45-6", "+7 (916) 123-45-678",
                "+7 (916) 123-45-67\n", " +7 (916) 123-45-67", "+7 (916) 123-45-6a", "+7 (916) 123-45-٦٧",
                "",
            ])
        let mask = try InputMask("+7 (000) 000-00-00")
        XCTAssertEqual(mask.regexPattern, #"\A\+7 \([0-9]{3}\) [0-9]{3}\-[0-9]{2}\-[0-9]{2}\z"#)
        XCTAssertEqual(mask.lengthRange, 18...18)
    }

    func testPassportAndDriverLicense() throws {
        try assertMask(
            "00 00 000000",
            accepts: ["45 08 123456", "77 12 000001"],
            rejects: ["4508 123456", "45 08 12345", "45 08 1234567", "45 O8 123456", "45  08 123456"])
    }

    func testCarPlateAcceptsOnlyCyrillicLettersUsedOnPlates() throws {
        let plate = "[АВЕКМНОРСТУХ]000[АВЕКМНОРСТУХ][АВЕКМНОРСТУХ]00[0-9]?"
        try assertMask(
            plate,
            accepts: ["А123ВС77", "А123ВС777", "Х999ХХ199", "О001ОО01"],
            rejects: ["A123BC77", "А123ВС7", "А123ВС7777", "Б123ВС77", "а123вс77", "А12ВС777"])
        let mask = try InputMask(plate)
        XCTAssertEqual(mask.lengthRange, 8...9)
        XCTAssertEqual(
            mask.regexPattern,
            #"\A[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[0-9]{2}[0-9]?\z"#)
        XCTAssertEqual(mask.elements.first, .set("АВЕКМНОРСТУХ", optional: false))
        XCTAssertEqual(mask.elements.last, .set("0-9", optional: true))
    }

    func testLettersAlphanumericsAndOptionalPlaceholders() throws {
        try assertMask(
            "SS-A9",
            accepts: ["ЖЖ-Ы", "ab-1", "Ωé-z7", "Иx-05"],
            rejects: ["Ж1-a", "ЖЖ-", "ЖЖ-ab", "ЖЖ-a77", "ЖЖ-١"])
        try assertMask("0?0", accepts: ["1", "12"], rejects: ["", "123"])
        try assertMask("S?A?", accepts: ["", "Я", "7", "Я7"], rejects: ["77", "Я7x"])
        try assertMask("00?9", accepts: ["1", "12", "123"], rejects: ["", "1234"])
        XCTAssertEqual(try InputMask("S?A?").lengthRange, 0...2)
        XCTAssertEqual(
            try InputMask("S?A0?").elements,
            [.letter(optional: true), .alphanumeric(optional: false), .digit(optional: true)])
        XCTAssertEqual(try InputMask("0999").regexPattern, #"\A[0-9][0-9]{0,3}\z"#)
    }

    func testEscapesAndRegexMetacharactersAreLiterals() throws {
        try assertMask(#"\0\9\A\S-00"#, accepts: ["09AS-12"], rejects: ["19AS-12", "09ab-12"])
        try assertMask(#"C:\\00"#, accepts: [#"C:\12"#], rejects: ["C:12", #"C:\\12"#])
        try assertMask(#"\[00\]"#, accepts: ["[12]"], rejects: ["12", "[1]"])
        try assertMask("0.0*0|$^{1}", accepts: ["1.2*3|$^{1}"], rejects: ["1x2*3|$^{1}", "1.2"])
        try assertMask(#"0\?"#, accepts: ["1?"], rejects: ["1", ""])
        try assertMask("№ 00", accepts: ["№ 12"], rejects: ["N 12"])
        XCTAssertEqual(
            try InputMask(#"\0\\"#).elements, [.literal("0"), .literal("\\")])
        XCTAssertEqual(try InputMask("a?").elements, [.literal("a"), .literal("?")])
    }

    func testCharacterSetBodiesAreNormalisedAndSafe() throws {
        let cases: [(mask: String, body: String, accepts: [String], rejects: [String])] = [
            ("[A-Z]", "A-Z", ["Q"], ["q", "Ж"]),
            ("[^0-9]", "^0-9", ["x", "Ж"], ["5"]),
            ("[-+]", "\\-+", ["-", "+"], ["*"]),
            ("[a-c-e]", "a-c\\-e", ["b", "-", "e"], ["d"]),
            (#"[\]\\]"#, #"\]\\"#, ["]", "\\"], ["["]),
            ("[[:]", "\\[:", ["[", ":"], ["a"]),
            ("[Ё]?", "Ё", ["", "Ё"], ["Е"]),
        ]
        for testCase in cases {
            let mask = try InputMask(testCase.mask)
            XCTAssertEqual(mask.elements.first?.isOptional, testCase.mask.hasSuffix("?"), testCase.mask)
            guard case .set(let body, _) = mask.elements.first else {
                XCTFail("\(testCase.mask) should be a set")
                continue
            }
            XCTAssertEqual(body, testCase.body, testCase.mask)
            try assertMask(testCase.mask, accepts: testCase.accepts, rejects: testCase.rejects)
        }
    }

    func testSyntaxErrorsRenderACaretUnderTheProblem() {
        let cases: [(mask: String, rendered: String)] = [
            ("", "\n^ the mask is empty; write placeholders (0, 9, A, S, [...]) and literal characters, "
                + "e.g. +7 (000) 000-00-00"),
            ("000\\", "000\\\n   ^ the mask ends with a backslash, which must escape a character; "
                + #"write \\ for a literal backslash"#),
            ("00[АВЕ00", "00[АВЕ00\n  ^ this \"[\" starts a character set that is never closed; "
                + #"add "]" after its characters, or write \[ for a literal "[""#),
            ("Ж[]0", "Ж[]0\n ^ this character set is empty; put the allowed characters between the brackets, "
                + #"e.g. [A-Z], or write \[ for a literal "[""#),
            ("[^]", "[^]\n^ this character set is empty; put the allowed characters between the brackets, "
                + #"e.g. [A-Z], or write \[ for a literal "[""#),
            (#"0[\d]"#, "0[\\d]\n  ^ \\d is not allowed in a character set; escape only punctuation, "
                + "and list letters and digits directly or as a range such as 0-9"),
            ("00 [Я-А]", "00 [Я-А]\n    ^ the range Я-А is out of order; write the lower character first, as in А-Я"),
            (#"[ab\"#, "[ab\\\n   ^ the mask ends with a backslash inside a character set; "
                + #"close the set with "]", and write \\ for a literal backslash"#),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try InputMask(testCase.mask), testCase.mask) { error in
                guard let error = error as? PatternSyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.rendered(pattern: testCase.mask), testCase.rendered, testCase.mask)
            }
        }
    }

    func testErrorOffsetCountsCharactersNotScalars() {
        // "й" written as и + combining breve is one character but two scalars.
        let mask = "\u{0438}\u{0306}[0"
        XCTAssertThrowsError(try InputMask(mask)) { error in
            guard let error = error as? PatternSyntaxError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.language, .inputMask)
            XCTAssertEqual(error.offset, 1)
            XCTAssertTrue(error.description.hasPrefix("invalid input mask at character 1: "), error.description)
        }
    }

    func testCompileConvenienceMatchesTheSamePattern() throws {
        let regex = try InputMask("00 00 000000").compile()
        XCTAssertEqual(regex.matches("45 08 123456", scratch: RegexScratch()), .match)
        XCTAssertEqual(regex.pattern, #"\A[0-9]{2} [0-9]{2} [0-9]{6}\z"#)
    }
}
