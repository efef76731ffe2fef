import FormsmithValues

/// The string predicates that compare a text field with a constant (`==`, `IN`, `BEGINSWITH`,
/// `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, with `[c]`), gathered from every condition of the
/// rules (`visibleIf`, `requiredIf`, `cases`, sections' `requiredIf`), each as the pattern of
/// the values that make it true. A random value almost never does (`CONTAINS[c] 'налог'` was
/// true in none of 5,000 questionnaires), so the builder draws half of such a field's values
/// from the intersection of the field's own patterns with one of these.
struct PredicateWitness: Sendable, Hashable {
    /// The predicate as a reader recognises it: `CONTAINS 'налог'`, `MATCHES '(?is).*налог.*'`.
    let phrase: String
    /// The PCRE2 pattern of the values that make it true (whole-value match).
    let pattern: String
    /// Whether every value that starts with one making it true makes it true too (`BEGINSWITH`,
    /// `CONTAINS`): met in the characters before a checksum's trailing check digits, it holds
    /// whatever digits are written after them (see ``intersection(of:with:)``).
    var holdsWhenExtended = false

    /// Per field id, the predicates on it, without repeats, in the order they are met.
    static func collect(_ rules: CompiledRuleSet) -> [[PredicateWitness]] {
        var found = Array(repeating: [PredicateWitness](), count: rules.fields.count)
        var conditions: [CompiledExpression] = []
        for field in rules.fields {
            conditions += [field.visibleIf, field.requiredIf, field.groupRequiredIf].compactMap { $0 }
            conditions += field.cases.map(\.condition)
        }
        for condition in conditions { visit(condition.node, rules, &found) }
        return found.map { witnesses in
            var seen = Set<PredicateWitness>()
            return witnesses.filter { seen.insert($0).inserted }
        }
    }

    private static func isText(_ id: Int, _ rules: CompiledRuleSet) -> Bool {
        rules.fields[id].type == .string || rules.fields[id].type == .text
    }

    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }

    private static func visit(_ node: CompiledNode, _ rules: CompiledRuleSet, _ found: inout [[PredicateWitness]]) {
        switch node {
        case let .equal(.field(id), .constant(.string(text)), _), let .equal(.constant(.string(text)), .field(id), _):
            if isText(id, rules) {
                found[id].append(PredicateWitness(phrase: "== \(quoted(text))", pattern: NSPredicateDialect.escaped(text)))
            }
        case let .membership(.field(id), .constant(.list(values)), _) where isText(id, rules):
            for case .string(let text) in values {
                found[id].append(PredicateWitness(phrase: "IN \(quoted(text))", pattern: NSPredicateDialect.escaped(text)))
            }
        case let .text(test, .field(id), .constant(.string(text))) where isText(id, rules):
            let escaped = NSPredicateDialect.escaped(text)
            switch test {
            case .beginsWith: found[id].append(PredicateWitness(phrase: "BEGINSWITH \(quoted(text))", pattern: "(?s)\(escaped).*",
                                                                holdsWhenExtended: true))
            case .endsWith: found[id].append(PredicateWitness(phrase: "ENDSWITH \(quoted(text))", pattern: "(?s).*\(escaped)"))
            case .contains: found[id].append(PredicateWitness(phrase: "CONTAINS \(quoted(text))", pattern: "(?s).*\(escaped).*",
                                                              holdsWhenExtended: true))
            case .matches: found[id].append(PredicateWitness(phrase: "MATCHES \(quoted(text))", pattern: text))
            }
        default:
            break
        }
        switch node {
        case .constant, .today, .unevaluable, .field, .sum, .position:
            break
        case let .list(elements), let .concat(elements):
            for element in elements { visit(element, rules, &found) }
        case let .not(inner), let .negate(inner), let .call(_, inner):
            visit(inner, rules, &found)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            visit(left, rules, &found)
            visit(right, rules, &found)
        }
    }

    /// Where a field's values that make this predicate true come from under `spec`: the values
    /// of its own seed list that do (drawn first, so `title CONTAINS[c] 'phone'` gives the
    /// list's `Phone charger`), else the intersection of its patterns with the predicate's; nil
    /// when neither has any.
    func source(for spec: TextSpec) -> WitnessSource? {
        var seeds: [[UInt8]] = []
        if !spec.seeds.isEmpty, let regex = try? CompiledRegex(pattern: pattern) {
            let scratch = RegexScratch()
            seeds = spec.seeds.filter { seed in
                seed.withUnsafeBufferPointer { regex.matches($0, scratch: scratch).isMatch }
            }
        }
        let product = seeds.isEmpty ? intersection(with: spec) : nil
        guard !seeds.isEmpty || product != nil else { return nil }
        return WitnessSource(seeds: seeds, product: product)
    }

    /// The values of a field's spec that make this predicate true, or nil when there are none
    /// the generator can draw (its own checks exclude them, or a pattern must be filtered).
    func intersection(with spec: TextSpec) -> PatternIntersection? {
        Self.intersection(of: [self], with: spec)
    }

    /// The values of a field's spec that make every one of `witnesses` true, or nil when there
    /// are none the generator can draw. For a field with a checksum whose check characters end
    /// the value (INN, SNILS, Luhn), the predicates must hold on the value without its last
    /// check characters (``holdsWhenExtended``): writing the check digits after the draw
    /// (``ChecksumAlgorithm/makeValid(_:companion:)``) then cannot undo them. Other checksums, and
    /// predicates that read the check positions (`ENDSWITH`, `==`, `MATCHES`), give nil.
    static func intersection(of witnesses: [PredicateWitness], with spec: TextSpec) -> PatternIntersection? {
        guard spec.format == nil else { return nil }
        if case .constant = spec.source { return nil }
        var patterns = witnesses.map(\.pattern)
        if let checksum = spec.checksum {
            guard checksum.companion == nil, let trailing = checksum.algorithm.trailingCheckCharacters,
                  witnesses.allSatisfy(\.holdsWhenExtended) else { return nil }
            // Met before the last `trailing` characters other than separators (which every algorithm skips).
            patterns = patterns.map { $0 + "(?:[ -]*[^ -]){\(trailing)}[ -]*" }
            if spec.regexes.isEmpty && spec.masks.isEmpty {
                // The checksum alone: values of its own shape, as the field's usual draw.
                patterns.append("(?:" + checksum.algorithm.generationShape + ")")
            }
        }
        var programs: [RegexProgram] = []
        do {
            for pattern in patterns { programs.append(try RegexGenerator(pattern: pattern).program) }
            for regex in spec.regexes + spec.masks {
                let generator = try TextSpec.generator(for: regex)
                guard !generator.needsFiltering, !regex.options.contains(.multiline) else { return nil }
                programs.append(generator.program)
            }
        } catch {
            return nil
        }
        guard let product = PatternIntersection.make(programs), !product.isEmpty else { return nil }
        // No value within the field's lengths (`== 'ab'` under `minLength: 3`): none to draw.
        if let window = spec.lengthWindow, !product.admitsLength(in: window) { return nil }
        return product
    }
}

/// The values of one field (under one text spec) that make one string predicate true: the
/// field's seeds that do, or, when none does, the intersection of the field's patterns with
/// the predicate's (``PredicateWitness/source(for:)``).
struct WitnessSource: Sendable {
    /// Seeds of the field's list (already passing its checks) that make the predicate true.
    let seeds: [[UInt8]]
    /// The values built from patterns, when no seed makes the predicate true.
    let product: PatternIntersection?
}
