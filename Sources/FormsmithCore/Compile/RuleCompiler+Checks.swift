import Foundation

/// The compiled pieces of one field, before it is assembled into a ``CompiledField``.
struct FieldParts {
    var requiredIf: CompiledExpression?
    var visibleIf: CompiledExpression?
    var parents: [Int] = []
    var checks: [ValueCheck] = []
    var cases: [(condition: CompiledExpression, checks: [ValueCheck])] = []
    var allowed: [[UInt8]] = []
    var datePattern = DatePattern.iso
    var hasIntegerValues = false
}

/// Turning a field's declared constraints into value checks.
extension CompilerState {
    func compileParts(of declaration: FieldDeclaration, id: Int) -> FieldParts {
        let rule = declaration.rule
        let scope = declaration.listID
        var parts = FieldParts()
        if let source = rule.requiredIf {
            parts.requiredIf = compileExpression(source, listID: scope, fieldID: id, expected: [.boolean],
                                                 what: "'requiredIf' of '\(rule.path)'")
        }
        if let source = rule.visibleIf {
            parts.visibleIf = compileExpression(source, listID: scope, fieldID: id, expected: [.boolean],
                                                what: "'visibleIf' of '\(rule.path)'")
        }
        for parent in rule.parents {
            var scopeProblems: [String] = []
            let reference = FieldReference(path: parent.value)
            if let parentID = resolve(reference, listID: scope, problems: &scopeProblems) {
                if parentID == id {
                    problems.report("'\(rule.path)' cannot be its own parent", at: parent.location)
                } else {
                    parts.parents.append(parentID)
                    addDependency(of: id, on: parentID)
                }
            } else {
                problems.report("invalid parent: \(scopeProblems.first ?? parent.value)", at: parent.location)
            }
        }
        if let format = rule.constraints.format {
            do {
                parts.datePattern = try DatePattern(format.value)
            } catch {
                problems.report("invalid date format '\(format.value)': \(error)", at: format.location)
            }
        }
        parts.hasIntegerValues = hasIntegerValues(rule.constraints)
        parts.allowed = rule.constraints.allow.map { Array($0.value.utf8) }
        parts.checks = compileChecks(rule.constraints, of: rule, id: id, scope: scope)
        for variant in rule.cases {
            guard let condition = compileExpression(variant.condition, listID: scope, fieldID: id,
                                                    expected: [.boolean], what: "'when' of '\(rule.path)'")
            else { continue }
            parts.cases.append((condition, compileChecks(variant.constraints, of: rule, id: id, scope: scope)))
        }
        return parts
    }

    func makeField(id: Int, parts: FieldParts, items: (layout: ObjectLayout, scope: EvaluationScope)?)
        -> CompiledField
    {
        let declaration = declarations[id]
        let rule = declaration.rule
        var messages = rule.messages
        for variant in rule.cases { messages.merge(variant.messages) { own, _ in own } }
        return CompiledField(
            id: id, path: rule.path, name: rule.name, type: rule.type, listID: declaration.listID,
            slot: declaration.slot, isOptional: rule.isOptional, requiredIf: parts.requiredIf,
            visibleIf: parts.visibleIf, visibleIfSource: rule.visibleIf?.value ?? "", parents: parts.parents, checks: parts.checks, cases: parts.cases,
            allowed: parts.allowed, datePattern: parts.datePattern, hasIntegerValues: parts.hasIntegerValues,
            items: items, messages: messages)
    }

    // MARK: - Checks

    /// Which constraint keys make sense for which field types.
    private static let applicable: [String: Set<FieldType>] = [
        "minLength": [.string, .text], "maxLength": [.string, .text], "regex": [.string, .text],
        "mask": [.string, .text], "checksum": [.string, .text],
        "min": [.integer, .decimal, .date], "max": [.integer, .decimal, .date],
        "exclusiveMin": [.integer, .decimal, .date], "exclusiveMax": [.integer, .decimal, .date],
        "fractionDigits": [.decimal], "values": [.enumeration, .multiChoice],
        "valuesFrom": [.enumeration, .multiChoice], "minItems": [.list, .multiChoice],
        "maxItems": [.list, .multiChoice], "const": [.boolean, .string, .text, .integer, .enumeration],
        "format": [.date], "allow": [.string, .text, .integer, .decimal, .date, .enumeration],
    ]

    private func applies(_ key: String, _ location: SourceLocation?, to rule: FieldRule) -> Bool {
        guard let location else { return false }
        if Self.applicable[key]?.contains(rule.type) == true { return true }
        problems.report("'\(key)' does not apply to \(rule.type.rawValue) field '\(rule.path)'", at: location)
        return false
    }

