import Yams

/// Reads one YAML mapping of a rule file: typed access to its keys, with every problem
/// (wrong type, unknown key) reported at the right `line:column`.
struct YAMLMapping {
    let file: String
    let pairs: [(key: String, keyNode: Node, value: Node)]
    let location: SourceLocation
    let problems: ProblemCollector
    /// The file each pair was written in: a field built on a definition from a library holds
    /// pairs of two files. Nil when every pair is in `file` (most mappings: no array to allocate).
    private let origins: [String]?
    /// Which pairs a reader asked for (by index; a key asked for marks every pair of that name).
    private var consumed = PairMarks()
    /// One bit per key, chosen by its length and first byte: a key whose bit is clear is surely
    /// absent, so looking up the many keys a mapping lacks (every check kind asks for its own)
    /// compares no text.
    private let keyBits: UInt64

    /// Wraps `node`, reporting a problem and returning nil when it is not a mapping.
    init?(_ node: Node, file: String, what: String, problems: ProblemCollector) {
        let location = YAMLMapping.location(of: node, file: file)
        guard let mapping = node.mapping else {
            problems.report("\(what) must be a mapping of keys to values", at: location)
            return nil
        }
        self.file = file
        self.location = location
        self.problems = problems
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        pairs.reserveCapacity(mapping.count)
        // Mappings are short: comparing with the keys before is cheaper than hashing every key.
        var seen: Set<String> = []
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            let isDuplicate: Bool
            if pairs.count < 16 {
                isDuplicate = pairs.contains { $0.key == name }
            } else {
                if seen.isEmpty { seen = Set(pairs.map(\.key)) }
                isDuplicate = !seen.insert(name).inserted
            }
            if isDuplicate {
                problems.report("duplicate key '\(name)'", at: YAMLMapping.location(of: key, file: file))
            }
            pairs.append((name, key, value))
        }
        self.pairs = pairs
        self.origins = nil
        keyBits = Self.keyBits(of: pairs)
    }

    /// Builds a mapping from already-read pairs (used to merge a definition into a field);
    /// `origins` names the file of each pair (all `file` when nil).
    init(file: String, pairs: [(key: String, keyNode: Node, value: Node)], origins: [String]? = nil,
         location: SourceLocation, problems: ProblemCollector) {
        self.file = file
        self.pairs = pairs
        self.origins = origins
        keyBits = Self.keyBits(of: pairs)
        self.location = location
        self.problems = problems
    }

    /// The file the pair of `key` was written in (the mapping's own file when absent).
    func file(ofKey key: String) -> String {
        guard let origins else { return file }
        return pairs.lastIndex { $0.key == key }.map { origins[$0] } ?? file
    }

    /// The file of every pair, in order.
    var pairOrigins: [String] { origins ?? Array(repeating: file, count: pairs.count) }

    /// Where `node`, a part of the value of `key`, stands (in the file that pair came from).
    func location(of node: Node, key: String) -> SourceLocation {
        Self.location(of: node, file: file(ofKey: key))
    }

    static func location(of node: Node, file: String) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func location(of node: Node) -> SourceLocation { Self.location(of: node, file: file) }

    /// The value node of `key`, marking the key as known.
    mutating func node(_ key: String) -> Node? {
        guard keyBits & Self.bit(of: key) != 0 else { return nil }
        var found: Node?
        for index in pairs.indices where pairs[index].key == key {
            consumed.mark(index)
            found = pairs[index].value
        }
        return found
    }

    /// The key's bit: its first byte plus seven times its length, modulo 64.
    private static func bit(of key: String) -> UInt64 {
        let utf8 = key.utf8
        return 1 << UInt64((Int(utf8.first ?? 0) &+ utf8.count &* 7) & 63)
    }

    private static func keyBits(of pairs: [(key: String, keyNode: Node, value: Node)]) -> UInt64 {
        pairs.reduce(0) { $0 | bit(of: $1.key) }
    }

    /// The key bits of `keys`, for ``mayHold(_:)``.
    static func keyBits(of keys: [String]) -> UInt64 {
        keys.reduce(0) { $0 | bit(of: $1) }
    }

    /// False when none of the keys whose bits are `keys` is in the mapping (true may be either).
    func mayHold(_ keys: UInt64) -> Bool { keyBits & keys != 0 }

    mutating func string(_ key: String) -> Located<String>? {
        guard let node = node(key) else { return nil }
        guard let scalar = node.scalar else {
            problems.report("'\(key)' must be a single value, not a list or mapping", at: location(of: node, key: key))
            return nil
        }
        return Located(scalar.string, at: location(of: node, key: key))
    }

    mutating func integer(_ key: String) -> Located<Int>? {
        guard let text = string(key) else { return nil }
        guard let value = Int(text.value) else {
            problems.report("'\(key)' must be a whole number, found '\(text.value)'", at: text.location)
            return nil
        }
        return Located(value, at: text.location)
    }

    mutating func boolean(_ key: String) -> Bool? {
        guard let text = string(key) else { return nil }
        switch text.value {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            problems.report("'\(key)' must be true or false, found '\(text.value)'", at: text.location)
            return nil
        }
    }

    /// A single string or a list of strings.
    mutating func strings(_ key: String) -> [Located<String>] {
        guard let node = node(key) else { return [] }
        if let scalar = node.scalar { return [Located(scalar.string, at: location(of: node, key: key))] }
        guard let sequence = node.sequence else {
            problems.report("'\(key)' must be a value or a list of values", at: location(of: node, key: key))
            return []
        }
        return sequence.compactMap { element in
            guard let scalar = element.scalar else {
                problems.report("each entry of '\(key)' must be a single value", at: location(of: element, key: key))
                return nil
            }
            return Located(scalar.string, at: location(of: element, key: key))
        }
    }

    /// Reports every key that no reader asked for, suggesting the closest known key.
    func reportUnknownKeys(known: [String], context: String) {
        reportUnknownKeys(known: SuggestionWords(known), context: context)
    }

    /// Reports every key that no reader asked for, suggesting the closest of `known` (prepared
    /// once: the rule readers' key tables, see ``RulesLoader/knownFieldKeys``).
    func reportUnknownKeys(known: SuggestionWords, context: String) {
        for (index, pair) in pairs.enumerated() where !consumed.contains(index) {
            problems.report(
                "unknown key '\(pair.key)' in \(context)\(Suggestion.didYouMean(pair.key, in: known))",
                at: Self.location(of: pair.keyNode, file: origins?[index] ?? file))
        }
    }
}

