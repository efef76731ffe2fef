import Foundation
import FormsmithCore
import FormsmithValues

/// The reference validator's value checks: one function per type, in the order docs/rules.md
/// lists them. A value of the wrong type gets one `type` finding and nothing else; a value of
/// the right type gets every check it breaks.
extension ReferenceWalk {
    func checkValue(_ field: FieldRule, _ value: PlainJSON, path: String, indices: [Int]) {
        if field.type == .attachment {
            checkAttachment(field, value, path: path, indices: indices)
            return
        }
        if isAllowed(field, value) { return }
        guard checkType(field, value, path: path, indices: indices) else { return }
        check(field.constraints, field, value, path: path, indices: indices)
        for variant in field.cases where truth(variant.condition.value, indices) == true {
            check(variant.constraints, field, value, path: path, indices: indices)
        }
    }

    /// `allow`: a value written exactly as one of the special values skips the checks.
    private func isAllowed(_ field: FieldRule, _ value: PlainJSON) -> Bool {
        let allowed = field.constraints.allow.map(\.value)
        guard !allowed.isEmpty else { return false }
        switch value {
        case .string(let text): return allowed.contains { ReferenceValues.same($0, text) }
        case .number(let text):
            // On a number field, numbers compared by value: `0`, `0.0` and `0e3` alike. On a
            // string field a number is of the wrong type, whatever `allow` lists.
            guard field.type == .integer || field.type == .decimal || field.type == .enumeration,
                  let number = ReferenceNumber(json: text) else { return false }
            return allowed.contains { ReferenceNumber(json: $0).map { ReferenceNumber.compare($0, number) == 0 } ?? false }
        default: return false
        }
    }

    /// Reports `type` and returns false when the value is not of the field's type; a list's
    /// items and a multi-choice field's choices are checked here too.
    private func checkType(_ field: FieldRule, _ value: PlainJSON, path: String, indices: [Int]) -> Bool {
        switch field.type {
        case .string, .text:
            guard case .string = value else { return typeError(path) }
        case .integer:
            guard case .number(let text) = value, ReferenceValues.integer(text) != nil else { return typeError(path) }
        case .decimal:
            guard case .number(let text) = value, ReferenceNumber(json: text) != nil else { return typeError(path) }
        case .boolean:
            guard case .boolean = value else { return typeError(path) }
        case .date:
            guard case .string(let text) = value, ReferenceValues.date(text, field) != nil else { return typeError(path) }
        case .enumeration:
            if ReferenceValues.hasIntegerValues(field) {
                guard case .number(let text) = value, ReferenceValues.integer(text) != nil else { return typeError(path) }
            } else {
                guard case .string = value else { return typeError(path) }
            }
        case .multiChoice:
            guard case .array(let choices) = value else { return typeError(path) }
            for (position, choice) in choices.enumerated() {
                guard case .string = choice else { return typeError("\(path)[\(position)]") }
            }
        case .list:
            guard case .array(let items) = value else { return typeError(path) }
            checkItems(field, items, path: path, indices: indices)
        case .section, .attachment:
            return true
        }
        return true
    }

    private func typeError(_ path: String) -> Bool {
        report(path, "type")
        return false
    }

    /// A list's items: each must be an object (else `type` at `list[i]`); each object's members
    /// are bound, its fields evaluated, then its sections as a whole and its assertions.
    private func checkItems(_ list: FieldRule, _ items: [PlainJSON], path: String, indices: [Int]) {
        for (position, item) in items.enumerated() {
            if case .object = item {
                bindObject(item, fields: list.children, prefix: "\(path)[\(position)].")
            } else {
                report("\(path)[\(position)]", "type")
            }
        }
        for position in items.indices {
            evaluateScope(list.path, indices: indices + [position])
            for assertion in list.assertions {
                check(assertion, indices: indices + [position], itemPath: "\(path)[\(position)]")
            }
        }
    }

