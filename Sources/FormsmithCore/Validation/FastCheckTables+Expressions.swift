import FormsmithValues

/// The shapes most predicates and bounds take, evaluated straight from the record's slots
/// (no `String`s built, no tree walked). Each gives exactly what the compiled expression gives:
/// the field's state decides unknown (invalid) and null (absent) as ``CompiledNode`` does.
enum ExpressionShape: Sendable {
    /// Anything else: evaluate the compiled expression.
    case general
    /// `flag`, a boolean field, as a condition.
    case truth(field: Int)
    /// `!flag`, a boolean field, as a condition.
    case negatedTruth(field: Int)
    /// `field == 'text'` or `!=` (either side), for a string, text or string enumeration field.
    /// The text's UTF-8 bytes are `text` of the plan's ``FastCheckTables/shapeTexts`` (a range,
    /// not an array: a shape holds no reference, so reading one from the plan costs no reference
    /// counting).
    case equalsText(field: Int, text: Range<Int>, negated: Bool)
    /// `date + duration` (either side: the sum is the same): the value of a date field shifted
    /// by a constant duration.
    case shiftedDate(field: Int, duration: CalendarDuration)

    /// Recognises the shape of `expression` over `fields`; the text a shape compares with is
    /// appended to `texts`.
    init(_ expression: CompiledExpression, fields: [CompiledField], texts: inout [UInt8]) {
        func appended(_ text: String) -> Range<Int> {
            let start = texts.count
            texts += text.utf8
            return start..<texts.count
        }
        func field(_ node: CompiledNode, _ types: Set<FieldType>) -> Int? {
            guard case .field(let id) = node, types.contains(fields[id].type) else { return nil }
            if fields[id].type == .enumeration, fields[id].hasIntegerValues { return nil }
            return id
        }
        switch expression.node {
        case .field(let id) where field(.field(id), [.boolean]) != nil:
            self = .truth(field: id)
        case .not(let operand):
            guard let id = field(operand, [.boolean]) else { self = .general; return }
            self = .negatedTruth(field: id)
        case .equal(let left, let right, let negated):
            let textTypes: Set<FieldType> = [.string, .text, .enumeration]
            if let id = field(left, textTypes), case .constant(.string(let text)) = right {
                self = .equalsText(field: id, text: appended(text), negated: negated)
            } else if let id = field(right, textTypes), case .constant(.string(let text)) = left {
                self = .equalsText(field: id, text: appended(text), negated: negated)
            } else {
                self = .general
            }
        case .add(let left, let right):
            if let id = field(left, [.date]), case .constant(.duration(let duration)) = right {
                self = .shiftedDate(field: id, duration: duration)
            } else if let id = field(right, [.date]), case .constant(.duration(let duration)) = left {
                self = .shiftedDate(field: id, duration: duration)
            } else {
                self = .general
            }
        default:
            self = .general
        }
    }
}

extension RecordValidator {
    /// Evaluates the plan's expression `index` against the current record (nil: unknown).
    func evaluateExpression(_ index: Int) -> ExpressionValue? {
        guard decidesWithPlan else { return plan.expressions[index].evaluate(environment) }
        switch plan.shapes[index] {
        case .shiftedDate(let id, let duration):
            // What `ExpressionOperations.add` gives for a date and a duration in either order
            // (null with null; else the date shifted), without building its operands.
            switch slot(of: id) {
            case (_, .pending), (_, .invalid): return nil
            case (_, .absent): return .null
            case (let raw, .valid):
                guard let value = values.date(raw, pattern: plan.fields[id].datePattern, buffer: &lookupBuffer)
                else { return nil }
                return value.addingExtended(duration).map { .date($0) }
            }
        case .general, .truth, .negatedTruth, .equalsText:
            return plan.expressions[index].evaluate(environment)
        }
    }

    /// Evaluates the plan's expression `index` as a condition (nil: unknown).
    func condition(_ index: Int) -> Bool? {
        guard decidesWithPlan else { return plan.expressions[index].evaluateCondition(environment) }
        switch plan.shapes[index] {
        case .truth(let id):
            return flag(id)
        case .negatedTruth(let id):
            return flag(id).map { !$0 }
        case .equalsText(let id, let text, let negated):
            switch slot(of: id) {
            case (_, .pending), (_, .invalid): return nil
            case (_, .absent): return negated  // null == 'text' is false
            case (let raw, .valid):
                // The expression compares the UTF-8 bytes of the strings it builds, and builds a
                // valid text's string byte for byte: comparing the bytes in place gives its answer.
                // JSON text is valid UTF-8 (the parser checked it); a CSV cell is checked only when
                // it differs from the text (equal bytes are the text's own, valid), and one that
                // is not valid UTF-8 (the expression would read U+FFFD) goes the general way.
                let isJSON: Bool
                if case .json = raw { isJSON = true } else { isJSON = false }
                let equal = values.withText(raw, into: &lookupBuffer) { value -> TextComparison in
                    guard let value else { return .notText }
                    if plan.shapeText(text, equals: value) { return .equal }
                    return isJSON || UTF8Check.isValid(value) ? .different : .undecided
                }
                switch equal {
                case .equal: return !negated
                case .different: return negated
                case .notText: return nil
                case .undecided: return plan.expressions[index].evaluateCondition(environment)
                }
            }
        case .general, .shiftedDate:
            return plan.expressions[index].evaluateCondition(environment)
        }
    }

    /// How a value compares with an `equalsText` shape's text, read in place.
    private enum TextComparison {
        case equal, different
        /// The value is not text (unknown, as the expression gives).
        case notText
        /// Invalid UTF-8 that is not the text: the compiled expression decides.
        case undecided
    }

    /// A boolean field read as a condition: unknown when invalid, false when absent.
    private func flag(_ id: Int) -> Bool? {
        switch slot(of: id) {
        case (_, .pending), (_, .invalid): return nil
        case (_, .absent): return false
        case (let raw, .valid): return values.boolean(raw)
        }
    }
}

extension FastCheckTables {
    /// Whether `value` is the text `range` of ``shapeTexts`` (an `equalsText` shape's), byte
    /// for byte.
    @inline(__always)
    func shapeText(_ range: Range<Int>, equals value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard value.count == range.count else { return false }
        var offset = range.lowerBound
        for byte in value {
            if shapeTexts[offset] != byte { return false }
            offset += 1
        }
        return true
    }
}
