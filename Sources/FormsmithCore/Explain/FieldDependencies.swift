/// Which fields each field reads, and how: through its predicates, bounds, parents and checksum
/// companion. Computed from the rules as written, for `formsmith explain`.
struct FieldDependencies {
    /// One reference: a field (or an assertion) reads `path` through `how` (`visibleIf`, `min`, ...).
    struct Reference: Equatable {
        let reader: String
        let path: String
        let how: String
    }

    /// Every reference in the rule set, in declaration order.
    let references: [Reference]

    init(_ ruleSet: RuleSet) {
        var references: [Reference] = []
        func add(_ reader: String, _ expression: String, _ how: String) {
            guard let parsed = try? ExpressionParser.parse(expression) else { return }
            for path in parsed.referencedPaths {
                references.append(Reference(reader: reader, path: path, how: how))
            }
        }
        func addBounds(_ reader: String, _ constraints: Constraints, _ prefix: String) {
            let bounds = [("min", constraints.min), ("max", constraints.max), ("exclusiveMin", constraints.exclusiveMin),
                          ("exclusiveMax", constraints.exclusiveMax)]
            for (key, bound) in bounds {
                if case .expression(let text)? = bound?.value { add(reader, text, prefix + key) }
            }
            if let companion = constraints.checksum?.value.companion {
                references.append(Reference(reader: reader, path: companion, how: prefix + "checksum with"))
            }
        }
        for field in ruleSet.allFields {
            if let visibleIf = field.visibleIf { add(field.path, visibleIf.value, "visibleIf") }
            if let requiredIf = field.requiredIf { add(field.path, requiredIf.value, "requiredIf") }
            for parent in field.parents {
                references.append(Reference(reader: field.path, path: parent.value, how: "parent"))
            }
            addBounds(field.path, field.constraints, "")
            for variant in field.cases {
                add(field.path, variant.condition.value, "case when")
                addBounds(field.path, variant.constraints, "case ")
            }
            for assertion in field.assertions {
                add("assertion '\(assertion.rule)' of \(field.path)", assertion.predicate.value, "that")
            }
        }
        for assertion in ruleSet.assertions {
            add("assertion '\(assertion.rule)'", assertion.predicate.value, "that")
        }
        self.references = references
    }

    /// What `path` reads: `vehicle.hasPlate (visibleIf)`, one entry per field.
    func reads(_ path: String) -> [String] {
        Self.grouped(references.filter { $0.reader == path }, by: \.path)
    }

    /// What reads `path`: `vehicle.plate (visibleIf)`, one entry per reader.
    func readers(of path: String) -> [String] {
        Self.grouped(references.filter { $0.path == path && $0.reader != path }, by: \.reader)
    }

    /// `name (how, how)` entries in first-seen order.
    private static func grouped(_ references: [Reference], by key: KeyPath<Reference, String>) -> [String] {
        var order: [String] = []
        var ways: [String: [String]] = [:]
        for reference in references {
            let name = reference[keyPath: key]
            if ways[name] == nil { order.append(name) }
            if ways[name]?.contains(reference.how) != true { ways[name, default: []].append(reference.how) }
        }
        return order.map { "\($0) (\((ways[$0] ?? []).joined(separator: ", ")))" }
    }
}