    /// The value checks of `constraints` (the field's own or a case's) on a value of the right type.
    private func check(_ constraints: Constraints, _ field: FieldRule, _ value: PlainJSON, path: String,
                       indices: [Int]) {
        switch value {
        case .string(let text) where field.type == .string || field.type == .text:
            checkText(constraints, field, text, path: path, indices: indices)
        case .string(let text) where field.type == .date:
            guard let date = ReferenceValues.date(text, field) else { return }
            checkBounds(constraints, .date(date), path: path, indices: indices)
            if let days = constraints.weekdays, !days.contains(where: { entry in
                if case .string(let name) = entry.value { return name.lowercased() == ReferenceValues.dayName(date) }
                return false
            }) {
                report(path, "weekdays")
            }
        case .string(let text) where field.type == .enumeration:
            if let values = ReferenceWordLists.values(constraints, validator), !values.contains(where: { ReferenceValues.isString($0.value, text) }) {
                notAllowed(text, values, field).map { report(path, $0) }
            }
            if let constant = constraints.constant, !ReferenceValues.same(constant.value.description, text) { report(path, "const") }
        case .number(let text):
            guard let number = ReferenceNumber(json: text) else { return }
            func equals(_ value: EnumValue) -> Bool {
                guard case .integer(let expected) = value else { return false }
                return ReferenceNumber.compare(ReferenceNumber(json: String(expected))!, number) == 0
            }
            if field.type == .enumeration {
                if let values = ReferenceWordLists.values(constraints, validator), !values.contains(where: { equals($0.value) }) { report(path, "enum") }
                if let constant = constraints.constant, !equals(constant.value) { report(path, "const") }
                return
            }
            checkBounds(constraints, .number(number), path: path, indices: indices)
            if field.type == .decimal, let digits = constraints.fractionDigits, number.fractionDigits > digits.value {
                report(path, "fraction-digits")
            }
            if let step = constraints.multipleOf, !ReferenceValues.isMultiple(text, of: step.value) {
                report(path, "multiple-of")
            }
            // `greaterThan`: strictly above its bound, compared on the reference's own numbers.
            if let bound = constraints.greaterThan, let limit = ReferenceNumber(json: bound.value),
               ReferenceNumber.compare(number, limit) <= 0 {
                report(path, "greater-than")
            }
            if let constant = constraints.constant, !equals(constant.value) { report(path, "const") }
        case .boolean(let flag):
            if let constant = constraints.constant, constant.value != .boolean(flag) { report(path, "const") }
        case .array(let items) where field.type == .multiChoice:
            let chosen = items.compactMap { item -> String? in
                if case .string(let text) = item { return text }
                return nil
            }
            if let values = ReferenceWordLists.values(constraints, validator) {
                for choice in chosen where !values.contains(where: { ReferenceValues.isString($0.value, choice) }) {
                    notAllowed(choice, values, field).map { report(path, $0) }
                }
            }
            checkCount(constraints, chosen.count, path: path)
            if Set(chosen.map { Array($0.utf8) }).count != chosen.count { report(path, "unique") }
        case .array(let items) where field.type == .list:
            checkCount(constraints, items.count, path: path)
        default:
            break
        }
    }

    private func checkCount(_ constraints: Constraints, _ count: Int, path: String) {
        if let minimum = constraints.minItems, count < minimum.value { report(path, "min-items") }
        if let maximum = constraints.maxItems, count > maximum.value { report(path, "max-items") }
    }

    /// Length, regex, mask, format, checksum and const of a text; when the text breaks some and
    /// the same text tidied (docs/rules.md, "Text as people type it") passes all, one
    /// `text-form`, or nothing under `normalize: nfc` when only its Unicode form differs.
    private func checkText(_ constraints: Constraints, _ field: FieldRule, _ text: String, path: String, indices: [Int]) {
        let companion = companionValue(constraints, indices)
        let broken = Self.textProblems(constraints, text, companion: companion)
        guard !broken.isEmpty else { return }
        if let tidied = ReferenceValues.tidied(text), Self.textProblems(constraints, tidied, companion: companion).isEmpty {
            if acceptsNFC(field), ReferenceValues.same(text.precomposedStringWithCanonicalMapping, tidied) { return }
            report(path, "text-form")
            return
        }
        for rule in broken { report(path, rule) }
    }

