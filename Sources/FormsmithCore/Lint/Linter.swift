/// `formsmith lint`'s engine: everything the loader and compiler reject, as errors, plus the
/// warnings of every check in ``LintCatalog``.
public enum Linter {
    /// Lints the rule file at `path` for the reference date `today`.
    public static func lint(path: String, today: CivilDate) -> [LintFinding] {
        lint(today: today) { () throws(RulesError) -> RuleSet in try RulesLoader.read(path: path) }
    }

    /// Lints rules given as text; `file` names them in findings and resolves relative paths.
    public static func lint(text: String, file: String, today: CivilDate) -> [LintFinding] {
        lint(today: today) { () throws(RulesError) -> RuleSet in try RulesLoader.read(text: text, file: file) }
    }

    private static func lint(today: CivilDate, read: () throws(RulesError) -> RuleSet) -> [LintFinding] {
        var problems: [RuleProblem] = []
        var ruleSet: RuleSet?
        do {
            ruleSet = try read()
        } catch {
            problems = error.problems
            ruleSet = error.readable
        }
        var compiled: CompiledRuleSet?
        if let ruleSet {
            do {
                compiled = try RuleCompiler.compile(ruleSet, today: today)
            } catch {
                problems += error.problems.filter { !problems.contains($0) }
            }
        }
        var findings = Set(problems.map { LintCatalog.invalidRules.finding($0) })
        if let ruleSet {
            let context = LintContext(ruleSet: ruleSet, compiled: compiled, today: today)
            for check in LintCatalog.checks where compiled != nil || !check.needsCompiledRules {
                findings.formUnion(check.findings(in: context))
            }
        }
        return findings.sorted()
    }
}