    func compileChecks(_ constraints: Constraints, of rule: FieldRule, id: Int, scope: Int?) -> [ValueCheck] {
        var checks: [ValueCheck] = []
        if let (minimum, maximum) = countBounds(constraints.minLength, constraints.maxLength,
                                                ("minLength", "maxLength"), of: rule) {
            checks.append(.length(min: minimum, max: maximum))
        }
        if let regex = constraints.regex, applies("regex", regex.location, to: rule) {
            do {
                let options = try RegexOptions(flags: constraints.regexFlags?.value ?? "")
                checks.append(.regex(try CompiledRegex(pattern: regex.value, options: options)))
            } catch {
                problems.report("invalid regex: \(error.message)\n" + error.rendered(pattern: regex.value),
                                at: regex.location)
            }
        }
        if let mask = constraints.mask, applies("mask", mask.location, to: rule) {
            do {
                let parsed = try InputMask(mask.value)
                do {
                    checks.append(.mask(try parsed.compile(), source: mask.value))
                } catch {
                    let shown = mask.value.count > 60 ? mask.value.prefix(60) + "…" : mask.value
                    problems.report("mask '\(shown)' does not compile: \(error.message); "
                                    + "split a mask this long into shorter fields", at: mask.location)
                }
            } catch {
                problems.report("invalid mask: \(error.message)\n" + error.rendered(mask: mask.value),
                                at: mask.location)
            }
        }
        if let check = compileRange(constraints, of: rule, id: id, scope: scope) { checks.append(check) }
        if let digits = constraints.fractionDigits, applies("fractionDigits", digits.location, to: rule) {
            if digits.value < 0 { problems.report("fractionDigits cannot be negative", at: digits.location) }
            checks.append(.fractionDigits(digits.value))
        }
        if let check = compileValues(constraints, of: rule) { checks.append(check) }
        if let (minimum, maximum) = countBounds(constraints.minItems, constraints.maxItems,
                                                ("minItems", "maxItems"), of: rule) {
            checks.append(.itemCount(min: minimum, max: maximum))
        }
        if let spec = constraints.checksum, applies("checksum", spec.location, to: rule) {
            if let check = compileChecksum(spec, id: id, scope: scope) { checks.append(check) }
        }
        if let constant = constraints.constant, applies("const", constant.location, to: rule) {
            checks.append(.constant(constant.value))
        }
        _ = applies("format", constraints.format?.location, to: rule)
        for allowed in constraints.allow { _ = applies("allow", allowed.location, to: rule) }
        return checks
    }

    /// A pair of whole-number bounds (lengths, item counts) that apply to the field, checked
    /// for sign and order; nil when neither is given.
    private func countBounds(_ lower: Located<Int>?, _ upper: Located<Int>?, _ names: (String, String),
                             of rule: FieldRule) -> (Int?, Int?)? {
        let minimum = applies(names.0, lower?.location, to: rule) ? lower : nil
        let maximum = applies(names.1, upper?.location, to: rule) ? upper : nil
        guard minimum != nil || maximum != nil else { return nil }
        for (bound, name) in [(minimum, names.0), (maximum, names.1)] {
            if let bound, bound.value < 0 { problems.report("\(name) cannot be negative", at: bound.location) }
        }
        if let minimum, let maximum, minimum.value > maximum.value {
            problems.report("\(names.0) \(minimum.value) is greater than \(names.1) \(maximum.value)",
                            at: minimum.location)
        }
        return (minimum?.value, maximum?.value)
    }

    private func compileChecksum(_ spec: Located<ChecksumSpec>, id: Int, scope: Int?) -> ValueCheck? {
        guard let algorithm = ChecksumAlgorithm(rawValue: spec.value.name) else {
            problems.report("unknown checksum '\(spec.value.name)'"
                            + Suggestion.didYouMean(spec.value.name, in: ChecksumAlgorithm.allCases.map(\.rawValue))
                            + "; known: " + ChecksumAlgorithm.allCases.map(\.rawValue).joined(separator: ", "),
                            at: spec.location)
            return nil
        }
        var companionID: Int?
        if algorithm.needsCompanion {
            guard let companion = spec.value.companion else {
                problems.report("checksum \(algorithm.rawValue) needs 'with:' naming the BIC field, "
                                + "for example {name: bank-account, with: payee.bic}", at: spec.location)
                return nil
            }
            var scopeProblems: [String] = []
            guard let other = resolve(FieldReference(path: companion), listID: scope, problems: &scopeProblems) else {
                problems.report("invalid checksum companion: \(scopeProblems.first ?? companion)", at: spec.location)
                return nil
            }
            addDependency(of: id, on: other)
            companionID = other
        } else if spec.value.companion != nil {
            problems.report("checksum \(algorithm.rawValue) takes no 'with:' field", at: spec.location)
        }
        return .checksum(algorithm, companion: companionID)
    }

    private func compileValues(_ constraints: Constraints, of rule: FieldRule) -> ValueCheck? {
        let needsValues = rule.type == .enumeration || rule.type == .multiChoice
        var values = constraints.values.map { $0.map(\.value) }
        if let file = constraints.valuesFrom, applies("valuesFrom", file.location, to: rule) {
            if values != nil {
                problems.report("give either 'values' or 'valuesFrom', not both", at: file.location)
            }
            values = readSeedList(file).map { .string($0) }
        } else if let first = constraints.values?.first {
            guard applies("values", first.location, to: rule) else { return nil }
        }
        guard let values else {
            if needsValues {
                problems.report("\(rule.type.rawValue) field '\(rule.path)' needs 'values' or 'valuesFrom'",
                                at: rule.location)
            }
            return nil
        }
        if values.isEmpty {
            problems.report("'\(rule.path)' lists no values", at: constraints.values?.first?.location ?? rule.location)
        }
        var strings: [[UInt8]] = []
        var integers: [Int64] = []
        let integerEnum = hasIntegerValues(constraints) && rule.type == .enumeration
        for value in values {
            switch value {
            case .integer(let number) where integerEnum: integers.append(number)
            default: strings.append(Array(value.description.utf8))
            }
        }
        return .enumeration(strings: strings, integers: integers)
    }

    /// Reads a seed list: one value per line; blank lines and lines starting with `#` are skipped.
    func readSeedList(_ file: Located<String>) -> [String] {
        let path = resolvePath(file.value, writtenIn: file.location.file)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            problems.report("cannot read seed list '\(file.value)' (looked at \(path))", at: file.location)
            return []
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A path written in a rule file or library, relative to that file's folder.
    func resolvePath(_ path: String, writtenIn file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
