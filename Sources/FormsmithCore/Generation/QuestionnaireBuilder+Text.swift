import FormsmithValues

/// String and text values: seeds, masks, regex walks and plain words, with check digits
/// written in and every check of the field confirmed.
extension QuestionnaireBuilder {
    /// `narrowed`: the field's spec with lengths an assertion allows (see ``decidedText``), used instead of its own.
    func generateText(_ field: CompiledField, address: FieldAddress, narrowed: TextSpec? = nil) -> GeneratedValue {
        if let special = allowedValue(field) { return special }
        let specIndex = plan.textSpecIndex(of: field.id, cases: field.cases.isEmpty ? 0 : activeCases(of: field))
        if let problem = plan.fields[field.id].textProblems[specIndex] {
            return fail(address, problem.rule, problem.reason)
        }
        let spec = narrowed ?? plan.fields[field.id].textSpecs[specIndex]
        var companion: [UInt8]?
        if let companionID = spec.checksum?.companion, case .text(let start, let end) = value(of: companionID) {
            companion = Array(record.arena[Int(start)..<Int(end)])
        }
        if plan.fields[field.id].isRecordID, address.item < 0, let value = recordIDValue(spec, path: field.path) { return value }
        if !plan.fields[field.id].witnesses.isEmpty, let value = witnessValue(field, spec: spec, specIndex: specIndex) {
            return value
        }
        let edge = self.edge()
        var realism = plan.fields[field.id].realism[specIndex]
        for draw in 0..<Self.textAttempts {
            textBuffer.removeAll(keepingCapacity: true)
            var confirmRealism = false
            if !spec.seeds.isEmpty, edge == nil, draw < Self.textAttempts / 2 {
                textBuffer.append(contentsOf: spec.seeds[random.int(in: 0...(spec.seeds.count - 1))])
            } else {
                confirmRealism = appendRealisticCandidate(spec, realism, field: field, edge: draw < 4 ? edge : nil)
            }
            // The check characters written over the candidate's bytes in place (no string made and read back).
            if let checksum = spec.checksum, checksum.companion == nil || companion != nil,
               !checksum.algorithm.makeValid(&textBuffer, companion: companion) {
                discards.addValues(field: field.path, rule: RuleIdentifier.checksum)
                continue
            }
            let accepted = spec.needsConfirmation || confirmRealism
                ? spec.accepts(textBuffer, companion: companion, scratch: scratch) : spec.acceptsLength(textBuffer)
            if accepted { return record.appendText(textBuffer) }
            if confirmRealism {
                // The field's own checks refuse the realistic value: draw plainly from now on, and say so.
                discards.addPlainFallback(field: field.path, kind: realism.kindName)
                realism = .none
                continue
            }
            let broken = spec.firstBrokenRule(textBuffer, companion: companion, scratch: scratch)
            discards.addValues(field: field.path, rule: broken ?? RuleIdentifier.regex)
        }
        let rule = spec.firstBrokenRule(textBuffer, companion: companion, scratch: scratch) ?? RuleIdentifier.regex
        return fail(address, rule, "no value satisfying all of its checks was found in \(Self.textAttempts) draws "
                        + "(last candidate \"\(String(decoding: textBuffer, as: UTF8.self))\")")
    }

