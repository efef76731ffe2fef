import FormsmithCore

/// A second validator, written apart from the engine from what docs/rules.md says a rule
/// means, to be obviously right rather than fast: the questionnaire is parsed into a
/// ``PlainJSON`` tree and each field is evaluated by a recursive walk, on demand (a field a
/// predicate reads is evaluated when it is read, so no order has to be computed).
///
/// It shares with the engine only the loaded rule model (``RuleSet``, with the expression
/// parser's tree of each predicate) and value primitives: PCRE2 matching, masks compiled to
/// patterns, checksums, date layouts and date arithmetic. It evaluates expressions itself
/// (``ReferenceEvaluator``) and reads numbers itself (``ReferenceNumber``); it never uses the
/// engine's evaluation, binding, plan, checks or wording. Its verdict is the set of (concrete path, rule) pairs.
public final class ReferenceValidator {
    let ruleSet: RuleSet
    let today: CivilDate
    let form: ReferenceForm
    /// `valuesFrom` lists read so far, by file and path.
    var wordLists: [String: [Located<EnumValue>]] = [:]

    /// A reference validator for rules loaded and compiled for `rules.today`.
    public init(rules: CompiledRuleSet) {
        ruleSet = rules.ruleSet
        today = rules.today
        form = ReferenceForm(rules.ruleSet)
    }

    /// The verdict for one questionnaire given as JSON text.
    public func verdict(json: String) -> ReferenceVerdict {
        // A byte order mark may open a questionnaire (README, Limits).
        let text = json.hasPrefix("\u{FEFF}") ? String(json.unicodeScalars.dropFirst()) : json
        guard let root = PlainJSON.parse(text) else { return ReferenceVerdict(unreadable: true, findings: []) }
        return verdict(root)
    }

    /// The verdict for one questionnaire already parsed: a value that is not an object is a
    /// `type` violation of the questionnaire itself (docs/rules.md, "The file").
    public func verdict(_ root: PlainJSON) -> ReferenceVerdict {
        guard case .object = root else {
            return ReferenceVerdict(unreadable: false, findings: [ReferenceVerdict.Finding(field: "", rule: "type")])
        }
        let walk = ReferenceWalk(validator: self, root: root)
        walk.run()
        return ReferenceVerdict(unreadable: false, findings: walk.findings)
    }
}

/// What is known of a field in one questionnaire.
enum ReferenceState {
    case inProgress, absent, valid, invalid
}

/// Where a field's value is: nowhere, a JSON value, or behind something that is not an
/// object (a section or list item of the wrong type, already reported).
enum ReferenceRaw {
    case absent
    case value(PlainJSON)
    case broken

    /// Absent, null, `""` and `[]` are "not filled"; anything else (broken included) is filled.
    var isPresent: Bool {
        switch self {
        case .absent: return false
        case .broken: return true
        case .value(let json):
            switch json {
            case .null: return false
            case .string(let text): return !text.isEmpty
            case .array(let items): return !items.isEmpty
            default: return true
            }
        }
    }
}

/// One questionnaire's walk.
final class ReferenceWalk {
    let validator: ReferenceValidator
    let root: PlainJSON
    var findings: Set<ReferenceVerdict.Finding> = []
    /// Field states by concrete path.
    var states: [String: ReferenceState] = [:]
    var form: ReferenceForm { validator.form }

    init(validator: ReferenceValidator, root: PlainJSON) {
        self.validator = validator
        self.root = root
    }

    func report(_ path: String, _ rule: String) {
        findings.insert(ReferenceVerdict.Finding(field: path, rule: rule))
    }

    func run() {
        bindObject(root, fields: validator.ruleSet.fields, prefix: "")
        evaluateScope("", indices: [])
        for assertion in validator.ruleSet.assertions { check(assertion, indices: [], itemPath: "") }
    }

    // MARK: - Paths

