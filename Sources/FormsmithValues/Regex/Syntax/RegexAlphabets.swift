/// The fixed alphabets the generator draws characters from.
///
/// `universe` (printable ASCII and the Russian alphabet) is what `.`, negated classes and
/// negated escapes produce; `pool` adds a representative sample of other scripts, symbols
/// and spaces, used when a construct (such as `\p{Greek}`) has no member in the universe.
/// Property and POSIX-class membership is decided by Unicode data over the pool, so a set is
/// always "what PCRE2 would match, restricted to characters the generator may emit".
package enum RegexAlphabets {
    /// Printable ASCII (space to tilde) plus the 66 letters of the Russian alphabet.
    package static let universe = RegexCharSet(normalizing: [0x20...0x7E, 0x401...0x401, 0x410...0x44F, 0x451...0x451])

    /// Printable ASCII only (what `\C`, a single code unit, may produce).
    package static let printableASCII = RegexCharSet(normalizing: [0x20...0x7E])

    /// The universe plus representative characters from other blocks.
    package static let pool = universe.union(RegexCharSet(normalizing: [
        0x09...0x0D, 0xA0...0xFF, 0x100...0x24F,  // controls that are spaces, Latin-1, Latin Extended
        0x386...0x386, 0x388...0x38A, 0x38C...0x38C, 0x38E...0x3A1, 0x3A3...0x3CE,  // Greek
        0x400...0x45F, 0x490...0x4FF,  // the rest of basic Cyrillic
        0x5D0...0x5EA, 0x621...0x63A, 0x641...0x64A, 0x660...0x669,  // Hebrew, Arabic
        0x2000...0x200A, 0x2010...0x2027, 0x2028...0x2029, 0x2030...0x205E, 0x2070...0x2070,
        0x20A0...0x20BF, 0x2160...0x2188, 0x3000...0x3000, 0x3041...0x3096, 0x4E00...0x4E2F,
        0x1F600...0x1F60F,  // a few emoji, so classes excluding the whole BMP still have members
    ]))

    /// The members of `pool` that satisfy `predicate`.
    package static func poolMembers(where predicate: (Unicode.Scalar) -> Bool) -> RegexCharSet {
        var members: [ClosedRange<UInt32>] = []
        for range in pool.ranges {
            for value in range {
                if let scalar = Unicode.Scalar(value), predicate(scalar) { members.append(value...value) }
            }
        }
        return RegexCharSet(normalizing: members)
    }

    /// The two-letter general category code (`Lu`, `Nd`, …) of a scalar.
    package static func categoryCode(of scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }

    /// Script ranges for the scripts `\p{…}` accepts by name (restricted to the pool later).
    private static let scripts: [String: [ClosedRange<UInt32>]] = [
        "latin": [0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0xD6, 0xD8...0xF6,
                  0xF8...0x24F, 0x1E00...0x1EFF],
        "cyrillic": [0x400...0x482, 0x48A...0x52F],
        "greek": [0x370...0x373, 0x375...0x377, 0x37A...0x37D, 0x37F...0x37F, 0x386...0x386, 0x388...0x3E1,
                  0x3F0...0x3FF],
        "hebrew": [0x591...0x5F4],
        "arabic": [0x620...0x63F, 0x641...0x64A, 0x660...0x669],
        "han": [0x4E00...0x9FFF],
        "hiragana": [0x3041...0x3096],
    ]

    /// The pool members of the `\p{name}` property, or nil when the name is not supported.
    /// Names are compared as PCRE2 does: case, spaces, hyphens and underscores are ignored.
    package static func property(named rawName: String) -> RegexCharSet? {
        let name = String(rawName.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
        switch name {
        case "any": return pool
        case "l&", "lc": return poolMembers { ["Lu", "Ll", "Lt"].contains(categoryCode(of: $0)) }
        case "xan": return poolMembers { "LN".contains(categoryCode(of: $0).first ?? " ") }
        case "xwd": return word
        case "xsp", "xps": return space
        default: break
        }
        if let ranges = scripts[name] {
            return pool.intersection(RegexCharSet(normalizing: ranges))
        }
        let categories = ["c", "cc", "cf", "cn", "co", "cs", "l", "lu", "ll", "lt", "lm", "lo", "m", "mn", "mc",
                          "me", "n", "nd", "nl", "no", "p", "pc", "pd", "ps", "pe", "pi", "pf", "po", "s", "sm",
                          "sc", "sk", "so", "z", "zs", "zl", "zp"]
        guard categories.contains(name) else { return nil }
        return poolMembers { categoryCode(of: $0).lowercased().hasPrefix(name) }
    }

    /// `\d`: the ASCII digits `0-9` (Formsmith's `\d`; see ``ASCIIDigitPattern``).
    package static let digit = pool.intersection(RegexCharSet(normalizing: [0x30...0x39]))
    /// `\w` in UCP mode: letters, numbers and the underscore.
    package static let word = poolMembers { $0 == "_" || "LN".contains(categoryCode(of: $0).first ?? " ") }
    /// `\s` in UCP mode: separators plus tab, line feed, vertical tab, form feed, carriage return.
    package static let space = poolMembers { (0x09...0x0D).contains($0.value) || categoryCode(of: $0).hasPrefix("Z") }
    /// `\h`: horizontal white space.
    package static let horizontalSpace = pool.intersection(RegexCharSet(normalizing: [
        0x09...0x09, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x180E...0x180E, 0x2000...0x200A,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]))
    /// `\v`: vertical white space.
    package static let verticalSpace = pool.intersection(RegexCharSet(normalizing: [
        0x0A...0x0D, 0x85...0x85, 0x2028...0x2029,
    ]))

    /// `[:graph:]` in UCP mode: letters, marks, numbers, punctuation, symbols and format characters.
    private static func isGraphic(_ scalar: Unicode.Scalar) -> Bool {
        let code = categoryCode(of: scalar)
        return "LMNPS".contains(code.first ?? " ") || code == "Cf"
    }

    /// The pool members of the POSIX class `[:name:]` in UCP mode, or nil for an unknown name.
    package static func posixClass(named name: String) -> RegexCharSet? {
        switch name {
        case "alpha": return property(named: "L")
        case "digit": return property(named: "Nd")
        case "alnum": return property(named: "Xan")
        case "upper": return property(named: "Lu")
        case "lower": return property(named: "Ll")
        case "space": return space
        case "blank": return horizontalSpace
        case "word": return word
        case "cntrl": return property(named: "Cc")
        case "xdigit": return RegexCharSet(normalizing: [0x30...0x39, 0x41...0x46, 0x61...0x66])
        case "ascii": return pool.intersection(RegexCharSet(normalizing: [0...0x7F]))
        case "punct":
            return poolMembers {
                let code = categoryCode(of: $0)
                return code.hasPrefix("P") || (code.hasPrefix("S") && $0.value < 0x100)
            }
        case "graph": return poolMembers(where: isGraphic)
        case "print": return poolMembers { isGraphic($0) || categoryCode(of: $0) == "Zs" }
        default: return nil
        }
    }
}
