import FormsmithValues

/// A rule-file key of a field's value checks, declared once in its kind's file: its name, the
/// field types it applies to, what it means, and how its value is read and validated.
///
/// Everything else about the key is derived from this declaration: reading it from a field or a
/// case (``read``), its entry in the rules JSON Schema (``documentation``), the loader's list of
/// known keys and the "does not apply to" check (``types``), and its row in the key table of
/// `docs/rules.md` (``RuleKeyTable``).
struct CheckKey: Sendable {
    /// The key as written in the rule file (`minLength`).
    let name: String
    /// The field types that accept it.
    let types: Set<FieldType>
    /// What it means and the JSON Schema of its value (the rules schema, editors' hover text, the
    /// docs' key table).
    let documentation: RuleKeyDocumentation
    /// What its value looks like, in words (`a whole number, 0 or more`): the docs' key table.
    let shape: String
    /// Reads the key from a field's (or a case's) mapping into the constraints, reporting a value
    /// of the wrong shape at its line and column; does nothing when the key is absent.
    let read: @Sendable (inout YAMLMapping, inout Constraints, RuleTreeReader) -> Void

    /// A key whose value `reader` reads into the constraints' property `target` (`\.minLength`).
    ///
    /// `schema` replaces the reader's JSON Schema of the value when the key accepts less than
    /// the reader's shape (`regexFlags`: only flag letters).
    init<Value>(_ name: String, types: Set<FieldType>, _ reader: KeyReader<Value>,
                into target: WritableKeyPath<Constraints, Value?> & Sendable,
                _ description: String, schema: [(String, JSONValue)]? = nil) {
        self.init(name, types: types, reader, store: { $0[keyPath: target] = $1 }, description, schema: schema)
    }

    /// A key whose value `reader` reads, stored by `store` (for a value kept in more than one
    /// property, or outside a kind's keys: `allow`).
    init<Value>(_ name: String, types: Set<FieldType>, _ reader: KeyReader<Value>,
                store: @escaping @Sendable (inout Constraints, Value) -> Void,
                _ description: String, schema: [(String, JSONValue)]? = nil) {
        self.name = name
        self.types = types
        self.documentation = RuleKeyDocumentation(description, schema ?? reader.schema)
        self.shape = reader.shape
        self.read = { mapping, constraints, treeReader in
            if let value = reader.read(&mapping, name, treeReader) { store(&constraints, value) }
        }
    }
}

/// How a key's value is read from a rule file and validated: the value's type, its JSON Schema
/// and its shape in words, and the reading itself, which reports a value of the wrong shape at
/// its `line:column` in a message that names the key.
///
/// The readers every kind shares are the static members below (`.count`, `.text`, `.bound` ...);
/// a kind whose value has a shape of its own declares its reader in its own file.
struct KeyReader<Value>: Sendable {
    /// The JSON Schema keywords of the value, for the rules schema.
    let schema: [(String, JSONValue)]
    /// The value's shape in words, for the docs' key table.
    let shape: String
    /// Reads the value of the key (its name is the second argument), nil when it is absent or
    /// of the wrong shape (reported).
    let read: @Sendable (inout YAMLMapping, String, RuleTreeReader) -> Value?
}

extension KeyReader where Value == Located<Int> {
    /// A count (characters, items, digits): a whole number, 0 or more. A negative count is
    /// reported and kept, so the field's other problems (a key on the wrong type) are also said.
    static var count: KeyReader {
        KeyReader(schema: RuleKeyDocumentation.ref("count"), shape: "a whole number, 0 or more") { mapping, key, _ in
            guard let count = mapping.integer(key) else { return nil }
            if count.value < 0 { mapping.problems.report("\(key) cannot be negative", at: count.location) }
            return count
        }
    }
}

extension KeyReader where Value == Located<String> {
    /// A single value read as text (a pattern, a mask, a format name), checked when compiled.
    static func text(_ shape: String) -> KeyReader {
        KeyReader(schema: [("type", "string")], shape: shape) { mapping, key, _ in mapping.string(key) }
    }

    /// A number written as text, read exactly when compiled (`multipleOf: 0.05`).
    static var decimal: KeyReader {
        KeyReader(schema: [("anyOf", [.object([("type", "number"), ("exclusiveMinimum", 0)]),
                                      .object([("type", "string"), ("pattern", "^[0-9.eE+-]+$")])])],
                  shape: "a number") { mapping, key, _ in mapping.string(key) }
    }

