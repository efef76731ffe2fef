/// URIs and URLs (RFC 3986): checks and realistic values.
enum WebAddress {
    /// Characters allowed in a URI besides letters, digits and `%` escapes (unreserved,
    /// reserved and the fragment/query punctuation).
    private static let uriSymbols = Set("-._~:/?#[]@!$&'()*+,;=".utf8)

    /// Nil for an absolute URI: a scheme, ':' and URI characters with valid `%` escapes.
    static func uriProblem(in bytes: [UInt8]) -> String? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return "it has no scheme such as https:" }
        let scheme = bytes[..<colon]
        guard FormatBytes.isLetter(scheme.first!), scheme.allSatisfy({
            FormatBytes.isLetterOrDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }) else { return "the scheme \(FormatBytes.quotedPart(scheme)) is not a valid scheme" }
        if colon == bytes.count - 1 { return "nothing follows the scheme" }
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, FormatBytes.isHex(bytes[index + 1]), FormatBytes.isHex(bytes[index + 2]) else {
                    return "a '%' is not followed by two hexadecimal digits"
                }
                index += 3
                continue
            }
            if !FormatBytes.isLetterOrDigit(byte), !uriSymbols.contains(byte) {
                return byte == UInt8(ascii: " ") ? "it contains a space, which must be written %20"
                    : "it contains \(FormatBytes.quotedPart([byte])), which must be %-escaped"
            }
            index += 1
        }
        return nil
    }

    /// Nil for an http or https URL with a host and an optional port.
    static func urlProblem(in bytes: [UInt8]) -> String? {
        if let problem = uriProblem(in: bytes) { return problem }
        let text = String(decoding: bytes, as: UTF8.self)
        let lower = text.lowercased()
        guard let prefix = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else {
            return "it does not start with http:// or https://"
        }
        var authority = text.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "the [IPv6] host has no ']'" }
            let inner = authority[authority.index(after: authority.startIndex)..<close]
            if let problem = NetworkNames.ipv6Problem(in: Array(inner.utf8)) { return "the host: " + problem }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return "text follows the [IPv6] host" }
                port = after.dropFirst()
            }
        } else {
            var host = authority
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            }
            if host.isEmpty { return "it has no host" }
            let looksNumeric = host.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
            if looksNumeric {
                if let problem = NetworkNames.ipv4Problem(in: Array(host.utf8)) { return "the host: " + problem }
            } else if let problem = NetworkNames.hostnameProblem(in: Array(host.utf8), needsDot: true, name: "the host") {
                return problem
            }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ ("0"..."9").contains($0) }),
                  let number = Int(port), (1...65535).contains(number)
            else { return "the port must be a number from 1 to 65535" }
        }
        return nil
    }

    static let paths = ["", "/", "/forms/osago", "/claims/new", "/docs/policy.pdf", "/profile?tab=documents",
                        "/search?q=insurance&page=2", "/help#contacts", "/api/v1/questionnaires/42"]

    static func makeURL(_ random: inout SeededRandom) -> String {
        let host = random.chance(0.5) ? NetworkNames.makeDomain(&random) : NetworkNames.makeHostname(&random)
        return (random.chance(0.9) ? "https://" : "http://") + host + random.pick(paths)
    }

    static func makeURN(_ random: inout SeededRandom) -> String {
        switch random.int(in: 0...2) {
        case 0: return "urn:isbn:978" + String(random.int(in: 1_000_000_000...9_999_999_999))
        case 1: return "mailto:" + EmailAddress.make(&random)
        default: return "tel:" + IdentifierFormats.makePhone(&random)
        }
    }
}