    /// `normalize: nfc` on the field, or at the top of the rule file when the field says nothing.
    func acceptsNFC(_ field: FieldRule) -> Bool {
        (field.constraints.normalize ?? validator.ruleSet.normalize)?.value == "nfc"
    }

    /// The companion a checksum is checked with (the BIC of `bank-account`): `.some(nil)` when
    /// it is declared but not valid, so the checksum is not checked (its own error stands).
    private func companionValue(_ constraints: Constraints, _ indices: [Int]) -> String?? {
        guard let template = constraints.checksum?.value.companion else { return .none }
        let inner = Array(indices.prefix(Self.listDepth(template)))
        guard state(template, inner) == .valid, case .value(.string(let text)) = raw(template, inner) else { return .some(nil) }
        return .some(text)
    }

    static func textProblems(_ constraints: Constraints, _ text: String, companion: String?? = .none) -> [String] {
        var rules: [String] = []
        let length = text.unicodeScalars.count
        if let minimum = constraints.minLength, length < minimum.value { rules.append("min-length") }
        if let maximum = constraints.maxLength, length > maximum.value { rules.append("max-length") }
        if let pattern = constraints.regex {
            let options = (try? RegexOptions(flags: constraints.regexFlags?.value ?? "")) ?? []
            if !ReferenceValues.wholeMatch(pattern.value, options: options, text) { rules.append("regex") }
        }
        if let mask = constraints.mask, let pattern = try? InputMask(mask.value).compile(),
           !ReferenceValues.matches(pattern, text) {
            rules.append("mask")
        }
        if let format = constraints.format, ReferenceFormats.accepts(format.value, text) == false { rules.append("format") }
        if let checksum = constraints.checksum, let algorithm = ChecksumAlgorithm(rawValue: checksum.value.name) {
            switch companion {
            case .none: if !algorithm.isValid(text) { rules.append("checksum") }
            case .some(let other?): if !algorithm.isValid(text, companion: other) { rules.append("checksum") }
            case .some(nil): break
            }
        }
        if let constant = constraints.constant, !ReferenceValues.same(constant.value.description, text) { rules.append("const") }
        return rules
    }

    /// An enum value or a choice that is not allowed: `text-form` when tidied it is, else `enum`.
    /// Nil when it is allowed after all: under `normalize: nfc`, its NFC form is one of them.
    func notAllowed(_ text: String, _ values: [Located<EnumValue>], _ field: FieldRule) -> String? {
        if let tidied = ReferenceValues.tidied(text), values.contains(where: { ReferenceValues.isString($0.value, tidied) }) {
            if acceptsNFC(field), ReferenceValues.same(text.precomposedStringWithCanonicalMapping, tidied) { return nil }
            return "text-form"
        }
        return "enum"
    }

    /// `min`, `max`, `exclusiveMin`, `exclusiveMax`: a bound that cannot be computed (it reads
    /// a field that is missing or invalid) is skipped.
    /// A bound that cannot be computed at all (an exact sum of more than 100,000 digits, a date
    /// past the day numbers) is reported as broken (docs/rules.md, "Arithmetic" and "Bounds").
    private func checkBounds(_ constraints: Constraints, _ value: ReferenceValue, path: String, indices: [Int]) {
        func broken(_ written: Located<Bound>?, _ breaks: (Int) -> Bool) -> Bool {
            let limit: ReferenceValue
            switch written?.value {
            case .number(let number)?:
                guard let read = ReferenceNumber(json: number.description) else { return false }
                limit = .number(read)
            case .expression(let source)?:
                switch self.value(source, indices) {
                case .value(let computed): limit = computed
                case .unknown: return false
                case .uncomputable: return true
                }
            case nil: return false
            }
            guard let order = ReferenceEvaluator.order(value, limit) else { return false }
            return breaks(order)
        }
        if broken(constraints.min, { $0 < 0 }) || broken(constraints.exclusiveMin, { $0 <= 0 }) { report(path, "min") }
        if broken(constraints.max, { $0 > 0 }) || broken(constraints.exclusiveMax, { $0 >= 0 }) { report(path, "max") }
    }
}