    /// Any number, negative and zero too, written as text and read exactly when compiled
    /// (`greaterThan: 0`, `greaterThan: -273.15`).
    static var number: KeyReader {
        KeyReader(schema: [("anyOf", [.object([("type", "number")]),
                                      .object([("type", "string"), ("pattern", "^[0-9.eE+-]+$")])])],
                  shape: "a number") { mapping, key, _ in mapping.string(key) }
    }

    /// A file size: bytes, or a number with a unit (`10MB`, `5MiB`), checked when compiled.
    static var byteSize: KeyReader {
        KeyReader(schema: RuleKeyDocumentation.ref("byteSize"), shape: "a size: bytes, or 10MB, 5MiB") {
            mapping, key, _ in mapping.string(key)
        }
    }
}

extension KeyReader where Value == [Located<String>] {
    /// A value or a list of values, each a single value (`[pdf, jpg]`, or `pdf`).
    static var texts: KeyReader {
        KeyReader(schema: [("anyOf", [.object([("type", "string")]),
                                      .object([("type", "array"), ("items", .object([("type", "string")]))])])],
                  shape: "a value or a list of values") { mapping, key, _ in
            guard let node = mapping.node(key) else { return nil }
            if node.sequence?.isEmpty == true { reportEmptyList(key, at: mapping.location(of: node, key: key), in: &mapping) }
            return mapping.strings(key)
        }
    }
}

/// Reports a list-valued check key written as an empty list (`extensions: []`). Every such key
/// lists what is allowed (or, for `allow`, what is accepted as it is), so an empty list either
/// allows nothing or means nothing; before, it was accepted and silently ignored.
private func reportEmptyList(_ key: String, at location: SourceLocation, in mapping: inout YAMLMapping) {
    mapping.problems.report("'\(key)' is an empty list, which lists nothing to allow; give at least one value "
                            + "(\(key): [a, b]) or leave the key out", at: location)
}

extension KeyReader where Value == Located<Bound> {
    /// A bound: a number, a date, or an expression (`today-18y`, `year(today)`).
    static var bound: KeyReader {
        KeyReader(schema: RuleKeyDocumentation.ref("bound"), shape: "a number, a date or an expression") {
            mapping, key, reader in reader.bound(&mapping, key)
        }
    }
}

extension KeyReader where Value == Located<EnumValue> {
    /// One scalar value: text, a whole number, true or false.
    static var scalar: KeyReader {
        KeyReader(schema: RuleKeyDocumentation.ref("scalar"), shape: "a single value") { mapping, key, _ in
            guard let node = mapping.node(key) else { return nil }
            let location = mapping.location(of: node, key: key)
            if let problem = node.integerPast64BitsProblem {
                mapping.problems.report(problem, at: location)
                return nil
            }
            guard let value = node.enumValue else {
                mapping.problems.report("'\(key)' must be a single value", at: location)
                return nil
            }
            return Located(value, at: location)
        }
    }
}

extension KeyReader where Value == [Located<EnumValue>] {
    /// A list of scalar values (`[a, b]`, `[3, 6, 12]`); an entry that is not a single value is
    /// reported and left out.
    static var scalars: KeyReader {
        KeyReader(schema: [("type", "array"), ("items", .object(RuleKeyDocumentation.ref("scalar")))],
                  shape: "a list of values") { mapping, key, _ in
            guard let node = mapping.node(key) else { return nil }
            guard let sequence = node.sequence else {
                mapping.problems.report("'\(key)' must be a list such as [a, b, c]", at: mapping.location(of: node, key: key))
                return nil
            }
            if sequence.isEmpty { reportEmptyList(key, at: mapping.location(of: node, key: key), in: &mapping) }
            return sequence.compactMap { element in
                if let problem = element.integerPast64BitsProblem {
                    mapping.problems.report(problem, at: mapping.location(of: element, key: key))
                    return nil
                }
                guard let value = element.enumValue else {
                    mapping.problems.report("each of '\(key)' must be a single value",
                                            at: mapping.location(of: element, key: key))
                    return nil
                }
                return Located(value, at: mapping.location(of: element, key: key))
            }
        }
    }
}
