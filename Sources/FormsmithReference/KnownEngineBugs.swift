import Foundation
import FormsmithCore

/// Form shapes that meet an engine bug still open: the differential test and FuzzDifferential
/// give such forms to the reference only and count them. None today: lists inside list items
/// (issue 20) were left out until branch `nested` fixed them. `FORMSMITH_DIFF_KNOWN_BUGS=test`
/// gives every form to the engine (to see whether a fix has landed).
public enum KnownEngineBugs {
    /// The open bugs: a name for reports and the shapes that meet it.
    static let open: [(name: String, meets: @Sendable (RuleSet) -> Bool)] = []

    /// The open bug a form meets, or nil.
    public static func bug(of rules: RuleSet) -> String? {
        if ProcessInfo.processInfo.environment["FORMSMITH_DIFF_KNOWN_BUGS"] == "test" { return nil }
        return open.first { $0.meets(rules) }?.name
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
