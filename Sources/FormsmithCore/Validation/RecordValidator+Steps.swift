/// The plan's plain checks: whether a present value certainly passes a list of steps.
///
/// Each answer mirrors the declarative checks of `RecordValidator+Checks.swift` for the same
/// ``ValueCheck``s: `true` only when they would report nothing. `false` means "run them", so a
/// doubtful case costs time, never correctness.
extension RecordValidator {
    /// Whether `raw`, a present value of `field`, passes every step in `steps`.
    @inline(__always)
    // In bounds: `field` points at an element of `plan.fields` (which the plan owns for the validator's
    // life); `steps` is a range that field holds.
    func passes(_ steps: Range<Int>, of field: UnsafeMutablePointer<FastCheckField>, _ raw: RawValue) -> Bool {
        switch field.pointee.type {
        case .string, .text:
            return values.withText(raw, into: &valueBuffer) { text in
                guard let text else { return false }
                for index in steps where !textPasses(index, text, raw) { return false }
                return true
            }
        case .integer, .decimal:
            // Plain values only: a number past 64 bits goes to the declarative checks.
            guard let number = values.smallNumber(raw), field.pointee.type == .decimal || number.isIntegerLiteral
            else { return false }
            for index in steps where !numberPasses(index, number) { return false }
            return true
        case .boolean:
            return values.boolean(raw) != nil
        case .date:
            // Read as `yyyymmdd`, compared with constant bounds as such; the day number is worked
            // out only for a bound computed from another field, once.
            guard let value = values.yearMonthDay(raw, pattern: field.pointee.datePattern, buffer: &valueBuffer)
            else { return false }
            var date: CivilDate?
            for index in steps where !datePasses(index, value, &date) { return false }
            return true
        case .enumeration:
            for index in steps {
                let enumeration = plan.steps[index].enumeration
                if field.pointee.hasIntegerValues {
                    guard let value = values.smallInteger(raw), plan.enumerations[enumeration].contains(value) else { return false }
                } else {
                    let known = values.withText(raw, into: &valueBuffer) { text in
                        text.map { plan.enumerations[enumeration].contains($0) } ?? false
                    }
                    guard known else { return false }
                }
            }
            return true
        case .attachment:
            for index in steps where !attachmentPasses(plan.steps[index].attachment, raw) { return false }
            return true
        case .multiChoice, .list, .section:
            return false
        }
    }

    @inline(__always)
    private func textPasses(_ index: Int, _ text: UnsafeBufferPointer<UInt8>, _ raw: RawValue) -> Bool {
        switch plan.steps[index].kind {
        case .length:
            let length = Self.scalarCount(text)
            return length >= plan.steps[index].minimum && length <= plan.steps[index].maximum
        case .pattern:
            guard let regex = plan.steps[index].regex else { return false }
            if patternMemo.knownMatch(index, text) { return true }
            let result = regex._withUnsafeGuaranteedRef { regex in
                if case .json = raw { return regex.matches(validUTF8: text, scratch: regexScratch) }
                return regex.matches(text, scratch: regexScratch)
            }
            guard case .match = result else { return false }
            patternMemo.rememberMatch(index, text)
            return true
        case .checksum:
            return plan.steps[index].checksum?.isValid(text, companion: nil) ?? false
        case .email:
            return EmailAddress.isAddress(text)
        case .range, .fractionDigits, .enumeration, .attachment:
            return false
        }
    }

    private func numberPasses(_ index: Int, _ value: DecimalParts) -> Bool {
        switch plan.steps[index].kind {
        case .range:
            return inRange(index) { bound in
                switch bound.kind {
                case .number: return value.compare(plan.numbers[bound.number])
                case .dynamic:
                    switch evaluateExpression(bound.expression) {
                    case .integer(let integer)?: return value.compare(ExactDecimal(integer))
                    case .decimal(let decimal)?: return value.compare(decimal)
                    case nil: return Self.undecided  // unknown: the declarative check says why
                    default: return nil
                    }
                case .none, .date: return nil
                }
            }
        case .fractionDigits:
            return value.fractionDigits <= plan.steps[index].maximum
        case .length, .pattern, .enumeration, .checksum, .attachment, .email:
            return false
        }
    }

