/// A span of expression source, in Swift `Character` offsets (0-based, end exclusive).
/// Character offsets are what a user counts on screen, so carets line up under non-ASCII text.
public struct ExpressionSourceRange: Hashable, Sendable, CustomStringConvertible {
    /// The offset of the first character.
    public var start: Int
    /// The offset just after the last character.
    public var end: Int

    /// A range from its bounds.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both.
    public func union(_ other: ExpressionSourceRange) -> ExpressionSourceRange {
        ExpressionSourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// `start..<end`.
    public var description: String { "\(start)..<\(end)" }
}

/// A reference to a questionnaire field, such as `vehicle.hasPlate` or `drivers[].birthDate`.
public struct FieldReference: Hashable, Sendable, CustomStringConvertible {
    /// The normalised dotted path: segments joined by `.`, a list marked by `[]`
    /// (`vehicle.hasPlate`, `drivers[].birthDate`).
    public let path: String
    /// Whether the path goes through a list item (`drivers[].birthDate`): the field of the
    /// current item of that list.
    public let isItemRelative: Bool
    /// Whether the reference reads the field in every item of its list rather than in the
    /// current one (the argument of `sum(items[].price)`, written outside `items`).
    public let readsEveryItem: Bool
    /// Whether the reference names a list whose current item's place is read (the argument of
    /// `position(drivers)`, written inside the items of `drivers`), not the list's value.
    public let namesEnclosingList: Bool

    /// A reference from a normalised path; `isItemRelative` is derived from the `[]` marker.
    public init(path: String) {
        self.path = path
        self.isItemRelative = path.utf8.contains(UInt8(ascii: "["))
        self.readsEveryItem = false
        self.namesEnclosingList = false
    }

    /// A reference to the field at `path` (a list item field) in every item of its list, as
    /// `sum()` reads it.
    public init(everyItemOf path: String) {
        self.path = path
        self.isItemRelative = true
        self.readsEveryItem = true
        self.namesEnclosingList = false
    }

    /// A reference to the list at `path` whose current item's place `position()` reads.
    public init(enclosingList path: String) {
        self.path = path
        self.isItemRelative = path.utf8.contains(UInt8(ascii: "["))
        self.readsEveryItem = false
        self.namesEnclosingList = true
    }

    /// The path.
    public var description: String { path }
}

/// A unary operator.
public enum UnaryOperator: String, Sendable, Hashable {
    /// Logical not, `!x`.
    case not = "!"
    /// Arithmetic negation, `-x`.
    case negate = "-"
}

/// A binary operator, spelled as in source.
public enum BinaryOperator: String, Sendable, Hashable {
    case or = "||", and = "&&"
    case equal = "==", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case `in` = "in", notIn = "not in"
    /// String tests of the NSPredicate dialect: a string starts with, ends with or contains
    /// another (`CONTAINS` on a list: the list holds the element), or wholly matches a PCRE2
    /// pattern (the right side of `MATCHES` is always a string literal).
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", matches = "MATCHES"
    case add = "+", subtract = "-"
    /// Multiplication, division and remainder of numbers (XPath's `*`, `div` and `mod`):
    /// `/` gives an exact decimal (rounded to ``ExpressionOperations/quotientDigits``
    /// significant digits when it does not end), `mod` the remainder with the sign of the
    /// dividend; dividing by zero gives null.
    case multiply = "*", divide = "/", remainder = "mod"
}

/// A parsed expression. Every node carries the source range it was parsed from.
public indirect enum RuleExpression: Sendable, Equatable {
    /// A literal: integer, decimal, string, boolean, null, date or duration.
    case literal(ExpressionValue, ExpressionSourceRange)
    /// The keyword `today` (the run's reference date).
    case today(ExpressionSourceRange)
    /// A field reference.
    case field(FieldReference, ExpressionSourceRange)
    /// A list literal `[a, b, ...]`.
    case list([RuleExpression], ExpressionSourceRange)
    /// A unary operation.
    case unary(UnaryOperator, RuleExpression, ExpressionSourceRange)
    /// A binary operation.
    case binary(BinaryOperator, RuleExpression, RuleExpression, ExpressionSourceRange)
    /// A function call by name; the type checker rejects unknown names and wrong arity.
    case call(name: String, arguments: [RuleExpression], ExpressionSourceRange)

    /// The source range of this node.
    public var range: ExpressionSourceRange {
        switch self {
        case let .literal(_, range), let .today(range), let .field(_, range), let .list(_, range),
             let .unary(_, _, range), let .binary(_, _, _, range), let .call(_, _, range):
            return range
        }
    }
}
