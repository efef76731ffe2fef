/// The reference's reading of `format:` on string and text fields (docs/rules.md, "Formats"),
/// written from the table there and the standards it names, apart from the engine's checks.
enum ReferenceFormats {
    /// Whether `text` is in the named format; nil for a name the table does not have.
    static func accepts(_ format: String, _ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        switch format {
        case "email": return email(bytes)
        case "url": return url(bytes)
        case "uri": return uri(bytes)
        case "uuid": return uuid(bytes)
        case "phone": return phone(bytes)
        case "hostname": return hostname(bytes, needsDot: false)
        case "ipv4": return ipv4(bytes)
        case "ipv6": return ipv6(bytes)
        case "date-time": return dateTime(bytes)
        default: return nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (65...70).contains(byte) || (97...102).contains(byte) }

    static func split(_ bytes: [UInt8], _ separator: Character) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: separator.unicodeScalars.first!), omittingEmptySubsequences: false).map(Array.init)
    }

    /// RFC 5321/5322 dot-atom local part (64 bytes at most) `@` a domain of host labels with a
    /// dot; 254 bytes in all.
    static func email(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= 254, let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = Array(bytes[..<at]), domain = Array(bytes[(at + 1)...])
        guard !local.isEmpty, local.count <= 64 else { return false }
        let atomCharacters = Set("!#$%&'*+/=?^_`{|}~-".utf8)
        for atom in split(local, ".") {
            guard !atom.isEmpty, atom.allSatisfy({ isLetter($0) || isDigit($0) || atomCharacters.contains($0) }) else { return false }
        }
        return hostname(domain, needsDot: true)
    }

    /// RFC 1123: labels of letters, digits and inner hyphens, 63 bytes each, 253 in all, the
    /// last one not all digits (RFC 1123 2.1: the highest-level label is never numeric, so that
    /// `10.0.0.1` is an address, not a host name).
    static func hostname(_ bytes: [UInt8], needsDot: Bool) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let labels = split(bytes, ".")
        if needsDot, labels.count < 2 { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
        }
        return !labels[labels.count - 1].allSatisfy(isDigit)
    }

    /// A dotted quad, each part 0-255 without leading zeros.
    static func ipv4(_ bytes: [UInt8]) -> Bool {
        let parts = split(bytes, ".")
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(isDigit), !(part.count > 1 && part[0] == 48) else { return false }
            guard part.reduce(0, { $0 * 10 + Int($1 - 48) }) <= 255 else { return false }
        }
        return true
    }

    /// RFC 4291: eight groups of 1-4 hex digits, at most one `::` standing for one or more zero
    /// groups, the last two groups possibly written as an IPv4 address.
    static func ipv6(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String, last: Bool) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            var count = 0
            for (position, piece) in pieces.enumerated() {
                if last, position == pieces.count - 1, piece.contains(".") {
                    guard ipv4(Array(piece.utf8)) else { return nil }
                    count += 2
                    continue
                }
                guard (1...4).contains(piece.utf8.count), piece.utf8.allSatisfy(isHex) else { return nil }
                count += 1
            }
            return count
        }
        if halves.count == 2 {
            guard let left = groups(halves[0], last: false), let right = groups(halves[1], last: true) else { return false }
            return left + right <= 7
        }
        return groups(halves[0], last: true) == 8
    }

    /// `+`, then 7 to 15 digits (ITU-T E.164), the first (the country code's) not 0.
    static func phone(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "+") else { return false }
        let digits = bytes.dropFirst()
        return (7...15).contains(digits.count) && digits.allSatisfy(isDigit) && digits.first != 48
    }

    /// 8-4-4-4-12 hexadecimal digits.
    static func uuid(_ bytes: [UInt8]) -> Bool {
        let groups = split(bytes, "-")
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(isHex) }
    }

    /// RFC 3986 characters after the scheme: unreserved, reserved and `%` with two hex digits.
    static func uriCharacters(_ bytes: ArraySlice<UInt8>) -> Bool {
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHex(bytes[index + 1]), isHex(bytes[index + 2])
                else { return false }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3986 absolute URI: a scheme (a letter, then letters, digits, `+`, `-`, `.`), `:`, URI characters.
    static func uri(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]) else { return false }
        guard bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) }) else { return false }
        return uriCharacters(bytes[(colon + 1)...])
    }

    /// `http://` or `https://`, a host name with a dot, an IPv4 or `[IPv6]` address, an optional
    /// port 0-65535, then a path, query or fragment of URI characters.
    static func url(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let lower = text.lowercased()
        let schemeLength = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard schemeLength > 0 else { return false }
        let rest = Array(bytes[schemeLength...])
        let end = rest.firstIndex { "/?#".utf8.contains($0) } ?? rest.count
        var authority = Array(rest[..<end])
        var host: [UInt8]
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return false }
            guard ipv6(Array(authority[1..<close])) else { return false }
            host = []
            authority = Array(authority[(close + 1)...])
        } else {
            let colon = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.count
            host = Array(authority[..<colon])
            authority = Array(authority[colon...])
            guard ipv4(host) || hostname(host, needsDot: true) else { return false }
        }
        if !authority.isEmpty {
            guard authority[0] == UInt8(ascii: ":") else { return false }
            let port = authority.dropFirst()
            guard (1...5).contains(port.count), port.allSatisfy(isDigit), port.reduce(0, { $0 * 10 + Int($1 - 48) }) <= 65535
            else { return false }
        }
        return uriCharacters(rest[end...])
    }

    /// RFC 3339: `yyyy-mm-dd` (a real date), `T`, `hh:mm:ss`, an optional fraction, `Z` or `±hh:mm`.
    static func dateTime(_ bytes: [UInt8]) -> Bool {
        func number(_ start: Int, _ width: Int) -> Int? {
            guard start + width <= bytes.count, bytes[start..<(start + width)].allSatisfy(isDigit) else { return nil }
            return bytes[start..<(start + width)].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        func at(_ index: Int, _ character: Character) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character.unicodeScalars.first!)
        }
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
              at(10, "T") || at(10, "t"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2), at(16, ":"),
              let second = number(17, 2) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), day >= 1, day <= days[month - 1], hour <= 23, minute <= 59, second <= 60 else {
            return false
        }
        var index = 19
        if at(index, ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        if at(index, "Z") || at(index, "z") { return index + 1 == bytes.count }
        guard at(index, "+") || at(index, "-"), let offsetHour = number(index + 1, 2), at(index + 3, ":"),
              let offsetMinute = number(index + 4, 2), offsetHour <= 23, offsetMinute <= 59 else { return false }
        return index + 6 == bytes.count
    }
}
