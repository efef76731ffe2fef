import Foundation
import FormsmithCore

/// Form shapes that meet an engine bug still open: the differential test and FuzzDifferential
/// give such forms to the reference only (one of them crashes the engine), and count them.
public enum KnownEngineBugs {
    /// The open bug a form meets, or nil. `FORMSMITH_DIFF_KNOWN_BUGS=test` gives every form to
    /// the engine (to see whether a fix has landed).
    public static func bug(of rules: RuleSet) -> String? {
        if ProcessInfo.processInfo.environment["FORMSMITH_DIFF_KNOWN_BUGS"] == "test" { return nil }
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
