import Foundation

/// `text-form`: a text that fails its checks only because of how it was typed. A name sent
/// from a phone in decomposed Unicode (`Семёнов` as `е` + U+0308), with a zero-width space, a
/// soft hyphen, a no-break space or a byte order mark in it, or with spaces around it looks
/// right and fails the field's regex with a message no one can act on. When a string or text
/// value breaks one of its checks and the same value tidied (invisible characters removed,
/// no-break spaces made plain, surrounding whitespace trimmed, NFC) passes them all, its
/// violations are replaced by one `text-form` violation that says what is wrong.
///
/// It is a review step, not a ``TextCheck``: it judges no value on its own (`normalize` compiles
/// to no check), it reruns the field's text checks on the tidied value (``RecordValidator/checkText(_:_:_:_:_:)``)
/// only after one of them failed, and it applies to enum and multi-choice values as well.
///
/// `normalize: nfc` (on the field, or at the top of the rule file for every field) accepts a
/// value whose only problem is its Unicode form. The value is examined only after a text
/// check failed, so values that pass cost nothing.
enum TextFormCheck: ValueCheckKind {
    /// The `normalize` setting that accepts NFC-equivalent values.
    static let nfc = "nfc"
    /// Every `normalize` setting.
    static let settings = ["nfc", "none"]

    /// `normalize` as written.
    struct Written: WrittenKeys {
        var normalize: Located<String>?
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.textForm,
                  summary: "A text fails only because of how it is written (not NFC, an invisible character, "
                    + "surrounding spaces)."),
    ]

    static let keys = [
        CheckKey("normalize", types: [.string, .text, .enumeration, .multiChoice], reader, into: \.normalize,
                 "nfc: a value whose Unicode NFC form passes is accepted (decomposed letters typed on a phone); "
                 + "none (the default): it gets a text-form violation that says so (rule text-form). Overrides the "
                 + "rule set's normalize."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.textForm,
            summary: "A value that fails only because of an invisible character, surrounding spaces or decomposed "
                + "letters gets one `text-form` violation saying so; `normalize: nfc` accepts decomposed letters.",
            field: "{type: string, regex: '^[А-ЯЁ][а-яё]+$', normalize: nfc}",
            passing: ["\"Семёнов\"", "\"Семе\\u0308нов\""],
            failing: ["\"Ива\\u200Bнов\"", "\"Иванов \"", "\"\\uFEFFИванов\"", "\"Ива\\u00ADнов\"", "\"Семе\\u0308нов\\u00A0\""]),
        CheckDescription(
            rule: RuleIdentifier.textForm,
            summary: "Without `normalize: nfc` a decomposed letter is a `text-form` violation too.",
            field: "{type: string, mask: 'SSSSSSS', normalize: none}",
            passing: ["\"Семёнов\""], failing: ["\"Семе\\u0308нов\"", "\"\\u00A0Семёнов\""]),
        CheckDescription(
            rule: RuleIdentifier.textForm,
            summary: "An enum value that is one of `values` once tidied gets a `text-form` violation, not `enum`; "
                + "`normalize: nfc` accepts decomposed letters there too.",
            field: "{type: enum, values: [Семёнов, Иванов], normalize: nfc}",
            passing: ["\"Семёнов\"", "\"Семе\\u0308нов\""],
            failing: ["\"Иванов \"", "\"Ива\\u200Bнов\"", "\"Семе\\u0308нов\\u00AD\""]),
        CheckDescription(
            rule: RuleIdentifier.textForm,
            summary: "So does each choice of a multi-choice field.",
            field: "{type: multi-choice, values: [стёкла, угон], normalize: none}",
            passing: ["[\"стёкла\", \"угон\"]"],
            failing: ["[\"сте\\u0308кла\"]", "[\"угон\", \"\\uFEFFстёкла\"]"]),
    ]

    /// `nfc` or `none`; another setting is reported (and kept, as the rule set's `normalize` is).
    static let reader = KeyReader<Located<String>>(schema: [("enum", ["nfc", "none"])], shape: "nfc or none") {
        mapping, key, _ in
        let setting = mapping.string(key)
        if let setting { checkSetting(setting, problems: mapping.problems) }
        return setting
    }

    /// Reports a `normalize` value other than `nfc` or `none`.
    static func checkSetting(_ setting: Located<String>, problems: ProblemCollector) {
        guard !settings.contains(setting.value) else { return }
        problems.report("unknown normalize setting '\(setting.value)'" + Suggestion.didYouMean(setting.value, in: settings)
                        + "; use nfc (accept values whose NFC form passes) or none", at: setting.location)
    }

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        _ = state.applies("normalize", constraints.normalize?.location, to: site.rule)
        return nil  // not a check of its own: it decides how text violations are worded (CompiledField.acceptsNFC)
    }

    static let jsonSchema: SchemaExpression = .partly(["anyOf"], notExpressed: "a value spoilt only by how it was typed (invisible characters, spaces around it)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.normalize != nil ? [RuleIdentifier.textForm] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let normalize = constraints.normalize else { return [] }
        let body = normalize.value == nfc
            ? "nfc: a value whose Unicode NFC form passes is accepted (decomposed letters are fine)"
            : "none: decomposed letters are a text-form violation"
        return [ExplainedCheck(label: "normalize", body: body, rules: [RuleIdentifier.textForm])]
    }
}

