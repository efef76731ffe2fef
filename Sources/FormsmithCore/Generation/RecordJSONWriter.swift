/// Writes a generated questionnaire as one line of compact JSON, members in the order the
/// rules declare them, sections only when they hold something, bytes straight into a buffer.
struct RecordJSONWriter {
    let plan: GenerationPlan

    /// Appends `record` as a JSON object (no trailing newline).
    func write(_ record: GeneratedRecord, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        writeMembers(plan.rules.root, record, item: -1, first: &first, to: &output)
        for extra in record.extras {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            RecordJSONWriter.appendString(Array(extra.key.utf8)[...], to: &output)
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: extra.json.utf8)
        }
        output.append(UInt8(ascii: "}"))
    }

    private func writeMembers(_ layout: ObjectLayout, _ record: GeneratedRecord, item: Int, first: inout Bool,
                              to output: inout [UInt8]) {
        for member in layout.members {
            switch member.target {
            case .field(let id):
                let value = record.value(at: FieldAddress(field: id, item: item), in: plan.rules)
                guard value.isPresent else { continue }
                writeKey(member.key, first: &first, to: &output)
                writeValue(value, of: id, record, to: &output)
            case .section(_, let inner):
                let mark = output.count
                let wasFirst = first
                writeKey(member.key, first: &first, to: &output)
                output.append(UInt8(ascii: "{"))
                var innerFirst = true
                writeMembers(inner, record, item: item, first: &innerFirst, to: &output)
                if innerFirst {
                    output.removeSubrange(mark...)
                    first = wasFirst
                } else {
                    output.append(UInt8(ascii: "}"))
                }
            }
        }
    }

    private func writeKey(_ key: [UInt8], first: inout Bool, to output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        RecordJSONWriter.appendString(key[...], to: &output)
        output.append(UInt8(ascii: ":"))
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
            if let layout = plan.rules.fields[id].items?.layout {
                for item in 0..<Int(count) {
                    if item > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(UInt8(ascii: "{"))
                    var first = true
                    writeMembers(layout, record, item: item, first: &first, to: &output)
                    output.append(UInt8(ascii: "}"))
                }
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
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
