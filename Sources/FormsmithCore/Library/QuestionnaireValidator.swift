import Foundation
import Synchronization

/// Validates questionnaires in-process against one rule file: the library's entry point for
/// a Swift program (a backend receiving submissions, a test suite, a migration script).
///
/// Load the rules once and validate each questionnaire as it arrives; one validator may be
/// used from many threads or tasks at once.
///
/// ```swift
/// import FormsmithCore
///
/// let validator = try QuestionnaireValidator(rulesAt: URL(fileURLWithPath: "Rules/osago-policy.yaml"))
/// let result = validator.validate(requestBody)      // the questionnaire as JSON bytes
/// if !result.isValid {
///     for violation in result.violations {
///         print("\(violation.field): \(violation.message) [\(violation.rule)]")
///     }
/// }
/// ```
///
/// With `today: .clock` (the default), rules relative to today (`max: today-18y`) follow the
/// clock: the validator recompiles them when the date changes in `timeZone` (by default the
/// system's local zone), so a long-running service does not keep yesterday's bounds. Pass
/// `today: try .fixed(year: 2026, month: 11, day: 22)` to pin it, as `formsmith validate
/// --today` does; an impossible date throws there instead of meaning "now".
public final class QuestionnaireValidator: Sendable {
    private let ruleSet: RuleSet
    private let fixedDate: CivilDate?
    /// The current date when it is not fixed (the system clock; tests pass their own).
    private let clock: @Sendable () -> CivilDate
    private let redactsValues: Bool
    private let state: Mutex<State>

    /// The compiled rules and the validators that are not in use, for one reference date.
    private struct State {
        var rules: CompiledRuleSet
        var idle: [IdleValidator]
    }

    /// Loads and compiles the rule file (YAML or JSON) at `url`.
    ///
    /// - Parameters:
    ///   - url: A rule file; seed lists and `valuesFrom` files are found relative to it.
    ///   - today: The date `today` stands for in the rules: ``ReferenceDate/clock`` (the
    ///     current date, followed as it changes) or `.fixed(date)` (see ``ReferenceDate/fixed(year:month:day:)``).
    ///   - timeZone: The zone whose current date `today` is under ``ReferenceDate/clock`` (as
    ///     `formsmith validate --timezone`).
    ///   - redactsValues: Whether messages and values are masked (`Х999ХХ99`), as with
    ///     `formsmith validate --redact`: for logs that must not hold personal data.
    /// - Throws: ``RulesError`` listing every problem of the file, each with its line and column.
    public convenience init(rulesAt url: URL, today: ReferenceDate = .clock, timeZone: TimeZone = .current,
                            redactsValues: Bool = false) throws(RulesError) {
        let compiled = try RulesLoader.load(path: url.path, today: today.date(in: timeZone))
        self.init(rules: compiled, followsClock: today.followsClock, redactsValues: redactsValues,
                  clock: { CivilDate.today(in: timeZone) })
    }

    /// Compiles rules given as YAML or JSON text (rules kept in a database, say).
    ///
    /// - Parameters:
    ///   - text: The rule file's text.
    ///   - file: The name problems are reported under; relative seed-list paths are resolved
    ///     against its folder.
    ///   - today: The date `today` stands for in the rules: ``ReferenceDate/clock`` or a fixed date.
    ///   - timeZone: The zone whose current date `today` is under ``ReferenceDate/clock``.
    ///   - redactsValues: Whether messages and values are masked.
    /// - Throws: ``RulesError`` listing every problem, each with its line and column.
    public convenience init(rulesText text: String, file: String = "rules.yaml", today: ReferenceDate = .clock,
                            timeZone: TimeZone = .current, redactsValues: Bool = false) throws(RulesError) {
        let compiled = try RulesLoader.load(text: text, file: file, today: today.date(in: timeZone))
        self.init(rules: compiled, followsClock: today.followsClock, redactsValues: redactsValues,
                  clock: { CivilDate.today(in: timeZone) })
    }

    /// Rules given as text that follow `clock` instead of the system clock (for tests).
    convenience init(rulesText text: String, clock: @escaping @Sendable () -> CivilDate) throws(RulesError) {
        let compiled = try RulesLoader.load(text: text, file: "rules.yaml", today: clock())
        self.init(rules: compiled, followsClock: true, redactsValues: false, clock: clock)
    }

