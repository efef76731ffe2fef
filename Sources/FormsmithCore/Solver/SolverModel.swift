internal import CZ3
import FormsmithValues

/// One satisfying assignment found by a ``ConstraintSolver``: the value of any term under it.
///
/// Terms the model leaves free are completed with a default value (false, 0), as any value
/// satisfies the assertions for them.
final class SolverModel {
    let context: SolverContext
    private let raw: Z3_model

    init(context: SolverContext, raw: Z3_model) {
        self.context = context
        self.raw = raw
        // Models are reference counted in every kind of context; released in deinit.
        Z3_model_inc_ref(context.raw, raw)
    }

    deinit { Z3_model_dec_ref(context.raw, raw) }

    /// The value of `term` in this model.
    func value(of term: BoolTerm) -> Bool {
        guard let ast = evaluate(term.ast) else { return false }
        return Z3_get_bool_value(context.raw, ast) == Z3_L_TRUE
    }

    /// The value of `term`, when it fits in 64 bits (nil otherwise).
    func value(of term: IntTerm) -> Int64? {
        guard let ast = evaluate(term.ast) else { return nil }
        var result: Int64 = 0
        guard Z3_get_numeral_int64(context.raw, ast, &result) else { return nil }
        return result
    }

    /// The exact value of `term` as a decimal; nil when it has no finite decimal (`1/3`): assert
    /// the number onto a decimal grid (``SolverContext/real(_:)`` bounds and an integer count of
    /// steps) where a decimal is needed.
    func value(of term: RealTerm) -> ExactDecimal? {
        guard let numeral = numeral(of: term) else { return nil }
        return SolverRational.decimal(fromNumeral: numeral)
    }

    /// The exact value of `term` as Z3 writes it, `n` or `n/d` in lowest terms.
    func numeral(of term: RealTerm) -> String? {
        guard let ast = evaluate(term.ast), Z3_is_numeral_ast(context.raw, ast) else { return nil }
        return Z3_get_numeral_string(context.raw, ast).map { String(cString: $0) }
    }

    /// The term's value with free constants completed.
    private func evaluate(_ ast: Z3_ast) -> Z3_ast? {
        var result: Z3_ast?
        guard Z3_model_eval(context.raw, raw, ast, true, &result) else { return nil }
        return result
    }
}
