/// The run-time meaning of operators and functions on values, exact for numbers: integer
/// arithmetic that leaves 64 bits goes on as an exact decimal. A nil result means "unknown":
/// an operation the type checker would have rejected (reachable only through `any` fields), a
/// sum or difference of more than ``ExactDecimal/digitLimit`` digits, or a date past the
/// range of day numbers (about 5.8 million years either side of 1970).
enum ExpressionOperations {
    /// `==`: null equals only null; numbers compare by value (integer with decimal);
    /// strings compare byte for byte (no Unicode normalisation); lists element-wise;
    /// values of different kinds are not equal.
    static func equal(_ left: ExpressionValue, _ right: ExpressionValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.decimal(a), .decimal(b)): return a == b
        case let (.integer(a), .decimal(b)), let (.decimal(b), .integer(a)): return ExactDecimal(a) == b
        case let (.string(a), .string(b)): return sameBytes(a, b)
        case let (.date(a), .date(b)): return a == b
        case let (.duration(a), .duration(b)): return a == b
        case let (.list(a), .list(b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        default: return false
        }
    }

    /// Three-way order of two numbers, dates or strings (strings by UTF-8 bytes, i.e. by
    /// Unicode scalar values); nil for values that have no order between them.
    static func order(_ left: ExpressionValue, _ right: ExpressionValue) -> Int? {
        switch (left, right) {
        case let (.integer(a), .integer(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.date(a), .date(b)): return a < b ? -1 : (a == b ? 0 : 1)
        case let (.decimal(a), .decimal(b)): return a.compare(b)
        case let (.integer(a), .decimal(b)): return ExactDecimal(a).compare(b)
        case let (.decimal(a), .integer(b)): return a.compare(ExactDecimal(b))
        case let (.string(a), .string(b)):
            if sameBytes(a, b) { return 0 }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
        default: return nil
        }
    }

    /// Whether two strings have the same UTF-8 bytes: lengths first, then the contiguous
    /// storage (iterating two `UTF8View`s cost about 400 instructions a comparison).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let contiguous = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        if let contiguous, let result = contiguous { return result }
        return a.utf8.elementsEqual(b.utf8)
    }

