import Yams

/// Walks a rule file's YAML tree and builds the ``RuleSet``, reporting shape problems.
struct RuleTreeReader {
    let file: String
    let problems: ProblemCollector
    /// The folders the file's paths may reach.
    let roots: ReadableRoots
    private var definitions: [String: AvailableDefinition] = [:]
    private var usedDefinitions: Set<String> = []
    /// The definitions whose fields are being read, outermost first: a field inside one of them
    /// may not use it again (the definition would contain itself without end).
    private var definitionsBeingRead: [String] = []
    /// How many `fields` mappings enclose the one being read.
    private var fieldDepth = 0

    /// How many levels deep fields may nest (each section and list is a level, so a field's path
    /// holds at most this many names): every later step (compiling, generating, `explain`,
    /// `export`) walks the fields recursively, and a questionnaire's JSON nests at most 64 levels
    /// (``JSONLimits``), so a deeper form could not be filled anyway.
    static let maximumFieldDepth = 32
    /// Named word lists (`seeds:` of the file and its libraries): name -> (where named, path).
    private var seedLists: [String: (name: Located<String>, path: Located<String>)] = [:]

    init(file: String, problems: ProblemCollector, roots: ReadableRoots) {
        self.file = file
        self.problems = problems
        self.roots = roots
    }

    mutating func readRuleSet(_ root: Node) -> RuleSet? {
        guard var top = YAMLMapping(root, file: file, what: "a rule file", problems: problems) else { return nil }
        if let language = top.string("formsmith"), language.value != "1" {
            problems.report("this Formsmith reads rules language version 1, the file says '\(language.value)'",
                            at: language.location)
        }
        _ = top.string("$schema")  // for editors: the JSON Schema the file follows
        let id = top.string("id")
        if id == nil { problems.report("a rule set needs an 'id' (for example 'osago-policy')", at: top.location) }
        let title = top.string("title")
        let version = top.string("version")
        _ = top.string("description")
        let normalize = top.string("normalize")
        if let normalize { TextFormCheck.checkSetting(normalize, problems: problems) }
        var libraries = LibraryReader(problems: problems, roots: roots)
        libraries.include(top.strings("include") + top.strings("import"), from: file)
        for definition in libraries.definitions { add(definition) }
        for list in libraries.seedLists + LibraryReader.readSeedLists(&top, file: file, problems: problems) {
            if let earlier = seedLists[list.name.value], earlier.name.location != list.name.location {
                problems.report("seed list '\(list.name.value)' is declared twice, here and at "
                                + "\(earlier.name.location); rename one of them or remove one", at: list.name.location)
            } else {
                seedLists[list.name.value] = list
            }
        }
        var definitionNames: [Located<String>] = []
        if let node = top.node("definitions"),
            let mapping = YAMLMapping(node, file: file, what: "'definitions'", problems: problems)
        {
            for pair in mapping.pairs {
                guard let definition = YAMLMapping(pair.value, file: file, what: "definition '\(pair.key)'",
                                                   problems: problems) else { continue }
                let name = Located(pair.key, at: mapping.location(of: pair.keyNode))
                add(AvailableDefinition(mapping: definition, name: name, library: nil))
                definitionNames.append(name)
            }
        }
        // Fields and sections keep the order they are written in.
        var fields: [FieldRule] = []
        for pair in top.pairs {
            if pair.key == "fields" { fields += readFields(top.node("fields"), prefix: "", file: file) }
            if pair.key == "sections" { fields += readSections(top.node("sections")!) }
        }
        let assertions = readAssertions(top.node("assert"), file: file)
        top.reportUnknownKeys(known: RulesLoader.knownTopLevelKeys, context: "the rule set")
        if fields.isEmpty { problems.report("the rule set declares no fields", at: top.location) }
        return RuleSet(
            id: id?.value ?? "", title: title?.value ?? id?.value ?? "", version: version?.value ?? "",
            file: file, roots: roots, fields: fields, assertions: assertions, definitions: definitionNames,
            usedDefinitions: usedDefinitions,
            definitionLocations: definitions.mapValues(\.name.location),
            libraries: libraries.libraries,
            usedLibraries: Set(usedDefinitions.compactMap { definitions[$0]?.library }), normalize: normalize)
    }

    /// A `seed:` or `valuesFrom:` value: the path of the seed list it names (with where that
    /// path is written, which it is relative to), or the path as given.
    /// The path of a named word list (`seeds:`), or `value` itself when it names none.
    func wordList(_ value: Located<String>?) -> Located<String>? {
        guard let value, let list = seedLists[value.value] else { return value }
        return list.path
    }

