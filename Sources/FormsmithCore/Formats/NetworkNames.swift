/// Host names and IP addresses: checks by the RFCs, and realistic values.
enum NetworkNames {
    /// Nil for an RFC 1123 host name (with at least two labels when `needsDot`), otherwise
    /// what is wrong with it, naming the host `name` ("it", "the domain").
    static func hostnameProblem(in bytes: ArraySlice<UInt8>, needsDot: Bool, name: String = "it") -> String? {
        if isHostname(bytes, needsDot: needsDot) { return nil }
        return describedHostnameProblem(in: bytes, needsDot: needsDot, name: name)
    }

    /// Whether `bytes` are an RFC 1123 host name (with at least two labels when `needsDot`):
    /// the same rules as `hostnameProblem(in:needsDot:name:)` in one pass over the bytes,
    /// without splitting or making strings, for the common case of a good name.
    static func isHostname<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, needsDot: Bool) -> Bool
    where Bytes.Index == Int {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        var labels = 0
        var labelStart = bytes.startIndex
        while true {
            var end = labelStart
            var allDigits = true
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: ".") {
                let byte = bytes[end]
                guard FormatBytes.isLetterOrDigit(byte) || byte == UInt8(ascii: "-") else { return false }
                if !FormatBytes.isDigit(byte) { allDigits = false }
                end += 1
            }
            let length = end - labelStart
            guard length > 0, length <= 63, bytes[labelStart] != UInt8(ascii: "-"), bytes[end - 1] != UInt8(ascii: "-")
            else { return false }
            labels += 1
            if end == bytes.endIndex { return !(needsDot && labels < 2) && !allDigits }
            labelStart = end + 1
        }
    }

    /// What is wrong with a host name that ``isHostname(_:needsDot:)`` refused.
    static func describedHostnameProblem(in bytes: ArraySlice<UInt8>, needsDot: Bool, name: String) -> String? {
        if bytes.isEmpty { return "\(name) is empty" }
        if bytes.count > 253 { return "\(name) is longer than 253 characters" }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            let text = FormatBytes.quotedPart(label)
            if label.isEmpty { return "\(name) has an empty label: a leading, trailing or doubled dot" }
            if label.count > 63 { return "the label \(text) of \(name) is longer than 63 characters" }
            if label.first == UInt8(ascii: "-") || label.last == UInt8(ascii: "-") {
                return "the label \(text) of \(name) starts or ends with a hyphen"
            }
            if let bad = label.first(where: { !FormatBytes.isLetterOrDigit($0) && $0 != UInt8(ascii: "-") }) {
                let shown = bad == UInt8(ascii: " ") ? "a space" : FormatBytes.quotedPart([bad])
                return "\(name) contains \(shown); only letters, digits, hyphens and dots are allowed"
            }
        }
        if needsDot, labels.count < 2 { return "\(name) has no dot: a top-level domain such as .com is missing" }
        if let last = labels.last, last.allSatisfy(FormatBytes.isDigit) { return "the last label of \(name) is all digits" }
        return nil
    }

    static func hostnameProblem(in bytes: [UInt8], needsDot: Bool, name: String = "it") -> String? {
        hostnameProblem(in: bytes[...], needsDot: needsDot, name: name)
    }

    /// Nil for a dotted-quad IPv4 address without leading zeros.
    static func ipv4Problem(in bytes: some Collection<UInt8>) -> String? {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return "it has \(parts.count) dotted parts, not 4" }
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(FormatBytes.isDigit) else {
                return "each part must be a number from 0 to 255"
            }
            if part.count > 1, part.first == UInt8(ascii: "0") { return "a part has a leading zero" }
            if Int(String(decoding: part, as: UTF8.self))! > 255 { return "a part is above 255" }
        }
        return nil
    }

    /// Nil for an IPv6 address in RFC 4291 text form (no zone).
    static func ipv6Problem(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return "it has more than one '::'" }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, part) in parts.enumerated() {
                let isLast = index == halves.count - 1 && position == parts.count - 1
                if isLast, part.contains(".") {
                    if let problem = ipv4Problem(in: Array(part.utf8)) { return "its IPv4 part is wrong: \(problem)" }
                    groups += 2
                    continue
                }
                guard (1...4).contains(part.utf8.count), part.utf8.allSatisfy(FormatBytes.isHex) else {
                    return "each group must be 1 to 4 hexadecimal digits"
                }
                groups += 1
            }
        }
        if halves.count == 2 { return groups <= 7 ? nil : "it has too many groups for '::'" }
        return groups == 8 ? nil : "it has \(groups) groups, not 8"
    }

    static let hostWords = ["mail", "post", "web", "portal", "api", "shop", "office", "cloud", "data", "forms",
                            "service", "online", "net", "team", "city", "auto", "insure", "bank", "pay", "docs"]
    static let brandWords = ["sirius", "volga", "baltika", "taiga", "ural", "nord", "aurora", "kedr", "polar",
                             "neva", "altai", "sever", "zenit", "vostok", "rassvet", "orion", "granit", "lada"]
    static let topLevel = ["ru", "com", "net", "org", "de", "io", "su", "kz", "by", "info"]

    /// A real-looking registered domain: `volga-insure.ru`, `nordmail.com`.
    static func makeDomain(_ random: inout SeededRandom) -> String {
        let brand = random.pick(brandWords), word = random.pick(hostWords)
        let name: String
        switch random.int(in: 0...2) {
        case 0: name = brand
        case 1: name = brand + "-" + word
        default: name = brand + word
        }
        return name + "." + random.pick(topLevel)
    }

    static func makeHostname(_ random: inout SeededRandom) -> String {
        random.pick(["www", "mail", "api", "portal", "m"]) + "." + makeDomain(&random)
    }

    static func makeIPv4(_ random: inout SeededRandom) -> String {
        let first = random.pick([10, 31, 46, 77, 85, 91, 95, 172, 178, 185, 192, 194, 212, 217])
        return ([first] + (0..<3).map { _ in random.int(in: 0...255) }).map(String.init).joined(separator: ".")
    }

    static func makeIPv6(_ random: inout SeededRandom) -> String {
        var groups = ["2001", "db8"] + (0..<6).map { _ in String(random.int(in: 0...0xFFFF), radix: 16) }
        if random.chance(0.5) {
            // Compress a run of zeros, as people and tools write it.
            groups[3...5] = ["0", "0", "0"]
            return groups[0...2].joined(separator: ":") + "::" + groups[6...7].joined(separator: ":")
        }
        return groups.joined(separator: ":")
    }
}
