/// What `formsmith forms` prints: the project's forms, the inputs routed to each, and their
/// field counts, for people or as JSON.
public enum ProjectListing {
    /// The value fields of a rule set (sections and lists not counted; list item fields are).
    public static func fieldCount(_ rules: CompiledRuleSet) -> Int {
        rules.ruleSet.allFields.filter { $0.type != .section && $0.type != .list }.count
    }

    /// The listing for people.
    public static func text(_ project: Project, forms: [(name: String, rules: CompiledRuleSet)]) -> String {
        var text = "\(project.file): \(forms.count) form\(forms.count == 1 ? "" : "s")\n"
        let width = forms.map(\.name.count).max() ?? 0
        for form in forms {
            let count = fieldCount(form.rules)
            let padding = String(repeating: " ", count: width - form.name.count)
            text += "  \(form.name)\(padding)  \(count) field\(count == 1 ? "" : "s")  \(form.rules.ruleSet.file)\n"
            for glob in inputs(of: .form(form.name), in: project) { text += "    inputs \(glob)\n" }
        }
        let mixed = inputs(of: .byRecord, in: project)
        text += "record by record (JSON member '\(project.routing.member)'): "
            + (mixed.isEmpty ? "inputs no glob routes" : mixed.joined(separator: ", ") + ", and inputs no glob routes")
            + "\n"
        return text
    }

    /// The listing as one JSON object.
    public static func json(_ project: Project, forms: [(name: String, rules: CompiledRuleSet)]) -> String {
        let entries = forms.map { form in
            JSONText.object([
                ("name", JSONText.quoted(form.name)), ("rules", JSONText.quoted(form.rules.ruleSet.file)),
                ("title", JSONText.quoted(form.rules.ruleSet.title)),
                ("fields", String(fieldCount(form.rules))),
                ("inputs", JSONText.array(inputs(of: .form(form.name), in: project).map(JSONText.quoted))),
            ])
        }
        return JSONText.object([
            ("project", JSONText.quoted(project.file)), ("forms", JSONText.array(entries)),
            ("byRecord", JSONText.array(inputs(of: .byRecord, in: project).map(JSONText.quoted))),
            ("routing", JSONText.object([("member", JSONText.quoted(project.routing.member)),
                                         ("column", JSONText.quoted(project.routing.column))])),
        ]) + "\n"
    }

    private static func inputs(of target: InputTarget, in project: Project) -> [String] {
        project.routes.filter { $0.target == target }.map(\.glob.pattern)
    }
}