extension Constraints {
    /// `nfc`: a text whose Unicode NFC form passes is accepted as it is; `none`: it gets a
    /// `text-form` violation (the default).
    public var normalize: Located<String>? {
        get { self[TextFormCheck.self].normalize }
        set { self[TextFormCheck.self].normalize = newValue }
    }
}

extension RuleIdentifier {
    /// A text fails its checks only because of how it is written: not in Unicode NFC, with an
    /// invisible character (zero-width space, soft hyphen, no-break space, BOM) or with spaces
    /// around it; the same text tidied passes.
    public static let textForm = "text-form"
}

/// How a text is written, apart from what it says: its invisible characters, surrounding
/// whitespace and Unicode form, and the tidied text without them.
struct TextFormReview {
    /// The value tidied: invisible characters removed, no-break spaces made plain, trimmed, NFC.
    let tidied: [UInt8]
    /// What is wrong, one phrase each, with what to do.
    let problems: [String]
    /// Whether the only problem is the Unicode form (decomposed letters).
    let onlyDecomposed: Bool

    /// Characters that do not show and are removed when tidying.
    static let invisible: [Unicode.Scalar: String] = [
        "\u{200B}": "a zero-width space (U+200B)", "\u{00AD}": "a soft hyphen (U+00AD)",
        "\u{FEFF}": "a byte order mark (U+FEFF)", "\u{2060}": "a word joiner (U+2060)",
    ]
    /// Spaces that look like a plain space.
    static let spaceLike: [Unicode.Scalar: String] = [
        "\u{00A0}": "a no-break space (U+00A0)", "\u{202F}": "a narrow no-break space (U+202F)",
    ]

    /// The review of `text`, or nil when how it is written is fine. A byte scan decides first:
    /// only a value with surrounding whitespace, one of the characters above or a combining
    /// mark (U+0300-U+036F, U+20D0-U+20FF, Hangul jamo) is decoded and normalized.
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        guard let first = text.first, let last = text.last else { return nil }
        guard Self.isSpace(first) || Self.isSpace(last) || Self.hasSuspectBytes(text) else { return nil }
        var problems: [String] = []
        var kept = String.UnicodeScalarView()
        for (index, scalar) in String(decoding: text, as: UTF8.self).unicodeScalars.enumerated() {
            if let name = Self.invisible[scalar] {
                problems.append("\(name) at character \(index + 1): remove it")
            } else if let name = Self.spaceLike[scalar] {
                problems.append("\(name) at character \(index + 1): type a plain space or none")
                kept.append(" ")
            } else {
                kept.append(scalar)
            }
        }
        let joined = String(kept)
        let trimmed = joined.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.utf8.count != joined.utf8.count {
            problems.insert("spaces before or after the text: trim them", at: 0)
        }
        let composed = trimmed.precomposedStringWithCanonicalMapping
        let decomposed = !composed.utf8.elementsEqual(trimmed.utf8)
        if decomposed {
            problems.append("letters in decomposed Unicode (a letter followed by a combining mark, such as е and "
                            + "U+0308 for ё): write them composed (NFC)")
        }
        guard !problems.isEmpty else { return nil }
        self.problems = problems
        tidied = Array(composed.utf8)
        onlyDecomposed = decomposed && problems.count == 1
    }

    /// The review of an enum value or choice that is not one of `strings`, when tidying makes
    /// it one of them (otherwise the value is simply not allowed, and nil).
    init?(choice text: UnsafeBufferPointer<UInt8>, among strings: [[UInt8]]) {
        guard let review = TextFormReview(text), strings.contains(where: { $0 == review.tidied }) else { return nil }
        self = review
    }

    /// The violation's message.
    var message: String {
        "looks right but fails only because of how it is written: " + problems.joined(separator: "; ")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the UTF-8 bytes hold an invisible or space-like character of the tables above, a
    /// combining mark (U+0300-U+036F as CC/CD, U+20D0-U+20FF) or a Hangul jamo (U+1100-U+11FF).
    static func hasSuspectBytes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            index += 1
            guard byte >= 0xC2 else { continue }
            let next = index < count ? text[index] : 0
            let third = index + 1 < count ? text[index + 1] : 0
            switch byte {
            case 0xC2: if next == 0xA0 || next == 0xAD { return true }  // U+00A0, U+00AD
            case 0xCC, 0xCD: return true  // U+0300-U+037F: combining diacritics (and a few Greek letters)
            case 0xE1: if (0x84...0x87).contains(next) { return true }  // Hangul jamo
            case 0xE2:
                if next == 0x80, third == 0x8B || third == 0xAF { return true }  // U+200B, U+202F
                if next == 0x81, third == 0xA0 { return true }  // U+2060
                if next == 0x83, third >= 0x90 { return true }  // U+20D0-U+20FF
            case 0xEF: if next == 0xBB, third == 0xBF { return true }  // U+FEFF
            default: break
            }
        }
        return false
    }
}

