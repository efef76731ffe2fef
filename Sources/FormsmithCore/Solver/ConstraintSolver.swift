internal import CZ3

/// A Z3 solver over one ``SolverContext``: assertions, checks under assumptions, models and
/// unsatisfiable cores.
///
/// Every check runs under a time limit (``timeoutMilliseconds``); a check that runs out answers
/// ``SolverOutcome/unknown(reason:)`` and is counted in ``timeouts``, so a caller can say how many
/// answers it did not get instead of treating them as "impossible".
///
/// Assertions can be tracked by a label (``assert(_:label:)``): a check that is unsatisfiable
/// then names, in its core, the labelled assertions it needed, which is how a coverage report
/// says which rules forbid a tuple.
final class ConstraintSolver {
    let context: SolverContext
    private let raw: Z3_solver
    /// The time limit of one check, in milliseconds.
    let timeoutMilliseconds: UInt32
    /// Checks run so far.
    private(set) var checks = 0
    /// Checks that ran out of time (answered unknown because of the limit).
    private(set) var timeouts = 0
    /// Checks that answered unknown for another reason (incomplete theory, cancellation).
    private(set) var otherUnknowns = 0
    /// The indicator literal and label of each tracked assertion, in the order asserted.
    private var tracked: [(indicator: BoolTerm, label: String)] = []

    /// A solver with an empty set of assertions whose checks stop after `timeoutMilliseconds`.
    init(context: SolverContext, timeoutMilliseconds: UInt32 = 10_000) {
        self.context = context
        self.timeoutMilliseconds = timeoutMilliseconds
        // The plain incremental SMT core: checks under assumptions reuse what earlier checks learnt
        // (the default solver may switch to a non-incremental tactic per check).
        let solver: Z3_solver = Z3_mk_simple_solver(context.raw)
        // Solvers are reference counted in every kind of context; released in deinit.
        Z3_solver_inc_ref(context.raw, solver)
        raw = solver
        let params: Z3_params = Z3_mk_params(context.raw)
        Z3_params_inc_ref(context.raw, params)
        Z3_params_set_uint(context.raw, params, Z3_mk_string_symbol(context.raw, "timeout"), timeoutMilliseconds)
        Z3_solver_set_params(context.raw, raw, params)
        Z3_params_dec_ref(context.raw, params)
    }

    deinit { Z3_solver_dec_ref(context.raw, raw) }

    /// Adds `term` to what every later check must satisfy.
    func assert(_ term: BoolTerm) {
        Swift.assert(term.context === context, "a term of another solver context")
        Z3_solver_assert(context.raw, raw, term.ast)
    }

    /// Adds `term` under `label`: checks assume it, and an unsatisfiable check lists `label` in
    /// ``UnsatCore/labels`` when the contradiction needed this assertion.
    func assert(_ term: BoolTerm, label: String) {
        let indicator = context.freshBool(prefix: "rule")
        assert(indicator.implies(term))
        tracked.append((indicator, label))
    }

    /// How many tracked assertions each open scope started with.
    private var trackedDepths: [Int] = []

    /// Opens a scope: assertions made until the matching ``pop()`` are withdrawn by it.
    func push() {
        trackedDepths.append(tracked.count)
        Z3_solver_push(context.raw, raw)
    }

    /// Withdraws the assertions of the innermost open scope (tracked ones included); does
    /// nothing when no scope is open.
    func pop() {
        guard let depth = trackedDepths.popLast() else { return }
        Z3_solver_pop(context.raw, raw, 1)
        tracked.removeLast(tracked.count - depth)
    }

    /// Whether the assertions and `assumptions` can all hold together.
    ///
    /// An unsatisfiable answer carries the core: the indices (into `assumptions`) and the
    /// labels (of tracked assertions) of a subset that is already contradictory. The core is
    /// what Z3 found, not necessarily the smallest.
    func check(assuming assumptions: [BoolTerm] = []) -> SolverOutcome {
        checks += 1
        let all: [Z3_ast?] = assumptions.map(\.ast) + tracked.map(\.indicator.ast)
        let answer = all.withUnsafeBufferPointer {
            Z3_solver_check_assumptions(context.raw, raw, UInt32($0.count), $0.baseAddress)
        }
        switch answer {
        case Z3_L_TRUE:
            return .satisfiable(SolverModel(context: context, raw: Z3_solver_get_model(context.raw, raw)))
        case Z3_L_FALSE:
            return .unsatisfiable(core(assumptions: assumptions))
        default:
            let reason = Z3_solver_get_reason_unknown(context.raw, raw).map { String(cString: $0) } ?? "unknown"
            if reason.contains("timeout") || reason.contains("canceled") {
                timeouts += 1
            } else {
                otherUnknowns += 1
            }
            return .unknown(reason: reason)
        }
    }

    /// The assumptions and tracked labels in the last check's unsatisfiable core.
    private func core(assumptions: [BoolTerm]) -> UnsatCore {
        let vector: Z3_ast_vector = Z3_solver_get_unsat_core(context.raw, raw)
        Z3_ast_vector_inc_ref(context.raw, vector)
        defer { Z3_ast_vector_dec_ref(context.raw, vector) }
        let size = Int(Z3_ast_vector_size(context.raw, vector))
        var members: [Z3_ast] = []
        for index in 0..<size {
            members.append(Z3_ast_vector_get(context.raw, vector, UInt32(index)))
        }
        // Z3 shares equal terms, so a core member is the very assumption passed in.
        func inCore(_ ast: Z3_ast) -> Bool { members.contains { Z3_is_eq_ast(context.raw, $0, ast) } }
        let indices = assumptions.indices.filter { inCore(assumptions[$0].ast) }
        var labels: [String] = []
        for entry in tracked where inCore(entry.indicator.ast) && !labels.contains(entry.label) { labels.append(entry.label) }
        return UnsatCore(assumptionIndices: indices, labels: labels)
    }
}

/// The answer of one ``ConstraintSolver/check(assuming:)``.
enum SolverOutcome {
    /// Everything can hold together; the model gives one way.
    case satisfiable(SolverModel)
    /// Not everything can hold together; the core names a contradictory part.
    case unsatisfiable(UnsatCore)
    /// Z3 gave no answer: it ran out of time (`timeout`, counted in
    /// ``ConstraintSolver/timeouts``) or the problem is outside what it decides.
    case unknown(reason: String)
}

/// The part of a check's assumptions and tracked assertions that is already contradictory.
struct UnsatCore: Equatable {
    /// Indices into the assumptions passed to the check.
    var assumptionIndices: [Int]
    /// Labels of the tracked assertions (``ConstraintSolver/assert(_:label:)``), in the order
    /// they were first asserted, each once (several assertions may share a label).
    var labels: [String]
}
