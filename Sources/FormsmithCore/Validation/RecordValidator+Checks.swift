import Foundation

/// Type checks and value checks of one field.
extension RecordValidator {
    /// Checks a present value against its type and checks; true when it broke nothing.
    ///
    /// The plan's plain steps decide first; the declarative checks run (and word every
    /// violation) only for a check list the steps do not pass or cannot decide.
    @inline(__always)
    func checkValue(_ id: Int, raw: RawValue, item: Int) -> Bool {
        let before = violations.count
        let field = plan.fields.baseAddress! + id
        if field.pointee.hasAllowed, isAllowedSpecialValue(rules.fields[id], raw) { return true }
        if !(decidesWithPlan && field.pointee.stepsDecide && passes(field.pointee.steps, of: field, raw)) {
            let compiled = rules.fields[id]
            guard checkType(compiled, raw: raw, path: path(of: compiled, item: item), checks: compiled.checks)
            else { return false }
        }
        for index in field.pointee.cases where condition(plan.cases[index].condition) == true {
            let variant = plan.cases[index]
            if decidesWithPlan && variant.stepsDecide && passes(variant.steps, of: field, raw) { continue }
            let compiled = rules.fields[id]
            _ = checkType(compiled, raw: raw, path: path(of: compiled, item: item),
                          checks: compiled.cases[index - field.pointee.cases.lowerBound].checks, inCase: true)
        }
        return violations.count == before
    }

    /// Checks the value's type and then `checks`; false when the type itself is wrong.
    private func checkType(_ field: CompiledField, raw: RawValue, path: ConcretePath, checks: [ValueCheck],
                           inCase: Bool = false) -> Bool {
        let before = violations.count
        switch field.type {
        case .string, .text:
            checkText(field, raw, path, checks)
        case .integer, .decimal:
            guard let number = values.number(raw), let value = number.value,
                field.type == .decimal || number.isIntegerLiteral
            else {
                report(field.type == .integer ? .notWholeNumber : .notNumber, field, path, raw)
                break
            }
            for case .number(let check) in checks { check.validate(value, field, path, raw, in: self) }
        case .boolean:
            guard let value = values.boolean(raw) else {
                report(.notBoolean, field, path, raw)
                break
            }
            for case .choice(let check) in checks { check.checkBoolean(value, field, path, raw, in: self) }
        case .date:
            guard let date = values.date(raw, pattern: plan.fields[field.id].datePattern, buffer: &valueBuffer) else {
                report(.notDate, field, path, raw)
                break
            }
            for case .date(let check) in checks { check.validate(date, field, path, raw, in: self) }
        case .enumeration:
            checkEnumeration(field, raw, path, checks)
        case .multiChoice:
            checkChoices(field, raw, path, checks, inCase: inCase)
        case .list:
            checkList(field, raw, path, checks, inCase: inCase)
        case .attachment:
            checkAttachments(field, raw, path, checks, inCase: inCase)
            // A `type` violation here is one member's (a malformed `sha256`) or one file's: the
            // readable files still get every check, the cases' included (docs/rules.md,
            // "Attachments"); the case checks skip what is not a file on their own.
            return true
        case .section:
            break
        }
        return !violations[before...].contains { $0.rule == RuleIdentifier.type }
    }

    /// Whether the value is one of the field's `allow` values, written with the field's JSON
    /// type: `0` for a number field (compared by value, exactly: `0.0` and `0e3` are `0` too),
    /// `"0"` for a string or date field.
    private func isAllowedSpecialValue(_ field: CompiledField, _ raw: RawValue) -> Bool {
        let numeric = field.type == .integer || field.type == .decimal
            || (field.type == .enumeration && field.hasIntegerValues)
        if numeric {
            guard let value = values.number(raw)?.value else { return false }
            return field.allowed.contains { allowed in
                allowed.withUnsafeBufferPointer { NumberLiteral.parse($0)?.value == value }
            }
        }
        if case .json(let index) = raw, tape.nodes[Int(index)].kind != .string { return false }
        return values.withText(raw, into: &valueBuffer) { text in
            guard let text else { return false }
            return field.allowed.contains { $0.elementsEqual(text) }
        }
    }

    // MARK: - Text

    private func checkText(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        values.withText(raw, into: &valueBuffer) { text in
            guard let text else {
                report(.notText, field, path, raw)
                return
            }
            let before = violations.count
            checkText(text, field, path, raw, checks)
            // Only a value that failed is looked at again: is how it is written the only problem?
            if violations.count > before { reviewTextForm(text, field, path, raw, checks, since: before) }
        }
    }

    /// Length in Unicode scalars: the bytes that do not continue a UTF-8 sequence.
    /// Counts 8 bytes at a time: a continuation byte has its high bit set and the next bit clear.
    static func scalarCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        var continuations = 0
        var index = 0
        while index + 8 <= text.count {
            // In bounds: the loop runs while `index + 8 <= text.count`; the tail is read byte by byte below
            // `count`.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < text.count {
            if base[index] & 0xC0 == 0x80 { continuations += 1 }
            index += 1
        }
        return text.count - continuations
    }
}
