import Foundation

/// JSON text as Foundation objects (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`),
/// read by the engine's own parser with its limits, for the few places that hand Foundation
/// objects on: the product has one JSON reader, and `JSONSerialization` is not used in it.
enum FoundationJSON {
    /// The value `bytes` hold, or nil when they are not one JSON value.
    /// `number`, when given, makes each number from its text as written (for readers that keep
    /// numbers digit for digit); otherwise numbers are `NSNumber`s (see ``FixtureValue/foundationObject``).
    static func object(_ bytes: [UInt8], number: ((String) -> Any)? = nil) -> Any? {
        try? value(bytes, number: number)
    }

    /// The value `bytes` hold within `limits`, or why they are not one JSON value (with the
    /// byte offset: a syntax error, or more values or nesting than `limits` allow).
    static func value(_ bytes: [UInt8], limits: JSONLimits = JSONLimits(),
                      number: ((String) -> Any)? = nil) throws(JSONSyntaxError) -> Any {
        var tape = JSONTape()
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try JSONParser.parse(buffer, into: &tape, limits: limits)
        }
        let value: Any = bytes.withUnsafeBufferPointer { buffer in
            let root = FixtureValue(tape: tape, node: 0, bytes: buffer)
            return number.map { root.foundationObject(number: $0) } ?? root.foundationObject
        }
        return value
    }
}

extension FixtureValue {
    /// The value as a Foundation object. A number is an `NSNumber` holding the integer exactly
    /// when it is written as one that fits 64 bits (signed or not), else the nearest double.
    var foundationObject: Any {
        foundationObject { text in
            if let integer = Int64(text) { return NSNumber(value: integer) }
            if let unsigned = UInt64(text) { return NSNumber(value: unsigned) }
            return NSNumber(value: Double(text) ?? .nan)
        }
    }

    /// The value as a Foundation object, each number made by `number` from its text.
    func foundationObject(number: (String) -> Any) -> Any {
        switch self {
        case .null: return NSNull()
        case .boolean(let flag): return NSNumber(value: flag)
        case .number(let text): return number(text)
        case .string(let text): return text
        case .array(let values): return values.map { $0.foundationObject(number: number) }
        case .object(let members):
            var object: [String: Any] = [:]
            // As JSONSerialization did: the last of duplicate keys wins.
            for member in members { object[member.key] = member.value.foundationObject(number: number) }
            return object
        }
    }
}
