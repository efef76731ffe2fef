/// An expression whose field references are replaced by the caller's integer ids, ready to
/// evaluate fast: a tree of enum nodes with resolved ids and pre-computed constants, walked
/// without string lookups and without allocating (except for list literals that contain fields,
/// when their value itself is needed rather than tested with `in`).
///
/// Semantics:
/// - an absent field is `null`; an `invalid` field makes the result unknown (nil), except where
///   the result does not depend on it: `false && unknown` = false, `true || unknown` = true
///   (in either order), `x in [a, unknown]` = true when x equals a;
/// - `null == null` is true, `null == x` false; `<`, `<=`, `>`, `>=` with null are false;
///   arithmetic with null is null; `null in list` and `x in null` are false, and `not in`
///   is the negation of `in` (so `null not in [1]` is true);
/// - `!`, `&&`, `||` treat null and non-boolean values as false;
/// - numbers are exact: integer arithmetic past 64 bits goes on as an exact decimal; a sum of
///   more than ``ExactDecimal/digitLimit`` digits, or a date past the day numbers (about 5.8
///   million years either side of 1970; dates past 0001-01-01...9999-12-31 are kept exactly),
///   makes the result unknown (nil) rather than trapping or clamping; so do operations the type
///   checker rejects when they are reached through `any`-typed fields.
public struct CompiledExpression: Sendable {
    let root: CompiledNode

    /// The ids of all referenced fields, without duplicates, in order of first appearance
    /// (for dependency graphs and cycle detection).
    public let referencedFields: [Int]

    /// Compiles a parsed expression, asking `resolve` for the id of each field reference.
    /// Constant sub-expressions (not involving `today`) are computed once here.
    /// The expression should have passed `typeCheck`; an unknown function or a wrong number of
    /// arguments compiles to a node that always evaluates to unknown.
    public init(_ expression: RuleExpression, resolve: (FieldReference) throws -> Int) rethrows {
        self.init(root: try CompiledNode.compile(expression, resolve).folded(today: nil))
    }

    /// An expression made of compiled nodes (a condition the generator puts together from
    /// others, such as a parent's `visibleIf` or its child's hidden).
    init(root: CompiledNode) {
        self.root = root
        var fields: [Int] = []
        root.collectFields(into: &fields)
        var seen = Set<Int>()
        referencedFields = fields.filter { seen.insert($0).inserted }
        readsItemPlace = root.readsItemPlace
    }

    /// Evaluates against one record; nil means unknown (see the semantics above).
    public func evaluate(_ environment: some ExpressionEnvironment) -> ExpressionValue? {
        root.evaluate(environment)
    }

    /// Evaluates as a condition: true or false, nil when unknown. A null or non-boolean
    /// result is false.
    public func evaluateCondition(_ environment: some ExpressionEnvironment) -> Bool? {
        root.truth(environment)
    }

    /// A copy with `today` replaced by the given date and every constant sub-expression
    /// computed, to be done once per run.
    public func folded(today: CivilDate) -> CompiledExpression {
        CompiledExpression(root: root.folded(today: today))
    }

    /// The compiled tree, for evaluators that recognise common shapes (the validator's plan).
    var node: CompiledNode { root }

    /// Whether the expression references no fields and no list item's place (`position()`), so
    /// it can be computed once per run.
    public var isConstant: Bool { referencedFields.isEmpty && !readsItemPlace }

    /// Whether the expression holds `position()`, whose value is the item being checked.
    let readsItemPlace: Bool

    /// The value when the expression has been folded to a constant (after `folded(today:)`
    /// for expressions using `today`), nil otherwise.
    public var constantValue: ExpressionValue? {
        if case let .constant(value) = root { return value }
        return nil
    }
}