    /// Whether the date `value` (`yyyymmdd`) passes range step `index`; `date` is its day number,
    /// worked out the first time a bound computed from another field needs it.
    private func datePasses(_ index: Int, _ value: Int, _ date: inout CivilDate?) -> Bool {
        guard plan.steps[index].kind == .range else { return false }
        return inRange(index) { bound in
            switch bound.kind {
            case .date:
                return value < bound.yearMonthDay ? -1 : (value == bound.yearMonthDay ? 0 : 1)
            case .dynamic:
                switch shiftedYearMonthDay(bound.expression) {
                case .value(let limit): return value < limit ? -1 : (value == limit ? 0 : 1)
                case .unknown: return Self.undecided  // the declarative check says why
                case .null: return nil
                case .notShifted: break
                }
                let limit: CivilDate
                switch evaluateExpression(bound.expression) {
                case .date(let computed)?: limit = computed
                case nil: return Self.undecided  // unknown: the declarative check says why
                default: return nil
                }
                // Always a date: `value` was read as one.
                guard let day = date ?? CivilDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
                else { return Self.undecided }
                date = day
                return day < limit ? -1 : (day == limit ? 0 : 1)
            case .none, .number: return nil
            }
        }
    }

    /// A bound `date + duration` (``ExpressionShape/shiftedDate``) worked out as `yyyymmdd`.
    private enum ShiftedBound {
        /// Not that shape, or a duration with days: evaluate the expression.
        case notShifted
        /// The date field is invalid or pending, or cannot be read (the expression is unknown).
        case unknown
        /// The date field is absent (the expression is null: the bound does not apply).
        case null
        case value(Int)
    }

    /// Expression `index` as a `yyyymmdd` bound when it shifts a date field by whole years and
    /// months: what `CivilDate.addingExtended` gives (the day clamped to the new month's end,
    /// 2000-02-29 + 1y is 2001-02-28), without a day number. Durations past 20,000 years, whose
    /// arithmetic `addingExtended` guards, and durations with days go the general way.
    private func shiftedYearMonthDay(_ index: Int) -> ShiftedBound {
        guard case .shiftedDate(let id, let duration) = plan.shapes[index], duration.days == 0,
              abs(duration.years) <= 20_000, abs(duration.months) <= 240_000
        else { return .notShifted }
        switch slot(of: id) {
        case (_, .pending), (_, .invalid): return .unknown
        case (_, .absent): return .null
        case (let raw, .valid):
            guard let start = values.yearMonthDay(raw, pattern: plan.fields[id].datePattern, buffer: &lookupBuffer)
            else { return .unknown }
            let year = start / 10_000
            let month = start / 100 % 100
            let totalMonths = year * 12 + month - 1 + duration.years * 12 + duration.months
            let newYear = CivilCalendarMath.floorDivide(totalMonths, 12)
            let newMonth = totalMonths - newYear * 12 + 1
            let day = min(start % 100, CivilCalendarMath.daysInMonth(year: newYear, month: newMonth))
            return .value(newYear * 10_000 + newMonth * 100 + day)
        }
    }

    /// What `compare` returns for a bound whose expression is unknown: a field it reads is
    /// invalid, or its value cannot be computed; the declarative check tells them apart.
    private static let undecided = Int.max

    /// Whether neither end of range step `index` is broken; `compare` orders the value against
    /// a bound (-1, 0, 1), nil when the bound does not apply (as the declarative range check),
    /// ``undecided`` when the plan cannot tell.
    @inline(__always)
    private func inRange(_ index: Int, compare: (BoundStep) -> Int?) -> Bool {
        let lower = plan.steps[index].lower
        if let order = compare(lower), order == Self.undecided || order < 0 || (order == 0 && lower.exclusive) {
            return false
        }
        let upper = plan.steps[index].upper
        if let order = compare(upper), order > 0 || (order == 0 && upper.exclusive) { return false }
        return true
    }
}
