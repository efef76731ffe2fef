/// Reading raw values: presence, bytes, numbers, dates, and their display in reports.
extension RecordValidator {
    /// Absent, null, an empty string or an empty array all count as "not filled".
    func isPresent(_ raw: RawValue, _ field: CompiledField) -> Bool { isPresent(raw) }

    /// Absent, null, an empty string or an empty array all count as "not filled".
    @inline(__always)
    func isPresent(_ raw: RawValue) -> Bool {
        switch raw {
        case .absent: return false
        case .broken: return true
        case .cell(let start, let end, _): return end > start
        case .json(let index):
            let node = tape.nodes[Int(index)]
            switch node.kind {
            case .null: return false
            case .string: return node.end > node.start
            case .array: return node.childCount > 0
            default: return true
            }
        }
    }

    /// Calls `body` with the text bytes of a string node or cell (escapes decoded), or nil
    /// when the raw value is not text.
    @inline(__always)
    func withText<R>(_ raw: RawValue, into buffer: inout [UInt8],
                     _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        switch raw {
        case .json(let index):
            let node = tape.nodes[Int(index)]
            guard node.kind == .string else { return body(nil) }
            return text(start: node.start, end: node.end, escaped: node.hasEscapes, json: true,
                        into: &buffer, body)
        case .cell(let start, let end, let escaped):
            return text(start: start, end: end, escaped: escaped, json: false, into: &buffer, body)
        case .absent, .broken:
            return body(nil)
        }
    }

    private func text<R>(start: Int, end: Int, escaped: Bool, json: Bool, into buffer: inout [UInt8],
                         _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard escaped else { return body(slice) }
        buffer.removeAll(keepingCapacity: true)
        if json {
            JSONStrings.unescape(slice, into: &buffer)
        } else {
            CSVField(start: start, end: end, isQuoted: true, hasEscapedQuotes: true)
                .unescape(from: bytes, into: &buffer)
        }
        return buffer.withUnsafeBufferPointer { body($0) }
    }

