/// Expressions in rule files: parsing, reference resolution, type checking, binding.
extension CompilerState {
    /// Parses, type-checks and binds an expression written in a field of scope `listID`.
    /// Records the fields it reads as dependencies of `fieldID`. Reports problems; nil on error.
    func compileExpression(
        _ source: Located<String>, listID: Int?, fieldID: Int?, expected: [ExpressionType], what: String
    ) -> CompiledExpression? {
        let expression: RuleExpression
        do {
            expression = try ExpressionParser.parse(source.value)
        } catch {
            problems.report("invalid \(what): \(error.message)", excerpt: error.rendered(source: source.value),
                            at: source.location)
            return nil
        }
        var scopeProblems: [String] = []
        let type: ExpressionType
        do {
            type = try expression.typeCheck { reference in
                guard let id = self.resolve(reference, listID: listID, problems: &scopeProblems) else { return nil }
                return self.expressionType(of: id)
            }
        } catch {
            let detail = scopeProblems.first ?? error.message
            problems.report("invalid \(what): \(detail)", excerpt: caret(source.value, error.offset), at: source.location)
            return nil
        }
        if !expected.isEmpty, !expected.contains(where: { Self.isCompatible(type, with: $0) }) {
            problems.report("\(what) must give \(expected.map(\.phrase).joined(separator: " or ")), "
                            + "but \(PredicateText.quoted(source.value)) gives \(type.phrase)", at: source.location)
            return nil
        }
        var ignored: [String] = []
        guard let compiled = try? CompiledExpression(expression, resolve: { reference throws -> Int in
            guard let id = self.resolve(reference, listID: listID, problems: &ignored) else {
                throw RulesError(problems: [])
            }
            return id
        }) else { return nil }
        if let fieldID {
            for referenced in compiled.referencedFields { addDependency(of: fieldID, on: referenced) }
        }
        return compiled.folded(today: today)
    }

    /// Records that field `id` reads field `other`.
    func addDependency(of id: Int, on other: Int) {
        let scope = declarations[id].listID
        let otherScope = declarations[other].listID
        if otherScope == scope {
            dependencies[id].append(other)
            return
        }
        // A field of an enclosing scope: every list between the two must come after it in its
        // own scope (the one holding `other` orders it; the others ignore what is not theirs).
        var list = scope
        while let current = list, current != otherScope {
            outerDependenciesOfItems[current, default: []].append(other)
            list = declarations[current].listID
        }
    }

    /// The field id a reference names, if it may be used from scope `listID`.
    func resolve(_ reference: FieldReference, listID: Int?, problems: inout [String]) -> Int? {
        guard let id = idsByPath[reference.path] else {
            if isSection(reference.path) {
                problems.append("'\(reference.path)' is a section; refer to one of its fields")
            } else {
                problems.append("unknown field '\(reference.path)'"
                                + Suggestion.didYouMean(reference.path, in: Array(idsByPath.keys)))
            }
            return nil
        }
        let owner = declarations[id].listID
        if reference.namesEnclosingList {
            guard declarations[id].rule.type == .list, isScope(id, enclosing: listID) else {
                problems.append("position(\(reference.path)) reads the place of the current item of '\(reference.path)', "
                                + "so it can only be used inside that list's items (with a list field as its argument)")
                return nil
            }
            return id
        }
        if reference.readsEveryItem {
            // sum(items[].price): the list must be readable here, and this must be outside its
            // items (inside them, items[].price is the current item's own value).
            guard let list = owner else {
                problems.append("'\(reference.path)' is not a list item field; sum() adds up a field over a list's items")
                return nil
            }
            let listPath = declarations[list].rule.path
            guard isScope(declarations[list].listID, enclosing: listID) else {
                problems.append("sum(\(reference.path)) reads the items of '\(listPath)', which is inside another list's "
                                + "items: use it inside that list")
                return nil
            }
            guard !isScope(list, enclosing: listID) else {
                problems.append("sum(\(reference.path)) is written inside the items of '\(listPath)': it adds up every "
                                + "item of '\(listPath)', so write it outside that list (in the enclosing scope or its assert)")
                return nil
            }
            return id
        }
        if reference.isItemRelative {
            if owner == nil || !isScope(owner, enclosing: listID) {
                let list = owner.map { declarations[$0].rule.path } ?? "?"
                problems.append("'\(reference.path)' means a field of the current item of '\(list)' "
                                + "and can only be used inside that list (or inside lists in its items)")
                return nil
            }
        } else if owner != nil {
            problems.append("'\(reference.path)' is a list item field; write it with [] inside its list")
            return nil
        }
        return id
    }

    /// The expression type of a field's value.
    func expressionType(of id: Int) -> ExpressionType {
        let rule = declarations[id].rule
        switch rule.type {
        case .string, .text: return .string
        case .integer: return .integer
        case .decimal: return .decimal
        case .boolean: return .boolean
        case .date: return .date
        case .enumeration: return hasIntegerValues(rule.constraints) ? .integer : .string
        case .multiChoice: return .list(.string)
        case .list: return .list(nil)
        case .section: return .any
        case .attachment: return .list(.string)  // the file names
        }
    }

    func hasIntegerValues(_ constraints: Constraints) -> Bool {
        guard let values = constraints.values, !values.isEmpty else { return false }
        return values.allSatisfy { if case .integer = $0.value { return true } else { return false } }
    }

    static func isCompatible(_ type: ExpressionType, with expected: ExpressionType) -> Bool {
        switch (type, expected) {
        case (.any, _), (.null, _): return true
        case (.integer, .decimal), (.decimal, .integer): return true
        case (.list, .list): return true
        default: return type == expected
        }
    }

    /// Compiles assertions of the questionnaire (`listID` nil) or of a list's items.
    func compileAssertions(_ assertions: [AssertionRule], listID: Int?) -> [CompiledAssertion] {
        assertions.compactMap { assertion in
            var fieldID: Int?
            if let field = assertion.field {
                var scopeProblems: [String] = []
                let reference = FieldReference(path: field.value)
                fieldID = resolve(reference, listID: listID, problems: &scopeProblems)
                if let problem = scopeProblems.first {
                    problems.report("invalid assertion field: \(problem)", at: field.location)
                    return nil
                }
            }
            guard let predicate = compileExpression(assertion.predicate, listID: listID, fieldID: nil,
                                                    expected: [.boolean], what: "assertion")
            else { return nil }
            return CompiledAssertion(predicate: predicate, source: assertion.predicate.value,
                                     message: assertion.message, rule: assertion.rule, fieldID: fieldID)
        }
    }

    private func caret(_ source: String, _ offset: Int) -> String {
        "  " + source + "\n  " + String(repeating: " ", count: max(0, offset)) + "^"
    }
}

extension ExpressionType {
    /// "a date", "a boolean", ... for messages.
    var phrase: String {
        switch self {
        case .boolean: return "a boolean"
        case .integer: return "an integer"
        case .decimal: return "a number"
        case .string: return "a string"
        case .date: return "a date"
        case .duration: return "a duration"
        case .list: return "a list"
        case .null: return "null"
        case .any: return "a value"
        }
    }
}