/// A set of pair indices: a word of bits for the first 64 pairs (no allocation for the
/// mappings of a rule file), flags for the rest.
private struct PairMarks {
    private var low: UInt64 = 0
    private var high: [Bool] = []

    mutating func mark(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else {
            if high.count <= index - 64 { high += repeatElement(false, count: index - 64 - high.count + 1) }
            high[index - 64] = true
        }
    }

    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : index - 64 < high.count && high[index - 64]
    }
}

extension Node {
    /// The scalar's typed value as written, for `values:` and `const:` lists.
    var enumValue: EnumValue? {
        guard let scalar = scalar else { return nil }
        let isPlain = scalar.style == .plain
        if isPlain, let integer = Int64(scalar.string) { return .integer(integer) }
        if isPlain, scalar.string == "true" { return .boolean(true) }
        if isPlain, scalar.string == "false" { return .boolean(false) }
        return .string(scalar.string)
    }

    /// Why a plain whole number in `values:` or `const:` cannot be read (it is past 64 bits,
    /// which those lists compare integers within), or nil. Without this it would silently turn
    /// into text, and an integer enum listing it into a text enum.
    var integerPast64BitsProblem: String? {
        guard let scalar, scalar.style == .plain, Int64(scalar.string) == nil else { return nil }
        let text = scalar.string
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return "the whole number \(text) is past 64 bits: 'values' and 'const' compare whole numbers from "
            + "-9223372036854775808 to 9223372036854775807; quote it to list it as text, or give an integer "
            + "field min and max equal to it"
    }
}