    /// The number a raw value holds: a JSON number node, or a CSV cell read as a number.
    ///
    /// A JSON number is a number in any notation JSON allows (`1e3` included). A cell is text,
    /// read as people type numbers into a form: an optional `-`, digits, and for a decimal a
    /// point and digits (`1500`, `-3`, `0.25`); a cell with an exponent (`1e3`, `2.5E-1`) is
    /// not a number, since no form writes one.
    func number(_ raw: RawValue) -> NumberLiteral? {
        switch raw {
        case .json(let index):
            let node = tape.nodes[Int(index)]
            guard node.kind == .number else { return nil }
            return NumberLiteral.parse(UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]))
        case .cell(let start, let end, _):
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard let literal = NumberLiteral.parse(text) else { return nil }
            if !literal.isIntegerLiteral, Self.hasExponent(text) { return nil }
            return literal
        case .absent, .broken:
            return nil
        }
    }

    /// Whether number text has an exponent (`e` or `E`).
    private static func hasExponent(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.contains { $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// Whether `raw` is a cell that would be a number if exponents were allowed (for messages).
    private func isExponentCell(_ raw: RawValue) -> Bool {
        guard case .cell(let start, let end, _) = raw else { return false }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return NumberLiteral.parse(text) != nil && Self.hasExponent(text)
    }

    /// The boolean a raw value holds.
    func boolean(_ raw: RawValue) -> Bool? {
        switch raw {
        case .json(let index):
            switch tape.nodes[Int(index)].kind {
            case .boolTrue: return true
            case .boolFalse: return false
            default: return nil
            }
        case .cell:
            var buffer: [UInt8] = []
            return withText(raw, into: &buffer) { text -> Bool? in
                guard let text else { return nil }
                // Byte by byte: a generic comparison with "true".utf8 cost about 200
                // instructions a cell, a noticeable share of a CSV row with four booleans.
                switch text.count {
                case 4 where text[0] == UInt8(ascii: "t") && text[1] == UInt8(ascii: "r")
                    && text[2] == UInt8(ascii: "u") && text[3] == UInt8(ascii: "e"):
                    return true
                case 5 where text[0] == UInt8(ascii: "f") && text[1] == UInt8(ascii: "a")
                    && text[2] == UInt8(ascii: "l") && text[3] == UInt8(ascii: "s") && text[4] == UInt8(ascii: "e"):
                    return false
                default:
                    return nil
                }
            }
        case .absent, .broken:
            return nil
        }
    }

    /// The date a raw value holds, read with the field's pattern.
    func date(_ raw: RawValue, _ field: CompiledField, buffer: inout [UInt8]) -> CivilDate? {
        withText(raw, into: &buffer) { text in text.flatMap { field.datePattern.parse($0) } }
    }

    /// The date a raw value holds, read with the plan's date pattern `pattern`.
    func date(_ raw: RawValue, pattern: Int, buffer: inout [UInt8]) -> CivilDate? {
        withText(raw, into: &buffer) { text in text.flatMap { plan.datePatterns[pattern].parse($0) } }
    }

    /// How the JSON type of a raw value is described in a type error. A CSV cell is
    /// described as the JSON value it would be (a number, else a string), so both forms of
    /// a questionnaire get the same message.
    func typePhrase(_ raw: RawValue) -> String {
        switch raw {
        case .json(let index): return tape.nodes[Int(index)].kind.phrase
        case .cell: return number(raw) == nil ? "a string" : "a number"
        case .absent, .broken: return "nothing"
        }
    }

    /// Why a value is not a whole number that fits in 64 bits (the message of a `type` violation).
    func wholeNumberProblem(_ raw: RawValue) -> String {
        if isExponentCell(raw) {
            return "must be a whole number written in digits (such as 1500), not with an exponent"
        }
        guard let number = number(raw) else { return "must be a whole number, not \(typePhrase(raw))" }
        if number.isIntegerLiteral {
            return "is too large: whole numbers must lie between \(Int64.min) and \(Int64.max)"
        }
        return "must be a whole number, written without a fraction or an exponent"
    }

    /// Why a value is not a finite number (the message of a `type` violation).
    func numberProblem(_ raw: RawValue) -> String {
        if isExponentCell(raw) {
            return "must be a number written in plain decimal notation (such as 1500 or 0.25), not with an exponent"
        }
        guard number(raw) != nil else { return "must be a number, not \(typePhrase(raw))" }
        return "is too large: numbers must lie between -1.7976931348623157e308 and 1.7976931348623157e308"
    }

    /// The value as the user wrote it, shortened, for reports (nil for objects and arrays).
    func displayValue(_ raw: RawValue) -> String? {
        switch raw {
        case .absent, .broken: return nil
        case .json(let index):
            let node = tape.nodes[Int(index)]
            switch node.kind {
            case .object: return nil
            case .array:
                let end = min(node.end, node.start + 200)
                return shortened(String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<end]), as: UTF8.self))
            case .string:
                var buffer: [UInt8] = []
                return withText(raw, into: &buffer) { text in
                    text.map { shortened(String(decoding: $0, as: UTF8.self)) }
                }
            default:
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
            }
        case .cell:
            var buffer: [UInt8] = []
            return withText(raw, into: &buffer) { text in text.map { shortened(String(decoding: $0, as: UTF8.self)) } }
        }
    }

    private func shortened(_ text: String) -> String {
        text.unicodeScalars.count <= 100 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(100))) + "…"
    }

    /// The field's value as an expression value, for predicates and bounds.
    func expressionValue(of id: Int) -> FieldLookup {
        let (raw, state) = slot(of: id)
        switch state {
        case .pending, .invalid: return .invalid
        case .absent: return .absent
        case .valid: break
        }
        switch plan.fields[id].type {
        case .string, .text:
            return withText(raw, into: &lookupBuffer) { text in
                text.map { .value(.string(String(decoding: $0, as: UTF8.self))) } ?? .invalid
            }
        case .integer:
            return number(raw)?.integer.map { .value(.integer($0)) } ?? .invalid
        case .decimal:
            return number(raw).map { .value(.decimal($0.double)) } ?? .invalid
        case .boolean:
            return boolean(raw).map { .value(.boolean($0)) } ?? .invalid
        case .date:
            return date(raw, pattern: plan.fields[id].datePattern, buffer: &lookupBuffer).map { .value(.date($0)) }
                ?? .invalid
        case .enumeration:
            if plan.fields[id].hasIntegerValues { return number(raw)?.integer.map { .value(.integer($0)) } ?? .invalid }
            return withText(raw, into: &lookupBuffer) { text in
                text.map { .value(.string(String(decoding: $0, as: UTF8.self))) } ?? .invalid
            }
        case .multiChoice:
            return .value(.list(choices(raw).map { .string($0) }))
        case .list:
            return .value(.list(Array(repeating: .null, count: binding.lists[id].count)))
        case .section:
            return .invalid
        case .attachment:
            return attachmentNames(raw, rules.fields[id]).map { .value(.list($0.map { .string($0) })) } ?? .invalid
        }
    }

    /// The chosen values of a multi-choice field (JSON array of strings, or `;`-separated cell).
    func choices(_ raw: RawValue) -> [String] {
        switch raw {
        case .json(let index):
            return tape.children(of: Int(index)).compactMap { child in
                var buffer: [UInt8] = []
                return withText(.json(Int32(child)), into: &buffer) { text in
                    text.map { String(decoding: $0, as: UTF8.self) }
                }
            }
        case .cell:
            var buffer: [UInt8] = []
            let text = withText(raw, into: &buffer) { text in text.map { String(decoding: $0, as: UTF8.self) } }
            return text.map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) } ?? []
        case .absent, .broken:
            return []
        }
    }
}

/// Field lookups for expressions, evaluated against the record being validated.
struct RecordEnvironment: ExpressionEnvironment {
    unowned let validator: RecordValidator

    var today: CivilDate { validator.rules.today }

    func lookup(_ field: Int) -> FieldLookup { validator.expressionValue(of: field) }
}
