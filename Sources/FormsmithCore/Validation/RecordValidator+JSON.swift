/// Validating a JSON questionnaire: parse it onto the tape, bind its members to slots
/// (``RecordBinding``), evaluate.
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
        // The tape is not changed while the record is validated (an attachment cell is parsed
        // onto `attachmentTape`), so its nodes stay where they are.
        // In bounds: node indices come from the tape itself (children, `next`), all below its count; the
        // buffer is used only inside this closure.
        tape.nodes.withUnsafeBufferPointer { nodes in
            reading(nodes: nodes, bytes: bytes) { validateReadableRecord(location: location) }
        }
    }

    /// Validates the record ``values`` reads.
    private func validateReadableRecord(location: RecordLocation) -> RecordResult {
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

    /// Binds the members of the object at `index` to slots (see ``RecordBinding``), wording
    /// what cannot be bound.
    func bindObject(_ index: Int, table: Int, item: Int) {
        tape.nodes.withUnsafeBufferPointer { nodes in
            binding.bindObject(index, table: table, item: item, nodes: nodes, bytes: bytes) { reportBindingProblem($0) }
        }
    }

    /// Words a member of a JSON object that could not be bound.
    func reportBindingProblem(_ problem: BindingProblem) {
        switch problem {
        case .unknownMember(let keyIndex, let valueIndex, let table, let item):
            if table == 0, isRoutingMember(keyIndex) { return }
            reportUnknownMember(keyIndex, valueIndex, layout: plan.keys.layouts[plan.keys.tables[table].layout],
                                item: item)
        case .duplicate(let valueIndex, let table, let entry, let item):
            let layout = plan.keys.layouts[plan.keys.tables[table].layout]
            let name = layout.members[plan.keys.entries[entry].member].name
            violations.append(Violation(field: itemPath(layout.prefix, list: layout.list?.id, item: item).member(name),
                                        rule: RuleIdentifier.duplicateField,
                                        message: "appears more than once in the same object",
                                        value: values.displayValue(.json(Int32(valueIndex)))))
        case .notAnObject(let valueIndex, let table, let entry, let item):
            let layout = plan.keys.layouts[plan.keys.tables[table].layout]
            guard case .section(let path, _) = layout.members[plan.keys.entries[entry].member].target else { return }
            violations.append(Violation(field: itemPath(path, list: layout.list?.id, item: item).description,
                                        rule: RuleIdentifier.type,
                                        message: "must be an object, not \(tape.nodes[valueIndex].kind.phrase)",
                                        value: values.displayValue(.json(Int32(valueIndex)))))
        }
    }

    private func reportUnknownMember(_ keyIndex: Int, _ valueIndex: Int, layout: ObjectLayout, item: Int) {
        let name = values.displayValue(.json(Int32(keyIndex))) ?? ""
        let kind = tape.nodes[valueIndex].kind
        violations.append(Violation(
            field: itemPath(layout.prefix, list: layout.list?.id, item: item).member(name), rule: RuleIdentifier.unknownField,
            message: "is not a field of this questionnaire" + Suggestion.didYouMean(name, in: layout.members.map(\.name)),
            value: kind == .object || kind == .array ? nil : values.displayValue(.json(Int32(valueIndex)))))
    }

    /// The questionnaire's top-level `id` value, when it has a non-empty one.
    func recordID() -> String? {
        guard let id = rules.fieldIDs["id"], rules.fields[id].listID == nil,
              let value = values.displayValue(binding.rootSlots[rules.fields[id].slot]), !value.isEmpty else { return nil }
        return value
    }
}
