import Foundation

/// JSON text as Foundation objects (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`),
/// read by the engine's own parser with its limits, for the few places that hand Foundation
/// objects on: the product has one JSON reader, and `JSONSerialization` is not used in it.
enum FoundationJSON {
    /// The value `bytes` hold, or nil when they are not one JSON value.
    static func object(_ bytes: [UInt8]) -> Any? {
        var tape = JSONTape()
        do {
            try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONParser.parse(buffer, into: &tape) }
        } catch {
            return nil
        }
        let value: Any = bytes.withUnsafeBufferPointer { FixtureValue(tape: tape, node: 0, bytes: $0).foundationObject }
        return value
    }
}

extension FixtureValue {
    /// The value as a Foundation object. A number is an `NSNumber` holding the integer exactly
    /// when it is written as one that fits 64 bits (signed or not), else the nearest double.
    var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .boolean(let flag): return NSNumber(value: flag)
        case .number(let text):
            if let integer = Int64(text) { return NSNumber(value: integer) }
            if let unsigned = UInt64(text) { return NSNumber(value: unsigned) }
            return NSNumber(value: Double(text) ?? .nan)
        case .string(let text): return text
        case .array(let values): return values.map(\.foundationObject)
        case .object(let members):
            var object: [String: Any] = [:]
            // As JSONSerialization did: the last of duplicate keys wins.
            for member in members { object[member.key] = member.value.foundationObject }
            return object
        }
    }
}
