/// What `--seed-data` gives the generator, checked against the rules: each pool's usable
/// values by field id, each record's pinned values, and a notice (`file:line:column: ...`)
/// for every value left out because it breaks a rule of its field.
struct SeedDataTables: Sendable {
    /// A field's usable pool values.
    struct Pool: Sendable {
        var values: [String]
        var extends: Bool
    }

    private(set) var pools: [Int: Pool] = [:]
    /// Each record's pins, in file order (questionnaire `i` keeps record `i mod count`).
    private(set) var records: [FixturePins] = []
    /// Where each record was written.
    private(set) var recordLocations: [SourceLocation] = []
    /// Values left out, one line each: `file:line:column: why; not used`.
    private(set) var notices: [String] = []

    init(_ seedData: SeedData, rules: CompiledRuleSet) throws(GenerationError) {
        let validator = RecordValidator(rules: rules)
        for pool in seedData.pools {
            let path = ValidationSummary.foldIndices(pool.field.value)
            guard let id = rules.fieldIDs[path] else {
                throw GenerationError(field: nil, rule: nil, message: "\(pool.field.location): the seed data names a "
                                      + "field '\(pool.field.value)' the rules do not declare"
                                      + Suggestion.didYouMean(path, in: Array(rules.fieldIDs.keys))
                                      + "; name fields by their path, such as insurant.lastName or drivers[].lastName")
            }
            guard rules.fields[id].type != .list else {
                throw GenerationError(field: nil, rule: nil, message: "\(pool.field.location): '\(path)' is a list; "
                                      + "give pools to its item fields (\(path)[].NAME) or its items in 'records'")
            }
            var usable: [String] = []
            for (index, value) in pool.values.enumerated() {
                if index < pool.typedValues.count, let typed = pool.typedValues[index],
                   !SeedDataTables.fits(typed, rules.fields[id]) {
                    notices.append("\(value.location): warning: the value \(value.value) of '\(path)' is not of the field's "
                                   + "type (\(rules.fields[id].type.rawValue)); quote it ('\(value.value)') to use it as text; "
                                   + "not used")
                } else if let violation = validator.violations(ofText: value.value, field: id).first {
                    notices.append("\(value.location): warning: '\(value.value)' breaks the rule \(violation.rule) of '\(path)' "
                                   + "(\(violation.message)); not used")
                } else {
                    usable.append(value.value)
                }
            }
            if usable.isEmpty {
                notices.append("\(pool.field.location): warning: no value of the pool of '\(path)' can be used; the field is "
                               + "generated from its rules")
                continue
            }
            pools[id, default: Pool(values: [], extends: pool.extends)].values += usable
        }
        for record in seedData.records {
            var refused: [String] = []
            let pins = try FixturePins(record.fixture, rules: rules) { value, id, path in
                if case .null = value { return true }
                let field = rules.fields[id]
                let location = record.location(of: path)
                guard SeedDataTables.fits(value, field) else {
                    refused.append("\(location): warning: the value \(value.json) of '\(path)' is not of the "
                                   + "field's type (\(field.type.rawValue)); not used")
                    return false
                }
                guard let violation = validator.violations(ofText: value.cell, field: id).first else { return true }
                refused.append("\(location): warning: \(value.json) breaks the rule \(violation.rule) of '\(path)' "
                               + "(\(violation.message)); not used")
                return false
            }
            notices += refused
            records.append(pins)
            recordLocations.append(record.location)
        }
    }

    /// Whether a JSON value has the field type's JSON form (a number for a number field ...).
    static func fits(_ value: FixtureValue, _ field: CompiledField) -> Bool {
        switch (value, field.type) {
        case (.number, .integer), (.number, .decimal), (.boolean, .boolean), (.string, .string), (.string, .text),
             (.string, .date), (.array, .multiChoice), (.array, .list):
            return true
        case (.number, .enumeration): return field.hasIntegerValues
        case (.string, .enumeration): return !field.hasIntegerValues
        default: return false
        }
    }

    /// A pool word as the JSON value a field of this type takes (`12` a number for a number
    /// field, `a;b` two choices of a multi-choice).
    static func value(_ word: String, for field: CompiledField) -> FixtureValue {
        switch field.type {
        case .integer, .decimal: return .number(word)
        case .boolean: return .boolean(word == "true")
        case .enumeration where field.hasIntegerValues: return .number(word)
        case .multiChoice: return .array(word.split(separator: ";").map { .string(String($0)) })
        default: return .string(word)
        }
    }
}
