/// E-mail addresses as mail systems accept them: the practical RFC 5321/5322 subset (a
/// dot-atom local part, no quoted strings or comments, an ASCII domain of valid labels).
enum EmailAddress {
    /// Whether `byte` is one of the characters of an atom besides letters and digits (RFC 5322
    /// `atext`: ``!#$%&'*+-/=?^_`{|}~``); a switch, where a `Set` hashed every byte it was asked.
    static func isAtomSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `text` is a valid address: the rules of ``problem(in:)`` in one pass over the
    /// bytes where they lie, without copying them into an array (most addresses are valid, and
    /// validation asks for every one); ``problem(in:)`` says what is wrong with the others.
    static func isAddress(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count <= 254, let at = text.lastIndex(of: UInt8(ascii: "@")) else { return false }
        guard at > 0, at <= 64, text[0] != UInt8(ascii: "."), text[at - 1] != UInt8(ascii: ".") else { return false }
        var previous: UInt8 = 0
        for index in 0..<at {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                if previous == byte { return false }
            } else if !FormatBytes.isLetterOrDigit(byte), !isAtomSymbol(byte) {
                return false  // an '@' in the local part too
            }
            previous = byte
        }
        let domain = text[(at + 1)...]
        return !domain.isEmpty && NetworkNames.isHostname(domain, needsDot: true)
    }

    /// Nil for a valid address, otherwise what is wrong with it.
    static func problem(in bytes: [UInt8]) -> String? {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return "it has no '@'" }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        if local.isEmpty { return "the part before '@' is empty" }
        if local.contains(UInt8(ascii: "@")) { return "it has more than one '@'" }
        if local.count > 64 { return "the part before '@' is longer than 64 characters" }
        if bytes.count > 254 { return "it is longer than 254 characters" }
        if local.first == UInt8(ascii: ".") { return "the part before '@' starts with a dot" }
        if local.last == UInt8(ascii: ".") { return "the part before '@' ends with a dot" }
        var previous: UInt8 = 0
        for byte in local {
            if byte == UInt8(ascii: "."), previous == byte { return "the part before '@' has two dots in a row" }
            if byte != UInt8(ascii: "."), !FormatBytes.isLetterOrDigit(byte), !isAtomSymbol(byte) {
                return byte == UInt8(ascii: " ") ? "it contains a space"
                    : "the part before '@' contains " + FormatBytes.quotedPart([byte])
            }
            previous = byte
        }
        if domain.isEmpty { return "the domain after '@' is empty" }
        if domain.count > 253 { return "the domain is longer than 253 characters" }
        if let problem = NetworkNames.hostnameProblem(in: domain, needsDot: true, name: "the domain") { return problem }
        return nil
    }

    static let givenNames = ["anna", "oleg", "maria", "ivan", "elena", "sergey", "olga", "dmitry", "natalia",
                             "alexey", "irina", "pavel", "svetlana", "nikolay", "tatiana", "andrey", "julia", "max",
                             "lukas", "sophie", "jan", "emma", "paul", "lena"]
    static let familyNames = ["ivanov", "petrova", "smirnov", "kuznetsova", "popov", "sokolova", "lebedev",
                              "kozlova", "novikov", "morozova", "volkov", "grigoriev", "schmidt", "mueller",
                              "weber", "fischer", "orlov", "zaitseva", "belov", "pavlova"]
    static let mailProviders = ["mail.ru", "yandex.ru", "gmail.com", "inbox.ru", "bk.ru", "list.ru", "rambler.ru",
                                "outlook.com", "gmx.de", "web.de", "proton.me", "icloud.com"]
    static let roles = ["info", "office", "support", "sales", "hr", "claims", "billing", "contact"]

    /// A real-looking mailbox: `anna.petrova@mail.ru`, `o.grigoriev85@yandex.ru`,
    /// `claims@volga-insure.ru`.
    static func make(_ random: inout SeededRandom) -> String {
        var bytes: [UInt8] = []
        append(to: &bytes, random: &random)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a mailbox as ``make(_:)`` makes it, with the same draws in the same order, straight
    /// into `output`: building the local part and the address as `String`s took about 1,750 of
    /// the 2,580 instructions an address cost (osago, callgrind).
    static func append(to output: inout [UInt8], random: inout SeededRandom) {
        let given = random.pick(givenNames), family = random.pick(familyNames)
        switch random.int(in: 0...5) {
        case 0:
            appendText(given, to: &output)
            output.append(UInt8(ascii: "."))
            appendText(family, to: &output)
        case 1:
            appendText(String(given.prefix(1)), to: &output)
            output.append(UInt8(ascii: "."))
            appendText(family, to: &output)
        case 2:
            appendText(given, to: &output)
            output.append(UInt8(ascii: "_"))
            appendText(family, to: &output)
            TextCandidates.appendInteger(Int64(random.int(in: 70...99)), to: &output)
        case 3:
            appendText(family, to: &output)
            output.append(UInt8(ascii: "."))
            appendText(given, to: &output)
            output.append(UInt8(ascii: "+"))
            appendText(random.pick(tags), to: &output)
        case 4:
            appendText(random.pick(roles), to: &output)
        default:
            appendText(given, to: &output)
            TextCandidates.appendInteger(Int64(random.int(in: 1...2005)), to: &output)
        }
        output.append(UInt8(ascii: "@"))
        appendText(random.chance(0.6) ? random.pick(mailProviders) : NetworkNames.makeDomain(&random), to: &output)
    }

    /// The tags of a `family.given+tag` local part.
    private static let tags = ["work", "forms", "osago", "news"]

    /// Appends a string's UTF-8 bytes in one copy.
    private static func appendText(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
