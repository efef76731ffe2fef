import FormsmithValues

/// A regex or mask a text field's value must match, prepared for lint: compiled for matching,
/// parsed for generating values and measuring lengths.
struct TextPattern {
    /// `regex` or `mask`.
    let key: String
    /// The pattern or mask as written, with its location.
    let source: Located<String>
    /// For matching values; nil when it does not compile (the compiler reports that).
    let regex: CompiledRegex?
    /// For generating values; nil when the generator does not support the pattern.
    let generator: RegexGenerator?
    /// The fewest and most characters a matching value has (`Int.max`: unbounded); nil when unknown.
    let lengths: ClosedRange<Int>?

    /// The regex and mask of each constraint set, in order.
    static func all(in constraints: [Constraints]) -> [TextPattern] {
        var patterns: [TextPattern] = []
        for set in constraints {
            if let regex = set.regex { patterns.append(TextPattern(regex: regex, flags: set.regexFlags?.value ?? "")) }
            if let mask = set.mask, let pattern = TextPattern(mask: mask) { patterns.append(pattern) }
        }
        return patterns
    }

    private init(regex: Located<String>, flags: String) {
        key = "regex"
        source = regex
        let options = try? RegexOptions(flags: flags)
        self.regex = options.flatMap { try? CompiledRegex(pattern: regex.value, options: $0) }
        generator = try? RegexGenerator(pattern: Self.inlineOptions(flags) + regex.value,
                                        caseInsensitive: options?.contains(.caseInsensitive) ?? false)
        lengths = generator?.lengthBounds
    }

    private init?(mask: Located<String>) {
        guard let parsed = try? InputMask(mask.value) else { return nil }
        key = "mask"
        source = mask
        regex = try? parsed.compile()
        generator = try? RegexGenerator(pattern: parsed.regexPattern)
        lengths = parsed.lengthRange
    }

    /// The flags that change which values a pattern generates, as an inline option group.
    private static func inlineOptions(_ flags: String) -> String {
        let letters = flags.filter { "nx".contains($0) }
        return letters.isEmpty ? "" : "(?\(letters))"
    }

    /// `regex '^\d{3}$'` or `mask '000'`, for messages.
    var phrase: String { "\(key) '\(source.value)'" }
}