/// Reading values as docs/rules.md's table of types says.
enum ReferenceValues {
    nonisolated(unsafe) static let scratch = RegexScratch()

    /// Whether two texts are the same bytes (docs/rules.md: values are compared as written;
    /// Swift's `==` would call `café` and `cafe\u{301}` equal).
    static func same(_ a: String, _ b: String) -> Bool { Array(a.utf8) == Array(b.utf8) }

    /// Whether an enum value is the string `text`, byte for byte.
    static func isString(_ value: EnumValue, _ text: String) -> Bool {
        if case .string(let written) = value { return same(written, text) }
        return false
    }

    /// The text tidied (invisible characters removed, no-break spaces made plain, trimmed,
    /// NFC), or nil when that changes nothing. As docs/rules.md says, only a text with
    /// surrounding white space, one of those characters or a combining mark (U+0300-U+036F,
    /// U+20D0-U+20FF, Hangul jamo) is examined.
    static func tidied(_ text: String) -> String? {
        let invisible: Set<Unicode.Scalar> = ["\u{200B}", "\u{00AD}", "\u{FEFF}", "\u{2060}"]
        let spaceLike: Set<Unicode.Scalar> = ["\u{00A0}", "\u{202F}"]
        let scalars = text.unicodeScalars
        let suspect = scalars.contains { scalar in
            invisible.contains(scalar) || spaceLike.contains(scalar) || (0x300...0x36F).contains(scalar.value)
                || (0x20D0...0x20FF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
        }
        let spaces: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        guard suspect || scalars.first.map(spaces.contains) == true || scalars.last.map(spaces.contains) == true
        else { return nil }
        var kept = String.UnicodeScalarView()
        for scalar in scalars where !invisible.contains(scalar) { kept.append(spaceLike.contains(scalar) ? " " : scalar) }
        let tidied = String(kept).trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        return same(tidied, text) ? nil : tidied
    }

    /// `-` and digits, any number of them (no fraction, no exponent): an integer's JSON form.
    static func integer(_ text: String) -> ReferenceNumber? {
        ReferenceNumber.isIntegerNotation(text) ? ReferenceNumber(json: text) : nil
    }

    /// Whether the number `text` is a whole multiple of the number `step` (> 0), by long division
    /// of the two written as whole numbers of the same scale.
    static func isMultiple(_ text: String, of step: String) -> Bool {
        let (valueDigits, valueScale) = wholeDigits(text)
        let (stepDigits, stepScale) = wholeDigits(step)
        if valueDigits.allSatisfy({ $0 == 0 }) { return true }
        let scale = max(valueScale, stepScale)
        let dividend = valueDigits + [UInt8](repeating: 0, count: scale - valueScale)
        let divisor = Array((stepDigits + [UInt8](repeating: 0, count: scale - stepScale)).drop { $0 == 0 })
        var rest: [UInt8] = []
        for digit in dividend {
            rest.append(digit)
            rest = Array(rest.drop { $0 == 0 })
            while !lessThan(rest, divisor) { rest = minus(rest, divisor) }
        }
        return rest.isEmpty
    }

    /// The digits of `|text|` as a whole number and how many of them follow the point
    /// (`-1.25e1` gives 125 and 1; `5e2` gives 500 and 0).
    private static func wholeDigits(_ text: String) -> ([UInt8], Int) {
        let lower = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "+", with: "")
        let parts = lower.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let halves = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = halves.count > 1 ? String(halves[1]) : ""
        var digits = (String(halves[0]) + fraction).compactMap { $0.wholeNumberValue.map(UInt8.init) }
        var scale = fraction.count - exponent
        if scale < 0 {
            digits += [UInt8](repeating: 0, count: -scale)
            scale = 0
        }
        return (digits, scale)
    }

