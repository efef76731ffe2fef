/// The kind of a node in a ``JSONTape``.
package enum JSONKind: UInt8, Sendable, BitwiseCopyable {
    case null, boolTrue, boolFalse, number, string, array, object

    /// The name used in messages ("a string", "an object", ...).
    package var phrase: String {
        switch self {
        case .null: return "null"
        case .boolTrue, .boolFalse: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One value of a parsed JSON document.
///
/// Nodes point into the input bytes instead of copying them: a string node's `start..<end`
/// is its content between the quotes (still escaped when `hasEscapes` is set); a number's
/// range is its literal text. Containers know how many children they hold and where their
/// subtree ends, so siblings can be skipped without walking them.
package struct JSONNode: Sendable, BitwiseCopyable {
    /// What kind of value this is.
    package var kind: JSONKind
    /// For strings: whether the content contains backslash escapes that must be decoded.
    package var hasEscapes: Bool
    /// First byte of the value (string content for strings).
    package var start: Int
    /// One past the last byte of the value (string content for strings).
    package var end: Int
    /// Number of direct children: elements of an array, or key and value nodes of an object
    /// (twice the member count).
    package var childCount: Int32
    /// Index of the node after this node's whole subtree.
    package var next: Int32
}

/// A parsed JSON value as a flat array of nodes in document order (a "tape").
///
/// The tape is reused between records: ``JSONParser`` clears it keeping its capacity, so
/// validating millions of records allocates almost nothing per record. The root is node 0.
/// An object's children alternate key (a string node) and value.
package struct JSONTape: Sendable {
    /// The nodes in document order.
    package internal(set) var nodes: [JSONNode] = []
    /// Memory the parser writes nodes into before they become `nodes` (reused between records).
    private var scratch = JSONNodeScratch()

    /// Creates an empty tape.
    package init() {}

    /// The scratch memory for a parse, this tape's own unless a copy of the tape shares it.
    mutating func scratchForParsing() -> JSONNodeScratch {
        if !isKnownUniquelyReferenced(&scratch) { scratch = JSONNodeScratch() }
        return scratch
    }

    /// Indices of the direct children of the container at `index`.
    package func children(of index: Int) -> JSONChildren {
        JSONChildren(tape: self, parent: index)
    }
}

/// The direct children of a container node, in order, skipping their subtrees.
package struct JSONChildren: Sequence {
    let tape: JSONTape
    let parent: Int

    /// Iterates child node indices.
    package struct Iterator: IteratorProtocol {
        let nodes: [JSONNode]
        var current: Int
        var remaining: Int32

        package mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            let index = current
            current = Int(nodes[index].next)
            remaining -= 1
            return index
        }
    }

    package func makeIterator() -> Iterator {
        Iterator(nodes: tape.nodes, current: parent + 1, remaining: tape.nodes[parent].childCount)
    }
}

/// Node memory for ``JSONParser``: written with plain stores while a value is parsed, then
/// copied into the tape's `nodes` at once. Only the parse that took it from its tape (which
/// holds the sole reference) touches it, hence `@unchecked Sendable`.
final class JSONNodeScratch: @unchecked Sendable {
    // In bounds: the parser checks `count < capacity` before each store and calls `grow()` otherwise; `grow`
    // moves exactly `capacity` nodes into twice the room.
    private(set) var base: UnsafeMutablePointer<JSONNode>
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Doubles the capacity, keeping the nodes written so far.
    func grow() {
        let larger = UnsafeMutablePointer<JSONNode>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: capacity)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
