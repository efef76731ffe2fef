/// Writes a generated questionnaire as one line of compact JSON, members in the order the
/// rules declare them, sections only when they hold something, bytes straight into plain memory.
///
/// The object layouts are flattened once into a list of steps whose keys are ready-made
/// bytes (`"insurant":`), and enum values into one table of their JSON text, so writing a
/// record touches no strings and no arrays of arrays.
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

    /// One enum value's JSON text in ``choiceText``.
    struct Choice {
        let start: Int32
        let end: Int32
        /// A JSON string (else a number).
        let isString: Bool
        /// Whether the string's content holds escapes.
        let escapes: Bool
    }

    /// The plain-memory views one record is written from.
    private struct Sources {
        let keys: UnsafeBufferPointer<UInt8>
        let arena: UnsafeBufferPointer<UInt8>
        let choiceText: UnsafeBufferPointer<UInt8>
    }

    let plan: GeneratorTables
    private var steps: [Step] = []
    private var keys: [UInt8] = []
    private var rootSteps = 0..<0
    /// Steps of each list's item object, by list field id.
    private var itemSteps: [Range<Int>]
    /// Enum values of every field, one after another, as JSON text.
    private var choiceText: [UInt8] = []
    private var choices: [Choice] = []
    /// Per field id, its first value in ``choices``.
    private var firstChoice: [Int]
    /// Per field id, how its dates are written.
    private let dateLayouts: [DateLayout]

    init(plan: GeneratorTables) {
        self.plan = plan
        itemSteps = Array(repeating: 0..<0, count: plan.rules.fields.count)
        firstChoice = Array(repeating: 0, count: plan.rules.fields.count)
        dateLayouts = plan.fields.map(\.dateLayout)
        for (id, field) in plan.fields.enumerated() {
            firstChoice[id] = choices.count
            for (json, text) in zip(field.enumJSON, field.enumText) {
                let start = Int32(choiceText.count)
                choiceText.append(contentsOf: json)
                let isString = json.first == UInt8(ascii: "\"")
                choices.append(Choice(start: start, end: Int32(choiceText.count), isString: isString,
                                      escapes: isString && text.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }))
            }
        }
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
    /// it held, together with the parsed form of those bytes. `record` is only read: it is
    /// passed `inout` so that the builder's record goes by address, where passing it by value
    /// copied its eleven arrays (a retain and a release each) for every questionnaire.
    func write(_ record: inout GeneratedRecord, to output: inout JSONOutput) {
        output.reset()
        keys.withUnsafeBufferPointer { keys in
            record.arena.withUnsafeBufferPointer { arena in
                choiceText.withUnsafeBufferPointer { choiceText in
                    let sources = Sources(keys: keys, arena: arena, choiceText: choiceText)
                    let root = output.open(.object, byte: UInt8(ascii: "{"))
                    var members = writeSteps(rootSteps, record, item: -1, sources, to: &output)
                    for extra in record.extras {
                        if members > 0 { output.text.append(UInt8(ascii: ",")) }
                        members += 1
                        Array(extra.key.utf8).withUnsafeBufferPointer { output.string($0) }
                        output.text.append(UInt8(ascii: ":"))
                        output.text.append(contentsOf: Array(extra.json.utf8))
                        output.isParsed = false
                    }
                    output.close(root, byte: UInt8(ascii: "}"), children: members * 2)
                }
            }
        }
    }

    /// Writes the members of the steps in `range`; returns how many were written.
    private func writeSteps(_ range: Range<Int>, _ record: GeneratedRecord, item: Int, _ sources: Sources,
                            to output: inout JSONOutput) -> Int {
        var members = 0
        for index in range {
            let step = steps[index]
            if step.end < 0 {
                let id = Int(step.field)
                let value = record.value(of: id, item: item)
                guard value.isPresent else { continue }
                if members > 0 { output.text.append(UInt8(ascii: ",")) }
                members += 1
                writeKey(step, sources, to: &output)
                writeValue(value, of: id, record, item: item, sources, to: &output)
            } else {
                let mark = (output.text.count, output.nodes.count)
                if members > 0 { output.text.append(UInt8(ascii: ",")) }
                writeKey(step, sources, to: &output)
                let section = output.open(.object, byte: UInt8(ascii: "{"))
                let inner = writeSteps(Int(step.field)..<Int(step.end), record, item: item, sources, to: &output)
                if inner == 0 {
                    output.removeSuffix(bytesFrom: mark.0, nodesFrom: mark.1)
                } else {
                    output.close(section, byte: UInt8(ascii: "}"), children: inner * 2)
                    members += 1
                }
            }
        }
        return members
    }

    /// Writes `"key":` and the key's node.
    @inline(__always)
    private func writeKey(_ step: Step, _ sources: Sources, to output: inout JSONOutput) {
        let start = output.text.count + 1
        output.text.appendBytes(UnsafeBufferPointer(rebasing: sources.keys[Int(step.keyStart)..<Int(step.keyEnd)]))
        output.leaf(.string, start: start, end: output.text.count - 2, escapes: step.keyEscapes)
    }

    /// Writes one value of field `id` of item `item` (-1 outside lists).
    private func writeValue(_ value: GeneratedValue, of id: Int, _ record: GeneratedRecord, item: Int,
                            _ sources: Sources, to output: inout JSONOutput) {
        let start = output.text.count
        switch value {
        case .absent:
            output.text.append("null")
            output.leaf(.null, start: start, end: output.text.count)
        case .text(let first, let end):
            output.string(UnsafeBufferPointer(rebasing: sources.arena[Int(first)..<Int(end)]))
        case .date(let date):
            output.text.append(UInt8(ascii: "\""))
            dateLayouts[id].append(date, to: &output.text)
            output.leaf(.string, start: start + 1, end: output.text.count)
            output.text.append(UInt8(ascii: "\""))
        case .integer(let number):
            TextCandidates.appendInteger(number, to: &output.text)
            output.leaf(.number, start: start, end: output.text.count)
        case .decimal(let mantissa, let scale):
            TextCandidates.appendDecimal(mantissa: mantissa, scale: Int(scale), to: &output.text)
            output.leaf(.number, start: start, end: output.text.count)
        case .boolean(let flag):
            output.text.append(flag ? "true" : "false")
            output.leaf(flag ? .boolTrue : .boolFalse, start: start, end: output.text.count)
        case .choice(let index):
            writeChoice(Int(index), of: id, sources, to: &output)
        case .choices(let first, let count):
            let array = output.open(.array, byte: UInt8(ascii: "["))
            for position in Int(first)..<Int(first + count) {
                if position > first { output.text.append(UInt8(ascii: ",")) }
                writeChoice(Int(record.choiceIndexes[position]), of: id, sources, to: &output)
            }
            output.close(array, byte: UInt8(ascii: "]"), children: Int(count))
        case .items(let count):
            let array = output.open(.array, byte: UInt8(ascii: "["))
            // A list inside list items: its items for this enclosing item follow each other from `first`.
            let first = record.listIDs[id] < 0 ? 0 : record.itemIndex(of: id, local: 0, enclosing: item)
            for local in 0..<Int(count) {
                if local > 0 { output.text.append(UInt8(ascii: ",")) }
                let object = output.open(.object, byte: UInt8(ascii: "{"))
                let members = writeSteps(itemSteps[id], record, item: first + local, sources, to: &output)
                output.close(object, byte: UInt8(ascii: "}"), children: members * 2)
            }
            output.close(array, byte: UInt8(ascii: "]"), children: Int(count))
        case .literal(let json, _):
            output.text.appendBytes(UnsafeBufferPointer(rebasing: sources.arena[Int(json.lowerBound)..<Int(json.upperBound)]))
            output.appendNodes(ofTextFrom: start)  // keeps the parsed form when the literal is one JSON value
        }
    }

    /// Writes one enum value (a JSON string, or an integer).
    @inline(__always)
    private func writeChoice(_ index: Int, of id: Int, _ sources: Sources, to output: inout JSONOutput) {
        let choice = choices[firstChoice[id] + index]
        let start = output.text.count
        output.text.appendBytes(UnsafeBufferPointer(rebasing: sources.choiceText[Int(choice.start)..<Int(choice.end)]))
        if choice.isString {
            output.leaf(.string, start: start + 1, end: output.text.count - 1, escapes: choice.escapes)
        } else {
            output.leaf(.number, start: start, end: output.text.count)
        }
    }

    /// Whether `bytes` hold a quote, a backslash or a control character, looking at 8 bytes at
    /// a time.
    static func needsEscapes(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { needsEscapes($0) }
    }

    /// Whether `buffer` holds a quote, a backslash or a control character, looking at 8 bytes
    /// at a time.
    static func needsEscapes(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & lows) &+ lows) | value | lows) }
        var index = 0
        while index + 8 <= buffer.count {
            // In bounds: the loop runs while `index + 8 <= buffer.count`; the tail is read byte by byte below
            // `count`.
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

    /// Appends `bytes` (UTF-8) as a quoted JSON string; returns whether it needed escapes.
    @discardableResult
    static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { appendString($0, to: &output) }
    }

    /// Appends `bytes` (UTF-8) as a quoted JSON string to any sink; returns whether it needed
    /// escapes.
    @discardableResult
    static func appendString<Sink: ByteSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout Sink) -> Bool {
        output.append(UInt8(ascii: "\""))
        if !needsEscapes(bytes) {  // most values: one copy
            output.appendBytes(bytes)
            output.append(UInt8(ascii: "\""))
            return false
        }
        var plainStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.appendBytes(UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
            plainStart = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
            default:
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
        }
        output.appendBytes(UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        output.append(UInt8(ascii: "\""))
        return plainStart != 0
    }

    /// The lowercase hex digit of a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
