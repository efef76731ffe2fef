/// What every compiled value check has, whatever the value type it applies to: the kind that
/// owns it and, optionally, its plain step for the validator's fast path.
///
/// Compiled checks are grouped by the value type they apply to, one protocol per type that
/// refines this one (``NumberCheck`` for integer and decimal fields; text, date, choice,
/// attachment and list checks likewise), and each group is one case of ``ValueCheck``. A
/// compiled field therefore holds only checks of its own type, and the code for a type (its
/// validation, generation and defects) sees only that type's checks, through its protocol.
protocol CompiledCheck: Sendable {
    /// The kind that owns the check.
    static var kind: CheckKind { get }

    /// The check in plain form for the fast path (``CheckStep``), nil when it has none: a
    /// field with such a check leaves its values to the declarative checks, which decide and
    /// word them. Asked once when the plan is built, never per value.
    func fastStep(in plan: inout PlanBuilder) -> CheckStep?
}

extension CompiledCheck {
    /// No fast step: the declarative check decides.
    func fastStep(in plan: inout PlanBuilder) -> CheckStep? { nil }
}
