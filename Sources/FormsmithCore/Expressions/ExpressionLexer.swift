/// Splits expression source into tokens, working on UTF-8 bytes.
///
/// Outside string literals the language is pure ASCII, so one byte is one character there;
/// inside string literals character offsets are recounted so error carets stay aligned.
struct ExpressionLexer {
    private let bytes: [UInt8]
    /// The next byte to read.
    private var index = 0
    /// The character offset of `index`.
    private var offset = 0

    /// Tokenizes a whole source; the last token is `.end`.
    static func tokenize(_ source: String) throws(ExpressionSyntaxError) -> [ExpressionToken] {
        var lexer = ExpressionLexer(bytes: Array(source.utf8))
        var tokens: [ExpressionToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func next() throws(ExpressionSyntaxError) -> ExpressionToken {
        skipWhitespace()
        let start = offset
        guard index < bytes.count else { return ExpressionToken(kind: .end, range: .init(start: start, end: start)) }
        let byte = bytes[index]
        if Self.isDigit(byte) { return try lexNumber() }
        if Self.isNameStart(byte) { return try lexName() }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { return try lexString() }
        if byte == UInt8(ascii: "$") { return try lexDollarName() }
        let kind: ExpressionToken.Kind
        let length: Int
        switch byte {
        case UInt8(ascii: "("): kind = .leftParenthesis
        case UInt8(ascii: ")"): kind = .rightParenthesis
        case UInt8(ascii: "["): kind = .leftBracket
        case UInt8(ascii: "]"): kind = .rightBracket
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: "+"): kind = .plus
        case UInt8(ascii: "-"): kind = .minus
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "/"): kind = .slash
        case UInt8(ascii: "|"):
            guard peek(1) == UInt8(ascii: "|") else { throw error("expected '||' (a single '|' is not an operator)", at: start) }
            kind = .orOperator
        case UInt8(ascii: "&"):
            guard peek(1) == UInt8(ascii: "&") else { throw error("expected '&&' (a single '&' is not an operator)", at: start) }
            kind = .andOperator
        case UInt8(ascii: "{"): kind = .leftBrace
        case UInt8(ascii: "}"): kind = .rightBrace
        case UInt8(ascii: "="):
            // NSPredicate writes equality '=' as well as '==', and '=<', '=>' for '<=', '>='.
            switch peek(1) {
            case UInt8(ascii: "<"): kind = .lessOrEqual
            case UInt8(ascii: ">"): kind = .greaterOrEqual
            default: kind = .equal
            }
        case UInt8(ascii: "!"): kind = peek(1) == UInt8(ascii: "=") ? .notEqual : .bang
        case UInt8(ascii: "<"):
            kind = peek(1) == UInt8(ascii: "=") ? .lessOrEqual : peek(1) == UInt8(ascii: ">") ? .notEqual : .less
        case UInt8(ascii: ">"): kind = peek(1) == UInt8(ascii: "=") ? .greaterOrEqual : .greater
        case UInt8(ascii: "%"):
            throw error("'%' starts an NSPredicate format argument (%@, %d, %K), which the app fills in at run time; write the value or the field itself", at: start)
        case UInt8(ascii: "@"):
            throw error("NSPredicate collection operators (@count, @sum, ...) are not supported; use count(list)", at: start)
        default:
            let character = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).first.map(String.init) ?? "?"
            throw error("unexpected character '\(character)'; expected a value, a field name or an operator", at: start)
        }
        switch kind {
        case .orOperator, .andOperator, .notEqual, .lessOrEqual, .greaterOrEqual: length = 2
        case .equal: length = peek(1) == UInt8(ascii: "=") ? 2 : 1
        default: length = 1
        }
        advance(length)
        return ExpressionToken(kind: kind, range: .init(start: start, end: offset))
    }

    // MARK: Numbers, dates and durations

    private mutating func lexNumber() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        let digitsStart = index
        var digitsEnd = index
        while digitsEnd < bytes.count, Self.isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd - digitsStart == 4, byte(at: digitsEnd) == UInt8(ascii: "-"), Self.isDigit(byte(at: digitsEnd + 1)) {
            return try lexDate()
        }
        if byte(at: digitsEnd) == UInt8(ascii: "."), Self.isDigit(byte(at: digitsEnd + 1)) {
            var end = digitsEnd + 1
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
            let text = String(decoding: bytes[digitsStart..<end], as: UTF8.self)
            advance(end - digitsStart)
            try rejectNameCharacter(after: "the number \(text)")
            guard let value = ExactDecimal(text) else { throw error("the number \(text) cannot be read", at: start) }
            return ExpressionToken(kind: .decimal(value), range: .init(start: start, end: offset))
        }
        var value: Int64 = 0
        var beyond64Bits = false
        for position in digitsStart..<digitsEnd where !beyond64Bits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(bytes[position] - UInt8(ascii: "0")))
            if overflow1 || overflow2 { beyond64Bits = true } else { value = sum }
        }
        advance(digitsEnd - digitsStart)
        if beyond64Bits {
            // A whole number past 64 bits is exact too, as a decimal; a duration that long is refused.
            let text = String(decoding: bytes[digitsStart..<digitsEnd], as: UTF8.self)
            if let unit = byte(at: index), !Self.isNameCharacter(byte(at: index + 1)), Self.duration(1, unit: unit) != nil {
                throw error("duration is too large", at: start)
            }
            try rejectNameCharacter(after: "the number \(text)")
            guard let exact = ExactDecimal(text) else { throw error("the number \(text) cannot be read", at: start) }
            return ExpressionToken(kind: .decimal(exact), range: .init(start: start, end: offset))
        }
        if let unit = byte(at: index), !Self.isNameCharacter(byte(at: index + 1)),
           let duration = Self.duration(value, unit: unit) {
            advance(1)
            guard let duration else { throw error("duration is too large", at: start) }
            return ExpressionToken(kind: .duration(duration), range: .init(start: start, end: offset))
        }
        try rejectNameCharacter(after: "the number \(value) (durations are written like 18y, 6m, 2w or 60d)")
        return ExpressionToken(kind: .integer(value), range: .init(start: start, end: offset))
    }

    /// `.some(nil)` for a duration unit whose value overflows, nil for a byte that is not a unit.
    private static func duration(_ value: Int64, unit: UInt8) -> CalendarDuration?? {
        let amount = Int(value)
        switch unit {
        case UInt8(ascii: "y"): return .some(CalendarDuration(years: amount))
        case UInt8(ascii: "m"): return .some(CalendarDuration(months: amount))
        case UInt8(ascii: "d"): return .some(CalendarDuration(days: amount))
        case UInt8(ascii: "w"):
            let (days, overflow) = amount.multipliedReportingOverflow(by: 7)
            return .some(overflow ? nil : CalendarDuration(days: days))
        default: return nil
        }
    }

    private mutating func lexDate() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        let shape: [Bool] = [true, true, true, true, false, true, true, false, true, true]
        for (position, wantsDigit) in shape.enumerated() {
            let actual = byte(at: index + position)
            let matches = wantsDigit ? Self.isDigit(actual) : actual == UInt8(ascii: "-")
            guard matches else {
                throw error("expected a date written yyyy-MM-dd (e.g. 2000-01-01); put spaces around '-' to subtract", at: start)
            }
        }
        let year = number(at: index, width: 4), month = number(at: index + 5, width: 2), day = number(at: index + 8, width: 2)
        let text = String(decoding: bytes[index..<(index + 10)], as: UTF8.self)
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw error("\(text) is not a real date: expected a valid yyyy-MM-dd date", at: start)
        }
        advance(10)
        if Self.isDigit(byte(at: index)) || byte(at: index) == UInt8(ascii: ".") {
            throw error("expected a date written yyyy-MM-dd (e.g. 2000-01-01)", at: start)
        }
        try rejectNameCharacter(after: "the date \(text)")
        return ExpressionToken(kind: .date(date), range: .init(start: start, end: offset))
    }

    private func rejectNameCharacter(after what: String) throws(ExpressionSyntaxError) {
        if Self.isNameCharacter(byte(at: index)) {
            throw error("expected an operator or the end after \(what)", at: offset)
        }
    }

    // MARK: Names

    private mutating func lexName() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        let nameStart = index
        scanSegment()
        while true {
            if byte(at: index) == UInt8(ascii: ".") {
                if byte(at: index + 1) == UInt8(ascii: "@") {
                    throw error("NSPredicate collection operators (@count, @sum, ...) are not supported; use count(list)", at: offset + 1)
                }
                guard Self.isNameStart(byte(at: index + 1)) else {
                    throw error("expected a field name after '.'", at: offset + 1)
                }
                advance(1)
                scanSegment()
            } else if byte(at: index) == UInt8(ascii: "["), byte(at: index + 1) == UInt8(ascii: "]"),
                      Self.keyword(bytes[nameStart..<index]) == nil {
                guard byte(at: index + 2) == UInt8(ascii: "."), Self.isNameStart(byte(at: index + 3)) else {
                    throw error("expected '.' and a field name after '[]' (e.g. drivers[].birthDate)", at: offset + 2)
                }
                advance(3)
                scanSegment()
            } else {
                break
            }
        }
        let text = bytes[nameStart..<index]
        let kind = Self.keyword(text) ?? .name(String(decoding: text, as: UTF8.self))
        return ExpressionToken(kind: kind, range: .init(start: start, end: offset))
    }

    /// `$field.path`: NSPredicate's variable syntax, read as a field reference.
    private mutating func lexDollarName() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        guard Self.isNameStart(peek(1)) else {
            throw error("expected a field name after '$' (e.g. $payment.type)", at: start + 1)
        }
        advance(1)
        let name = try lexName()
        guard case let .name(path) = name.kind else {
            // A keyword after '$' is still a field: `$today` is the field named today.
            let text = String(decoding: bytes[(index - (name.range.end - name.range.start))..<index], as: UTF8.self)
            return ExpressionToken(kind: .fieldName(text), range: .init(start: start, end: offset))
        }
        return ExpressionToken(kind: .fieldName(path), range: .init(start: start, end: offset))
    }

    private mutating func scanSegment() {
        while index < bytes.count, Self.isNameCharacter(bytes[index]) { advance(1) }
    }

    private static func keyword(_ text: ArraySlice<UInt8>) -> ExpressionToken.Kind? {
        switch String(decoding: text, as: UTF8.self) {
        case "true": return .trueKeyword
        case "false": return .falseKeyword
        case "null": return .nullKeyword
        case "today": return .todayKeyword
        case "in": return .inKeyword
        case "not": return .notKeyword
        default: return nil
        }
    }

    // MARK: Strings

    private mutating func lexString() throws(ExpressionSyntaxError) -> ExpressionToken {
        let start = offset
        let quote = bytes[index]
        let openIndex = index
        var position = index + 1
        var content: [UInt8] = []
        var isASCII = true
        while position < bytes.count, bytes[position] != quote {
            var byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                let escaped = self.byte(at: position + 1)
                guard escaped == UInt8(ascii: "'") || escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                    let column = start + String(decoding: bytes[openIndex..<position], as: UTF8.self).count
                    throw error("unknown escape in string: expected \\', \\\" or \\\\ after the backslash", at: column)
                }
                byte = escaped ?? byte
                position += 1
            }
            if byte >= 0x80 { isASCII = false }
            content.append(byte)
            position += 1
        }
        let quoteText = quote == UInt8(ascii: "'") ? "'" : "\""
        guard position < bytes.count else {
            throw error("expected a closing \(quoteText) to end the string that starts here", at: start)
        }
        position += 1
        let characterCount = isASCII ? position - openIndex : String(decoding: bytes[openIndex..<position], as: UTF8.self).count
        index = position
        offset += characterCount
        return ExpressionToken(kind: .string(String(decoding: content, as: UTF8.self)), range: .init(start: start, end: offset))
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                advance(1)
            case UInt8(ascii: "\r"):
                // "\r\n" is a single Character.
                index += byte(at: index + 1) == UInt8(ascii: "\n") ? 2 : 1
                offset += 1
            default:
                return
            }
        }
    }

    /// Moves over `count` ASCII bytes.
    private mutating func advance(_ count: Int) {
        index += count
        offset += count
    }

    private func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func peek(_ distance: Int) -> UInt8? { byte(at: index + distance) }

    private func number(at position: Int, width: Int) -> Int {
        bytes[position..<(position + width)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private func error(_ message: String, at column: Int) -> ExpressionSyntaxError {
        ExpressionSyntaxError(message: message, offset: column)
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isNameStart(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    private static func isNameCharacter(_ byte: UInt8?) -> Bool {
        isNameStart(byte) || isDigit(byte)
    }
}