extension RecordValidator {
    /// After `text` broke some of `checks` (violations from `before` on): when the value tidied
    /// passes them all, replaces those violations by one `text-form` violation (or by none
    /// under `normalize: nfc` when only the Unicode form differs).
    func reviewTextForm(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath,
                        _ raw: RawValue, _ checks: [ValueCheck], since before: Int) {
        guard let review = TextFormReview(text) else { return }
        let failed = violations.count
        review.tidied.withUnsafeBufferPointer { checkText($0, field, path, raw, checks) }
        let tidiedPasses = violations.count == failed
        violations.removeSubrange(failed...)
        guard tidiedPasses else { return }
        violations.removeSubrange(before...)
        if review.onlyDecomposed, field.acceptsNFC { return }
        report(field, path, RuleIdentifier.textForm, review.message, raw)
    }
}

extension DefectPlanter {
    /// The value with an invisible character typed into it (a zero-width space, a soft hyphen
    /// or a BOM), or its letters decomposed: it looks the same and fails only its form. For an
    /// enum the value is one of its values so typed; for a multi-choice field, one choice.
    func mistypedText(_ field: CompiledField, _ value: GeneratedValue, random: inout SeededRandom) -> GeneratedValue? {
        switch value {
        case .text:
            let text = String(decoding: builder.record.bytes(of: value), as: UTF8.self)
            return mistyped(text, field, random: &random).map { builder.record.appendText(Array($0.utf8)) }
        case .choice(let index) where !field.hasIntegerValues:
            let text = String(decoding: generator.plan.fields[field.id].enumText[Int(index)], as: UTF8.self)
            return mistyped(text, field, random: &random).map { builder.record.appendText(Array($0.utf8)) }
        case .choices(let start, let count) where count > 0:
            var chosen = builder.record.choiceIndexes[Int(start)..<Int(start + count)].map {
                String(decoding: generator.plan.fields[field.id].enumText[Int($0)], as: UTF8.self)
            }
            let position = random.int(in: 0...Int(count) - 1)
            guard let typed = mistyped(chosen[position], field, random: &random) else { return nil }
            chosen[position] = typed
            return builder.record.appendLiteral(json: JSONText.array(chosen.map(JSONText.quoted)),
                                                cell: chosen.joined(separator: ";"))
        default:
            return nil
        }
    }

    private func mistyped(_ text: String, _ field: CompiledField, random: inout SeededRandom) -> String? {
        var scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        let decomposed = text.decomposedStringWithCanonicalMapping
        let choice = random.int(in: 0...3)
        if choice == 3, !decomposed.utf8.elementsEqual(text.utf8), !field.acceptsNFC { return decomposed }
        let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{00AD}", "\u{FEFF}"]
        let position = choice == 2 ? 0 : random.int(in: 0...scalars.count)
        scalars.insert(invisible[min(choice, 2)], at: position)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
