import FormsmithValues

/// The static type of an expression or field.
public indirect enum ExpressionType: Sendable, Hashable, CustomStringConvertible {
    case boolean, integer, decimal, string, date, duration
    /// A list; the element type is nil for the empty list literal `[]`.
    case list(ExpressionType?)
    /// The literal `null`.
    case null
    /// Unknown statically; accepted everywhere and checked at run time.
    case any

    /// The name used in error messages (`integer`, `list of string`).
    public var description: String {
        switch self {
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .decimal: return "decimal"
        case .string: return "string"
        case .date: return "date"
        case .duration: return "duration"
        case let .list(element): return element.map { "list of \($0)" } ?? "empty list"
        case .null: return "null"
        case .any: return "any"
        }
    }

    /// Whether the type is integer or decimal.
    var isNumeric: Bool { self == .integer || self == .decimal }

    /// Whether the type says nothing that could make an operation invalid (null or any).
    var isUnconstrained: Bool { self == .null || self == .any }

    /// The common type of two values that may be compared or stored in one list, nil when
    /// they are incompatible: `null` joins anything, `any` absorbs everything, integer and
    /// decimal join to decimal, lists join element-wise.
    static func join(_ first: ExpressionType, _ second: ExpressionType) -> ExpressionType? {
        switch (first, second) {
        case _ where first == second: return first
        case (.any, _), (_, .any): return .any
        case (.null, _): return second
        case (_, .null): return first
        case (.integer, .decimal), (.decimal, .integer): return .decimal
        case let (.list(a), .list(b)):
            guard let a else { return second }
            guard let b else { return first }
            return join(a, b).map { .list($0) }
        default: return nil
        }
    }
}

/// A type error found by `RuleExpression.typeCheck`, with the offending source range.
public struct ExpressionTypeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public let message: String
    /// The offending sub-expression, in character offsets.
    public let range: ExpressionSourceRange

    /// An error for a source range.
    public init(message: String, range: ExpressionSourceRange) {
        self.message = message
        self.range = range
    }

    /// The 0-based character offset of the offending sub-expression.
    public var offset: Int { range.start }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }

    /// The source line with a caret under the offending sub-expression and the message.
    public func rendered(source: String) -> String {
        SourceCaret.render(source: source, offset: offset, message: message)
    }
}
