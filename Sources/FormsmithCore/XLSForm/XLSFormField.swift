/// A question, group or repeat of an XLSForm as the import sees it: where it sits in the
/// Formsmith rule file and what its value is.
struct XLSFormField: Sendable {
    /// The XLSForm `name`.
    var name: String
    /// The XLSForm `type` as written (`select_one colours`, `begin repeat`).
    var typeName: String
    var kind: XLSFormValueKind
    /// The survey row it came from.
    var row: Int
    /// Its path in Formsmith rules: names of the groups and repeats holding it, then its own.
    var steps: [(name: String, isList: Bool)]
    /// The Formsmith paths of the repeats holding it (as lists: `visits`, `visits[].doses`).
    var lists: [String]
    /// False for what holds no value Formsmith reads (a note, a group).
    var readable = true
    /// The calculation of a `calculate` row: references to it read the calculation itself.
    var calculation: String?

    /// The path in an expression: `household.size`, `members[].age`.
    var expressionPath: String {
        var text = ""
        for (index, step) in steps.enumerated() {
            if index > 0 { text += "." }
            text += step.name
            if step.isList, index < steps.count - 1 { text += "[]" }
        }
        return text
    }

    /// Whether Formsmith's expressions can name it: every step ASCII letters, digits and `_`
    /// (a rule file takes `-` and other scripts' letters in names, its expressions do not).
    var isExpressible: Bool {
        steps.allSatisfy { step in
            !Self.reservedWords.contains(step.name) &&
            step.name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }

    /// Names an expression reads as something else: `today` is the reference date, `YES` true.
    static let reservedWords: Set<String> = [
        "today", "true", "false", "null", "in", "not", "YES", "NO", "TRUE", "FALSE", "NULL", "NIL", "AND", "OR", "NOT",
        "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "MATCHES", "LIKE", "ANY", "ALL", "NONE", "SOME", "SELF",
    ]

    /// For a repeat: its path as a list (`members`, `households[].members`).
    var listPath: String { expressionPath }
}
