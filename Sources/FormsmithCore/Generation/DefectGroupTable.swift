/// The defect groups (``DefectGroup``) a form's questionnaires can offer at all, each with the
/// fields that can carry it, worked out once per worker from the rules alone. The planter draws a
/// group among these and builds only that group's candidates
/// (``DefectPlanter/plantDefect(index:random:)``) instead of every defect the questionnaire could
/// take. The table is a superset: a group listed here may have no candidate in a given
/// questionnaire (the field empty, the rule not in force in the cases that hold), and is then
/// passed over, so the group drawn is uniform among the groups the questionnaire offers.
struct DefectGroupTable {
    /// Every group a questionnaire of the form could offer, ascending.
    let groups: [DefectGroup]
    /// Per group (parallel to ``groups``), the ids of the fields that can carry it, ascending;
    /// empty for `unknown-field`, which belongs to no field.
    let fields: [[Int]]

    init(plan: GeneratorTables) {
        let rules = plan.rules
        var byGroup: [DefectGroup: [Int]] = [:]
        func add(_ group: DefectGroup, _ id: Int) {
            if byGroup[group, default: []].last != id { byGroup[group, default: []].append(id) }
        }
        for field in rules.fields where !plan.fields[field.id].isRecordID {
            // Every kind ``DefectPlanter`` can offer for a field of this type, whatever its value
            // and the cases that hold (``DefectPlanter/candidates(forPresent:value:address:)``).
            var kinds: [MutationKind] = [.required, .type]
            if field.visibleIf != nil { kinds.append(.visibility) }
            if !field.parents.isEmpty { kinds.append(.parent) }
            if field.group >= 0, rules.groups[field.group].isComplete { kinds.append(.incompleteGroup) }
            switch field.type {
            case .string, .text:
                kinds += [.constant, .textForm]
                for spec in plan.fields[field.id].textSpecs {
                    for (defect, _) in spec.defects {
                        add(DefectGroup(order: defect.order, kind: .textCheck, rule: defect.rule), field.id)
                    }
                }
            case .integer, .decimal:
                kinds += [.constant, .min, .max, .fractionDigits, .numberCheck]
            case .date:
                kinds += [.min, .max]
                let filters = DateChecks.filters(in: field.checks) + field.cases.flatMap { DateChecks.filters(in: $0.checks) }
                for filter in filters {
                    add(DefectGroup(order: MutationKind.dateCheck.rawValue, kind: .dateCheck, rule: filter.filterRule ?? ""),
                        field.id)
                }
            case .enumeration:
                kinds += [.enumeration, .textForm, .constant]
            case .boolean:
                kinds.append(.constant)
            case .multiChoice:
                kinds += [.enumeration, .unique, .minItems, .maxItems, .textForm]
            case .list:
                kinds += [.minItems, .maxItems]
            case .attachment:
                kinds += [.fileExtension, .mediaType, .minSize, .maxSize, .minItems, .maxItems]
            case .section:
                break
            }
            for kind in kinds { add(DefectGroup(order: kind.rawValue, kind: kind, rule: ""), field.id) }
        }
        if plan.options.format != .csv {
            byGroup[DefectGroup(order: MutationKind.unknownField.rawValue, kind: .unknownField, rule: "")] = []
        }
        groups = byGroup.keys.sorted()
        fields = groups.map { byGroup[$0] ?? [] }
    }
}
