/// Writes a generated questionnaire as one line of compact JSON, members in the order the
/// rules declare them, sections only when they hold something, bytes straight into a buffer.
///
/// The object layouts are flattened once into a list of steps whose keys are ready-made
/// bytes (`"insurant":`), so writing a record touches no strings.
struct RecordJSONWriter {
    /// One step: write a field's member, or open a section whose steps run to `end`.
    struct Step {
        let field: Int32
        /// For sections: the index after the section's last step; -1 for fields.
        let end: Int32
        let keyStart: Int32
        let keyEnd: Int32
        /// Whether the key needed escapes.
        let keyEscapes: Bool
    }

    let plan: GeneratorTables
    private var steps: [Step] = []
    private var keys: [UInt8] = []
    private var rootSteps = 0..<0
    /// Steps of each list's item object, by list field id.
    private var itemSteps: [Range<Int>]

    init(plan: GeneratorTables) {
        self.plan = plan
        itemSteps = Array(repeating: 0..<0, count: plan.rules.fields.count)
        rootSteps = flatten(plan.rules.root)
        for field in plan.rules.fields {
            if let layout = field.items?.layout { itemSteps[field.id] = flatten(layout) }
        }
    }

    private mutating func flatten(_ layout: ObjectLayout) -> Range<Int> {
        var pending: [(ObjectLayout.Member, Int)] = []
        let start = steps.count
        for member in layout.members {
            let keyStart = Int32(keys.count)
            var slice: [UInt8] = []
            let escapes = RecordJSONWriter.appendString(member.key[...], to: &slice)
            keys.append(contentsOf: slice)
            keys.append(UInt8(ascii: ":"))
            switch member.target {
            case .field(let id, _):
                steps.append(Step(field: Int32(id), end: -1, keyStart: keyStart, keyEnd: Int32(keys.count),
                                  keyEscapes: escapes))
            case .section:
                pending.append((member, steps.count))
                steps.append(Step(field: -1, end: -1, keyStart: keyStart, keyEnd: Int32(keys.count),
                                  keyEscapes: escapes))
            }
        }
        let end = steps.count
        for (member, index) in pending {
            guard case .section(_, let inner) = member.target else { continue }
            let range = flatten(inner)
            let step = steps[index]
            steps[index] = Step(field: Int32(range.lowerBound), end: Int32(range.upperBound),
                                keyStart: step.keyStart, keyEnd: step.keyEnd, keyEscapes: step.keyEscapes)
        }
        return start..<end
    }

    /// Writes `record` as a JSON object (no trailing newline) into `output`, replacing what
    /// it held, together with the parsed form of those bytes.
    func write(_ record: GeneratedRecord, to output: inout JSONOutput) {
        output.reset()
        let root = output.open(.object, byte: UInt8(ascii: "{"))
        var members = writeSteps(rootSteps, record, item: -1, to: &output)
        for extra in record.extras {
            if members > 0 { output.bytes.append(UInt8(ascii: ",")) }
            members += 1
            output.string(Array(extra.key.utf8)[...])
            output.bytes.append(UInt8(ascii: ":"))
            output.bytes.append(contentsOf: extra.json.utf8)
            output.isParsed = false
        }
        output.close(root, byte: UInt8(ascii: "}"), children: members * 2)
    }

    /// Writes the members of the steps in `range`; returns how many were written.
    private func writeSteps(_ range: Range<Int>, _ record: GeneratedRecord, item: Int, to output: inout JSONOutput) -> Int {
        var members = 0
        for index in range {
            let step = steps[index]
            if step.end < 0 {
                let id = Int(step.field)
                let value = record.value(of: id, item: item)
                guard value.isPresent else { continue }
                if members > 0 { output.bytes.append(UInt8(ascii: ",")) }
                members += 1
                writeKey(step, to: &output)
                writeValue(value, of: id, record, item: item, to: &output)
            } else {
                let mark = (output.bytes.count, output.nodes.count)
                if members > 0 { output.bytes.append(UInt8(ascii: ",")) }
                writeKey(step, to: &output)
                let section = output.open(.object, byte: UInt8(ascii: "{"))
                let inner = writeSteps(Int(step.field)..<Int(step.end), record, item: item, to: &output)
                if inner == 0 {
                    output.bytes.removeSubrange(mark.0...)
                    output.nodes.removeSubrange(mark.1...)
                } else {
                    output.close(section, byte: UInt8(ascii: "}"), children: inner * 2)
                    members += 1
                }
            }
        }
        return members
    }

