import Foundation

/// The compiled pieces of one field, before it is assembled into a ``CompiledField``.
struct FieldParts {
    var requiredIf: CompiledExpression?
    var visibleIf: CompiledExpression?
    var groupRequiredIf: CompiledExpression?
    var parents: [Int] = []
    var checks: [ValueCheck] = []
    var cases: [(condition: CompiledExpression, checks: [ValueCheck])] = []
    var caseSources: [String] = []
    var allowed: [[UInt8]] = []
    var datePattern = DatePattern.iso
    var hasIntegerValues = false
}

/// Turning a field's declared constraints into value checks (each kind compiles itself: `Checks/`).
extension CompilerState {
    func compileParts(of declaration: FieldDeclaration, id: Int) -> FieldParts {
        let rule = declaration.rule
        let scope = declaration.listID
        var parts = FieldParts()
        if let source = rule.requiredIf {
            parts.requiredIf = compileExpression(source, listID: scope, fieldID: id, expected: [.boolean],
                                                 what: "'requiredIf' of '\(rule.path)'")
        }
        if let source = rule.visibleIf, sectionConditionsCompile(for: rule, scope: scope) {
            parts.visibleIf = compileExpression(source, listID: scope, fieldID: id, expected: [.boolean],
                                                what: "'visibleIf' of '\(rule.path)'")
        }
        if let source = groupSection(of: rule)?.section.requiredIf {
            parts.groupRequiredIf = compileExpression(source, listID: scope, fieldID: id, expected: [.boolean],
                                                      what: "'requiredIf' of section '\(rule.group ?? "")'")
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
        if let format = rule.constraints.format, rule.type == .date {  // a named text format otherwise
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
            parts.cases.append((condition, compileChecks(variant.constraints, of: rule, id: id, scope: scope, inCase: true)))
            parts.caseSources.append(variant.condition.value)
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
            requiredIfSource: rule.requiredIf?.value ?? "",
            visibleIf: parts.visibleIf, visibleIfSource: rule.visibleIf?.value ?? "", parents: parts.parents, checks: parts.checks, cases: parts.cases,
            caseSources: parts.caseSources,
            allowed: parts.allowed, datePattern: parts.datePattern, hasIntegerValues: parts.hasIntegerValues,
            items: items, messages: messages, group: groupSection(of: rule)?.index ?? -1,
            groupRequiredIf: parts.groupRequiredIf,
            inConditionalGroup: groupSection(of: rule).map { $0.section.isOptional || $0.section.requiredIf != nil } ?? false,
            acceptsNFC: (rule.constraints.normalize ?? ruleSet.normalize)?.value == TextFormCheck.nfc,
            isMultiple: rule.isMultiple)
    }

    /// Whether the conditions folded into a field's `visibleIf` (its sections', then its own)
    /// compile each on its own. A section's condition is compiled and its problems reported
    /// once for the section, not once per field it hides; the field's own condition alone, so
    /// that a caret points into the text as written.
    func sectionConditionsCompile(for rule: FieldRule, scope: Int?) -> Bool {
        guard !rule.hidingSections.isEmpty else { return true }
        var compiles = true
        for path in rule.hidingSections {
            if let known = sectionConditionCompiles[path] {
                compiles = compiles && known
                continue
            }
            guard let condition = ruleSet.field(at: path)?.visibleIf else { continue }
            let known = compileExpression(condition, listID: scope, fieldID: nil, expected: [.boolean],
                                          what: "'visibleIf' of section '\(path)'") != nil
            sectionConditionCompiles[path] = known
            compiles = compiles && known
        }
        if let own = rule.ownVisibleIf {
            compiles = compileExpression(own, listID: scope, fieldID: nil, expected: [.boolean],
                                         what: "'visibleIf' of '\(rule.path)'") != nil && compiles
        }
        return compiles
    }

    // MARK: - Checks

    /// Whether `key` (given at `location`) applies to the field's type; reports it when not.
    /// False also when the key is not given (`location` nil).
    func applies(_ key: String, _ location: SourceLocation?, to rule: FieldRule) -> Bool {
        guard let location else { return false }
        if CheckKind.applicableTypes[key]?.contains(rule.type) == true { return true }
        problems.report("'\(key)' does not apply to \(rule.type.rawValue) field '\(rule.path)'", at: location)
        return false
    }

    /// Compiles every check kind the constraints declare, in ``CheckKind`` order (the order
    /// the checks run and their violations are listed); `inCase` for a `cases:` entry's.
    func compileChecks(_ constraints: Constraints, of rule: FieldRule, id: Int, scope: Int?,
                       inCase: Bool = false) -> [ValueCheck] {
        let site = CheckSite(rule: rule, id: id, scope: scope, isCase: inCase)
        var checks: [ValueCheck] = []
        for kind in CheckKind.allCases {
            if let check = kind.definition.compile(constraints, at: site, in: self) { checks.append(check) }
        }
        for allowed in constraints.allow { _ = applies("allow", allowed.location, to: rule) }
        if rule.type == .integer || rule.type == .decimal {
            // A number field's special values are matched, and generated, as JSON number text.
            for allowed in constraints.allow where !Self.isJSONNumber(allowed.value) {
                problems.report("'\(allowed.value)' in 'allow' of number field '\(rule.path)' is not a number as "
                                + "JSON writes it, so no value could match it; write numbers, such as "
                                + "allow: ['0', '-1']", at: allowed.location)
            }
        }
        return checks
    }

    /// Whether `text` is one JSON number, nothing before or after it (`-1`, `0.5`, `1e3`).
    static func isJSONNumber(_ text: String) -> Bool {
        var tape = JSONTape()
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            guard (try? JSONParser.parse(bytes, into: &tape)) != nil, tape.nodes.count == 1 else { return false }
            let node = tape.nodes[0]
            return node.kind == .number && node.start == 0 && node.end == bytes.count
        }
    }

    /// A pair of whole-number bounds (lengths, item counts) that apply to the field, checked
    /// for sign and order; nil when neither is given.
    func countBounds(_ lower: Located<Int>?, _ upper: Located<Int>?, _ names: (String, String),
                     of rule: FieldRule) -> (Int?, Int?)? {
        let minimum = applies(names.0, lower?.location, to: rule) ? lower : nil
        let maximum = applies(names.1, upper?.location, to: rule) ? upper : nil
        guard minimum != nil || maximum != nil else { return nil }
        // Reported where it was read too (``KeyReader/count``), the same problem once; kept here for
        // constraints built in Swift rather than read from a file.
        for (bound, name) in [(minimum, names.0), (maximum, names.1)] {
            if let bound, bound.value < 0 { problems.report("\(name) cannot be negative", at: bound.location) }
        }
        if let minimum, let maximum, minimum.value > maximum.value {
            problems.report("\(names.0) \(minimum.value) is greater than \(names.1) \(maximum.value)",
                            at: minimum.location)
        }
        return (minimum?.value, maximum?.value)
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
