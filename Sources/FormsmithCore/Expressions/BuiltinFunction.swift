/// The functions of the expression language that take exactly one argument (`concat(a, b, ...)`,
/// which takes one or more, is compiled apart: `CompiledNode.concat`; so is `sum(list[].field)`,
/// which reads a field in every item of a list: `CompiledNode.sum`; and `position(list)`, the
/// place of the current item of an enclosing list: `CompiledNode.position`).
enum BuiltinFunction: String, Sendable, CaseIterable {
    /// `empty(x)`: x is absent, null, `""` or an empty list.
    case empty
    /// `present(x)`: `!empty(x)`.
    case present
    /// `count(x)`: list elements, or Unicode scalars of a string; 0 for null.
    case count
    /// `year(d)`, `month(d)`, `day(d)`: date components.
    case year, month, day
    /// `date('2000-01-01')`: an ISO date from a string; null if it is not one.
    case date

    /// The number of arguments every builtin takes.
    static let arity = 1

    /// The names, for "unknown function" messages.
    static var namesList: String { (allCases.map(\.rawValue) + ["concat", "sum", "position"]).joined(separator: ", ") }
}
