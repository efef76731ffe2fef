/// Suggests the closest known word for a misspelt one ("did you mean 'mask'?").
///
/// The closest candidate is the first one at the smallest edit distance (Levenshtein, over
/// characters, ignoring case), offered when that distance is at most `max(2, length / 3)`.
/// Unknown keys are common in fuzzed and hand-written rule files alike, so the search is
/// bounded: a candidate whose length differs by more than the distance still acceptable is
/// skipped, as is one holding more bytes absent from the word (or lacking more of the word's)
/// than that distance (each such byte takes an edit of its own; against an ASCII candidate, so
/// does each non-ASCII character of the word), the distance is computed only within that band of the table, and a row whose
/// every cell exceeds the bound ends the computation. The candidates are lowered once
/// (``SuggestionWords``: the known keys of a rule file's mappings once per process), and when
/// the word and a candidate are ASCII they are compared byte by byte in table rows reused from
/// one candidate to the next: nothing is allocated per candidate.
enum Suggestion {
    static func closest(to word: String, in candidates: [String]) -> String? {
        closest(to: word, in: SuggestionWords(candidates))
    }

    static func closest(to word: String, in candidates: SuggestionWords) -> String? {
        var bound = max(2, word.count / 3)
        let lowered = word.lowercased()
        var best: String?
        if let target = asciiUnits(lowered) {
            var rows = EditRows()
            let letters = SuggestionWords.letters(target)
            for index in candidates.words.indices {
                let candidate = candidates.words[index]
                let distance: Int?
                if let units = candidates.lowered[index] {
                    // A byte of one word that the other lacks takes an edit of its own.
                    let other = candidates.letters[index]
                    guard max((letters & ~other).nonzeroBitCount, (other & ~letters).nonzeroBitCount) <= bound,
                        abs(units.count - target.count) <= bound else { continue }
                    distance = editDistance(target, units, within: bound, rows: &rows)
                } else {
                    distance = editDistance(Array(lowered), Array(candidate.lowercased()), within: bound)
                }
                guard let distance else { continue }
                best = candidate
                if distance == 0 { break }
                bound = distance - 1
            }
        } else {
            let target = Array(lowered)
            // Against an ASCII candidate, each of the word's other characters takes an edit of
            // its own, as does each ASCII byte that one holds and the other lacks.
            var foreign = 0
            var letters: UInt64 = 0
            for character in target {
                if character.utf8.count == 1, let byte = character.utf8.first {
                    letters |= 1 << UInt64(byte & 63)
                } else {
                    foreign += 1
                }
            }
            for index in candidates.words.indices {
                let candidate = candidates.words[index]
                if let units = candidates.lowered[index] {
                    let other = candidates.letters[index]
                    guard abs(units.count - target.count) <= bound,
                        max(foreign + (letters & ~other).nonzeroBitCount, (other & ~letters).nonzeroBitCount) <= bound
                    else { continue }
                }
                guard let distance = editDistance(target, Array(candidate.lowercased()), within: bound) else { continue }
                best = candidate
                if distance == 0 { break }
                bound = distance - 1
            }
        }
        return best
    }

    static func didYouMean(_ word: String, in candidates: SuggestionWords) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The bytes of an ASCII text in which every byte is one character (no CR LF pair, which
    /// is one character), or nil.
    fileprivate static func asciiUnits(_ text: String) -> [UInt8]? {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 || (previous == 0x0D && byte == 0x0A) { return nil }
            previous = byte
        }
        return Array(text.utf8)
    }

    /// Two rows of the edit distance table, kept between candidates.
    struct EditRows {
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// The edit distance of `a` and `b` when it is at most `limit`, else nil.
    static func editDistance<Unit: Equatable>(_ a: [Unit], _ b: [Unit], within limit: Int) -> Int? {
        var rows = EditRows()
        return editDistance(a, b, within: limit, rows: &rows)
    }

    /// The edit distance of `a` and `b` when it is at most `limit`, else nil, in `rows`. Only the
    /// cells within `limit` of the diagonal are computed (the others cannot lead to a distance
    /// within it), and the computation stops at the first row with no cell within the limit.
    static func editDistance<Unit: Equatable>(_ a: [Unit], _ b: [Unit], within limit: Int,
                                              rows: inout EditRows) -> Int? {
        let n = a.count, m = b.count
        guard limit >= 0, abs(n - m) <= limit else { return nil }
        if n == 0 { return m }
        if m == 0 { return n }
        let beyond = limit + 1
        // The buffers taken out of `rows` (so that they are this function's alone) and put back.
        var previous = rows.previous, current = rows.current
        rows = EditRows()
        defer { rows = EditRows(previous: previous, current: current) }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: repeatElement(beyond, count: m + 1))
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(beyond, count: m + 1))
        for j in 0...Swift.min(m, limit) { previous[j] = j }
        for i in 1...n {
            let low = Swift.max(1, i - limit), high = Swift.min(m, i + limit)
            current[0] = i <= limit ? i : beyond
            if low > 1 { current[low - 1] = beyond }
            var rowMinimum = current[0]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                let value = Swift.min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1, beyond)
                current[j] = value
                rowMinimum = Swift.min(rowMinimum, value)
            }
            if high < m { current[high + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}

/// Words to suggest from, each lowered once: as bytes when the lowered word is ASCII with no
/// CR LF pair (one byte, one character), else nil (compared by characters).
/// With each ASCII word, a bit for each byte it holds (by the byte's low 6 bits): a bit set in
/// one word's set and not in the other's is a byte that needs an edit, a quick lower bound
/// of the distance.
struct SuggestionWords: ExpressibleByArrayLiteral {
    let words: [String]
    let lowered: [[UInt8]?]
    let letters: [UInt64]

    init(_ words: [String]) {
        self.words = words
        lowered = words.map { Suggestion.asciiUnits($0.lowercased()) }
        letters = lowered.map { $0.map(Self.letters) ?? 0 }
    }

    /// The bits of the bytes of `units`.
    static func letters(_ units: [UInt8]) -> UInt64 {
        units.reduce(0) { $0 | 1 << UInt64($1 & 63) }
    }

    init(arrayLiteral words: String...) { self.init(words) }
}
