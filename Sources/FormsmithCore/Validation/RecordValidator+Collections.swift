/// Enums, multi-choice fields and lists.
extension RecordValidator {
    func checkEnumeration(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        for case .enumeration(let strings, let integers) in checks {
            guard checkValue(strings, integers, field, raw, path) else { return }
        }
        for case .constant(let expected) in checks where displayValue(raw) != expected.description {
            reportConstant(expected, quoted: true, field, path, raw)
        }
    }

    func checkChoices(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck]) {
        if case .json(let index) = raw {
            guard tape.nodes[Int(index)].kind == .array else {
                report(field, path, RuleIdentifier.type, "must be an array of strings, not \(typePhrase(raw))", raw)
                return
            }
            for (position, child) in tape.children(of: Int(index)).enumerated()
            where tape.nodes[child].kind != .string {
                report(field, ConcretePath(template: "\(path)[\(position)]", item: -1), RuleIdentifier.type,
                       "must be a string, not \(tape.nodes[child].kind.phrase)", .json(Int32(child)))
                return
            }
        }
        let chosen = choices(raw)
        for check in checks {
            switch check {
            case .enumeration(let strings, _):
                checkChoiceValues(strings, chosen, field, path)
            case .itemCount(let minimum, let maximum):
                checkCount(chosen.count, minimum, maximum, field, path, raw, noun: "choice")
            case .length, .regex, .mask, .format, .range, .fractionDigits, .checksum, .constant, .mediaTypes,
                 .extensions, .size:
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
                report(field, path, RuleIdentifier.type, "must be an array of objects, not \(typePhrase(raw))", raw)
                return
            }
            let count = Int(tape.nodes[Int(index)].childCount)
            binding.resetItems(of: field.id, count: count, slotCount: list.itemStride)
            for (position, child) in tape.children(of: Int(index)).enumerated() {
                if tape.nodes[child].kind == .object {
                    bindObject(child, table: list.itemTable, item: position)
                } else {
                    violations.append(Violation(field: "\(path)[\(position)]", rule: RuleIdentifier.type,
                                                message: "must be an object, not \(tape.nodes[child].kind.phrase)",
                                                value: displayValue(.json(Int32(child)))))
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

/// The paths of list items (`drivers[1].`) and of their fields (`drivers[1].birthDate`),
/// built the first time an item position is seen and reused for every record, so that
/// validating list items does not build strings. Positions past `cachedItems` are built
/// each time (a huge list must not grow the cache).
struct ItemPathCache {
    static let cachedItems = 64
    /// By list id: the item prefixes by position.
    private var prefixes: [Int: [String]] = [:]
    /// By list id: item field paths, `position × slotCount + slot`.
    private var fieldPaths: [Int: [String]] = [:]

    /// `drivers[item].`
    mutating func prefix(_ item: Int, of list: CompiledField) -> String {
        guard item < Self.cachedItems else { return list.path + "[\(item)]." }
        if let cached = prefixes[list.id], item < cached.count { return cached[item] }
        var cached = prefixes[list.id] ?? []
        while cached.count <= item { cached.append(list.path + "[\(cached.count)].") }
        prefixes[list.id] = cached
        return cached[item]
    }

    /// `drivers[item].name`
    mutating func fieldPath(_ field: CompiledField, item: Int, of list: CompiledField) -> String {
        let slotCount = list.items?.scope.slotCount ?? 0
        guard item < Self.cachedItems, slotCount > 0 else { return prefix(item, of: list) + field.pathInItem }
        let index = item * slotCount + field.slot
        if let cached = fieldPaths[list.id], index < cached.count, !cached[index].isEmpty { return cached[index] }
        var cached = fieldPaths[list.id] ?? []
        if cached.count <= index { cached.append(contentsOf: repeatElement("", count: index + 1 - cached.count)) }
        cached[index] = prefix(item, of: list) + field.pathInItem
        fieldPaths[list.id] = cached
        return cached[index]
    }
}
