import Yams

/// Reads one YAML mapping of a rule file: typed access to its keys, with every problem
/// (wrong type, unknown key) reported at the right `line:column`.
struct YAMLMapping {
    let file: String
    let pairs: [(key: String, keyNode: Node, value: Node)]
    let location: SourceLocation
    let problems: ProblemCollector
    /// The file each pair was written in: a field built on a definition from a library holds
    /// pairs of two files.
    private let origins: [String]
    private var consumed: Set<String> = []

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
        var pairs: [(String, Node, Node)] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            if !seen.insert(name).inserted {
                problems.report("duplicate key '\(name)'", at: YAMLMapping.location(of: key, file: file))
            }
            pairs.append((name, key, value))
        }
        self.pairs = pairs
        self.origins = Array(repeating: file, count: pairs.count)
    }

    /// Builds a mapping from already-read pairs (used to merge a definition into a field);
    /// `origins` names the file of each pair (all `file` when nil).
    init(file: String, pairs: [(key: String, keyNode: Node, value: Node)], origins: [String]? = nil,
         location: SourceLocation, problems: ProblemCollector) {
        self.file = file
        self.pairs = pairs
        self.origins = origins ?? Array(repeating: file, count: pairs.count)
        self.location = location
        self.problems = problems
    }

    /// The file the pair of `key` was written in (the mapping's own file when absent).
    func file(ofKey key: String) -> String {
        pairs.lastIndex { $0.key == key }.map { origins[$0] } ?? file
    }

    /// The file of every pair, in order.
    var pairOrigins: [String] { origins }

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
        consumed.insert(key)
        return pairs.last { $0.key == key }?.value
    }

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
        for (pair, origin) in zip(pairs, origins) where !consumed.contains(pair.key) {
            problems.report(
                "unknown key '\(pair.key)' in \(context)\(Suggestion.didYouMean(pair.key, in: known))",
                at: Self.location(of: pair.keyNode, file: origin))
        }
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
}
