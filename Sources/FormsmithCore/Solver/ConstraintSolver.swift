internal import CZ3

/// A Z3 solver over one ``SolverContext``: assertions, checks under assumptions, models and
/// unsatisfiable cores.
///
/// Every check runs under a time limit (``timeoutMilliseconds``) and, when given, a resource
/// limit (``resourceLimit``: Z3's `rlimit`, a count of the solver's own steps, so the same check
/// stops at the same point on a busy machine and an idle one); a check that runs out answers
/// ``SolverOutcome/unknown(reason:)`` and is counted in ``timeouts`` or ``resourceOuts``, so a
/// caller can say how many answers it did not get instead of treating them as "impossible".
/// A caller can also give a whole run of checks a budget (``startBudget(checks:units:)``: a
/// settle's range search): once it is spent a check answers unknown at once, counted in
/// ``refusedChecks``.
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
    /// The resource limit of one check (Z3's `rlimit`; 0: none).
    let resourceLimit: UInt32
    /// Checks that ran past ``resourceLimit``.
    private(set) var resourceOuts = 0
    /// The budget being spent: ``checks`` and ``resourcesSpent`` at which no more checks are made.
    private var budgetEnd: (checks: Int, units: UInt64)?
    /// Checks refused because the budget was spent.
    private(set) var refusedChecks = 0
    /// Checks without an answer because a limit ran out (time, resources or the budget).
    var exhausted: Int { timeouts + resourceOuts + refusedChecks }
    /// The indicator literal and label of each tracked assertion, in the order asserted.
    private var tracked: [(indicator: BoolTerm, label: String)] = []

    /// A solver with an empty set of assertions whose checks stop after `timeoutMilliseconds`
    /// or `resourceLimit` of Z3's resource units (0: no such limit), whichever comes first.
    init(context: SolverContext, timeoutMilliseconds: UInt32 = 10_000, resourceLimit: UInt32 = 0) {
        self.context = context
        self.timeoutMilliseconds = timeoutMilliseconds
        self.resourceLimit = resourceLimit
        // The plain incremental SMT core: checks under assumptions reuse what earlier checks learnt
        // (the default solver may switch to a non-incremental tactic per check).
        let solver: Z3_solver = Z3_mk_simple_solver(context.raw)
        // Solvers are reference counted in every kind of context; released in deinit.
        Z3_solver_inc_ref(context.raw, solver)
        raw = solver
        let params: Z3_params = Z3_mk_params(context.raw)
        Z3_params_inc_ref(context.raw, params)
        Z3_params_set_uint(context.raw, params, Z3_mk_string_symbol(context.raw, "timeout"), timeoutMilliseconds)
        if resourceLimit > 0 {
            Z3_params_set_uint(context.raw, params, Z3_mk_string_symbol(context.raw, "rlimit"), resourceLimit)
        }
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
        // Z3 answers a check stopped by its resource limit as "canceled", like one stopped by the
        // clock: the units it spent tell them apart.
        let spentBefore = resourceLimit > 0 || budgetEnd != nil ? resourcesSpent : nil
        if let budgetEnd, checks >= budgetEnd.checks || (spentBefore ?? 0) >= budgetEnd.units {
            refusedChecks += 1
            return .unknown(reason: Self.budgetSpent)
        }
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
            if resourceLimit > 0, let spentBefore, let spent = resourcesSpent, spent - spentBefore >= UInt64(resourceLimit) {
                resourceOuts += 1
            } else if reason.contains("timeout") || reason.contains("canceled") {
                timeouts += 1
            } else {
                otherUnknowns += 1
            }
            return .unknown(reason: reason)
        }
    }

    /// The reason a check refused once the budget is spent gives.
    static let budgetSpent = "the budget of checks is spent"

    /// Gives the checks from now on a budget: at most `checks` more checks, and none once
    /// `units` more of Z3's resource units are spent (the check running then may overrun it
    /// by up to ``resourceLimit``). Replaces any budget already given.
    func startBudget(checks: Int, units: UInt64) {
        budgetEnd = (self.checks + checks, (resourcesSpent ?? 0) + units)
    }

    /// Lifts the budget: checks are limited one by one only.
    func endBudget() { budgetEnd = nil }

    /// Z3's resource units spent so far in this solver's context (its `rlimit count`), for
    /// choosing ``resourceLimit``; nil when Z3 does not report it.
    var resourcesSpent: UInt64? {
        let stats: Z3_stats = Z3_solver_get_statistics(context.raw, raw)
        Z3_stats_inc_ref(context.raw, stats)
        defer { Z3_stats_dec_ref(context.raw, stats) }
        for index in 0..<Z3_stats_size(context.raw, stats) {
            guard let key = Z3_stats_get_key(context.raw, stats, index), String(cString: key) == "rlimit count",
                  Z3_stats_is_uint(context.raw, stats, index) else { continue }
            return UInt64(Z3_stats_get_uint_value(context.raw, stats, index))
        }
        return nil
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
