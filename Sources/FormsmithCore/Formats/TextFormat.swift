/// A named, standard-defined text format a string field can declare with `format:` (an
/// e-mail address, a URL, a UUID, an E.164 phone number ...). Each format knows how to check
/// a value (saying what is wrong), write a realistic value and break a valid one.
public enum TextFormat: String, CaseIterable, Sendable {
    case email
    case uri
    case url
    case uuid
    case phone
    case hostname
    case ipv4
    case ipv6
    case dateTime = "date-time"

    /// What a value must be, with an example (`an e-mail address such as name@example.com`).
    var expectation: String {
        switch self {
        case .email: "an e-mail address such as name@example.com"
        case .uri: "an absolute URI such as urn:isbn:0451450523 or https://example.com/a"
        case .url: "an http or https URL such as https://example.com/path"
        case .uuid: "a UUID such as 123e4567-e89b-42d3-a456-426614174000"
        case .phone: "a phone number in E.164 form such as +74951234567"
        case .hostname: "a host name such as mail.example.com"
        case .ipv4: "an IPv4 address such as 192.0.2.1"
        case .ipv6: "an IPv6 address such as 2001:db8::1"
        case .dateTime: "an RFC 3339 date and time such as 2026-11-25T14:30:00Z"
        }
    }

    /// The standard the check follows, for `explain` and the reference.
    var standard: String {
        switch self {
        case .email: "RFC 5321/5322 dot-atom address: local part up to 64 bytes, domain of valid labels, 254 in all"
        case .uri: "RFC 3986 absolute URI: a scheme, ':' and URI characters with valid %-escapes"
        case .url: "http:// or https://, a host name with a dot, an IPv4 or [IPv6] address, an optional port"
        case .uuid: "RFC 9562 text form, 8-4-4-4-12 hexadecimal digits"
        case .phone: "ITU-T E.164: '+', a country code and the number, 7 to 15 digits, no spaces"
        case .hostname: "RFC 1123 host name: labels of letters, digits and inner hyphens, 63 each, 253 in all"
        case .ipv4: "dotted quad, each part 0-255 without leading zeros"
        case .ipv6: "RFC 4291 text form, with at most one '::' and an optional trailing IPv4 part"
        case .dateTime: "RFC 3339 date-time: a real date, 'T', time, optional fraction, 'Z' or an offset"
        }
    }

    /// Nil when `text` is in the format, otherwise what is wrong with it, in a few words
    /// (`the local part ends with a dot`).
    func problem(in text: UnsafeBufferPointer<UInt8>) -> String? {
        // A valid address is told without copying its bytes (about 1,100 instructions an
        // address, most of them the copy and the hashed symbol set, were spent on the way).
        if self == .email, EmailAddress.isAddress(text) { return nil }
        let bytes = Array(text)
        switch self {
        case .email: return EmailAddress.problem(in: bytes)
        case .uri: return WebAddress.uriProblem(in: bytes)
        case .url: return WebAddress.urlProblem(in: bytes)
        case .uuid: return IdentifierFormats.uuidProblem(in: bytes)
        case .phone: return IdentifierFormats.phoneProblem(in: bytes)
        case .hostname: return NetworkNames.hostnameProblem(in: bytes, needsDot: false)
        case .ipv4: return NetworkNames.ipv4Problem(in: bytes)
        case .ipv6: return NetworkNames.ipv6Problem(in: bytes)
        case .dateTime: return IdentifierFormats.dateTimeProblem(in: bytes)
        }
    }

    /// Whether `text` is in the format.
    func accepts(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { problem(in: $0) == nil }
    }

    /// Appends a realistic value in the format.
    func append(to output: inout [UInt8], random: inout SeededRandom) {
        let value: String
        switch self {
        case .email:
            EmailAddress.append(to: &output, random: &random)  // no String made (see there)
            return
        case .uri: value = random.chance(0.5) ? WebAddress.makeURL(&random) : WebAddress.makeURN(&random)
        case .url: value = WebAddress.makeURL(&random)
        case .uuid: value = IdentifierFormats.makeUUID(&random)
        case .phone: value = IdentifierFormats.makePhone(&random)
        case .hostname: value = NetworkNames.makeHostname(&random)
        case .ipv4: value = NetworkNames.makeIPv4(&random)
        case .ipv6: value = NetworkNames.makeIPv6(&random)
        case .dateTime: value = IdentifierFormats.makeDateTime(&random)
        }
        output.append(contentsOf: value.utf8)
    }

    /// A value like `valid` that breaks the format the way people get it wrong (a trailing
    /// dot in an e-mail's local part, a fifth dotted part, a missing hex digit); nil when
    /// none is found.
    func corrupt(_ valid: [UInt8], random: inout SeededRandom) -> [UInt8]? {
        let text = String(decoding: valid, as: UTF8.self)
        var candidates: [String]
        switch self {
        case .email:
            let at = text.lastIndex(of: "@") ?? text.endIndex
            let local = text[..<at], domain = text[at...]
            candidates = [local + "." + domain, "." + text, text.replacingOccurrences(of: "@", with: "@@"),
                          String(local) + "@", text.replacingOccurrences(of: "@", with: " at ")]
        case .uri, .url: candidates = [text.replacingOccurrences(of: ":", with: " :"), "www example com"]
        case .uuid: candidates = [String(text.dropLast()), text.replacingOccurrences(of: "-", with: "_")]
        case .phone: candidates = [text.replacingOccurrences(of: "+", with: "8"), text + "12345678"]
        case .hostname: candidates = ["-" + text, text.replacingOccurrences(of: ".", with: "..")]
        case .ipv4: candidates = [text + ".1", "256." + text.split(separator: ".").dropFirst().joined(separator: ".")]
        case .ipv6: candidates = [text + ":::1", text.replacingOccurrences(of: ":", with: "-")]
        case .dateTime: candidates = [text.replacingOccurrences(of: "T", with: " "), String(text.prefix(10))]
        }
        let start = random.int(in: 0...(candidates.count - 1))
        for offset in 0..<candidates.count {
            let candidate = Array(candidates[(start + offset) % candidates.count].utf8)
            if !accepts(candidate) { return candidate }
        }
        return nil
    }
}

/// ASCII byte classes shared by the formats.
enum FormatBytes {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66) }
    static func isLetterOrDigit(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }

    /// A part of the value quoted in a problem (`'-petrova-family'`), marked so that
    /// ``shownProblem(_:redact:)`` can mask it under `--redact`.
    static func quotedPart<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        "'" + String(partStart) + String(decoding: Array(bytes), as: UTF8.self) + String(partEnd) + "'"
    }

    private static let partStart: Unicode.Scalar = "\u{E000}", partEnd: Unicode.Scalar = "\u{E001}"

    /// A problem as a message shows it: the quoted part of the value as written, or masked
    /// with ``Redaction`` (a problem quotes at most one part; everything from the first mark
    /// to the last is masked, so marks inside the value cannot end the masking early).
    static func shownProblem(_ problem: String, redact: Bool) -> String {
        let scalars = problem.unicodeScalars
        guard let start = scalars.firstIndex(of: partStart), let end = scalars.lastIndex(of: partEnd), start < end
        else { return problem }
        let part = String(scalars[scalars.index(after: start)..<end])
        return String(scalars[..<start]) + (redact ? Redaction.redact(part) : part)
            + String(scalars[scalars.index(after: end)...])
    }
}