    /// Writes `"key":` and the key's node.
    private func writeKey(_ step: Step, to output: inout JSONOutput) {
        let start = output.bytes.count + 1
        output.bytes.append(contentsOf: keys[Int(step.keyStart)..<Int(step.keyEnd)])
        output.leaf(.string, start: start, end: output.bytes.count - 2, escapes: step.keyEscapes)
    }

    /// Writes one value of field `id` of item `item` (-1 outside lists).
    private func writeValue(_ value: GeneratedValue, of id: Int, _ record: GeneratedRecord, item: Int,
                            to output: inout JSONOutput) {
        let start = output.bytes.count
        switch value {
        case .absent:
            output.bytes.append(contentsOf: "null".utf8)
            output.leaf(.null, start: start, end: output.bytes.count)
        case .text(let first, let end):
            output.string(record.arena[Int(first)..<Int(end)])
        case .date(let date):
            output.bytes.append(UInt8(ascii: "\""))
            plan.fields[id].dateLayout.append(date, to: &output.bytes)
            output.leaf(.string, start: start + 1, end: output.bytes.count)
            output.bytes.append(UInt8(ascii: "\""))
        case .integer(let number):
            TextCandidates.appendInteger(number, to: &output.bytes)
            output.leaf(.number, start: start, end: output.bytes.count)
        case .decimal(let mantissa, let scale):
            TextCandidates.appendDecimal(mantissa: mantissa, scale: Int(scale), to: &output.bytes)
            output.leaf(.number, start: start, end: output.bytes.count)
        case .boolean(let flag):
            output.bytes.append(contentsOf: flag ? "true".utf8 : "false".utf8)
            output.leaf(flag ? .boolTrue : .boolFalse, start: start, end: output.bytes.count)
        case .choice(let index):
            writeChoice(Int(index), of: id, to: &output)
        case .choices(let first, let count):
            let array = output.open(.array, byte: UInt8(ascii: "["))
            for position in Int(first)..<Int(first + count) {
                if position > first { output.bytes.append(UInt8(ascii: ",")) }
                writeChoice(Int(record.choiceIndexes[position]), of: id, to: &output)
            }
            output.close(array, byte: UInt8(ascii: "]"), children: Int(count))
        case .items(let count):
            let array = output.open(.array, byte: UInt8(ascii: "["))
            // A list inside list items: its items for this enclosing item follow each other from `first`.
            let first = record.listIDs[id] < 0 ? 0 : record.itemIndex(of: id, local: 0, enclosing: item)
            for local in 0..<Int(count) {
                if local > 0 { output.bytes.append(UInt8(ascii: ",")) }
                let object = output.open(.object, byte: UInt8(ascii: "{"))
                let members = writeSteps(itemSteps[id], record, item: first + local, to: &output)
                output.close(object, byte: UInt8(ascii: "}"), children: members * 2)
            }
            output.close(array, byte: UInt8(ascii: "]"), children: Int(count))
        case .literal(let json, _):
            let start = output.bytes.count
            output.bytes.append(contentsOf: record.arena[Int(json.lowerBound)..<Int(json.upperBound)])
            output.appendNodes(ofTextFrom: start)  // keeps the parsed form when the literal is one JSON value
        }
    }

