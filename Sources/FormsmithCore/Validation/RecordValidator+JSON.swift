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
        var line = location.line
        var lineStart = 0
        for offset in 0..<min(error.offset, bytes.count) where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        let column = RecordValidator.scalarCount(
            UnsafeBufferPointer(rebasing: bytes[lineStart..<min(error.offset, bytes.count)])) + 1
        return RecordResult(location: location, unreadable: "line \(line), column \(column): \(error.message)")
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
        bindObject(0, layout: rules.root, item: -1)
        evaluateRecord()
        if violations.isEmpty { return RecordResult(location: location) }
        return RecordResult(location: location, id: recordID(), violations: violations)
    }

    /// Binds the members of the object at `index` to the slots of `layout`'s fields.
    /// `item` is the list item index for item layouts, -1 for the top level.
    func bindObject(_ index: Int, layout: ObjectLayout, item: Int) {
        var child = index + 1
        for _ in 0..<(tape.nodes[index].childCount / 2) {
            let keyIndex = child
            let valueIndex = child + 1
            child = Int(tape.nodes[valueIndex].next)
            let member = keyMember(keyIndex, in: layout)
            guard let member else {
                let name = displayValue(.json(Int32(keyIndex))) ?? ""
                let kind = tape.nodes[valueIndex].kind
                violations.append(Violation(
                    field: ConcretePath(template: layout.prefix, item: item).member(name), rule: RuleIdentifier.unknownField,
                    message: "is not a field of this questionnaire" + Suggestion.didYouMean(name, in: layout.members.map(\.name)),
                    value: kind == .object || kind == .array ? nil : displayValue(.json(Int32(valueIndex)))))
                continue
            }
            switch member.target {
            case .field(_, let slot):
                if let list = layout.list {
                    let position = item * list.slotCount + slot
                    if case .absent = lists[list.id].slots[position] {
                        lists[list.id].slots[position] = .json(Int32(valueIndex))
                        continue
                    }
                } else if case .absent = rootSlots[slot] {
                    rootSlots[slot] = .json(Int32(valueIndex))
                    continue
                }
                violations.append(Violation(field: ConcretePath(template: layout.prefix, item: item).member(member.name),
                                            rule: RuleIdentifier.duplicateField,
                                            message: "appears more than once in the same object",
                                            value: displayValue(.json(Int32(valueIndex)))))
            case .section(let path, let inner):
                switch tape.nodes[valueIndex].kind {
                case .object: bindObject(valueIndex, layout: inner, item: item)
                case .null: break
                default:
                    violations.append(Violation(field: path, rule: RuleIdentifier.type,
                                                message: "must be an object, not \(tape.nodes[valueIndex].kind.phrase)",
                                                value: displayValue(.json(Int32(valueIndex)))))
                    markBroken(inner.allFieldIDs, item: item)
                }
            }
        }
    }

    private func keyMember(_ keyIndex: Int, in layout: ObjectLayout) -> ObjectLayout.Member? {
        let key = tape.nodes[keyIndex]
        if !key.hasEscapes {
            return layout.member(forKey: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]))
        }
        var buffer: [UInt8] = []
        JSONStrings.unescape(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), into: &buffer)
        return buffer.withUnsafeBufferPointer { layout.member(forKey: $0) }
    }

    func rawValue(of id: Int, item: Int) -> RawValue {
        let field = rules.fields[id]
        guard let listID = field.listID else { return rootSlots[field.slot] }
        return lists[listID].slots[item * (rules.fields[listID].items?.scope.slotCount ?? 0) + field.slot]
    }

    func setRawValue(_ raw: RawValue, of id: Int, item: Int) {
        let field = rules.fields[id]
        if let listID = field.listID {
            lists[listID].slots[item * (rules.fields[listID].items?.scope.slotCount ?? 0) + field.slot] = raw
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