    private static func lessThan(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    private static func minus(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a.map(Int.init)
        let offset = a.count - b.count
        for index in stride(from: b.count - 1, through: 0, by: -1) {
            result[offset + index] -= Int(b[index])
            var position = offset + index
            while result[position] < 0 {
                result[position] += 10
                result[position - 1] -= 1
                position -= 1
            }
        }
        return Array(result.map(UInt8.init).drop { $0 == 0 })
    }

    static func hasIntegerValues(_ field: FieldRule) -> Bool {
        guard let values = field.constraints.values, !values.isEmpty else { return false }
        return values.allSatisfy { if case .integer = $0.value { return true } else { return false } }
    }

    /// The day of the week of `date` (`mon` ... `sun`), by Sakamoto's method from its year,
    /// month and day (the engine counts days from a known Monday instead).
    static func dayName(_ date: CivilDate) -> String {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let year = date.month < 3 ? date.year - 1 : date.year
        let sundayFirst = (year + year / 4 - year / 100 + year / 400 + offsets[date.month - 1] + date.day) % 7
        return ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][sundayFirst]
    }

    static func date(_ text: String, _ field: FieldRule) -> CivilDate? {
        let pattern = field.constraints.format.flatMap { try? DatePattern($0.value) } ?? .iso
        return pattern.parse(text)
    }

    static func wholeMatch(_ pattern: String, options: RegexOptions, _ text: String) -> Bool {
        guard let regex = try? CompiledRegex(pattern: pattern, options: options) else { return false }
        return matches(regex, text)
    }

    /// PCRE2's own answer (not the engine's byte-level shortcut for simple patterns).
    static func matches(_ regex: CompiledRegex, _ text: String) -> Bool {
        match(regex, text) == true
    }

    /// Whether PCRE2 wholly matches `text`; nil when the match hit its limits.
    static func match(_ regex: CompiledRegex, _ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        // An empty buffer has no base address to give PCRE2; the engine's entry point handles it.
        let result = bytes.isEmpty ? regex.matches(text, scratch: scratch)
            : bytes.withUnsafeBufferPointer { regex.matchesWithPCRE2($0, scratch: scratch) }
        switch result {
        case .match: return true
        case .noMatch: return false
        default: return nil
        }
    }

    /// The field's value as expressions see it.
    static func expressionValue(of json: PlainJSON, field: FieldRule) -> ReferenceValue? {
        switch (field.type, json) {
        case (.string, .string(let text)), (.text, .string(let text)): return .string(text)
        case (.integer, .number(let text)): return integer(text).map(ReferenceValue.number)
        case (.decimal, .number(let text)): return ReferenceNumber(json: text).map(ReferenceValue.number)
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.date, .string(let text)): return date(text, field).map(ReferenceValue.date)
        case (.enumeration, .string(let text)): return .string(text)
        case (.enumeration, .number(let text)): return integer(text).map(ReferenceValue.number)
        case (.multiChoice, .array(let items)):
            return .list(items.compactMap { if case .string(let text) = $0 { return .string(text) } else { return nil } })
        case (.list, .array(let items)): return .list(Array(repeating: .null, count: items.count))
        case (.attachment, .object):
            // docs/rules.md, "In predicates": the list of its file names (one for a single attachment).
            return json.member("name").flatMap { if case .string(let name) = $0 { .list([.string(name)]) } else { nil } }
        case (.attachment, .array(let files)):
            return .list(files.compactMap { if case .string(let name)? = $0.member("name") { .string(name) } else { nil } })
        default: return nil
        }
    }
}
