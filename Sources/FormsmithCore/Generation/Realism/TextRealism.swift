import FormsmithValues

/// How a text spec's values are made to look real, decided once per spec from the field's
/// checks (see docs/rules.md, "Values that look real").
enum TextRealism: Sendable {
    /// Nothing to add: the field's patterns decide alone.
    case none
    /// Free text as words of the script. `confirm`: whether the sentence must be checked
    /// against the field's regex (it has one that allows any text of the script).
    case words(TextScript, confirm: Bool)
    /// An identifier's real structure written into each drawn candidate (always confirmed).
    case identifier(IdentifierOverlay)

    /// What the realistic value is, for the fallback count.
    var kindName: String {
        switch self {
        case .none: "plain value"
        case .words(let script, _): "\(script.rawValue) words"
        case .identifier(let overlay): overlay.kindName
        }
    }

    /// Decides for `field`'s spec: `seedScript` is the script of the field's seed list, when it
    /// has one; `bicFields` are the fields some `bank-account` checksum names as its BIC.
    static func plan(for field: CompiledField, spec: TextSpec, rules: CompiledRuleSet, formScript: TextScript,
                     seedScript: TextScript?, bicFields: Set<Int>) -> TextRealism {
        if spec.format != nil { return .none }
        if case .constant = spec.source { return .none }
        if let checksum = spec.checksum {
            switch checksum.algorithm {
            case .inn: return .identifier(.inn)
            case .ogrn: return .identifier(.ogrn)
            case .snils: return .identifier(.snils)
            case .vin: return .identifier(.vin)
            case .bankAccount: return .identifier(.bankAccount(innField: innBeside(field, rules: rules)))
            case .luhn, .iban: return .none
            }
        }
        if bicFields.contains(field.id) { return .identifier(.bic) }
        switch spec.source {
        case .plain:
            return .words(seedScript ?? formScript, confirm: false)
        case .regex, .mask, .intersection:
            if isVINPattern(spec) { return .identifier(.vin) }
            if startsWithRussianCountryCode(spec) { return .identifier(.russianMobile) }
            for script in [seedScript ?? formScript, (seedScript ?? formScript).other] where allowsAnyText(spec, in: script) {
                return .words(script, confirm: true)
            }
            return .none
        case .constant, .format:
            return .none
        }
    }

    /// The field checked with `checksum: inn` in the same section (or list item) as `field`.
    private static func innBeside(_ field: CompiledField, rules: CompiledRuleSet) -> Int? {
        let section = field.path.split(separator: ".").dropLast()
        return rules.fields.first { other in
            other.listID == field.listID && other.path.split(separator: ".").dropLast() == section
                && TextRequirements(other.checks).checksum?.algorithm == .inn
        }?.id
    }

    /// Whether the field's patterns accept sentences of `script`'s words (a comment field whose
    /// regex is `^[^<>]*$` or `^[\s\S]+$`): three sentences with spaces, all accepted.
    private static func allowsAnyText(_ spec: TextSpec, in script: TextScript) -> Bool {
        guard !spec.regexes.isEmpty || !spec.masks.isEmpty else { return false }
        var random = SeededRandom(seed: 23)
        let scratch = RegexScratch()
        for length in [12, 30, 45] {
            var sentence: [UInt8] = []
            script.words.appendSentence(length: length, minimum: length, to: &sentence, random: &random)
            let accepted = sentence.withUnsafeBufferPointer { bytes in
                spec.regexes.allSatisfy { $0.matches(bytes, scratch: scratch).isMatch }
                    && spec.masks.allSatisfy { $0.matches(bytes, scratch: scratch).isMatch }
            }
            if !accepted { return false }
        }
        return true
    }

    /// Whether the field's patterns are the VIN alphabet (no I, O, Q) 17 times: they accept real
    /// VINs and refuse one with an I and one a character short.
    private static func isVINPattern(_ spec: TextSpec) -> Bool {
        guard !spec.regexes.isEmpty else { return false }
        return accepts(spec, "XTA210990Y2765432") && accepts(spec, "WVWZZZ1JZXW000001")
            && !accepts(spec, "XTA210990Y276543I") && !accepts(spec, "XTA210990Y276543")
    }

