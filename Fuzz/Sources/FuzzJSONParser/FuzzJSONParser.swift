@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fast fuzz target: the JSON parser alone (no validation). Invariants: nothing traps; a
/// rejected input's error offset lies inside it; an accepted input's tape is well formed (every
/// subtree ends inside its parent, child counts match, an object alternates key strings and
/// values, ranges lie inside the input); every number literal reads as a number; and every
/// string decodes to valid UTF-8, exactly as an independent reference decoder reads it
/// (``referenceDecoding(_:)``: escapes become UTF-16 code units that the standard library pairs),
/// surrogate pairs included. (Foundation's `JSONSerialization` is no oracle here: it drops a
/// U+FEFF inside a string.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    var tape = JSONTape()
    do throws(JSONSyntaxError) {
        try JSONParser.parse(input, into: &tape)
    } catch {
        FuzzSupport.require(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) outside the input")
        FuzzSupport.require(!error.message.isEmpty, "an error without a message")
        return 0
    }
    let nodes = tape.nodes
    FuzzSupport.require(!nodes.isEmpty && Int(nodes[0].next) == nodes.count, "the root does not span the tape")
    var decoded: [UInt8] = []
    for (index, node) in nodes.enumerated() {
        FuzzSupport.require(0 <= node.start && node.start <= node.end && node.end <= size, "node \(index) range outside the input")
        FuzzSupport.require(Int(node.next) > index && Int(node.next) <= nodes.count, "node \(index) next \(node.next)")
        switch node.kind {
        case .array, .object:
            var child = index + 1
            for _ in 0..<node.childCount {
                FuzzSupport.require(child < Int(node.next), "node \(index): a child lies past the subtree")
                child = Int(nodes[child].next)
            }
            FuzzSupport.require(child == Int(node.next), "node \(index): children do not fill the subtree")
            if node.kind == .object {
                FuzzSupport.require(node.childCount % 2 == 0, "an object with an odd child count")
                for (position, child) in tape.children(of: index).enumerated() where position % 2 == 0 {
                    FuzzSupport.require(nodes[child].kind == .string, "an object key that is not a string")
                }
            }
        case .number:
            FuzzSupport.require(Int(node.next) == index + 1, "a number with children")
            let literal = NumberLiteral.parse(UnsafeBufferPointer(rebasing: input[node.start..<node.end]))
            FuzzSupport.require(literal != nil, "number literal \(Array(input[node.start..<node.end])) does not read")
        case .string:
            FuzzSupport.require(Int(node.next) == index + 1, "a string with children")
            let content = UnsafeBufferPointer(rebasing: input[node.start..<node.end])
            decoded.removeAll(keepingCapacity: true)
            JSONStrings.unescape(content, into: &decoded)
            FuzzSupport.require(String(validating: decoded, as: UTF8.self) != nil, "a string decodes to invalid UTF-8")
            if node.hasEscapes {
                let reference = referenceDecoding(content)
                FuzzSupport.require(reference == decoded,
                                    "\(String(decoding: content, as: UTF8.self).debugDescription) decodes to "
                                        + "\(String(decoding: decoded, as: UTF8.self).debugDescription), the reference "
                                        + "decoder reads \(String(decoding: reference, as: UTF8.self).debugDescription)")
            } else {
                FuzzSupport.require(Array(content) == decoded, "a string without escapes changed when decoded")
            }
        case .null, .boolTrue, .boolFalse:
            FuzzSupport.require(Int(node.next) == index + 1, "a literal with children")
        }
    }
    return 0
}

/// The content of a string the parser accepted, decoded another way than `JSONStrings`: raw
/// UTF-8 and escapes are turned into UTF-16 code units, which the standard library's UTF-16
/// decoder turns into scalars (pairing surrogates), and those into UTF-8.
func referenceDecoding(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var units: [UInt16] = []
    var raw: [UInt8] = []
    func flushRaw() {
        units.append(contentsOf: String(decoding: raw, as: UTF8.self).utf16)
        raw.removeAll()
    }
    var index = 0
    while index < content.count {
        let byte = content[index]
        guard byte == UInt8(ascii: "\\"), index + 1 < content.count else {
            raw.append(byte)
            index += 1
            continue
        }
        flushRaw()
        let escape = content[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "u"):
            var unit: UInt16 = 0
            for digit in content[index..<min(index + 4, content.count)] {
                let value: UInt8
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
                default: value = digit - UInt8(ascii: "A") + 10
                }
                unit = unit * 16 + UInt16(value)
            }
            units.append(unit)
            index += 4
        case UInt8(ascii: "b"): units.append(8)
        case UInt8(ascii: "f"): units.append(12)
        case UInt8(ascii: "n"): units.append(10)
        case UInt8(ascii: "r"): units.append(13)
        case UInt8(ascii: "t"): units.append(9)
        default: units.append(UInt16(escape))
        }
    }
    flushRaw()
    return Array(String(decoding: units, as: UTF16.self).utf8)
}
