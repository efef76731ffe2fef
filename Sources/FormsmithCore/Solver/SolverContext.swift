internal import CZ3
import FormsmithValues

/// One Z3 context: the owner of every term built in it, freed when the last reference to it
/// (the context itself, a term, a solver or a model made from it) goes away.
///
/// Terms (``BoolTerm``, ``IntTerm``, ``RealTerm``) keep their context alive, so a term never
/// outlives the memory it points into. A context is not thread-safe: build, solve and read
/// models of one context on one thread (each generation worker makes its own).
///
/// Numbers are exact: integers are Z3 integers, decimals are Z3 reals built from a numerator and
/// a denominator written as decimal digits (``real(_:)``), never from a `Double`.
final class SolverContext {
    /// The Z3 context; `Z3_mk_context` keeps every term alive until ``deinit`` deletes it.
    let raw: Z3_context

    /// A fresh context whose Z3 errors are recorded instead of ending the process (Z3's
    /// default error handler exits): ``lastError`` reads them.
    init() {
        let config = Z3_mk_config()
        Z3_set_param_value(config, "model", "true")
        // Z3_mk_context returns nil only when out of memory; there is nothing sensible to do then.
        guard let context = Z3_mk_context(config) else { fatalError("Z3 could not create a context (out of memory)") }
        Z3_del_config(config)
        raw = context
        Z3_set_error_handler(raw, solverErrorHandler)
    }

    deinit { Z3_del_context(raw) }

    /// The message of the error the last Z3 call raised, if it raised one (and clears it).
    func takeError() -> String? {
        let code = Z3_get_error_code(raw)
        guard code != Z3_OK else { return nil }
        let message = Z3_get_error_msg(raw, code).map { String(cString: $0) } ?? "Z3 error \(code.rawValue)"
        Z3_set_error(raw, Z3_OK)
        return message
    }

    // MARK: - Sorts

    var boolSort: Z3_sort { Z3_mk_bool_sort(raw) }
    var intSort: Z3_sort { Z3_mk_int_sort(raw) }
    var realSort: Z3_sort { Z3_mk_real_sort(raw) }

    // MARK: - Variables

    /// A Boolean variable. Two calls with the same name give the same variable.
    func bool(named name: String) -> BoolTerm {
        BoolTerm(self, Z3_mk_const(raw, Z3_mk_string_symbol(raw, name), boolSort))
    }

    /// An integer variable (unbounded; bound it with assertions).
    func int(named name: String) -> IntTerm {
        IntTerm(self, Z3_mk_const(raw, Z3_mk_string_symbol(raw, name), intSort))
    }

    /// A real (rational) variable.
    func real(named name: String) -> RealTerm {
        RealTerm(self, Z3_mk_const(raw, Z3_mk_string_symbol(raw, name), realSort))
    }

    /// A Boolean variable no other call returns (for assumption literals and tracked assertions).
    func freshBool(prefix: String) -> BoolTerm {
        BoolTerm(self, Z3_mk_fresh_const(raw, prefix, boolSort))
    }

    /// An integer variable no other call returns (for auxiliary terms such as a date's year).
    func freshInt(prefix: String) -> IntTerm {
        IntTerm(self, Z3_mk_fresh_const(raw, prefix, intSort))
    }

    // MARK: - Constants

    /// `true` or `false`.
    func bool(_ value: Bool) -> BoolTerm {
        BoolTerm(self, value ? Z3_mk_true(raw) : Z3_mk_false(raw))
    }

    /// A whole number.
    func int(_ value: Int64) -> IntTerm {
        IntTerm(self, Z3_mk_int64(raw, value, intSort))
    }

    /// The exact value of a decimal, as a Z3 real `numerator/denominator`; nil when writing it
    /// out would take more than ``SolverRational/digitLimit`` digits (`1e-999999999`).
    func real(_ value: ExactDecimal) -> RealTerm? {
        guard let fraction = SolverRational(value) else { return nil }
        let ast = Z3_mk_numeral(raw, fraction.numeral, realSort)
        guard takeError() == nil, let ast else { return nil }
        return RealTerm(self, ast)
    }

    /// The exact value of an integer written in decimal digits (any size); nil when `digits`
    /// is not an integer.
    func int(digits: String) -> IntTerm? {
        guard !digits.isEmpty, digits.drop(while: { $0 == "-" }).allSatisfy(\.isASCIIDigit),
              digits.filter({ $0 == "-" }).count <= 1 else { return nil }
        let ast = Z3_mk_numeral(raw, digits, intSort)
        guard takeError() == nil, let ast else { return nil }
        return IntTerm(self, ast)
    }

    // MARK: - Connectives over many terms

    /// The conjunction of `terms` (`true` when empty).
    func and(_ terms: [BoolTerm]) -> BoolTerm {
        guard !terms.isEmpty else { return bool(true) }
        if terms.count == 1 { return terms[0] }
        let asts: [Z3_ast?] = terms.map(\.ast)
        return BoolTerm(self, asts.withUnsafeBufferPointer { Z3_mk_and(raw, UInt32($0.count), $0.baseAddress) })
    }

    /// The disjunction of `terms` (`false` when empty).
    func or(_ terms: [BoolTerm]) -> BoolTerm {
        guard !terms.isEmpty else { return bool(false) }
        if terms.count == 1 { return terms[0] }
        let asts: [Z3_ast?] = terms.map(\.ast)
        return BoolTerm(self, asts.withUnsafeBufferPointer { Z3_mk_or(raw, UInt32($0.count), $0.baseAddress) })
    }

    /// The sum of `terms` (0 when empty).
    func sum(_ terms: [IntTerm]) -> IntTerm {
        guard !terms.isEmpty else { return int(0) }
        if terms.count == 1 { return terms[0] }
        let asts: [Z3_ast?] = terms.map(\.ast)
        return IntTerm(self, asts.withUnsafeBufferPointer { Z3_mk_add(raw, UInt32($0.count), $0.baseAddress) })
    }

    /// The sum of `terms` (0 when empty).
    func sum(_ terms: [RealTerm]) -> RealTerm {
        guard !terms.isEmpty else { return RealTerm(self, Z3_mk_int64(raw, 0, realSort)) }
        if terms.count == 1 { return terms[0] }
        let asts: [Z3_ast?] = terms.map(\.ast)
        return RealTerm(self, asts.withUnsafeBufferPointer { Z3_mk_add(raw, UInt32($0.count), $0.baseAddress) })
    }

    /// True when at most one of `terms` is true (for "exactly one value" of an enum factor,
    /// with ``or(_:)``).
    func atMostOne(_ terms: [BoolTerm]) -> BoolTerm {
        guard terms.count > 1 else { return bool(true) }
        let asts: [Z3_ast?] = terms.map(\.ast)
        return BoolTerm(self, asts.withUnsafeBufferPointer {
            Z3_mk_atmost(raw, UInt32($0.count), $0.baseAddress, 1)
        })
    }

    /// The Z3 text of a term (for diagnostics and tests).
    func text(of ast: Z3_ast) -> String {
        Z3_ast_to_string(raw, ast).map { String(cString: $0) } ?? "?"
    }
}

/// Z3 calls this instead of exiting on an error; the context's error code stays set, and
/// ``SolverContext/takeError()`` reads it where a call can fail on its input.
private func solverErrorHandler(_ context: Z3_context?, _ code: Z3_error_code) {}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
