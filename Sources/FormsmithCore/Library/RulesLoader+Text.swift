/// Loading rules from text rather than a file (the library's ``QuestionnaireValidator``).
extension RulesLoader {
    /// Reads and compiles rules given as YAML or JSON `text` for the reference date `today`;
    /// `file` names the text in problems and resolves relative seed-list paths.
    ///
    /// Like ``load(path:today:)``, every problem is reported at once.
    public static func load(text: String, file: String, today: CivilDate) throws(RulesError) -> CompiledRuleSet {
        let ruleSet: RuleSet
        do {
            ruleSet = try read(text: text, file: file)
        } catch {
            guard let readable = error.readable else { throw error }
            var problems = error.problems
            do {
                _ = try RuleCompiler.compile(readable, today: today)
            } catch {
                problems += error.problems.filter { !problems.contains($0) }
            }
            throw RulesError(problems: problems)
        }
        return try RuleCompiler.compile(ruleSet, today: today)
    }
}