    /// Makes a definition available to `use:`; a name defined twice is an error naming both places.
    private mutating func add(_ definition: AvailableDefinition) {
        let name = definition.name
        if let earlier = definitions[name.value] {
            if earlier.name.location == name.location { return }
            problems.report("definition '\(name.value)' is defined twice, here and at \(earlier.name.location); "
                            + "rename one of them or remove one", at: name.location)
            return
        }
        definitions[name.value] = definition
    }

    // MARK: - Sections and fields

    private mutating func readSections(_ node: Node) -> [FieldRule] {
        guard let sections = YAMLMapping(node, file: file, what: "'sections'", problems: problems) else { return [] }
        var result: [FieldRule] = []
        for pair in sections.pairs {
            checkName(pair.key, at: sections.location(of: pair.keyNode))
            if pair.value.mapping?["type"]?.scalar?.string == FieldType.list.rawValue {
                // A repeating section (the list of drivers) is a top-level list field.
                if let list = readField(pair.value, name: pair.key, path: pair.key,
                                        location: sections.location(of: pair.keyNode), file: file) {
                    result.append(list)
                }
                continue
            }
            guard var section = YAMLMapping(pair.value, file: file, what: "section '\(pair.key)'",
                                            problems: problems) else { continue }
            let rule = readSection(&section, name: pair.key, path: pair.key, location: sections.location(of: pair.keyNode),
                                   file: file)
            section.reportUnknownKeys(known: RulesLoader.knownSectionKeys, context: "section '\(pair.key)'")
            result.append(rule)
        }
        return result
    }

    /// A section's keys (`sections:` entries, and `type: section` fields: objects inside list
    /// items or other sections), its fields with its `visibleIf` folded in (see ``GroupConditions``).
    private mutating func readSection(_ section: inout YAMLMapping, name: String, path: String,
                                      location: SourceLocation, file: String) -> FieldRule {
        let title = section.string("title")?.value
        let description = section.string("description")?.value
        let visibleIf = section.string("visibleIf")
        let requiredIf = section.string("requiredIf")
        let isOptional = section.boolean("optional") ?? false
        let isComplete = section.boolean("complete") ?? false
        let read = readChildren(section.node("fields"), of: path, prefix: path + ".",
                                file: section.file(ofKey: "fields"), at: location)
        if read?.isEmpty == true { problems.report("section '\(path)' needs 'fields'", at: location) }
        let children = read ?? []
        return FieldRule(
            name: name, path: path, type: .section, title: title, description: description,
            location: location, definition: nil, isOptional: isOptional,
            requiredIf: requiredIf, visibleIf: visibleIf, parents: [], constraints: Constraints(), cases: [],
            messages: [:], seed: nil,
            children: GroupConditions.members(children, of: path, visibleIf: visibleIf, requiredIf: requiredIf,
                                              isGroup: isOptional || requiredIf != nil || isComplete),
            assertions: [], isComplete: isComplete)
    }

    /// The fields of the section or list at `path`; nil, with the problem reported at `location`,
    /// when they would nest deeper than ``maximumFieldDepth`` (they are not read).
    private mutating func readChildren(_ node: Node?, of path: String, prefix: String, file: String,
                                       at location: SourceLocation) -> [FieldRule]? {
        guard fieldDepth < Self.maximumFieldDepth else {
            problems.report("the fields of '\(path)' would be nested \(Self.maximumFieldDepth + 1) levels deep; "
                            + "Formsmith reads fields nested up to \(Self.maximumFieldDepth) levels (each section "
                            + "and list is a level): move them up into an enclosing section", at: location)
            return nil
        }
        return readFields(node, prefix: prefix, file: file)
    }

    /// Reads a `fields` mapping written in `file` (a library's, for a list definition's items).
    private mutating func readFields(_ node: Node?, prefix: String, file: String) -> [FieldRule] {
        guard let node else { return [] }
        guard let mapping = YAMLMapping(node, file: file, what: "'fields'", problems: problems) else { return [] }
        fieldDepth += 1
        defer { fieldDepth -= 1 }
        return mapping.pairs.compactMap { pair in
            checkName(pair.key, at: mapping.location(of: pair.keyNode))
            return readField(pair.value, name: pair.key, path: prefix + pair.key,
                             location: mapping.location(of: pair.keyNode), file: file)
        }
    }

