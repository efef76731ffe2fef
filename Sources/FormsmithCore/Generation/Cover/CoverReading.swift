import FormsmithValues

/// Reading a built questionnaire's factor values back (what counts as covered is what the
/// questionnaire holds, never what was asked for).
extension QuestionnaireBuilder {
    /// The value index of each factor in the questionnaire just built, -1 where it has none.
    func readFactors(_ model: CoverModel) -> [Int] {
        let (outerList, outerItem) = (currentList, currentItem)
        defer { (currentList, currentItem) = (outerList, outerItem) }
        return model.factors.map { factor in
            let item = factor.listID >= 0 ? firstItem(ofList: factor.listID) : -1
            if factor.listID >= 0, item < 0 { return -1 }
            (currentList, currentItem) = (factor.listID, item)
            return read(factor)
        }
    }

    /// The storage index of a list's first item (within the first items of enclosing lists), or -1.
    private func firstItem(ofList list: Int) -> Int {
        guard let outerList = rules.fields[list].listID else { return record.itemIndex(of: list, local: 0, enclosing: -1) }
        let outer = firstItem(ofList: outerList)
        return outer < 0 ? -1 : record.itemIndex(of: list, local: 0, enclosing: outer)
    }

    private func read(_ factor: CoverFactor) -> Int {
        switch factor.kind {
        case .condition:
            guard let truth = factor.condition?.evaluateCondition(environment) else { return -1 }
            return truth ? 0 : 1
        case .section:
            return factor.members.contains { isPresent($0) } ? 0 : 1
        case .option:
            guard case .choices(let start, let count) = value(of: factor.field) else { return 1 }
            return record.choiceIndexes[Int(start)..<Int(start + count)].contains(Int32(factor.option)) ? 0 : 1
        default:
            break
        }
        let value = value(of: factor.field)
        guard value.isPresent else { return factor.absentIndex ?? -1 }
        switch (factor.kind, value) {
        case (.presence, _): return 0
        case (.value, .choice(let index)): return Int(index)
        case (.value, .boolean(let flag)): return flag ? 1 : 0
        case (.range, .integer(let number)):
            return classIndex(factor, factor.bounds?.classify(ExactDecimal(mantissa: number, scale: 0)))
        case (.range, .decimal(let mantissa, let scale)):
            return classIndex(factor, factor.bounds?.classify(ExactDecimal(mantissa: mantissa, scale: Int(scale))))
        case (.range, .literal(let json, _)):
            // A number written as it is (past 64 bits, with an exponent, many fraction digits),
            // read as validate reads it: exactly, and for an integer field only when written
            // without a point or an exponent (else validate calls it a type violation).
            let bytes = record.arena[Int(json.lowerBound)..<Int(json.upperBound)]
            if rules.fields[factor.field].type == .integer,
               bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) { return -1 }
            return classIndex(factor, number(of: value).flatMap { factor.bounds?.classify($0.value) })
        case (.range, .date(let date)):
            return classIndex(factor, factor.bounds?.classify(ExactDecimal(mantissa: Int64(date.dayNumber), scale: 0)))
        case (.size, .items(let count)):
            guard let sizes = factor.sizes else { return -1 }
            let name = Int(count) == sizes.low ? "min" : Int(count) == sizes.top ? "max" : "mid"
            return classIndex(factor, name)
        default:
            return -1  // a value written as it is (an `allow` value, a fixture's literal)
        }
    }

    private func classIndex(_ factor: CoverFactor, _ name: String?) -> Int {
        name.flatMap { factor.values.firstIndex(of: $0) } ?? -1
    }
}
