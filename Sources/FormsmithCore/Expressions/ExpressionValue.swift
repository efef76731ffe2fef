/// A runtime value of the expression language.
///
/// The synthesized `==` is structural (`.integer(1) != .decimal(1)`); the language's own
/// equality, which compares numbers by value, is applied by the evaluator.
public enum ExpressionValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case boolean(Bool)
    case integer(Int64)
    /// An exact decimal number; also an integer past 64 bits (an integer field's value, or the
    /// result of integer arithmetic that leaves 64 bits).
    case decimal(ExactDecimal)
    case string(String)
    case date(CivilDate)
    case duration(CalendarDuration)
    case list([ExpressionValue])

    /// The value written as an expression literal (`'text'`, `2000-01-01`, `18y`, `[1, 2]`).
    public var description: String {
        switch self {
        case .null: return "null"
        case let .boolean(value): return value ? "true" : "false"
        case let .integer(value): return String(value)
        case let .decimal(value): return value.description
        case let .string(value):
            var escaped = "'"
            for character in value {
                if character == "\\" || character == "'" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped + "'"
        case let .date(value): return value.description
        case let .duration(value): return value.description
        case let .list(values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// The state of a field in the record being evaluated.
public enum FieldLookup: Sendable, Equatable {
    /// Not present in the record (or empty); evaluates as `null`.
    case absent
    /// Present but violating its own rules; makes the expression's result unknown.
    case invalid
    /// Present and valid.
    case value(ExpressionValue)
}

/// What a compiled expression reads while evaluating: the reference date and field values by id.
public protocol ExpressionEnvironment {
    /// The date `today` stands for.
    var today: CivilDate { get }
    /// The value of the field with the id given by the resolver at compile time.
    func lookup(_ field: Int) -> FieldLookup
    /// The value of field `field` in each item of list `list` (the list readable from the
    /// expression's scope: for a list inside list items, the items of the enclosing item being
    /// evaluated), in item order, for `sum(items[].price)`; nil when the items are not known.
    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]?
    /// The 0-based index of the item being evaluated of list `list` (the expression's own list
    /// or one enclosing it: among that item's siblings), for `position(drivers)`; nil when no
    /// item is being evaluated.
    func currentItem(ofList list: Int) -> Int?
}

extension ExpressionEnvironment {
    /// An environment that holds no list items (the rule compiler's constant folding, lint's
    /// made-up questionnaires) cannot know a list's items: `sum()` over them is unknown there,
    /// never taken as 0.
    public func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? { nil }
    /// Likewise no item is being evaluated there: `position()` is unknown.
    public func currentItem(ofList list: Int) -> Int? { nil }
}
