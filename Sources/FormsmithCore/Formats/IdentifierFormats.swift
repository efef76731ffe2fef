/// UUIDs, E.164 phone numbers and RFC 3339 date-times: checks and realistic values.
enum IdentifierFormats {
    /// Nil for the 8-4-4-4-12 hexadecimal text form of a UUID (either case).
    static func uuidProblem(in bytes: [UInt8]) -> String? {
        guard bytes.count == 36 else { return "it has \(Counted.phrase(bytes.count, "character")), not 36" }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != UInt8(ascii: "-") { return "a hyphen is missing at position \(index + 1)" }
            } else if !FormatBytes.isHex(byte) {
                return "it contains \(FormatBytes.quotedPart([byte])), not a hexadecimal digit"
            }
        }
        return nil
    }

    /// Nil for `+` followed by 7 to 15 digits, the first not 0.
    static func phoneProblem(in bytes: [UInt8]) -> String? {
        guard bytes.first == UInt8(ascii: "+") else { return "it does not start with '+' and the country code" }
        let digits = bytes.dropFirst()
        if let bad = digits.first(where: { !FormatBytes.isDigit($0) }) {
            return bad == UInt8(ascii: " ") || bad == UInt8(ascii: "-") || bad == UInt8(ascii: "(")
                ? "it contains spaces, hyphens or brackets; E.164 is '+' and digits only"
                : "it contains \(FormatBytes.quotedPart([bad])), not a digit"
        }
        guard (7...15).contains(digits.count) else { return "it has \(Counted.phrase(digits.count, "digit")), not 7 to 15" }
        if digits.first == UInt8(ascii: "0") { return "a country code cannot start with 0" }
        return nil
    }

    /// Nil for an RFC 3339 date-time with a real date.
    static func dateTimeProblem(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count, chars[from..<(from + count)].allSatisfy(FormatBytes.isDigit) else { return nil }
            return Int(String(decoding: chars[from..<(from + count)], as: UTF8.self))
        }
        guard chars.count >= 20, let year = number(0, 4), chars[4] == UInt8(ascii: "-"), let month = number(5, 2),
              chars[7] == UInt8(ascii: "-"), let day = number(8, 2) else { return "it does not start with a date yyyy-MM-dd" }
        guard chars[10] | 0x20 == UInt8(ascii: "t") else { return "the date and time must be joined by 'T'" }
        guard let hour = number(11, 2), chars[13] == UInt8(ascii: ":"), let minute = number(14, 2),
              chars[16] == UInt8(ascii: ":"), let second = number(17, 2) else { return "the time is not HH:mm:ss" }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month, year) else { return "the date does not exist" }
        guard hour < 24, minute < 60, second < 60 else { return "the time does not exist" }
        var index = 19
        if chars[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < chars.count, FormatBytes.isDigit(chars[index]) { index += 1 }
            if index == start { return "the fraction of a second has no digits" }
        }
        guard index < chars.count else { return "the time zone is missing: 'Z' or an offset such as +03:00" }
        if chars[index] | 0x20 == UInt8(ascii: "z"), index == chars.count - 1 { return nil }
        guard chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-"), chars.count == index + 6,
              let hours = number(index + 1, 2), chars[index + 3] == UInt8(ascii: ":"), let minutes = number(index + 4, 2),
              hours < 24, minutes < 60
        else { return "the time zone must be 'Z' or an offset such as +03:00" }
        return nil
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A version 4 UUID in lowercase.
    static func makeUUID(_ random: inout SeededRandom) -> String {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// A mobile or city number of Russia, Kazakhstan, Germany or the UK in E.164 form.
    static func makePhone(_ random: inout SeededRandom) -> String {
        func digits(_ count: Int) -> String { (0..<count).map { _ in String(random.int(in: 0...9)) }.joined() }
        switch random.int(in: 0...5) {
        case 0, 1: return "+79" + String(random.int(in: 0...6)) + digits(8)
        case 2: return "+7495" + digits(7)
        case 3: return "+7701" + digits(7)
        case 4: return "+4915" + String(random.int(in: 1...9)) + digits(8)
        default: return "+447" + String(random.int(in: 4...9)) + digits(8)
        }
    }

    /// A date-time of the last few years, in UTC or with a Russian time-zone offset.
    static func makeDateTime(_ random: inout SeededRandom) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = random.int(in: 2019...2026), month = random.int(in: 1...12), day = random.int(in: 1...daysIn(month, year))
        let time = two(random.int(in: 0...23)) + ":" + two(random.int(in: 0...59)) + ":" + two(random.int(in: 0...59))
        let zone = random.pick(["Z", "+03:00", "+05:00", "+07:00", "+01:00"])
        return "\(year)-\(two(month))-\(two(day))T\(time)\(zone)"
    }
}
