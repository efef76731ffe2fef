/// Loading rules from text rather than a file (the library's ``QuestionnaireValidator``).
extension RulesLoader {
    /// Reads and compiles rules given as YAML or JSON `text` for the reference date `today`;
    /// `file` names the text in problems and resolves relative seed-list paths; `roots` are the
    /// folders its includes and word lists may reach (by default those of
    /// ``ReadableRoots/of(ruleFile:)`` for `file`).
    ///
    /// Like ``load(path:today:)``, every problem is reported at once.
    public static func load(text: String, file: String, today: CivilDate,
                            roots: ReadableRoots? = nil) throws(RulesError) -> CompiledRuleSet {
        try compileListingEveryProblem(today: today) { () throws(RulesError) in
            try read(text: text, file: file, roots: roots)
        }
    }
}