    private mutating func readField(_ node: Node, name: String, path: String, location: SourceLocation,
                                    file: String) -> FieldRule? {
        guard var field = YAMLMapping(node, file: file, what: "field '\(path)'", problems: problems) else {
            return nil
        }
        var definitionName: String?
        if let use = field.string("use") {
            definitionName = use.value
            guard definitions[use.value] != nil else {
                problems.report("unknown definition '\(use.value)'"
                                + Suggestion.didYouMean(use.value, in: Array(definitions.keys)), at: use.location)
                return nil
            }
            guard !definitionsBeingRead.contains(use.value) else {
                problems.report("field '\(path)' uses definition '\(use.value)' inside a field built on it, so the "
                                + "definition would contain itself without end; describe this field without 'use', "
                                + "or use another definition", at: use.location)
                return nil
            }
            field = merge(definition: use, into: field, depth: 0)
        }
        if let definitionName { definitionsBeingRead.append(definitionName) }
        defer { if definitionName != nil { definitionsBeingRead.removeLast() } }
        var type = FieldType.string
        if let typeName = field.string("type") {
            if let parsed = FieldType(rawValue: typeName.value) {
                type = parsed
            } else {
                problems.report("unknown type '\(typeName.value)'"
                                + Suggestion.didYouMean(typeName.value, in: FieldType.allCases.map(\.rawValue))
                                + "; use one of " + FieldType.allCases.map(\.rawValue).joined(separator: ", "),
                                at: typeName.location)
            }
        } else if field.node("fields") == nil {
            problems.report("field '\(path)' needs a 'type' (or 'use' of a definition that has one)",
                            at: location)
        } else {
            type = .list
        }
        if type == .section {
            let section = readSection(&field, name: name, path: path, location: location, file: file)
            field.reportUnknownKeys(known: RulesLoader.knownNestedSectionKeys, context: "section '\(path)'")
            return section
        }
        let constraints = readConstraints(&field)
        let messages = readMessages(&field)
        var children: [FieldRule] = []
        var assertions: [AssertionRule] = []
        if type == .list {
            let read = readChildren(field.node("fields"), of: path, prefix: path + "[].",
                                    file: field.file(ofKey: "fields"), at: location)
            if read?.isEmpty == true { problems.report("list '\(path)' needs 'fields' for its items", at: location) }
            children = read ?? []
            assertions = readAssertions(field.node("assert"), file: field.file(ofKey: "assert"))
        }
        var rule = FieldRule(
            name: name, path: path, type: type, title: field.string("title")?.value,
            description: field.string("description")?.value, location: location, definition: definitionName,
            isOptional: field.boolean("optional") ?? false, requiredIf: field.string("requiredIf"),
            visibleIf: field.string("visibleIf"), parents: field.strings("parent"),
            constraints: constraints, cases: readCases(field.node("cases"), file: field.file(ofKey: "cases")),
            messages: messages,
            seed: wordList(field.string("seed")), children: children, assertions: assertions,
            defaultValue: readDefault(&field, type: type))
        if let multiple = field.string("multiple") {
            switch multiple.value {
            case "true", "yes": rule.isMultiple = true
            case "false", "no": break
            default: problems.report("'multiple' must be true or false, found '\(multiple.value)'", at: multiple.location)
            }
            if type != .attachment {
                problems.report("'multiple' applies only to attachment fields (several files); field '\(path)' is "
                                + type.rawValue, at: multiple.location)
            }
        }
        field.reportUnknownKeys(known: RulesLoader.knownFieldKeys, context: "field '\(path)'")
        return rule
    }

    /// Builds a field's mapping from its definition's keys overridden by its own.
    private mutating func merge(definition use: Located<String>, into field: YAMLMapping, depth: Int)
        -> YAMLMapping
    {
        guard var definition = definitions[use.value]?.mapping else {
            problems.report("unknown definition '\(use.value)'"
                            + Suggestion.didYouMean(use.value, in: Array(definitions.keys)), at: use.location)
            return field
        }
        usedDefinitions.insert(use.value)
        if let inner = definition.string("use") {
            if depth >= 8 {
                problems.report("definitions use each other in a loop", at: inner.location)
            } else {
                definition = merge(definition: inner, into: definition, depth: depth + 1)
            }
        }
        let own = Set(field.pairs.map(\.key))
        let inherited = zip(definition.pairs, definition.pairOrigins).filter {
            !own.contains($0.0.key) && $0.0.key != "use"
        }
        let kept = zip(field.pairs, field.pairOrigins).filter { $0.0.key != "use" }
        return YAMLMapping(file: field.file, pairs: inherited.map(\.0) + kept.map(\.0),
                           origins: inherited.map(\.1) + kept.map(\.1), location: field.location,
                           problems: problems)
    }

    private func checkName(_ name: String, at location: SourceLocation) {
        let valid = name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        if !valid {
            problems.report("'\(name)' is not a valid field name: use letters, digits, '_' and '-', "
                            + "starting with a letter", at: location)
        }
    }

