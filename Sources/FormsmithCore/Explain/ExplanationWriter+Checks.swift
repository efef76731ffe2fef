/// The value checks of a field (or of one of its cases), in plain words: each kind's phrase
/// is in its file in `Checks/`.
extension ExplanationWriter {
    mutating func writeChecks(_ constraints: Constraints, messages: [String: String], indent: String) {
        for kind in CheckKind.allCases {
            for check in kind.definition.explain(constraints, for: self) {
                line(check.label, check.body, rules: check.rules, messages: messages, indent: indent)
            }
        }
        if !constraints.allow.isEmpty {
            line("allow", "accepted as they are, skipping the other checks: "
                 + constraints.allow.map { "'\($0.value)'" }.joined(separator: ", "), rules: [], messages: messages,
                 indent: indent)
        }
    }
}
