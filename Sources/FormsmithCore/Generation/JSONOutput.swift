/// JSON text being written, with its parsed form (the validator's tape) built alongside, so
/// that verifying a generated questionnaire does not parse it again. The text goes into plain
/// memory (``ByteBuffer``). `isParsed` turns false when text copied in verbatim (a member the
/// rules do not declare, a literal that is not one JSON value) leaves the nodes unknown: the
/// bytes must then be parsed.
struct JSONOutput: ~Copyable {
    var text = ByteBuffer(capacity: 4096)
    var nodes = PlainBuffer<JSONNode>(capacity: 256)
    var isParsed = true
    /// The tape a literal's text is parsed onto (reused).
    private var literalTape = JSONTape()

    /// The JSON text written.
    var bytes: UnsafeBufferPointer<UInt8> { text.elements }

    mutating func reset() {
        text.removeAll()
        nodes.removeAll()
        isParsed = true
    }

    /// Adds the nodes of the JSON value written from byte `start` on (parsed, then shifted to
    /// their place); when it does not parse, the whole text must be parsed instead.
    mutating func appendNodes(ofTextFrom start: Int) {
        let written = UnsafeBufferPointer(rebasing: text.elements[start...])
        guard (try? JSONParser.parse(written, into: &literalTape)) != nil else {
            isParsed = false
            return
        }
        let base = Int32(nodes.count)
        for var node in literalTape.nodes {
            node.start += start
            node.end += start
            node.next += base
            nodes.append(node)
        }
    }

    /// Adds the node of a value without children that spans `start..<end`.
    @inline(__always)
    mutating func leaf(_ kind: JSONKind, start: Int, end: Int, escapes: Bool = false) {
        nodes.append(JSONNode(kind: kind, hasEscapes: escapes, start: start, end: end, childCount: 0,
                              next: Int32(nodes.count + 1)))
    }

    /// Writes a quoted string and its node.
    mutating func string(_ value: UnsafeBufferPointer<UInt8>) {
        let start = text.count + 1
        let escapes = RecordJSONWriter.appendString(value, to: &text)
        leaf(.string, start: start, end: text.count - 1, escapes: escapes)
    }

    /// Writes the opening bracket of a container and returns its node's index.
    mutating func open(_ kind: JSONKind, byte: UInt8) -> Int {
        nodes.append(JSONNode(kind: kind, hasEscapes: false, start: text.count, end: 0, childCount: 0, next: 0))
        text.append(byte)
        return nodes.count - 1
    }

    /// Writes the closing bracket of the container at `index`.
    mutating func close(_ index: Int, byte: UInt8, children: Int) {
        text.append(byte)
        nodes[index].end = text.count
        nodes[index].childCount = Int32(children)
        nodes[index].next = Int32(nodes.count)
    }

    /// Forgets the text from byte `byte` on and the nodes from node `node` on (a section that
    /// turned out empty).
    mutating func removeSuffix(bytesFrom byte: Int, nodesFrom node: Int) {
        text.removeSuffix(from: byte)
        nodes.removeSuffix(from: node)
    }
}
