/// Validating a JSON questionnaire: parse it onto the tape, bind its members to slots, evaluate.
extension RecordValidator {
    /// Validates one JSON questionnaire held in `bytes`.
    ///
    /// `location` names where the record starts; a syntax error's line and column are
    /// computed from it.
    public func validate(json bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation,
                         limits: JSONLimits = JSONLimits()) -> RecordResult {
        do {
            try JSONParser.parse(bytes, into: &tape, limits: limits)
        } catch {
            return unreadable(error, in: bytes, location: location)
        }
        return validateParsedTape(bytes, location: location)
    }

    /// A result for a record whose JSON could not be read.
    func unreadable(_ error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation)
        -> RecordResult
    {
        RecordResult(location: location, unreadable: error.describe(in: bytes, firstLine: location.line))
    }

    /// Validates a record a reader parsed onto `parsed` (the tape is lent to the validator for
    /// the duration, not copied), and hands the result to `use` while the validator still
    /// holds the record's values (fill counts read them).
    func validate<Result>(parsed: inout JSONTape, bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation,
                          then use: (RecordResult) -> Result) -> Result {
        swap(&tape, &parsed)
        defer { swap(&tape, &parsed) }
        return use(validateParsedTape(bytes, location: location))
    }

    /// Validates a record a reader parsed onto `parsed` (the tape is lent, not copied).
    func validate(parsed: inout JSONTape, bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation) -> RecordResult {
        validate(parsed: &parsed, bytes: bytes, location: location) { $0 }
    }

    /// Validates the record already parsed onto the tape (node 0 is its root).
    func validateParsedTape(_ bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation) -> RecordResult {
        self.bytes = bytes
        defer { self.bytes = UnsafeBufferPointer(start: nil, count: 0) }
        beginRecord()
        guard tape.nodes[0].kind == .object else {
            return RecordResult(location: location, violations: [
                Violation(field: "", rule: RuleIdentifier.type,
                          message: "a questionnaire must be a JSON object, not \(tape.nodes[0].kind.phrase)"),
            ])
        }
        bindObject(0, table: 0, item: -1)
        evaluateRecord()
        if violations.isEmpty { return RecordResult(location: location) }
        return invalidResult(at: location)
    }

    /// Binds the members of the object at `index` to the slots of its fields, with the plan's
    /// key table `table` (0 for the questionnaire). `item` is the list item index for item
    /// tables, -1 for the top level.
    func bindObject(_ index: Int, table: Int, item: Int) {
        let keys = plan.keyIndex
        let listID = keys.tables[table].listID
        let slotsPerItem = keys.tables[table].slotsPerItem
        var child = index + 1
        var hint = -1
        for _ in 0..<(tape.nodes[index].childCount / 2) {
            let keyIndex = child
            let valueIndex = child + 1
            child = Int(tape.nodes[valueIndex].next)
            let entry = keyEntry(keyIndex, in: table, from: hint)
            guard entry >= 0 else {
                if table == 0, isRoutingMember(keyIndex) { continue }
                reportUnknownMember(keyIndex, valueIndex, layout: plan.keys.layouts[plan.keys.tables[table].layout],
                                    item: item)
                continue
            }
            hint = entry + 1
            let target = keys.entries[entry].target
            if !keys.entries[entry].isSection {
                if listID >= 0 {
                    let position = item * slotsPerItem + target
                    if case .absent = lists[listID].slots[position] {
                        lists[listID].slots[position] = .json(Int32(valueIndex))
                        continue
                    }
                } else if case .absent = rootSlots[target] {
                    rootSlots[target] = .json(Int32(valueIndex))
                    continue
                }
                let layout = plan.keys.layouts[plan.keys.tables[table].layout]
                let name = layout.members[plan.keys.entries[entry].member].name
                violations.append(Violation(field: ConcretePath(template: layout.prefix, item: item).member(name),
                                            rule: RuleIdentifier.duplicateField,
                                            message: "appears more than once in the same object",
                                            value: displayValue(.json(Int32(valueIndex)))))
                continue
            }
            switch tape.nodes[valueIndex].kind {
            case .object: bindObject(valueIndex, table: target, item: item)
            case .null: break
            default:
                let inner = plan.keys.layouts[plan.keys.tables[target].layout]
                let layout = plan.keys.layouts[plan.keys.tables[table].layout]
                guard case .section(let path, _) = layout.members[plan.keys.entries[entry].member].target else { break }
                violations.append(Violation(field: ConcretePath(template: path, item: item).description,
                                            rule: RuleIdentifier.type,
                                            message: "must be an object, not \(tape.nodes[valueIndex].kind.phrase)",
                                            value: displayValue(.json(Int32(valueIndex)))))
                markBroken(inner.allFieldIDs, item: item)
            }
        }
    }

    private func reportUnknownMember(_ keyIndex: Int, _ valueIndex: Int, layout: ObjectLayout, item: Int) {
        let name = displayValue(.json(Int32(keyIndex))) ?? ""
        let kind = tape.nodes[valueIndex].kind
        violations.append(Violation(
            field: ConcretePath(template: layout.prefix, item: item).member(name), rule: RuleIdentifier.unknownField,
            message: "is not a field of this questionnaire" + Suggestion.didYouMean(name, in: layout.members.map(\.name)),
            value: kind == .object || kind == .array ? nil : displayValue(.json(Int32(valueIndex)))))
    }

    /// The key table entry of the member name at tape node `keyIndex`, or -1.
    @inline(__always)
    private func keyEntry(_ keyIndex: Int, in table: Int, from hint: Int) -> Int {
        let key = tape.nodes[keyIndex]
        let length = key.end - key.start
        if !key.hasEscapes, let base = bytes.baseAddress, key.start + 8 <= bytes.count {
            // One load for the prefix: the record's bytes go on past a key (at least `":` and a value).
            let word = UnsafeRawPointer(base + key.start).loadUnaligned(as: UInt64.self)
            let prefix = length >= 8 ? word : word & ((1 << (UInt64(length) * 8)) &- 1)
            return plan.keyIndex.find(UnsafeBufferPointer(start: base + key.start, count: length), prefix: prefix,
                                      in: table, from: hint)
        }
        var buffer: [UInt8] = []
        if key.hasEscapes {
            JSONStrings.unescape(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), into: &buffer)
        } else {
            buffer = Array(bytes[key.start..<key.end])
        }
        return buffer.withUnsafeBufferPointer {
            plan.keyIndex.find($0, prefix: KeyTables.prefix(of: $0), in: table, from: hint)
        }
    }

    func setRawValue(_ raw: RawValue, of id: Int, item: Int) {
        let field = plan.fields[id]
        if field.listID >= 0 {
            lists[field.listID].slots[item * field.itemStride + field.slot] = raw
        } else {
            rootSlots[field.slot] = raw
        }
    }

    func markBroken(_ ids: [Int], item: Int) {
        for id in ids { setRawValue(.broken, of: id, item: item) }
    }

    /// The questionnaire's top-level `id` value, when it has a non-empty one.
    func recordID() -> String? {
        guard let id = rules.fieldIDs["id"], rules.fields[id].listID == nil,
              let value = displayValue(rootSlots[rules.fields[id].slot]), !value.isEmpty else { return nil }
        return value
    }
}