    /// A field's `default:`: a scalar, or a list of choices on a multi-choice field. Lists and
    /// sections have none (their items and fields take their own).
    private func readDefault(_ field: inout YAMLMapping, type: FieldType) -> Located<FieldDefault>? {
        guard let node = field.node("default") else { return nil }
        let location = field.location(of: node, key: "default")
        if type == .list || type == .section {
            problems.report("a list has no 'default': give its item fields their own 'default'", at: location)
            return nil
        }
        if let sequence = node.sequence, type == .multiChoice {
            let values = sequence.compactMap(\.enumValue)
            if values.count == sequence.count { return Located(.values(values), at: location) }
        } else if let value = node.enumValue {
            return Located(.value(value), at: location)
        }
        problems.report(type == .multiChoice ? "'default' of a multi-choice field must be a list of its values"
                            : "'default' must be a single value (text, a number, true or false)", at: location)
        return nil
    }

    // MARK: - Constraints

    /// Reads a field's (or a case's) value constraints: every key of every check kind, then the
    /// keys that are not checks (`allow`), each by the reader declared with it (``CheckKey``, in
    /// its kind's file in `Checks/`). An absent key costs one bit test (``YAMLMapping/node(_:)``).
    private func readConstraints(_ mapping: inout YAMLMapping) -> Constraints {
        var constraints = Constraints()
        for key in CheckKind.allKeys { key.read(&mapping, &constraints, self) }
        return constraints
    }

    /// A bound as written: a number, or an expression (`today-18y`, `year(today)`).
    func bound(_ mapping: inout YAMLMapping, _ key: String) -> Located<Bound>? {
        guard let text = mapping.string(key) else { return nil }
        if let number = ExactDecimal(text.value) {
            return Located(.number(number), at: text.location)
        }
        return Located(.expression(text.value), at: text.location)
    }

    private func readMessages(_ mapping: inout YAMLMapping) -> [String: String] {
        guard let node = mapping.node("messages"),
            let messages = YAMLMapping(node, file: mapping.file(ofKey: "messages"), what: "'messages'",
                                       problems: problems)
        else { return [:] }
        var result: [String: String] = [:]
        for pair in messages.pairs {
            guard let text = pair.value.scalar?.string else {
                problems.report("the message for '\(pair.key)' must be text", at: messages.location(of: pair.value))
                continue
            }
            if !RuleIdentifier.messageKeys.contains(pair.key) {
                problems.report("no rule '\(pair.key)' to word a message for"
                                + Suggestion.didYouMean(pair.key, in: RuleIdentifier.messageKeys),
                                at: messages.location(of: pair.keyNode))
            }
            result[pair.key] = text
        }
        return result
    }

    private func readCases(_ node: Node?, file: String) -> [ConditionalConstraints] {
        guard let node else { return [] }
        guard let sequence = node.sequence else {
            problems.report("'cases' must be a list of {when: ..., checks}", at: YAMLMapping.location(of: node, file: file))
            return []
        }
        return sequence.compactMap { element in
            guard var mapping = YAMLMapping(element, file: file, what: "a case", problems: problems) else { return nil }
            guard let condition = mapping.string("when") else {
                problems.report("a case needs a 'when' condition", at: mapping.location)
                return nil
            }
            var constraints = readConstraints(&mapping)
            if let normalize = constraints.normalize {
                problems.report("'normalize' says how a field reads text; give it on the field, not in a case",
                                at: normalize.location)
                constraints.normalize = nil
            }
            let messages = readMessages(&mapping)
            mapping.reportUnknownKeys(known: RulesLoader.knownCaseKeys, context: "a case")
            return ConditionalConstraints(condition: condition, constraints: constraints, messages: messages)
        }
    }

    private func readAssertions(_ node: Node?, file: String) -> [AssertionRule] {
        guard let node else { return [] }
        guard let sequence = node.sequence else {
            problems.report("'assert' must be a list of {that: ..., message: ...}",
                            at: YAMLMapping.location(of: node, file: file))
            return []
        }
        return sequence.compactMap { element in
            guard var mapping = YAMLMapping(element, file: file, what: "an assertion", problems: problems) else {
                return nil
            }
            let predicate = mapping.string("that")
            let message = mapping.string("message")
            let field = mapping.string("field")
            let rule = mapping.string("rule")
            mapping.reportUnknownKeys(known: RulesLoader.knownAssertionKeys, context: "an assertion")
            guard let predicate else {
                problems.report("an assertion needs 'that' (the predicate that must hold)", at: mapping.location)
                return nil
            }
            return AssertionRule(predicate: predicate, message: message?.value ?? "assertion \(PredicateText.quoted(predicate.value)) does not hold",
                                 field: field, rule: rule?.value ?? RuleIdentifier.assertion)
        }
    }
}