    /// Writes one enum value (a JSON string, or an integer).
    private func writeChoice(_ index: Int, of id: Int, to output: inout JSONOutput) {
        let start = output.bytes.count
        output.bytes.append(contentsOf: plan.fields[id].enumJSON[index])
        if output.bytes[start] == UInt8(ascii: "\"") {
            let escapes = plan.fields[id].enumText[index].contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            output.leaf(.string, start: start + 1, end: output.bytes.count - 1, escapes: escapes)
        } else {
            output.leaf(.number, start: start, end: output.bytes.count)
        }
    }

    /// Whether `bytes` hold a quote, a backslash or a control character, looking at 8 bytes at
    /// a time.
    static func needsEscapes(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let ones: UInt64 = 0x0101_0101_0101_0101
            func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & lows) &+ lows) | value | lows) }
            var index = 0
            while index + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let found = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word & (ones &* 0xE0))
                if found != 0 { return true }
                index += 8
            }
            while index < buffer.count {
                let byte = base[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
                index += 1
            }
            return false
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `bytes` (UTF-8) as a quoted JSON string; returns whether it needed escapes.
    @discardableResult
    static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) -> Bool {
        output.append(UInt8(ascii: "\""))
        if !needsEscapes(bytes) {  // most values: one copy
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "\""))
            return false
        }
        var plainStart = bytes.startIndex
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: bytes[plainStart..<index])
            plainStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            default:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
        }
        output.append(contentsOf: bytes[plainStart...])
        output.append(UInt8(ascii: "\""))
        return plainStart != bytes.startIndex
    }
}

/// JSON text being written, with its parsed form (the validator's tape) built alongside, so
/// that verifying a generated questionnaire does not parse it again. `isParsed` turns false
/// when text copied in verbatim (a member the rules do not declare, a literal that is not one
/// JSON value) leaves the nodes unknown: the bytes must then be parsed.
struct JSONOutput {
    var bytes: [UInt8] = []
    var nodes: [JSONNode] = []
    var isParsed = true

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
        isParsed = true
    }

    /// Adds the nodes of the JSON value written from byte `start` on (parsed, then shifted to
    /// their place); when it does not parse, the whole text must be parsed instead.
    mutating func appendNodes(ofTextFrom start: Int) {
        var tape = JSONTape()
        let parsed: Bool = bytes[start...].withUnsafeBufferPointer { text in
            (try? JSONParser.parse(text, into: &tape)) != nil
        }
        guard parsed else {
            isParsed = false
            return
        }
        let base = Int32(nodes.count)
        for var node in tape.nodes {
            node.start += start
            node.end += start
            node.next += base
            nodes.append(node)
        }
    }

    /// Adds the node of a value without children that spans `start..<end`.
    mutating func leaf(_ kind: JSONKind, start: Int, end: Int, escapes: Bool = false) {
        nodes.append(JSONNode(kind: kind, hasEscapes: escapes, start: start, end: end, childCount: 0,
                              next: Int32(nodes.count + 1)))
    }

    /// Writes a quoted string and its node.
    mutating func string(_ text: ArraySlice<UInt8>) {
        let start = bytes.count + 1
        let escapes = RecordJSONWriter.appendString(text, to: &bytes)
        leaf(.string, start: start, end: bytes.count - 1, escapes: escapes)
    }

    /// Writes the opening bracket of a container and returns its node's index.
    mutating func open(_ kind: JSONKind, byte: UInt8) -> Int {
        nodes.append(JSONNode(kind: kind, hasEscapes: false, start: bytes.count, end: 0, childCount: 0, next: 0))
        bytes.append(byte)
        return nodes.count - 1
    }

    /// Writes the closing bracket of the container at `index`.
    mutating func close(_ index: Int, byte: UInt8, children: Int) {
        bytes.append(byte)
        nodes[index].end = bytes.count
        nodes[index].childCount = Int32(children)
        nodes[index].next = Int32(nodes.count)
    }
}
