/// Reads a record's raw values by type: whether one is filled, its text (escapes decoded), the
/// number, boolean, date or choices it holds, and how it is shown in a report.
///
/// It sees what a ``RawValue`` points into, for the record being validated: the nodes of its
/// parsed JSON (none for a CSV row) and its bytes (a JSON record, or the chunk a CSV row was
/// read from); and the plan's date patterns, to read dates with. The validator owns one, points it at each record for the time the record is
/// validated (``RecordValidator/reading(nodes:bytes:_:)``) and calls it for every value.
///
/// Built for the hot path: it holds only pointers, so reading it in place or copying it costs
/// no reference counting (a version holding the tape's array cost 9% more instructions in
/// retains and releases); its small readers are `@inline(__always)`; escaped text is decoded
/// into a buffer the caller lends (the validator keeps one per purpose, so text still in use is
/// never overwritten by a nested read), never into storage of its own.
struct ValueDecoder {
    // In bounds: a `.json` raw value is a node index of the record being validated (its tape), a `.cell` a
    // byte range of its row inside `bytes`; the validator points these at each record for exactly the time it
    // validates it (`reading(nodes:bytes:_:)`).
    /// The nodes of the record's parsed JSON (empty for a CSV row).
    var nodes = UnsafeBufferPointer<JSONNode>(start: nil, count: 0)
    /// The record's bytes while it is validated.
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The plan's date patterns (``FastCheckTables/datePatterns``), read in place.
    var datePatterns = UnsafeBufferPointer<DatePattern>(start: nil, count: 0)

    /// Absent, null, an empty string or an empty array all count as "not filled".
    @inline(__always)
    func isPresent(_ raw: RawValue) -> Bool {
        switch raw {
        case .absent: return false
        case .broken: return true
        case .cell(let start, let end, _): return end > start
        case .json(let index):
            let node = nodes[Int(index)]
            switch node.kind {
            case .null: return false
            case .string: return node.end > node.start
            case .array: return node.childCount > 0
            default: return true
            }
        }
    }

    // MARK: - Text

    /// Calls `body` with the text bytes of a string node or cell (escapes decoded into
    /// `buffer`), or nil when the raw value is not text.
    @inline(__always)
    func withText<R>(_ raw: RawValue, into buffer: inout [UInt8],
                     _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        switch raw {
        case .json(let index):
            let node = nodes[Int(index)]
            guard node.kind == .string else { return body(nil) }
            return Self.text(bytes, start: node.start, end: node.end, escaped: node.hasEscapes, json: true,
                             into: &buffer, body)
        case .cell(let start, let end, let escaped):
            return Self.text(bytes, start: start, end: end, escaped: escaped, json: false, into: &buffer, body)
        case .absent, .broken:
            return body(nil)
        }
    }

    private static func text<R>(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, escaped: Bool, json: Bool,
                                into buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
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

    /// The text of a string node or cell as a `String` (nil when the raw value is not text).
    func string(_ raw: RawValue) -> String? {
        var buffer: [UInt8] = []
        return withText(raw, into: &buffer) { text in text.map { String(decoding: $0, as: UTF8.self) } }
    }

    // MARK: - Numbers, booleans, dates

    /// The number a raw value holds: a JSON number node, or a CSV cell read as a number.
    ///
    /// A JSON number is a number in any notation JSON allows (`1e3` included). A cell is text,
    /// read as people type numbers into a form: an optional `-`, digits, and for a decimal a
    /// point and digits (`1500`, `-3`, `0.25`); a cell with an exponent (`1e3`, `2.5E-1`) is
    /// not a number, since no form writes one.
    func number(_ raw: RawValue) -> NumberLiteral? {
        switch raw {
        case .json(let index):
            let node = nodes[Int(index)]
            guard node.kind == .number else { return nil }
            return NumberLiteral.parse(UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]))
        case .cell(let start, let end, _):
            return Self.cellNumber(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        case .absent, .broken:
            return nil
        }
    }