    /// Whether the field's values start with `+7` and a digit drawn freely (not a fixed area
    /// code, nor a choice between a few that a regex names, such as `(?:9\d\d|495)`): 32
    /// candidates all start `+7`, and the first digit after it takes at least 6 values.
    private static func startsWithRussianCountryCode(_ spec: TextSpec) -> Bool {
        var random = SeededRandom(seed: 7)
        var firstDigits = Set<UInt8>()
        for _ in 0..<32 {
            var candidate: [UInt8] = []
            TextCandidates.append(spec, to: &candidate, random: &random, edge: nil)
            guard candidate.starts(with: Array("+7".utf8)),
                  let digit = candidate.dropFirst(2).first(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return false }
            firstDigits.insert(digit)
        }
        return firstDigits.count >= 6
    }

    private static func accepts(_ spec: TextSpec, _ text: String) -> Bool {
        let scratch = RegexScratch()
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            spec.regexes.allSatisfy { $0.matches(bytes, scratch: scratch).isMatch }
                && spec.masks.allSatisfy { $0.matches(bytes, scratch: scratch).isMatch }
        }
    }
}

extension BuiltInNames {
    /// The list for a field whose regex is a Cyrillic name pattern, by the field's own name:
    /// surnames for `lastName`, `surname`, `familyName`; patronymics for `middleName`,
    /// `patronymic`; first names otherwise. Each is the shipped list followed by the names
    /// composed from parts (``ComposedNames``): 1,000 values drawn hold over 850 different ones.
    static func list(forField path: String) -> [String] {
        switch kind(ofField: path) {
        case .last: lastNames + ComposedNames.lastNames
        case .middle: middleNames + ComposedNames.middleNames
        case .first: firstNames + ComposedNames.firstNames
        }
    }

    /// Which of the three lists a field's name asks for.
    enum Kind { case last, first, middle }

    /// Surnames for `lastName`, `surname`, `familyName`; patronymics for `middleName`,
    /// `patronymic`; first names otherwise.
    static func kind(ofField path: String) -> Kind {
        let name = (path.split(separator: ".").last.map(String.init) ?? path).lowercased()
        if name.contains("last") || name.contains("surname") || name.contains("family") { return .last }
        if name.contains("middle") || name.contains("patronymic") { return .middle }
        return .first
    }

    /// Whether every regex of `checks` is a Cyrillic name pattern: each accepts a surname, a
    /// first name and a patronymic (`Иванов`, `Мария`, `Петрович`) and refuses two words and a
    /// Latin name.
    static func isCyrillicNamePattern(_ checks: [ValueCheck]) -> Bool {
        let regexes = TextRequirements(checks).regexes
        guard !regexes.isEmpty else { return false }
        let scratch = RegexScratch()
        func accepts(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                regexes.allSatisfy { $0.matches(bytes, scratch: scratch).isMatch }
            }
        }
        return accepts("Иванов") && accepts("Мария") && accepts("Петрович") && !accepts("Иван Петров")
            && !accepts("Ivanov")
    }
}

/// What realism needs to know about the whole form, worked out once.
struct RealismContext {
    /// The form's script (see ``TextScript``).
    let formScript: TextScript
    /// The fields some `bank-account` checksum names as its BIC.
    let bicFields: Set<Int>

    init(_ rules: CompiledRuleSet) {
        formScript = TextScript.ofForm(rules)
        var bics = Set<Int>()
        for field in rules.fields {
            for checks in [field.checks] + field.cases.map(\.checks) {
                if let checksum = TextRequirements(checks).checksum, checksum.algorithm == .bankAccount,
                   let companion = checksum.companion {
                    bics.insert(companion)
                }
            }
        }
        bicFields = bics
    }
}
