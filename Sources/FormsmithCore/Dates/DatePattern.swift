/// Why a date pattern string was rejected.
public enum DatePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern lacks `yyyy`, `MM` or `dd` (the associated value).
    case missingComponent(pattern: String, component: String)
    /// The pattern contains `yyyy`, `MM` or `dd` (the associated value) twice.
    case duplicatedComponent(pattern: String, component: String)
    /// The pattern contains a run of letters other than `yyyy`, `MM` or `dd`.
    case unknownLetters(pattern: String, letters: String)

    /// A message naming the problem and the fix.
    public var description: String {
        switch self {
        case let .missingComponent(pattern, component):
            return "date pattern '\(pattern)' has no '\(component)'; a pattern needs yyyy, MM and dd once each"
        case let .duplicatedComponent(pattern, component):
            return "date pattern '\(pattern)' has '\(component)' more than once; use yyyy, MM and dd once each"
        case let .unknownLetters(pattern, letters):
            return "date pattern '\(pattern)' contains '\(letters)'; only yyyy, MM and dd are allowed, with non-letter separators such as '-', '.' or '/'"
        }
    }
}

/// A strict date layout built from `yyyy`, `MM`, `dd` and literal separators
/// (`yyyy-MM-dd`, `dd.MM.yyyy`, `MM/dd/yyyy`): exactly 4, 2 and 2 digits, separators
/// matched byte for byte, no spaces or signs allowed where digits are expected.
public struct DatePattern: Hashable, Sendable {
    /// ISO 8601 calendar date, `yyyy-MM-dd`.
    public static let iso = DatePattern(validated: "yyyy-MM-dd", yearOffset: 0, monthOffset: 5, dayOffset: 8)

    /// The pattern as written.
    public let pattern: String
    /// The expected input, byte by byte: a literal byte, or `digitSlot` where a digit goes.
    private let template: [UInt8]
    private let yearOffset: Int
    private let monthOffset: Int
    private let dayOffset: Int
    /// Marks a digit position in `template` (0xFF never occurs in UTF-8 text).
    private static let digitSlot: UInt8 = 0xFF

    /// Compiles a pattern; throws if `yyyy`, `MM` or `dd` is missing or repeated, or if it
    /// contains any other letters.
    public init(_ pattern: String) throws(DatePatternError) {
        let bytes = Array(pattern.utf8)
        var offsets: [String: Int] = [:]
        var index = 0
        while index < bytes.count {
            guard DatePattern.isLetter(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] == bytes[index] { end += 1 }
            let run = String(decoding: bytes[index..<end], as: UTF8.self)
            guard run == "yyyy" || run == "MM" || run == "dd" else {
                var letterEnd = index
                while letterEnd < bytes.count, DatePattern.isLetter(bytes[letterEnd]) { letterEnd += 1 }
                throw .unknownLetters(pattern: pattern, letters: String(decoding: bytes[index..<letterEnd], as: UTF8.self))
            }
            guard offsets[run] == nil else { throw .duplicatedComponent(pattern: pattern, component: run) }
            offsets[run] = index
            index = end
        }
        for component in ["yyyy", "MM", "dd"] where offsets[component] == nil {
            throw .missingComponent(pattern: pattern, component: component)
        }
        self.init(validated: pattern, yearOffset: offsets["yyyy"] ?? 0,
                  monthOffset: offsets["MM"] ?? 0, dayOffset: offsets["dd"] ?? 0)
    }

    private init(validated pattern: String, yearOffset: Int, monthOffset: Int, dayOffset: Int) {
        var template = Array(pattern.utf8)
        for (offset, width) in [(yearOffset, 4), (monthOffset, 2), (dayOffset, 2)] {
            for position in offset..<(offset + width) { template[position] = DatePattern.digitSlot }
        }
        self.pattern = pattern
        self.template = template
        self.yearOffset = yearOffset
        self.monthOffset = monthOffset
        self.dayOffset = dayOffset
    }

    /// Parses UTF-8 bytes that must match the pattern exactly; nil if they do not or if they
    /// name no real date (2023-02-29, 31.04.2020). Does not allocate.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        guard let (year, month, day) = components(bytes) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// The date `bytes` name as the number `yyyymmdd` (2023-02-28 is 20 230 228), nil exactly
    /// when `parse(_:)` gives nil. Two such numbers are ordered as their dates are, so a
    /// date is compared with a constant bound without the calendar arithmetic of a day number.
    public func yearMonthDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let (year, month, day) = components(bytes),
              CivilDate.isValid(year: year, month: month, day: day)
        else { return nil }
        return year * 10_000 + month * 100 + day
    }

    /// The year, month and day written in `bytes` when they match the pattern (not yet checked
    /// to name a real date).
    @inline(__always)
    private func components(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == template.count else { return nil }
        if yearOffset == 0, monthOffset == 5, dayOffset == 8, bytes.count == 10 {
            return yearMonthDayFields(bytes)
        }
        // In bounds: `bytes.count == template.count` is checked above, and both are read below that count.
        let fits = template.withUnsafeBufferPointer { template in
            for index in 0..<template.count {
                let expected = template[index]
                let byte = bytes[index]
                if expected == DatePattern.digitSlot {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
                } else if byte != expected {
                    return false
                }
            }
            return true
        }
        guard fits else { return nil }
        return (DatePattern.number(bytes, at: yearOffset, width: 4), DatePattern.number(bytes, at: monthOffset, width: 2),
                DatePattern.number(bytes, at: dayOffset, width: 2))
    }

    /// Parses a string that must match the pattern exactly; nil if it does not or names no real date.
    public func parse(_ string: String) -> CivilDate? {
        var string = string
        return string.withUTF8 { parse($0) }
    }

    /// Formats a date with this pattern (years outside 0...9999 use as many digits as needed).
    public func format(_ date: CivilDate) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(template.count)
        var index = 0
        while index < template.count {
            switch index {
            case yearOffset:
                CivilDate.appendDigits(date.year, width: 4, to: &bytes)
                index += 4
            case monthOffset:
                CivilDate.appendDigits(date.month, width: 2, to: &bytes)
                index += 2
            case dayOffset:
                CivilDate.appendDigits(date.day, width: 2, to: &bytes)
                index += 2
            default:
                bytes.append(template[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `yyyy?MM?dd` where the two separators are the template's (ISO's `-`, or `/`, `.`):
    /// the most common layout, read without walking the template.
    @inline(__always)
    private func yearMonthDayFields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes[4] == template[4], bytes[7] == template[7],
              let year = DatePattern.digits(bytes, 0, 4), let month = DatePattern.digits(bytes, 5, 2),
              let day = DatePattern.digits(bytes, 8, 2)
        else { return nil }
        return (year, month, day)
    }

    /// The number written by `width` ASCII digits at `offset`, or nil if one is not a digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ width: Int) -> Int? {
        var value = 0
        for index in offset..<(offset + width) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> Int {
        var value = 0
        for index in offset..<(offset + width) { value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
        return value
    }
}
