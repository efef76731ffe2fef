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
    }

    let plan: GenerationPlan
    private var steps: [Step] = []
    private var keys: [UInt8] = []
    private var rootSteps = 0..<0
    /// Steps of each list's item object, by list field id.
    private var itemSteps: [Range<Int>]

    init(plan: GenerationPlan) {
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
            RecordJSONWriter.appendString(member.key[...], to: &slice)
            keys.append(contentsOf: slice)
            keys.append(UInt8(ascii: ":"))
            switch member.target {
            case .field(let id):
                steps.append(Step(field: Int32(id), end: -1, keyStart: keyStart, keyEnd: Int32(keys.count)))
            case .section:
                pending.append((member, steps.count))
                steps.append(Step(field: -1, end: -1, keyStart: keyStart, keyEnd: Int32(keys.count)))
            }
        }
        let end = steps.count
        for (member, index) in pending {
            guard case .section(_, let inner) = member.target else { continue }
            let range = flatten(inner)
            let step = steps[index]
            steps[index] = Step(field: Int32(range.lowerBound), end: Int32(range.upperBound),
                                keyStart: step.keyStart, keyEnd: step.keyEnd)
        }
        return start..<end
    }

    /// Appends `record` as a JSON object (no trailing newline).
    func write(_ record: GeneratedRecord, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = writeSteps(rootSteps, record, item: -1, to: &output)
        for extra in record.extras {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            RecordJSONWriter.appendString(Array(extra.key.utf8)[...], to: &output)
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: extra.json.utf8)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Writes the members of the steps in `range`; returns true when none was written.
    private func writeSteps(_ range: Range<Int>, _ record: GeneratedRecord, item: Int, to output: inout [UInt8]) -> Bool {
        var first = true
        for index in range {
            let step = steps[index]
            if step.end < 0 {
                let id = Int(step.field)
                let value = record.value(of: id, item: item)
                guard value.isPresent else { continue }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                output.append(contentsOf: keys[Int(step.keyStart)..<Int(step.keyEnd)])
                writeValue(value, of: id, record, to: &output)
            } else {
                let mark = output.count
                if !first { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: keys[Int(step.keyStart)..<Int(step.keyEnd)])
                output.append(UInt8(ascii: "{"))
                if writeSteps(Int(step.field)..<Int(step.end), record, item: item, to: &output) {
                    output.removeSubrange(mark...)
                } else {
                    output.append(UInt8(ascii: "}"))
                    first = false
                }
            }
        }
        return first
    }

    private func writeValue(_ value: GeneratedValue, of id: Int, _ record: GeneratedRecord, to output: inout [UInt8]) {
        switch value {
        case .absent:
            output.append(contentsOf: "null".utf8)
        case .text(let start, let end):
            RecordJSONWriter.appendString(record.arena[Int(start)..<Int(end)], to: &output)
        case .date(let date):
            output.append(UInt8(ascii: "\""))
            plan.fields[id].dateLayout.append(date, to: &output)
            output.append(UInt8(ascii: "\""))
        case .integer(let number):
            TextCandidates.appendInteger(number, to: &output)
        case .decimal(let mantissa, let scale):
            TextCandidates.appendDecimal(mantissa: mantissa, scale: Int(scale), to: &output)
        case .boolean(let flag):
            output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .choice(let index):
            output.append(contentsOf: plan.fields[id].enumJSON[Int(index)])
        case .choices(let start, let count):
            output.append(UInt8(ascii: "["))
            for position in Int(start)..<Int(start + count) {
                if position > start { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: plan.fields[id].enumJSON[Int(record.choiceIndexes[position])])
            }
            output.append(UInt8(ascii: "]"))
        case .items(let count):
            output.append(UInt8(ascii: "["))
            for item in 0..<Int(count) {
                if item > 0 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "{"))
                _ = writeSteps(itemSteps[id], record, item: item, to: &output)
                output.append(UInt8(ascii: "}"))
            }
            output.append(UInt8(ascii: "]"))
        case .literal(let json, _):
            output.append(contentsOf: record.arena[Int(json.lowerBound)..<Int(json.upperBound)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `bytes` (UTF-8) as a quoted JSON string.
    static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
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
    }
}