    /// The concrete path of a template: the k-th `[]` gets the k-th index.
    static func concrete(_ template: String, _ indices: [Int]) -> String {
        var out = ""
        var next = 0
        var rest = Substring(template)
        while let range = rest.range(of: "[]") {
            out += rest[..<range.lowerBound]
            out += next < indices.count ? "[\(indices[next])]" : "[]"
            next += 1
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    static func listDepth(_ template: String) -> Int {
        template.components(separatedBy: "[]").count - 1
    }

    /// The raw value at a template path in the items `indices`, read from the JSON tree.
    func raw(_ template: String, _ indices: [Int]) -> ReferenceRaw {
        let segments = template.split(separator: ".", omittingEmptySubsequences: false)
        var current = root
        var next = 0
        for (position, segment) in segments.enumerated() {
            let isList = segment.hasSuffix("[]")
            let name = String(isList ? segment.dropLast(2) : segment)
            guard let value = current.member(name) else { return .absent }
            if position == segments.count - 1 { return .value(value) }
            if isList {
                guard case .array(let items) = value else { return value == .null ? .absent : .broken }
                guard next < indices.count, indices[next] < items.count else { return .absent }
                guard case .object = items[indices[next]] else { return .broken }
                current = items[indices[next]]
                next += 1
            } else {
                switch value {
                case .object: current = value
                case .null: return .absent
                default: return .broken
                }
            }
        }
        return .absent
    }

    // MARK: - Binding: members the rules do not declare, twice, or sections of the wrong type

    /// Reports the members of an object (the questionnaire, a section, a list item) that are
    /// unknown or repeated, and sections that are not objects, recursively through sections.
    func bindObject(_ object: PlainJSON, fields: [FieldRule], prefix: String) {
        guard case .object(let members) = object else { return }
        var seen: Set<String> = []
        for (key, value) in members {
            guard let field = fields.first(where: { $0.name == key }) else {
                // docs/rules.md, "The file": a name of over 100 characters is shown by its first 100 and "…".
                let shown = key.unicodeScalars.count <= 100 ? key
                    : String(String.UnicodeScalarView(key.unicodeScalars.prefix(100))) + "…"
                report(prefix + shown, "unknown-field")
                continue
            }
            if !seen.insert(key).inserted {
                report(prefix + key, "duplicate-field")
                continue
            }
            if field.type == .section {
                switch value {
                case .object: bindObject(value, fields: field.children, prefix: prefix + key + ".")
                case .null: break
                default: report(prefix + key, "type")
                }
                continue
            }
        }
    }

    // MARK: - Scopes

    /// Evaluates every field of a scope (the questionnaire or one list item), then its sections
    /// checked as a whole.
    func evaluateScope(_ scope: String, indices: [Int]) {
        for template in form.scopeFields[scope] ?? [] { _ = state(template, indices) }
        for sectionPath in form.scopeSections[scope] ?? [] {
            guard let section = form.entries[sectionPath]?.rule, ReferenceForm.isGroup(section) else { continue }
            checkGroup(section, indices: indices)
        }
    }

    /// Evaluates a field once (later calls return its state).
    func state(_ template: String, _ indices: [Int]) -> ReferenceState {
        let path = Self.concrete(template, indices)
        if let known = states[path] { return known == .inProgress ? .invalid : known }
        states[path] = .inProgress
        let result = evaluate(template, indices, path: path)
        states[path] = result
        return result
    }

    /// The three-valued conjunction of the field's visibility conditions.
    func visibility(_ template: String, _ indices: [Int]) -> Bool? {
        var unknown = false
        for condition in form.visibilityConditions(of: template) {
            switch truth(condition, indices) {
            case false?: return false
            case nil: unknown = true
            case true?: break
            }
        }
        return unknown ? nil : true
    }

    private func evaluate(_ template: String, _ indices: [Int], path: String) -> ReferenceState {
        guard let entry = form.entries[template] else { return .invalid }
        let field = entry.rule
        let raw = self.raw(template, indices)
        if case .broken = raw { return .invalid }
        let visible = visibility(template, indices)
        if visible == false {
            guard raw.isPresent else { return .absent }
            report(path, "visibility")
            return .invalid
        }
        guard raw.isPresent, case .value(let value) = raw else {
            let group = form.group(of: template)
            let deferred = group.map { $0.isOptional || $0.requiredIf != nil } ?? false
            let required: Bool? = deferred ? false : field.requiredIf.map { truth($0.value, indices) } ?? !field.isOptional
            if required == true, visible == true {
                report(path, "required")
                return .invalid
            }
            return .absent
        }
        for parent in field.parents {
            let parentTemplate = parent.value
            if !self.raw(parentTemplate, Array(indices.prefix(Self.listDepth(parentTemplate)))).isPresent {
                report(path, "parent")
                return .invalid
            }
        }
        let before = findings.count
        checkValue(field, value, path: path, indices: indices)
        return findings.count == before ? .valid : .invalid
    }

    // MARK: - Sections as a whole

    private func checkGroup(_ section: FieldRule, indices: [Int]) {
        let members = form.members(of: section)
        let anyFilled = members.contains { raw($0, indices).isPresent }
        if section.isOptional || section.requiredIf != nil,
           anyFilled || section.requiredIf.map({ truth($0.value, indices) == true }) == true {
            for member in members where state(member, indices) == .absent {
                guard let rule = form.entries[member]?.rule else { continue }
                let required = rule.requiredIf.map { truth($0.value, indices) } ?? !rule.isOptional
                guard required == true, visibility(member, indices) == true else { continue }
                report(Self.concrete(member, indices), "required")
                states[Self.concrete(member, indices)] = .invalid
            }
        }
        if section.isComplete, anyFilled {
            for member in members where state(member, indices) == .absent {
                guard visibility(member, indices) == true else { continue }
                report(Self.concrete(member, indices), "incomplete-group")
                states[Self.concrete(member, indices)] = .invalid
            }
        }
    }

    // MARK: - Assertions

    /// An assertion is broken when it is false, or when it cannot be computed although it reads
    /// no invalid field (docs/rules.md, "Arithmetic"); one that reads an invalid field is skipped.
    func check(_ assertion: AssertionRule, indices: [Int], itemPath: String) {
        guard let expression = ReferenceEvaluator.parse(assertion.predicate.value) else { return }
        var evaluator = evaluator(indices)
        switch evaluator.truth(expression) {
        case false?: break
        case nil where evaluator.uncomputable && !evaluator.readInvalid: break
        default: return
        }
        let field = assertion.field.map { Self.concrete($0.value, indices) } ?? itemPath
        report(field, assertion.rule)
    }

    // MARK: - Expressions

    /// A predicate's truth in the items `indices`: nil when it reads an invalid field.
    func truth(_ source: String, _ indices: [Int]) -> Bool? {
        guard let expression = ReferenceEvaluator.parse(source) else { return nil }
        var evaluator = evaluator(indices)
        return evaluator.truth(expression)
    }

    /// An expression's value in the items `indices`: `.unknown` when it reads an invalid field,
    /// `.uncomputable` when it reads none but cannot be computed (docs/rules.md, "Arithmetic").
    func value(_ source: String, _ indices: [Int]) -> ReferenceOutcome {
        guard let expression = ReferenceEvaluator.parse(source) else { return .unknown }
        var evaluator = evaluator(indices)
        if let value = evaluator.evaluate(expression) { return .value(value) }
        return evaluator.uncomputable ? .uncomputable : .unknown
    }

    private func evaluator(_ indices: [Int]) -> ReferenceEvaluator {
        ReferenceEvaluator(today: validator.today) { [unowned self] path in
            lookup(path, Array(indices.prefix(Self.listDepth(path))))
        }
    }

    /// A field's value for expressions: evaluated first, so an invalid one is never read.
    func lookup(_ template: String, _ indices: [Int]) -> ReferenceLookup {
        guard let field = form.entries[template]?.rule else { return .invalid }
        switch state(template, indices) {
        case .inProgress, .invalid: return .invalid
        case .absent: return .absent
        case .valid: break
        }
        guard case .value(let json) = raw(template, indices) else { return .invalid }
        return ReferenceValues.expressionValue(of: json, field: field).map(ReferenceLookup.value) ?? .invalid
    }
}

/// An expression's result for a bound.
enum ReferenceOutcome {
    case value(ReferenceValue)
    case unknown
    case uncomputable
}
