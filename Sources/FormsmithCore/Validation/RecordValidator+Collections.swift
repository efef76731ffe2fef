/// Enums, multi-choice fields and lists.
extension RecordValidator {
    func checkEnumeration(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        for case .enumeration(let strings, let integers) in checks {
            guard checkValue(strings, integers, field, raw, path) else { return }
        }
        for case .constant(let expected) in checks where values.displayValue(raw) != expected.description {
            reportConstant(expected, quoted: true, field, path, raw)
        }
    }

    func checkChoices(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        if case .json(let index) = raw {
            guard tape.nodes[Int(index)].kind == .array else {
                report(field, path, RuleIdentifier.type, "must be an array of strings, not \(values.typePhrase(raw))", raw)
                return
            }
            for (position, child) in tape.children(of: Int(index)).enumerated()
            where tape.nodes[child].kind != .string {
                report(field, ConcretePath(template: "\(path)[\(position)]", item: -1), RuleIdentifier.type,
                       "must be a string, not \(tape.nodes[child].kind.phrase)", .json(Int32(child)))
                return
            }
        }
        let chosen = values.choices(raw)
        for check in checks {
            switch check {
            case .enumeration(let strings, _):
                checkChoiceValues(strings, chosen, field, path)
            case .itemCount(let minimum, let maximum):
                checkCount(chosen.count, minimum, maximum, field, path, raw, noun: "choice")
            case .text, .range, .fractionDigits, .constant, .mediaTypes, .extensions, .size, .number:
                break  // not declared on multi-choice fields
            }
        }
        checkUniqueChoices(chosen, field, path, raw)
    }

    func checkList(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        let list = plan.fields[field.id]
        guard list.type == .list else { return }
        switch raw {
        case .json(let index):
            guard tape.nodes[Int(index)].kind == .array else {
                report(field, path, RuleIdentifier.type, "must be an array of objects, not \(values.typePhrase(raw))", raw)
                return
            }
            let count = Int(tape.nodes[Int(index)].childCount)
            binding.resetItems(of: field.id, count: count, slotCount: list.itemSlotCount)
            for (position, child) in tape.children(of: Int(index)).enumerated() {
                if tape.nodes[child].kind == .object {
                    bindObject(child, table: list.itemTable, item: position)
                } else {
                    violations.append(Violation(field: "\(path)[\(position)]", rule: RuleIdentifier.type,
                                                message: "must be an object, not \(tape.nodes[child].kind.phrase)",
                                                value: values.displayValue(.json(Int32(child)))))
                    binding.markBroken(field.items?.layout.allFieldIDs ?? [], item: position)
                }
            }
        case .cell:
            // CSV binds list items from indexed columns before evaluation; lists inside list items now.
            if list.listID >= 0 { bindInnerListItems(ofList: field.id) }
        case .absent, .broken:
            return
        }
        for case .itemCount(let minimum, let maximum) in checks {
            checkCount(binding.lists[field.id].count, minimum, maximum, field, path, .absent, noun: "item")
        }
        evaluateItems(ofList: field.id)
    }
}

extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
