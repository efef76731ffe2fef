/// A byte-level matcher for the simplest whole-value patterns, which ``CompiledRegex`` tries
/// before PCRE2: a run of ASCII literals, `\d` and ASCII character classes, each a fixed
/// number of times (`{n}`), the last one possibly a range (`{n,m}`, `?`, `*`, `+`), between an
/// optional `^` and `$`: `^\d{2} \d{2} \d{6}$`, `^Q-\d{7}$`, `^[A-HJ-NPR-Z0-9]{17}$`, most masks.
///
/// It only answers for ASCII values, where such a pattern means the same under PCRE2's UTF and
/// UCP modes (`\d` then stands for `0-9`): any byte above 0x7F gives `nil` (ask PCRE2), as does
/// every pattern outside the subset (`parse` returns nil) or compiled with options.
package struct SimplePattern: Sendable, Equatable {
    /// One position: a set of ASCII bytes (a 128-bit map) taken `minimum...maximum` times.
    package struct Item: Sendable, Equatable {
        package var low: UInt64 = 0
        package var high: UInt64 = 0
        package var minimum = 1
        package var maximum = 1

        package func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low >> UInt64(byte) & 1 == 1 : high >> UInt64(byte - 64) & 1 == 1
        }

        package mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    package let items: [Item]

    /// The matcher for `pattern` compiled with `options`, or nil when it is outside the subset.
    package static func parse(_ pattern: String, options: RegexOptions) -> SimplePattern? {
        guard options.isEmpty else { return nil }
        var parser = SimplePatternParser(bytes: Array(pattern.utf8))
        guard let items = parser.parse(), !items.isEmpty else { return nil }
        // Only the last item may vary in count: then a greedy left-to-right reading is the match.
        guard items.dropLast().allSatisfy({ $0.minimum == $0.maximum }) else { return nil }
        return SimplePattern(items: items)
    }

    /// Whether the whole of `value` matches; nil when the value is not all ASCII.
    package func matches(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        items.withUnsafeBufferPointer { Self.matches(value, $0) }
    }

    /// Whether the whole of `value` matches the pattern of `items`; nil when the value is not
    /// all ASCII.
    package static func matches(_ value: UnsafeBufferPointer<UInt8>, _ items: UnsafeBufferPointer<Item>) -> Bool? {
        var position = 0
        let count = value.count
        var matched = true
        for item in items {
            var taken = 0
            while taken < item.maximum, position < count {
                let byte = value[position]
                if byte >= 0x80 { return nil }
                guard item.contains(byte) else { break }
                taken += 1
                position += 1
            }
            if taken < item.minimum {
                matched = false
                break
            }
        }
        if matched && position == count { return true }
        // A mismatch counts only when the value is ASCII throughout.
        for index in position..<count where value[index] >= 0x80 { return nil }
        for index in 0..<min(position, count) where value[index] >= 0x80 { return nil }
        return false
    }
}

/// Reads the subset ``SimplePattern`` understands; nil for anything else.
package struct SimplePatternParser {
    package let bytes: [UInt8]
    package var position = 0

    /// Bytes with a meaning of their own outside classes.
    private static let special = Set("^$.|()[]{}*+?\\#".utf8)

    package mutating func parse() -> [SimplePattern.Item]? {
        if position < bytes.count, bytes[position] == UInt8(ascii: "^") { position += 1 }
        var items: [SimplePattern.Item] = []
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "$"), position == bytes.count - 1 { break }
            guard var item = atom(), quantify(&item) else { return nil }
            items.append(item)
        }
        return items
    }

    private mutating func atom() -> SimplePattern.Item? {
        var item = SimplePattern.Item()
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\\"):
            guard escape(into: &item) else { return nil }
        case UInt8(ascii: "["):
            guard characterClass(into: &item) else { return nil }
        default:
            guard byte >= 0x20, byte < 0x7F, !Self.special.contains(byte) else { return nil }
            item.insert(byte)
        }
        return item
    }

    /// `\d` or an escaped ASCII punctuation character.
    private mutating func escape(into item: inout SimplePattern.Item) -> Bool {
        guard position < bytes.count else { return false }
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: "d") {
            for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { item.insert(digit) }
            return true
        }
        guard Self.isPunctuation(byte) else { return false }
        item.insert(byte)
        return true
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60)
            || (byte >= 0x7B && byte <= 0x7E)
    }

    /// `[...]` of ASCII letters, digits, punctuation, ranges and `\d` (not negated).
    private mutating func characterClass(into item: inout SimplePattern.Item) -> Bool {
        guard position < bytes.count, bytes[position] != UInt8(ascii: "^"), bytes[position] != UInt8(ascii: "]") else {
            return false
        }
        while position < bytes.count, bytes[position] != UInt8(ascii: "]") {
            guard let first = classMember(into: &item) else { return false }
            guard first >= 0 else { continue }  // `\d` was added
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "-"), bytes[position + 1] != UInt8(ascii: "]") {
                position += 1
                guard let last = classMember(into: &item), last >= first else { return false }
                for value in first...last { item.insert(UInt8(value)) }
            } else {
                item.insert(UInt8(first))
            }
        }
        guard position < bytes.count else { return false }
        position += 1
        return true
    }

    /// One member of a class: its byte, -1 when it was `\d` (already added), nil when unsupported.
    private mutating func classMember(into item: inout SimplePattern.Item) -> Int? {
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: "\\") {
            guard position < bytes.count else { return nil }
            let escaped = bytes[position]
            position += 1
            if escaped == UInt8(ascii: "d") {
                for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { item.insert(digit) }
                return -1
            }
            return Self.isPunctuation(escaped) ? Int(escaped) : nil
        }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "["), byte != UInt8(ascii: "]") else { return nil }
        return Int(byte)
    }

    /// An optional quantifier after an atom: `{n}`, `{n,m}`, `{n,}`, `?`, `*`, `+` (no lazy or
    /// possessive forms).
    private mutating func quantify(_ item: inout SimplePattern.Item) -> Bool {
        guard position < bytes.count else { return true }
        switch bytes[position] {
        case UInt8(ascii: "?"): (item.minimum, item.maximum) = (0, 1)
        case UInt8(ascii: "*"): (item.minimum, item.maximum) = (0, Int.max)
        case UInt8(ascii: "+"): (item.minimum, item.maximum) = (1, Int.max)
        case UInt8(ascii: "{"):
            position += 1
            guard let low = number() else { return false }
            var high = low
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                high = number() ?? Int.max
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "}"), low <= high else { return false }
            (item.minimum, item.maximum) = (low, high)
        default:
            return true
        }
        position += 1
        if position < bytes.count, [UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "{")].contains(bytes[position]) {
            return false
        }
        return true
    }

    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9"), digits < 6 {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
