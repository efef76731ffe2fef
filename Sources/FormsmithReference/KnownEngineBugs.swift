import FormsmithCore

/// Form shapes that meet an engine bug still open: the differential test and FuzzDifferential
/// give such forms to the reference only (one of them crashes the engine), and count them.
public enum KnownEngineBugs {
    /// The open bug a form meets, or nil.
    public static func bug(of rules: RuleSet) -> String? {
        let nested = rules.allFields.contains { $0.type == .list && $0.path.contains("[]") }
        return nested ? "lists inside list items, issue 20, fixed on branch nested" : nil
    }
}

extension ReferenceVerdict {
    /// The engine's result as a verdict: unreadable, or its (field, rule) pairs.
    public init(engine result: RecordResult) {
        if result.unreadable != nil {
            self.init(unreadable: true, findings: [])
        } else {
            self.init(unreadable: false, findings: Set(result.violations.map { Finding(field: $0.field, rule: $0.rule) }))
        }
    }
}