    /// Validates with rules already compiled (by ``RulesLoader/load(path:today:)``) for
    /// their own reference date, which stays fixed.
    public convenience init(rules: CompiledRuleSet, redactsValues: Bool = false) {
        self.init(rules: rules, followsClock: false, redactsValues: redactsValues)
    }

    private init(rules: CompiledRuleSet, followsClock: Bool, redactsValues: Bool,
                 clock: @escaping @Sendable () -> CivilDate = { CivilDate.today() }) {
        ruleSet = rules.ruleSet
        fixedDate = followsClock ? nil : rules.today
        self.clock = clock
        self.redactsValues = redactsValues
        state = Mutex(State(rules: rules, idle: []))
    }

    /// The rule set's `id` (such as `osago-policy`).
    public var ruleSetID: String { ruleSet.id }

    /// The rules as compiled for the current reference date.
    public var rules: CompiledRuleSet { state.withLock { $0.rules } }

    /// Validates one questionnaire: a JSON object, as UTF-8 bytes.
    ///
    /// The result is valid, or lists every broken rule (``RecordResult/violations``), or says
    /// why the bytes are not a readable questionnaire (``RecordResult/unreadable``, with the
    /// line and column of the problem). Its location is `name`, line 1. The same limits as
    /// the command line apply (nesting, number of values, regex work).
    ///
    /// - Parameters:
    ///   - json: One JSON document (a UTF-8 byte order mark and surrounding white space are allowed).
    ///   - name: What the result's location calls the questionnaire (a file name, a request id).
    public func validate(_ json: Data, name: String = "-") -> RecordResult {
        let lease = checkOut()
        defer { checkIn(lease) }
        var result = json.withUnsafeBytes { raw in
            // In bounds: the Data's own bytes, viewed as UInt8 (no size change); valid until
            // `withUnsafeBytes` returns, which is after validation.
            var bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
            return lease.validator.validate(json: bytes, location: RecordLocation(file: name, line: 1))
        }
        if redactsValues { result.maskValues() }
        return result
    }

    /// Validates one questionnaire given as JSON text.
    public func validate(_ json: String, name: String = "-") -> RecordResult {
        validate(Data(json.utf8), name: name)
    }

    /// The broken rules of one questionnaire, or a single `unreadable` violation when the JSON
    /// cannot be read: empty when the questionnaire is valid.
    public func violations(in json: Data) -> [Violation] {
        let result = validate(json)
        guard let reason = result.unreadable else { return result.violations }
        return [Violation(field: "", rule: RuleIdentifier.unreadable, message: reason)]
    }

    /// The rules compiled for the reference date of this moment (recompiled first when the
    /// clock has moved to a new day), for a whole file's run.
    func rulesForNow() -> CompiledRuleSet {
        let lease = checkOut()
        defer { checkIn(lease) }
        return lease.validator.rules
    }

    /// Whether messages and values are masked (`redactsValues:`).
    var masksValues: Bool { redactsValues }

    // MARK: - Validators, one per concurrent call

    /// Takes an idle validator for today's rules, or makes one.
    private func checkOut() -> IdleValidator {
        let date = fixedDate ?? clock()
        let ruleSet = ruleSet
        return state.withLock { state in
            if state.rules.today != date, let recompiled = try? RuleCompiler.compile(ruleSet, today: date) {
                // A new day: rules relative to today get new bounds; the old validators go.
                state.rules = recompiled
                state.idle.removeAll()
            }
            if let idle = state.idle.popLast() { return idle }
            return IdleValidator(RecordValidator(rules: state.rules, redactsValues: redactsValues))
        }
    }

    /// Returns a validator to the pool, unless the rules changed meanwhile.
    private func checkIn(_ lease: IdleValidator) {
        state.withLock { state in
            if lease.validator.rules === state.rules, state.idle.count < 64 { state.idle.append(lease) }
        }
    }
}

/// A ``RecordValidator`` between two calls. Only one call uses it at a time: it is taken out
/// of the pool under the lock and put back when the call is done.
private final class IdleValidator: @unchecked Sendable {
    let validator: RecordValidator

    init(_ validator: RecordValidator) {
        self.validator = validator
    }
}
