/// The script free text is written in: the form's language as far as its rules show it.
///
/// A field's script comes from, in order: its seed list (the script most of its letters are
/// in), then its regex (a regex that accepts words of one script and not the other), then the
/// form: Cyrillic when any enum value, regex or mask of the form holds a Cyrillic letter
/// (`ТП`, `[А-ЯЁ]`, `[АВЕКМНОРСТУХ]`), Latin otherwise.
enum TextScript: String, Sendable {
    case latin
    case cyrillic

    /// The script most letters of `texts` are in; nil when they hold no letters of either.
    static func majority(of texts: some Sequence<String>) -> TextScript? {
        var cyrillic = 0
        var latin = 0
        for text in texts {
            for scalar in text.unicodeScalars {
                if isCyrillic(scalar) { cyrillic += 1 } else if isLatinLetter(scalar) { latin += 1 }
            }
        }
        if cyrillic == 0 && latin == 0 { return nil }
        return cyrillic > latin ? .cyrillic : .latin
    }

    /// The form's script, from the text of its enum values, regexes and masks (cases included).
    static func ofForm(_ rules: CompiledRuleSet) -> TextScript {
        for field in rules.fields {
            for checks in [field.checks] + field.cases.map(\.checks) {
                let values = ChoiceDomain(checks).stringValues
                if values.contains(where: { $0.unicodeScalars.contains(where: isCyrillic) }) { return .cyrillic }
            }
            for case .text(let check) in field.checks + field.cases.flatMap(\.checks) {
                var text = TextRequirements()
                check.require(&text)
                for pattern in text.regexes + text.masks where pattern.pattern.unicodeScalars.contains(where: isCyrillic) {
                    return .cyrillic
                }
            }
        }
        return .latin
    }

    /// The other script.
    var other: TextScript { self == .latin ? .cyrillic : .latin }

    /// The built-in words of the script.
    var words: RealisticWords { self == .cyrillic ? RealisticWords.cyrillic : RealisticWords.latin }

    static func isCyrillic(_ scalar: Unicode.Scalar) -> Bool { (0x0400...0x04FF).contains(scalar.value) }

    private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
}

/// A word list ready to write text from: each word's UTF-8 bytes and its length in characters.
final class RealisticWords: Sendable {
    static let cyrillic = RealisticWords(BuiltInWords.cyrillic)
    static let latin = RealisticWords(BuiltInWords.latin)

    private let words: [[UInt8]]
    /// The capitalised form of each word (the first word of a sentence).
    private let capitalised: [[UInt8]]
    private let lengths: [Int]

    init(_ list: [String]) {
        words = list.map { Array($0.utf8) }
        capitalised = list.map { Array(($0.prefix(1).uppercased() + $0.dropFirst()).utf8) }
        lengths = list.map(\.unicodeScalars.count)
    }

    /// Appends words separated by spaces, the first capitalised, exactly `length` characters
    /// long: words are added while they fit; when the next one does not and the text is still
    /// shorter than `minimum`, up to eight more words are tried before the rest is filled with
    /// the start of one (a short or boundary length may end in a cut word).
    func appendSentence(length: Int, minimum: Int, to output: inout [UInt8], random: inout SeededRandom) {
        var written = 0
        while written < length {
            let separator = written == 0 ? 0 : 1
            let room = length - written - separator
            var index = random.int(in: 0...(words.count - 1))
            // A word that fits is worth a few more picks before one is cut.
            for _ in 0..<8 where lengths[index] > room && room > 0 { index = random.int(in: 0...(words.count - 1)) }
            if room <= 0 {
                if written >= minimum { return }
                // Only the separator's place is left: end with one more letter instead.
                appendScalars(of: words[index], count: 1, to: &output)
                return
            }
            if lengths[index] > room && written >= minimum && written > 0 { return }
            if separator == 1 { output.append(UInt8(ascii: " ")) }
            let word = written == 0 ? capitalised[index] : words[index]
            if lengths[index] <= room {
                output.append(contentsOf: word)
                written += separator + lengths[index]
            } else {
                appendScalars(of: word, count: room, to: &output)
                written += separator + room
            }
        }
    }

    /// Appends the first `count` characters of `word`.
    private func appendScalars(of word: [UInt8], count: Int, to output: inout [UInt8]) {
        var seen = 0
        var end = 0
        while end < word.count {
            if word[end] & 0xC0 != 0x80 {
                if seen == count { break }
                seen += 1
            }
            end += 1
        }
        output.append(contentsOf: word[..<end])
    }
}
