@testable import FormsmithCore
@testable import FormsmithValues  // the readers and parsers it drives are package-internal
import FuzzSupport
import Yams

/// Fast, structure-aware fuzz target: the rule tree reader fed YAML node trees built straight from
/// the input bytes, without libyaml (FuzzRulesReader covers the text; libyaml and Yams' node
/// building are most of its time). The bytes are a small program: each node is a mapping, a
/// list, a word of the rules language (the loader's own key tables, type, check, checksum and
/// format names, typical values) or a short literal, so almost every input is a tree of rule
/// keys and the fuzzer spends its time on the reader's logic (definitions, `use:`, cases,
/// sections, list items, libraries named by `include:`). Invariants: nothing traps or hangs, a
/// tree that gives no rule set has problems, every problem names the rule file (or, for a library
/// named by `include:`, that library's path), a 1-based place and a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var program = NodeProgram(bytes: FuzzSupport.buffer(data, size))
    let root = program.mapping(depth: 0)
    let file = "/nonexistent/fuzz/rules.yaml"
    let problems = ProblemCollector()
    var reader = RuleTreeReader(file: file, problems: problems,
                                roots: ReadableRoots(folders: ["/nonexistent/fuzz"], origin: "the fuzz folder"))
    let ruleSet = reader.readRuleSet(root)
    FuzzSupport.require(ruleSet != nil || !problems.isEmpty, "no rule set and no problem")
    for problem in problems.problems {
        let place = problem.location
        FuzzSupport.require(place.line >= 1 && place.column >= 1, "problem without a place: \(problem)")
        FuzzSupport.require(!problem.message.isEmpty, "a problem without a message: \(problem)")
        // A problem of a library named by `include:` is placed in that file (an absolute path).
        FuzzSupport.require(place.file == file || place.file.hasPrefix("/"), "problem in an unnamed file: \(problem)")
    }
    if let ruleSet { _ = ruleSet.fields.count }
    return 0
}

/// Decodes the input bytes into a YAML node tree.
struct NodeProgram {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Nodes made so far: the tree stays small whatever the input.
    var nodes = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next byte, or nil at the end of the input.
    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Any node: a mapping, a list or a scalar, by the next byte.
    mutating func node(depth: Int) -> Node {
        guard let byte = next() else { return scalar(NodeProgram.words[0]) }
        nodes += 1
        switch byte & 7 {
        case 0 where depth < 12 && nodes < 400: return mapping(depth: depth + 1)
        case 1 where depth < 12 && nodes < 400: return sequence(depth: depth + 1)
        case 2: return literal(quoted: byte & 8 != 0)
        default: return word(style: byte & 8 != 0 ? .doubleQuoted : .plain)
        }
    }

    /// A mapping of up to 7 pairs, its keys mostly words of the rules language.
    mutating func mapping(depth: Int) -> Node {
        let count = Int((next() ?? 0) & 7)
        var pairs: [(Node, Node)] = []
        for _ in 0..<count where position < bytes.count {
            let key = (next() ?? 0) & 0xF0 == 0xF0 ? literal(quoted: false) : word(style: .plain)
            pairs.append((key, node(depth: depth)))
        }
        return .mapping(Node.Mapping(pairs, NodeProgram.mappingTag, .block))
    }

    /// A list of up to 7 nodes.
    mutating func sequence(depth: Int) -> Node {
        let count = Int((next() ?? 0) & 7)
        var elements: [Node] = []
        for _ in 0..<count where position < bytes.count { elements.append(node(depth: depth)) }
        return .sequence(Node.Sequence(elements, NodeProgram.sequenceTag, .block))
    }

    /// A word of the rules language, chosen by the next byte.
    mutating func word(style: Node.Scalar.Style) -> Node {
        let index = Int(next() ?? 0) % NodeProgram.words.count
        return scalar(NodeProgram.words[index], style: style)
    }

    /// Up to 15 bytes of the input as text (invalid UTF-8 repaired, as a file's text would be).
    mutating func literal(quoted: Bool) -> Node {
        let count = min(Int((next() ?? 0) & 15), bytes.count - position)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
        position += count
        return scalar(text, style: quoted ? .singleQuoted : .plain)
    }

    func scalar(_ text: String, style: Node.Scalar.Style = .plain) -> Node {
        .scalar(Node.Scalar(text, NodeProgram.scalarTag, style))
    }

    // One tag per kind of node, shared: a tag is resolved (and keeps its name) once.
    nonisolated(unsafe) static let scalarTag = Tag(.implicit, .basic, .default)
    nonisolated(unsafe) static let mappingTag = Tag(.implicit, .basic, .default)
    nonisolated(unsafe) static let sequenceTag = Tag(.implicit, .basic, .default)

    /// The words: every key the loader knows, the names it accepts as values, and values that
    /// reach its branches (numbers, booleans, dates, durations, expressions, masks, regexes).
    static let words: [String] = {
        var words = ["fields", "a", "b", "c", "items", "x", "id"]
        words += RulesLoader.topLevelKeys + RulesLoader.libraryKeys + RulesLoader.sectionKeys + RulesLoader.fieldKeys
        words += RulesLoader.caseKeys + RulesLoader.checksumKeys + RulesLoader.assertionKeys
        words += FieldType.allCases.map(\.rawValue) + ChecksumAlgorithm.allCases.map(\.rawValue)
        words += TextFormat.allCases.map(\.rawValue)
        words += ["1", "0", "-1", "2", "10", "2.5", "1e3", "true", "false", "yes", "no", "null", "~", "",
                  "today", "today - 18y", "2026-01-01", "2026-02-29", "P1Y", "1d", "a > 1", "a == 'x'",
                  "b != null", "len(a) > 2", "^\\d+$", "[a-z]+", "000-000", "+7 (000) 000-00-00", "AA",
                  "other.yaml", "../lib.yaml", "seeds.txt", "x.y", "a.b", "items[0]", "$ref"]
        return words
    }()
}