    /// Appends one candidate, made to look real as `realism` says; true when the realistic
    /// part must be confirmed against the field's checks (it may break one of them).
    private func appendRealisticCandidate(_ spec: TextSpec, _ realism: TextRealism, field: CompiledField,
                                          edge: BoundaryEdge?) -> Bool {
        switch realism {
        case .none:
            appendPlainCandidate(spec, field: field, edge: edge)
            return false
        case .words(let script, let confirm):
            let length = TextCandidates.plainLength(spec, random: &random, edge: edge)
            script.words.appendSentence(length: length, minimum: max(spec.minLength ?? 1, 0), to: &textBuffer,
                                        random: &random)
            return confirm
        case .identifier(let overlay):
            appendPlainCandidate(spec, field: field, edge: edge)
            var innLength = 0
            if case .bankAccount(let innField?) = overlay, case .text(let start, let end) = value(of: innField) {
                for byte in record.arena[Int(start)..<Int(end)] where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    innLength += 1
                }
            }
            return overlay.apply(to: &textBuffer, innLength: innLength, random: &random)
        }
    }

    /// A candidate drawn by ``TextCandidates``, its length redraws counted for `field`.
    private func appendPlainCandidate(_ spec: TextSpec, field: CompiledField, edge: BoundaryEdge?) {
        let redraws = TextCandidates.append(spec, to: &textBuffer, random: &random, edge: edge)
        if redraws != LengthRedraws() { discards.addLengthRedraws(field: field.path, redraws) }
    }

    /// Half the time, for a field that string predicates read (`purpose CONTAINS[c] 'налог'`), a
    /// value that makes one of them true: one of the field's seeds that does, else one drawn
    /// from the predicate's intersection with the field's own patterns; nil the other half (a value drawn as usual, which almost never makes them true).
    /// A drawn value that misses the field's length bounds is counted and the usual draw follows.
    private func witnessValue(_ field: CompiledField, spec: TextSpec, specIndex: Int) -> GeneratedValue? {
        let sources = plan.fields[field.id].witnesses[specIndex]
        guard !sources.isEmpty, random.chance(0.5) else { return nil }
        let source = sources[random.int(in: 0...(sources.count - 1))]
        textBuffer.removeAll(keepingCapacity: true)
        if !source.seeds.isEmpty {
            // The field's own list first: its values that make the predicate true.
            textBuffer.append(contentsOf: source.seeds[random.int(in: 0...(source.seeds.count - 1))])
        } else if let product = source.product {
            product.append(to: &textBuffer, random: &random, lengthWithin: spec.lengthWindow)
            writeCheckCharacters(spec)
        }
        if spec.accepts(textBuffer, companion: nil, scratch: scratch) { return record.appendText(textBuffer) }
        discards.addValues(field: field.path, rule: spec.firstBrokenRule(textBuffer, companion: nil, scratch: scratch)
                           ?? RuleIdentifier.regex)
        return nil
    }

    /// Writes the check characters of the spec's checksum (without a companion) into a value
    /// drawn from a predicate's intersection with the field's patterns, which leaves them out
    /// of the predicate (``PredicateWitness/intersection(of:with:)``); a value the checksum
    /// cannot be written into is left as it is, and the check that follows counts it.
    func writeCheckCharacters(_ spec: TextSpec) {
        guard let checksum = spec.checksum, checksum.companion == nil else { return }
        _ = checksum.algorithm.makeValid(&textBuffer, companion: nil)
    }

    /// A record id made from the record's number, so ids are unique: the last run of digits of
    /// a generated value replaced by the zero-padded number (`Q-0000042`), or `PREFIX-0000042`
    /// when the field has no format; nil when that does not pass the field's checks.
    private func recordIDValue(_ spec: TextSpec, path: String) -> GeneratedValue? {
        let number = UInt64(recordIndex + 1)
        textBuffer.removeAll(keepingCapacity: true)
        switch spec.source {
        case .constant, .format:
            return nil
        case .plain:
            textBuffer.append(contentsOf: plan.idPrefix)
            textBuffer.append(UInt8(ascii: "-"))
            TextCandidates.appendNumber(number, width: 7, to: &textBuffer)
        case .regex, .mask, .intersection:
            let redraws = TextCandidates.append(spec, to: &textBuffer, random: &random, edge: nil)
            if redraws != LengthRedraws() {
                discards.addLengthRedraws(field: path, redraws)
            }
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            var end = textBuffer.count
            while end > 0, !isDigit(textBuffer[end - 1]) { end -= 1 }
            var start = end
            while start > 0, isDigit(textBuffer[start - 1]) { start -= 1 }
            // The number written over the run from its last digit, zero-padded to the run's
            // width (no array of digits per questionnaire); nil when it needs more digits.
            guard end > start else { return nil }
            var rest = number
            for position in stride(from: end - 1, through: start, by: -1) {
                textBuffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            guard rest == 0 else { return nil }
        }
        guard spec.accepts(textBuffer, companion: nil, scratch: scratch) else { return nil }
        return record.appendText(textBuffer)
    }
}

extension TextSpec {
    /// Whether the value's length is within the length checks.
    func acceptsLength(_ value: [UInt8]) -> Bool {
        guard minLength != nil || maxLength != nil else { return true }
        let length = value.withUnsafeBufferPointer { RecordValidator.scalarCount($0) }
        return length >= (minLength ?? 0) && length <= (maxLength ?? Int.max)
    }

    /// The first rule `value` breaks, for messages.
    func firstBrokenRule(_ value: [UInt8], companion: [UInt8]?, scratch: RegexScratch) -> String? {
        let length = value.withUnsafeBufferPointer { RecordValidator.scalarCount($0) }
        if let minLength, length < minLength { return RuleIdentifier.minLength }
        if let maxLength, length > maxLength { return RuleIdentifier.maxLength }
        return value.withUnsafeBufferPointer { bytes in
            if regexes.contains(where: { !$0.matches(bytes, scratch: scratch).isMatch }) { return RuleIdentifier.regex }
            if masks.contains(where: { !$0.matches(bytes, scratch: scratch).isMatch }) { return RuleIdentifier.mask }
            if let format, format.problem(in: bytes) != nil { return RuleIdentifier.format }
            if checksum != nil, !accepts(value, companion: companion, scratch: scratch) {
                return RuleIdentifier.checksum
            }
            return nil
        }
    }
}

extension QuestionnaireBuilder {
    /// How many questionnaires can get distinct ids from their numbers: the top-level `id`
    /// drawn from a regex or mask has a run of digits of a fixed width (`^Q-\d{7}$` gives
    /// 9,999,999), with an example id. Nil when no id is made that way or the width is
    /// unbounded for 64-bit numbers.
    func recordIDCapacity() -> (field: String, example: String, capacity: Int)? {
        guard let field = rules.fields.first(where: { plan.fields[$0.id].isRecordID }), field.cases.isEmpty
        else { return nil }
        let specIndex = plan.textSpecIndex(of: field.id, cases: 0)
        guard plan.fields[field.id].textProblems[specIndex] == nil else { return nil }
        let spec = plan.fields[field.id].textSpecs[specIndex]
        switch spec.source {
        case .regex, .mask: break
        default: return nil
        }
        defer { record.reset() }
        recordIndex = 0
        random = SeededRandom(seed: 1)
        var widest = 0
        var example = ""
        // A pattern may allow several widths (`\d{5,7}`): the widest one drawn bounds the numbers.
        for _ in 0..<16 {
            record.reset()
            guard recordIDValue(spec, path: field.path) != nil else { continue }
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            var end = textBuffer.count
            while end > 0, !isDigit(textBuffer[end - 1]) { end -= 1 }
            var start = end
            while start > 0, isDigit(textBuffer[start - 1]) { start -= 1 }
            if end - start > widest {
                widest = end - start
                example = String(decoding: textBuffer, as: UTF8.self)
            }
        }
        guard widest > 0, widest < 19 else { return nil }
        var capacity = 1
        for _ in 0..<widest { capacity *= 10 }
        return (field.path, example, capacity - 1)
    }
}