    /// The number a raw value holds as ``number(_:)`` reads it, when its coefficient fits in 64
    /// bits: the fast path's plain-value reading (nil otherwise, and the caller falls back).
    @inline(__always)
    func smallNumber(_ raw: RawValue) -> DecimalParts? {
        switch raw {
        case .json(let index):
            let node = nodes[Int(index)]
            guard node.kind == .number else { return nil }
            return DecimalParts.read(UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]))
        case .cell(let start, let end, _):
            guard let parts = DecimalParts.read(UnsafeBufferPointer(rebasing: bytes[start..<end])), !parts.hasExponent
            else { return nil }
            return parts
        case .absent, .broken:
            return nil
        }
    }

    /// The integer a raw value holds as ``number(_:)`` reads it (its `integer`: an integer
    /// literal, no fraction or exponent, within 64 bits), read without building a
    /// ``NumberLiteral``; nil otherwise, and the caller falls back.
    @inline(__always)
    func smallInteger(_ raw: RawValue) -> Int64? {
        guard let parts = smallNumber(raw), parts.isIntegerLiteral, parts.exponent >= 0 else { return nil }
        var magnitude = parts.coefficient
        for _ in 0..<parts.exponent {  // the trailing zeros the coefficient leaves out
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = product
        }
        if parts.isNegative {
            if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// A cell's text read as a number: no exponent unless it is a whole number's digits.
    private static func cellNumber(_ text: UnsafeBufferPointer<UInt8>) -> NumberLiteral? {
        guard let literal = NumberLiteral.parse(text), !literal.hasExponent else { return nil }
        return literal
    }

    /// Whether `raw` is a cell that would be a number if exponents were allowed (for messages).
    func isExponentCell(_ raw: RawValue) -> Bool {
        guard case .cell(let start, let end, _) = raw else { return false }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return NumberLiteral.parse(text)?.hasExponent == true
    }

    /// The boolean a raw value holds: a JSON `true` or `false`, or a cell reading `true` or `false`.
    func boolean(_ raw: RawValue) -> Bool? {
        switch raw {
        case .json(let index):
            switch nodes[Int(index)].kind {
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

    /// The date a raw value holds, read with the plan's date pattern `pattern` (a field's
    /// ``FastCheckField/datePattern``); escaped text is decoded into `buffer`.
    func date(_ raw: RawValue, pattern: Int, buffer: inout [UInt8]) -> CivilDate? {
        withText(raw, into: &buffer) { text in text.flatMap { datePatterns[pattern].parse($0) } }
    }

    /// The date a raw value holds as ``date(_:pattern:buffer:)`` reads it, as the number
    /// `yyyymmdd` (``DatePattern/yearMonthDay(_:)``): nil exactly when that gives nil.
    @inline(__always)
    func yearMonthDay(_ raw: RawValue, pattern: Int, buffer: inout [UInt8]) -> Int? {
        withText(raw, into: &buffer) { text in text.flatMap { datePatterns[pattern].yearMonthDay($0) } }
    }

    /// The chosen values of a multi-choice field (JSON array of strings, or `;`-separated cell).
    func choices(_ raw: RawValue) -> [String] {
        switch raw {
        case .json(let index):
            var texts: [String] = []
            var child = Int(index) + 1
            for _ in 0..<nodes[Int(index)].childCount {
                if let text = string(.json(Int32(child))) { texts.append(text) }
                child = Int(nodes[child].next)
            }
            return texts
        case .cell:
            return string(raw).map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) } ?? []
        case .absent, .broken:
            return []
        }
    }

    // MARK: - Shown in reports

    /// How the JSON type of a raw value is described in a type error. A CSV cell is
    /// described as the JSON value it would be (a number, else a string), so both forms of
    /// a questionnaire get the same message.
    func typePhrase(_ raw: RawValue) -> String {
        switch raw {
        case .json(let index): return nodes[Int(index)].kind.phrase
        case .cell: return number(raw) == nil ? "a string" : "a number"
        case .absent, .broken: return "nothing"
        }
    }

    /// The value as the user wrote it, shortened, for reports (nil for objects and arrays).
    func displayValue(_ raw: RawValue) -> String? {
        switch raw {
        case .absent, .broken: return nil
        case .json(let index):
            let node = nodes[Int(index)]
            switch node.kind {
            case .object: return nil
            case .array:
                let end = min(node.end, node.start + 200)
                return Self.shortened(String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<end]), as: UTF8.self))
            case .string:
                return string(raw).map(Self.shortened)
            default:
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
            }
        case .cell:
            return string(raw).map(Self.shortened)
        }
    }

    private static func shortened(_ text: String) -> String {
        text.unicodeScalars.count <= 100 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(100))) + "…"
    }
}