    /// `left + right`; null if either side is null.
    static func add(_ left: ExpressionValue, _ right: ExpressionValue) -> ExpressionValue? {
        switch (left, right) {
        case (.null, _), (_, .null): return .null
        case let (.integer(a), .integer(b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? ExactDecimal(a).adding(ExactDecimal(b)).map { .decimal($0) } : .integer(sum)
        case let (.date(date), .duration(duration)), let (.duration(duration), .date(date)):
            return date.addingExtended(duration).map { .date($0) }
        case let (.duration(a), .duration(b)):
            return a.addingChecked(b).map { .duration($0) }
        default:
            guard let (a, b) = decimals(left, right) else { return nil }
            return a.adding(b).map { .decimal($0) }
        }
    }

    /// `left - right`; null if either side is null. date - date is the number of days.
    static func subtract(_ left: ExpressionValue, _ right: ExpressionValue) -> ExpressionValue? {
        switch (left, right) {
        case (.null, _), (_, .null): return .null
        case let (.integer(a), .integer(b)):
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            return overflow ? ExactDecimal(a).subtracting(ExactDecimal(b)).map { .decimal($0) } : .integer(difference)
        case let (.date(a), .date(b)):
            return .integer(Int64(a.days(since: b)))
        case let (.date(date), .duration(duration)):
            guard let negated = duration.negatedChecked() else { return nil }
            return date.addingExtended(negated).map { .date($0) }
        case let (.duration(a), .duration(b)):
            guard let negated = b.negatedChecked() else { return nil }
            return a.addingChecked(negated).map { .duration($0) }
        default:
            guard let (a, b) = decimals(left, right) else { return nil }
            return a.subtracting(b).map { .decimal($0) }
        }
    }

    /// `sum(items[].price)` from the field's value in each item: the exact total, 0 for no
    /// items; null when an item leaves the field blank (XPath 1.0 sums `number()` of each node,
    /// and `number('')` is NaN, so the ODK sum is NaN: null compares as NaN does, see
    /// docs/rules.md); unknown when an item's value is itself invalid or the total leaves
    /// ``ExactDecimal/digitLimit`` digits.
    static func sum(_ items: [FieldLookup]) -> ExpressionValue? {
        var total: ExpressionValue = .integer(0)
        var blank = false
        for item in items {
            switch item {
            case .invalid: return nil
            case .absent: blank = true
            case let .value(value):
                switch value {
                case .null: blank = true
                case .integer, .decimal:
                    guard let next = add(total, value) else { return nil }
                    total = next
                default: return nil
                }
            }
        }
        return blank ? .null : total
    }

    /// The significant digits a quotient that does not end is rounded to (half to even), as
    /// IEEE 754 decimal128 keeps: more than the 15 to 17 of the binary doubles ODK computes with,
    /// so a quotient compared with a value a form holds decides as exact arithmetic would.
    static let quotientDigits = 34

    /// `left * right`, `left / right`, `left mod right` of numbers; null if either side is null
    /// or the divisor is zero (XPath's Infinity and NaN: see docs/rules.md). `/` is exact when the
    /// quotient ends within ``quotientDigits`` significant digits, else rounded to them; `mod`
    /// is the remainder of the quotient truncated towards zero, so it has the dividend's sign
    /// (`-7 mod 2` is -1, `7 mod -2` is 1), as XPath 1.0 defines it.
    static func multiplicative(_ op: CompiledNode.MultiplicativeOperator, _ left: ExpressionValue,
                               _ right: ExpressionValue) -> ExpressionValue? {
        switch (left, right) {
        case (.null, _), (_, .null): return .null
        case let (.integer(a), .integer(b)) where op == .multiply:
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? ExactDecimal(a).multiplied(by: ExactDecimal(b)).map { .decimal($0) } : .integer(product)
        case let (.integer(a), .integer(b)) where op == .remainder:
            if b == 0 { return .null }
            // Int64.min mod -1 overflows in Swift; its remainder is 0.
            let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
            return .integer(overflow ? 0 : remainder)
        default:
            guard let (a, b) = decimals(left, right) ?? integers(left, right) else { return nil }
            switch op {
            case .multiply:
                return a.multiplied(by: b).map { .decimal($0) }
            case .divide:
                if b.isZero { return .null }
                return a.divided(by: b, significantDigits: quotientDigits).map { .decimal($0) }
            case .remainder:
                if b.isZero { return .null }
                return a.quotientAndRemainder(dividingBy: b).map { .decimal($0.remainder) }
            }
        }
    }

    /// The longest text a number is written as in `concat()` (`1e400` is 401 characters); a
    /// longer one is unknown rather than spelled out.
    static let textNumberLimit = 1_000

    /// A value as `concat()` writes it, as XPath's string() does: null as nothing, a number in
    /// plain notation without exponent (`12`, `0.5`, `-3`), a Boolean as `true` or `false`, a
    /// date as `yyyy-MM-dd`, a list (a multi-choice) as its elements joined by spaces as ODK
    /// writes a select_multiple; nil for a duration, a nested list, or a number longer than
    /// ``textNumberLimit`` characters.
    static func text(of value: ExpressionValue) -> String? {
        switch value {
        case .null: return ""
        case let .string(text): return text
        case let .boolean(flag): return flag ? "true" : "false"
        case let .integer(number): return String(number)
        case let .decimal(number):
            let digits = number.description
            guard digits.contains("e") else { return digits }
            // The description uses an exponent past 20 zeros or 6 leading zeros: write it out
            // when it stays short.
            guard let exponent = Int(digits[digits.index(after: digits.firstIndex(of: "e")!)...]),
                  abs(exponent) < textNumberLimit else { return nil }
            return number.plainText(scale: number.fractionDigits)
        case let .date(date): return date.description
        case .duration: return nil
        case let .list(values):
            var parts: [String] = []
            for element in values {
                if case .list = element { return nil }
                guard let part = text(of: element) else { return nil }
                parts.append(part)
            }
            return parts.joined(separator: " ")
        }
    }

    /// `-value`; null stays null.
    static func negate(_ value: ExpressionValue) -> ExpressionValue? {
        switch value {
        case .null: return .null
        case let .integer(a): return a == .min ? .decimal(ExactDecimal(a).negated) : .integer(-a)
        case let .decimal(a): return .decimal(a.negated)
        case let .duration(a): return a.negatedChecked().map { .duration($0) }
        default: return nil
        }
    }

    /// `element in list`: false when either side is null.
    static func contains(_ list: ExpressionValue, _ element: ExpressionValue) -> Bool? {
        if case .null = element { return false }
        switch list {
        case .null: return false
        case let .list(values): return values.contains { equal($0, element) }
        default: return nil
        }
    }

    /// `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `MATCHES`: false when either side is null;
    /// strings compare byte for byte like `==`; `CONTAINS` on a list is membership.
    static func textTest(_ test: CompiledNode.TextTest, _ left: ExpressionValue, _ right: ExpressionValue) -> Bool? {
        if case .null = left { return false }
        if case .null = right { return false }
        if case .contains = test, case .list = left { return contains(left, right) }
        guard case let .string(text) = left else { return nil }
        if case let .matches(regex) = test { return regex.matches(text) }
        guard case let .string(part) = right else { return nil }
        switch test {
        case .beginsWith: return text.utf8.starts(with: part.utf8)
        case .endsWith: return text.utf8.reversed().starts(with: part.utf8.reversed())
        case .contains:
            let haystack = Array(text.utf8), needle = Array(part.utf8)
            guard needle.count <= haystack.count else { return false }
            if needle.isEmpty { return true }
            for start in 0...(haystack.count - needle.count)
            where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return true
            }
            return false
        case .matches: return nil
        }
    }

    /// Applies a builtin to its evaluated argument.
    static func call(_ function: BuiltinFunction, _ argument: ExpressionValue) -> ExpressionValue? {
        switch function {
        case .empty: return .boolean(isEmpty(argument))
        case .present: return .boolean(!isEmpty(argument))
        case .count:
            switch argument {
            case .null: return .integer(0)
            case let .list(values): return .integer(Int64(values.count))
            case let .string(text): return .integer(Int64(text.unicodeScalars.count))
            default: return nil
            }
        case .year, .month, .day:
            switch argument {
            case .null: return .null
            case let .date(date):
                let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(date.dayNumber))
                return .integer(Int64(function == .year ? year : function == .month ? month : day))
            default: return nil
            }
        case .date:
            switch argument {
            case .null: return .null
            case let .string(text): return DatePattern.iso.parse(text).map { .date($0) } ?? .null
            case .date: return argument
            default: return nil
            }
        }
    }

    private static func isEmpty(_ value: ExpressionValue) -> Bool {
        switch value {
        case .null: return true
        case let .string(text): return text.isEmpty
        case let .list(values): return values.isEmpty
        default: return false
        }
    }

    private static func integers(_ left: ExpressionValue, _ right: ExpressionValue) -> (ExactDecimal, ExactDecimal)? {
        guard case let .integer(a) = left, case let .integer(b) = right else { return nil }
        return (ExactDecimal(a), ExactDecimal(b))
    }

    private static func decimals(_ left: ExpressionValue, _ right: ExpressionValue) -> (ExactDecimal, ExactDecimal)? {
        switch (left, right) {
        case let (.decimal(a), .decimal(b)): return (a, b)
        case let (.integer(a), .decimal(b)): return (ExactDecimal(a), b)
        case let (.decimal(a), .integer(b)): return (a, ExactDecimal(b))
        default: return nil
        }
    }
}
