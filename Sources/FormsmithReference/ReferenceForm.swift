import FormsmithCore

/// The rule tree as the reference validator walks it: each field by its path template, with
/// the sections that enclose it inside its own scope (the questionnaire or one list item)
/// and, for each section that is checked as a whole, which of its fields it claims.
///
/// Everything here is derived from what docs/rules.md says of sections, from the fields' own
/// keys (`ownVisibleIf`, not the engine's folded `visibleIf`).
struct ReferenceForm {
    /// A field and where it stands.
    struct Entry {
        var rule: FieldRule
        /// Enclosing sections within the field's scope, outermost first.
        var sections: [FieldRule]
        /// The field's own `visibleIf` (as written, before any section's is added).
        var ownVisibleIf: String?
    }

    /// Every field by path template (`drivers[].documents[].number`).
    var entries: [String: Entry] = [:]
    /// The fields of each scope, depth first through sections, lists included but not their
    /// items: key "" for the questionnaire, the list's template for its items.
    var scopeFields: [String: [String]] = [:]
    /// The sections of each scope (depth first, outer before inner).
    var scopeSections: [String: [String]] = [:]

    init(_ ruleSet: RuleSet) {
        walk(ruleSet.fields, scope: "", sections: [])
    }

    private mutating func walk(_ fields: [FieldRule], scope: String, sections: [FieldRule]) {
        for field in fields {
            let own = field.hidingSections.isEmpty ? field.visibleIf?.value : field.ownVisibleIf?.value
            entries[field.path] = Entry(rule: field, sections: sections, ownVisibleIf: own)
            switch field.type {
            case .section:
                scopeSections[scope, default: []].append(field.path)
                walk(field.children, scope: scope, sections: sections + [field])
            case .list:
                scopeFields[scope, default: []].append(field.path)
                walk(field.children, scope: field.path, sections: [])
            default:
                scopeFields[scope, default: []].append(field.path)
            }
        }
    }

    /// The field paths a section's `visibleIf` and `requiredIf` read: those fields are not
    /// hidden by the section and not part of it as a whole (the switch that turns it on).
    static func readPaths(of section: FieldRule) -> Set<String> {
        var paths: Set<String> = []
        for source in [section.visibleIf?.value, section.requiredIf?.value].compactMap({ $0 }) {
            paths.formUnion(ReferenceEvaluator.referencedPaths(source))
        }
        return paths
    }

    /// Whether a section is checked as a whole (`optional`, `requiredIf` or `complete`).
    static func isGroup(_ section: FieldRule) -> Bool {
        section.isOptional || section.requiredIf != nil || section.isComplete
    }

    /// The innermost enclosing section checked as a whole that does not read the field.
    func group(of path: String) -> FieldRule? {
        guard let entry = entries[path] else { return nil }
        return entry.sections.last { Self.isGroup($0) && !Self.readPaths(of: $0).contains(path) }
    }

    /// The conditions under which the field is visible: its own `visibleIf` and that of every
    /// enclosing section that does not read it.
    func visibilityConditions(of path: String) -> [String] {
        guard let entry = entries[path] else { return [] }
        var conditions = entry.sections.compactMap { section -> String? in
            guard let condition = section.visibleIf?.value, !Self.readPaths(of: section).contains(path) else { return nil }
            return condition
        }
        if let own = entry.ownVisibleIf { conditions.append(own) }
        return conditions
    }

    /// The value fields (not sections) a group section claims.
    func members(of section: FieldRule) -> [String] {
        func valueFields(_ fields: [FieldRule]) -> [String] {
            fields.flatMap { $0.type == .section ? valueFields($0.children) : [$0.path] }
        }
        return valueFields(section.children).filter { group(of: $0)?.path == section.path }
    }
}
