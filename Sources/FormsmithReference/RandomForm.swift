/// A random rule file drawn from a grammar of the rules language (see docs/contributing.md,
/// "Differential testing", for what it covers and what not yet): the same seed gives the
/// same text.
public struct RandomForm: Sendable {
    /// The seed it was drawn with.
    public let seed: UInt64
    /// The rule file (YAML).
    public let yaml: String
    /// The files it reads, by path relative to it (word lists, seed lists, an included
    /// library): write them beside the rule file, and load it by its path.
    public let files: [String: String]

    /// Draws the form of `seed`. With `readsFiles`, a quarter of the forms read word lists,
    /// seed lists or an included library (``files``), so they load only by path; without it
    /// every form loads from its text alone.
    public init(seed: UInt64, readsFiles: Bool = false) {
        self.seed = seed
        var writer = RandomFormWriter(random: ReferenceRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7),
                                      shapes: ReferenceRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 13))
        writer.readsFiles = readsFiles
        yaml = writer.form(id: "random-\(seed)")
        files = writer.files
    }

    /// The rule file and the files it reads, for a failure message.
    public var text: String {
        files.sorted { $0.key < $1.key }.map { "--- \($0.key)\n\($0.value)" }.joined() + yaml
    }
}

/// What a predicate or bound may read: a field declared earlier, in the questionnaire or in
/// an enclosing list item.
struct FieldRef {
    enum Kind {
        case boolean, integer, decimal, text, date, list
        case words([String])
        case numbers([Int])
        case choices([String])
        /// An attachment; `multiple` when it holds several files.
        case attachment(multiple: Bool)
    }
    var path: String
    var kind: Kind
}

struct RandomFormWriter {
    var random: ReferenceRandom
    /// A second stream for the shapes added after the grammar's first draws (plain `CONTAINS`
    /// on a text field, an exclusive decimal bound between two grid points): drawn from it,
    /// they leave every draw of `random`, and so every older shape of a seed's form, as it was.
    var shapes: ReferenceRandom
    var lines: [String] = []
    /// References each scope offers, the questionnaire's first.
    var scopes: [[FieldRef]] = [[]]
    var listDepth = 0
    var counter = 0
    var definitions: [String] = []
    /// Files the form reads, by relative path.
    var files: [String: String] = [:]
    var readsFiles = false
    /// The name of the word list declared under `seeds:`, if any.
    var seedName: String?

    /// Enum values and choices; `café` has a letter people may type decomposed (`normalize`).
    static let words = ["red", "café", "blue", "amber"]
    static let textFormats = ["email", "url", "uri", "uuid", "phone", "hostname", "ipv4", "ipv6", "date-time"]

    mutating func name(_ stem: String) -> String {
        counter += 1
        return "\(stem)\(counter)"
    }

    mutating func form(id: String) -> String {
        lines = ["formsmith: 1", "id: \(id)"]
        // The keys that describe the form and change no verdict (from the second stream, so
        // the first draws of every form stay as they were).
        if shapes.chance(10) { lines.insert("$schema: ../schemas/formsmith-rules.schema.json", at: 0) }
        if shapes.chance(20) {
            lines += ["title: A random form", "description: Written by the differential test's grammar", "version: '1.0'"]
        }
        if random.chance(15) { lines.append("normalize: nfc") }
        let usesFiles = random.chance(25) && readsFiles
        if usesFiles {
            files["words.txt"] = "# colours\nred\ncafé\n\nblue\namber\n"
            files["names.txt"] = "anna\nboris\n# a comment\nverylongname\n"
            if random.chance(50) {
                seedName = "colours"
                lines.append("seeds: {colours: words.txt}")
            }
        }
        let usesDefinitions = random.chance(30)
        if usesDefinitions {
            definitions = ["code", "amount"]
            let body = ["  code: {type: string, regex: '^[a-z0-9]{2,8}$'}", "  amount: {type: integer, min: 0, max: 500}"]
            if usesFiles, random.chance(60) {
                files["lib/common.yaml"] = (["formsmith: 1", "definitions:"] + body).joined(separator: "\n") + "\n"
                lines.append((shapes.chance(40) ? "import: " : "include: ") + "lib/common.yaml")
            } else {
                lines += ["definitions:"] + body
            }
        }
        lines.append("fields:")
        for _ in 0..<random.between(1, 4) { scalarField(indent: "  ", prefix: "") }
        let sectionCount = random.between(0, 3)
        if sectionCount > 0 { lines.append("sections:") }
        for _ in 0..<sectionCount {
            if random.chance(50) {
                listField(indent: "  ", prefix: "")
            } else {
                section(indent: "  ", prefix: "", topLevel: true)
            }
        }
        if random.chance(30), let first = firstRootPath(), let predicate = predicate(negatable: false) {
            lines += ["assert:", "  - that: \(quoted("empty(\(first)) || \(predicate)"))",
                      "    message: the assertion of the random form", "    rule: random-assert"]
            // Reported on the field it names rather than the questionnaire.
            if shapes.chance(40) { lines.append("    field: \(quoted(first))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func firstRootPath() -> String? {
        scopes[0].first { if case .list = $0.kind { return false } else { return true } }?.path
    }

    // MARK: - Containers

    mutating func section(indent: String, prefix: String, topLevel: Bool) {
        let key = name("sec")
        let path = prefix + key
        lines.append(indent + key + ":")
        if !topLevel { lines.append(indent + "  type: section") }
        var keys: [String] = []
        let switchName = random.chance(30) ? "sw" : nil
        if let switchName {
            keys.append("visibleIf: \(quoted(random.chance(50) ? "\(path).\(switchName)" : "!\(path).\(switchName)"))")
        } else if random.chance(25), let condition = predicate(negatable: true) {
            keys.append("visibleIf: \(quoted(condition))")
        }
        if random.chance(35) { keys.append("optional: true") }
        if random.chance(20), let condition = predicate(negatable: true) { keys.append("requiredIf: \(quoted(condition))") }
        if random.chance(30) { keys.append("complete: true") }
        lines += keys.map { indent + "  " + $0 }
        lines.append(indent + "  fields:")
        if let switchName {
            lines.append(indent + "    \(switchName): {type: boolean}")
            scopes[scopes.count - 1].append(FieldRef(path: "\(path).\(switchName)", kind: .boolean))
        }
        for _ in 0..<random.between(1, 3) { scalarField(indent: indent + "    ", prefix: path + ".") }
        if listDepth > 0 || random.chance(30) {
            if random.chance(30) { section(indent: indent + "    ", prefix: path + ".", topLevel: false) }
        }
        if listDepth < 3, random.chance(15) { listField(indent: indent + "    ", prefix: path + ".") }
    }

    mutating func listField(indent: String, prefix: String) {
        let key = name("lst")
        let path = prefix + key + "[]"
        lines.append(indent + key + ":")
        lines.append(indent + "  type: list")
        let minimum = random.chance(40) ? random.between(0, 2) : nil
        if let minimum { lines.append(indent + "  minItems: \(minimum)") }
        if random.chance(60) { lines.append(indent + "  maxItems: \((minimum ?? 0) + random.between(1, 3))") }
        if random.chance(15) { lines.append(indent + "  optional: true") }
        if random.chance(15), let condition = predicate(negatable: true) { lines.append(indent + "  visibleIf: \(quoted(condition))") }
        lines.append(indent + "  fields:")
        listDepth += 1
        scopes.append([])
        for _ in 0..<random.between(1, 4) { scalarField(indent: indent + "    ", prefix: path + ".") }
        if random.chance(20) { section(indent: indent + "    ", prefix: path + ".", topLevel: false) }
        if listDepth < 3, random.chance(55) { listField(indent: indent + "    ", prefix: path + ".") }
        if random.chance(25), let predicate = predicate(negatable: false, onlyInnermost: true) {
            lines += [indent + "  assert:", indent + "    - that: \(quoted(predicate))",
                      indent + "      message: the item assertion"]
        }
        scopes.removeLast()
        listDepth -= 1
        scopes[scopes.count - 1].append(FieldRef(path: prefix + key, kind: .list))
    }

    // MARK: - Scalars

    mutating func scalarField(indent: String, prefix: String) {
        var keys: [String] = []
        let kind: FieldRef.Kind
        let stem: String
        switch random.below(12) {
        case 0, 1:
            stem = "s"
            kind = .text
            if !definitions.isEmpty, random.chance(30) {
                keys.append("use: code")
                if random.chance(50) { keys.append("maxLength: \(random.between(3, 8))") }
            } else {
                keys.append("type: \(random.pick(["string", "text"]))")
                switch random.below(6) {
                case 0:
                    keys.append("regex: '^[a-z]{1,6}$'")
                    if random.chance(30) { keys.append("regexFlags: i") }
                case 5:
                    keys += checksum(indent: indent, prefix: prefix)
                    if random.chance(40) { keys.append("allow: ['0', 'n/a']") }
                case 1: keys.append("mask: \(quoted(random.pick(["00-00", "SS0", "A9"])))")
                case 2: keys.append("checksum: luhn"); keys.append("regex: '^[0-9]{4,8}$'")
                case 3: keys.append("minLength: \(random.between(1, 3))"); keys.append("maxLength: \(random.between(3, 7))")
                default:
                    if random.chance(40) {
                        keys.append("format: \(random.pick(Self.textFormats))")
                    } else if random.chance(30) {
                        keys.append("const: yes")
                    }
                }
                if random.chance(15) { keys.append("normalize: \(random.pick(["nfc", "none"]))") }
                // Cases only on a field whose own checks leave room for theirs.
                if keys.count == 1, random.chance(40), let condition = predicate(negatable: true) {
                    keys.append("cases: [{when: \(quoted(condition)), maxLength: 2}]")
                }
            }
        case 2, 3:
            stem = "n"
            kind = .integer
            if !definitions.isEmpty, random.chance(30) {
                keys.append("use: amount")
            } else {
                keys.append("type: integer")
                let low = random.between(-5, 10)
                if random.chance(70) { keys.append((random.chance(70) ? "min: " : "exclusiveMin: ") + "\(low)") }
                if random.chance(70) {
                    keys.append((random.chance(75) ? "max: " : "exclusiveMax: ") + "\(low + random.between(2, 50))")
                }
                if random.chance(10) { keys.append("const: \(low + 1)") }
                // At or below the lowest bound drawn, so the interval always holds a value; from
                // the second stream, so the first draws of every form stay as they were.
                if shapes.chance(15) { keys.append("greaterThan: \(low - shapes.between(0, 3))") }
            }
        case 4:
            stem = "d"
            kind = .decimal
            keys.append("type: decimal")
            if random.chance(60) { keys.append("fractionDigits: \(random.between(0, 2))") }
            // An exclusive bound between two points of the grid fractionDigits makes
            // (exclusiveMin: 0.55 with fractionDigits: 1 allows 0.6, not 0.5 nor 0.55).
            if random.chance(50) { keys.append(shapes.chance(35) ? "exclusiveMin: 0.55" : "min: 0.5") }
            if random.chance(50) { keys.append(shapes.chance(35) ? "exclusiveMax: 99.45" : "max: 99.5") }
            if random.chance(15) { keys.append("multipleOf: " + ["0.05", "0.25", "2.5"][random.between(0, 2)]) }
            if shapes.chance(15) { keys.append("greaterThan: " + shapes.pick(["0.55", "0.5", "-1"])) }
        case 5:
            stem = "b"
            kind = .boolean
            keys.append("type: boolean")
            if random.chance(10) { keys.append("const: true") }
            if random.chance(20) { keys.append("default: \(random.chance(50))") }
        case 6:
            stem = "t"
            kind = .date
            keys.append("type: date")
            if random.chance(30) { keys.append("format: \(random.pick(["dd.MM.yyyy", "MM/dd/yyyy", "yyyy/MM/dd", "dd-MM-yyyy"]))") }
            let hasMin = random.chance(60)
            if hasMin, let bound = dateBound() { keys.append("min: \(quoted(bound))") }
            if random.chance(40) { keys.append("max: \(quoted(random.pick(["today", "today+30d", "2030-12-31"])))") }
            // Without a lower bound the range is open below, so it always holds an allowed day.
            if !hasMin, random.chance(30) {
                keys.append("weekdays: \(random.pick(["[mon, tue, wed, thu, fri]", "[sat, sun]", "[wed]"]))")
            }
        case 7, 8:
            stem = "e"
            if random.chance(60) {
                var values = Array(Self.words.prefix(random.between(2, 4)))
                keys.append("type: enum")
                if !files.isEmpty, random.chance(40) {
                    values = Self.words
                    keys.append("valuesFrom: \(seedName.map { random.pick([$0, "words.txt"]) } ?? "words.txt")")
                } else {
                    keys.append("values: [\(values.joined(separator: ", "))]")
                }
                kind = .words(values)
                if random.chance(20) { keys.append("default: \(values[0])") }
                if random.chance(15) { keys.append("normalize: \(random.pick(["nfc", "none"]))") }
            } else {
                let values = [1, 2, 3, 5].prefix(random.between(2, 4)).map { $0 }
                kind = .numbers(values)
                keys.append("type: enum")
                keys.append("values: [\(values.map(String.init).joined(separator: ", "))]")
            }
        case 9:
            stem = "m"
            var values = Array(Self.words.prefix(random.between(2, 4)))
            keys.append("type: multi-choice")
            if !files.isEmpty, random.chance(30) {
                values = Self.words
                keys.append("valuesFrom: \(seedName ?? "words.txt")")
            } else {
                keys.append("values: [\(values.joined(separator: ", "))]")
            }
            if random.chance(15) { keys.append("normalize: \(random.pick(["nfc", "none"]))") }
            kind = .choices(values)
            if random.chance(40) { keys.append("minItems: 1") }
            if random.chance(40) { keys.append("maxItems: 2") }
        case 10:
            stem = "f"
            let multiple = random.chance(45)
            kind = .attachment(multiple: multiple)
            keys += attachment(multiple: multiple)
        default:
            stem = "x"
            kind = .text
            keys.append("type: string")
            keys.append("maxLength: \(random.between(2, 10))")
            if !files.isEmpty, random.chance(50) { keys.append("seed: names.txt") }
        }
        let key = name(stem)
        if random.chance(30) { keys.append("optional: true") }
        if random.chance(20), let condition = predicate(negatable: true) { keys.append("visibleIf: \(quoted(condition))") }
        if random.chance(15), let condition = predicate(negatable: true) { keys.append("requiredIf: \(quoted(condition))") }
        if random.chance(12), let parent = anyReference(scalarOnly: true) { keys.append("parent: \(quoted(parent.path))") }
        // A reworded message changes no verdict (the differential test compares fields and rules).
        if shapes.chance(10) { keys.append("messages: {required: 'must be filled in', type: 'has the wrong type'}") }
        lines.append(indent + key + ": {" + keys.joined(separator: ", ") + "}")
        scopes[scopes.count - 1].append(FieldRef(path: prefix + key, kind: kind))
    }

    /// The keys of an attachment field (docs/rules.md, "Attachments"): allowed media types
    /// (exact, `image/*`, `*/*`, in any case; a type Formsmith does not know with an unknown
    /// extension), extensions (with or without the media types), sizes in every unit, file
    /// counts, and a case that narrows them.
    mutating func attachment(multiple: Bool) -> [String] {
        var keys = ["type: attachment"]
        if multiple {
            keys.append("multiple: true")
            let minimum = random.chance(50) ? random.between(1, 2) : nil
            if let minimum { keys.append("minItems: \(minimum)") }
            if random.chance(50) { keys.append("maxItems: \((minimum ?? 1) + random.between(0, 2))") }
        }
        switch random.below(9) {
        case 0: keys.append("mediaTypes: [application/pdf, image/jpeg, image/png]")
        case 1: keys.append("mediaTypes: ['image/*']")
        case 2: keys += ["mediaTypes: [application/pdf]", "extensions: [pdf]"]
        case 3: keys.append("extensions: [pdf, jpg, JPEG]")
        case 4: keys += ["mediaTypes: ['image/*', Application/PDF]", "extensions: [pdf, .jpg, png, heic]"]
        case 5: keys.append("mediaTypes: [text/csv, 'text/*']")
        case 6: keys += ["mediaTypes: [application/octet-stream]", "extensions: [raw, bin]"]
        case 7: keys.append("mediaTypes: ['*/*']")
        default: break
        }
        if random.chance(50) { keys.append("minSize: \(random.pick(["1KB", "100", "2 KiB", "0.5KB", "1b"]))") }
        if random.chance(50) { keys.append("maxSize: \(random.pick(["10MB", "5MiB", "1.5 MB", "300kb", "1GB"]))") }
        if random.chance(15), let condition = predicate(negatable: true) {
            keys.append("cases: [{when: \(quoted(condition)), maxSize: 2MB}]")
        }
        return keys
    }

    /// A checksum, with the mask or regex that carries it, or alone (the generator must then
    /// write the digits itself); `bank-account` with a BIC field declared just before it.
    mutating func checksum(indent: String, prefix: String) -> [String] {
        switch random.below(10) {
        case 0: return ["checksum: inn", "mask: '0000000000'"]
        case 1: return ["checksum: snils", "mask: '00000000000'"]
        case 2: return ["checksum: inn", "regex: '^([0-9]{10}|[0-9]{12})$'"]
        case 3: return ["checksum: ogrn", "regex: '^([0-9]{13}|[0-9]{15})$'"]
        case 4: return ["checksum: vin", "regex: '^[A-HJ-NPR-Z0-9]{17}$'"]
        case 5: return ["checksum: iban", random.pick(["regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'", "maxLength: 34"])]
        case 6, 7:
            let bic = name("bic")
            lines.append(indent + bic + ": {type: string, mask: '000000000'" + (random.chance(30) ? ", optional: true}" : "}"))
            scopes[scopes.count - 1].append(FieldRef(path: prefix + bic, kind: .text))
            return ["checksum: {name: bank-account, with: \(quoted(prefix + bic))}", "mask: '00000000000000000000'"]
        default:
            return ["checksum: \(random.pick(["inn", "snils", "ogrn", "luhn", "vin", "iban"]))"]
        }
    }

    /// A date bound: absolute, relative to today, or to an earlier date field (of the
    /// questionnaire, or of this or an enclosing list item).
    mutating func dateBound() -> String? {
        let dates = scopes.flatMap { $0 }.filter { if case .date = $0.kind { return true } else { return false } }
        if !dates.isEmpty, random.chance(50) {
            return "\(random.pick(dates).path) + \(random.pick(["1y", "14y", "6m", "10d"]))"
        }
        return random.pick(["2000-01-01", "today-30y", "today-18y", "today-10d"])
    }

    // MARK: - Predicates

    mutating func anyReference(scalarOnly: Bool, onlyInnermost: Bool = false) -> FieldRef? {
        let pool = (onlyInnermost ? [scopes.last ?? []] : scopes).flatMap { $0 }
            .filter { if scalarOnly, case .list = $0.kind { return false } else { return true } }
        return pool.isEmpty ? nil : random.pick(pool)
    }

    /// A boolean predicate over earlier fields, in the rules' own dialect or NSPredicate's
    /// (the latter only over fields outside lists: `$path`).
    mutating func predicate(negatable: Bool, onlyInnermost: Bool = false) -> String? {
        guard let first = atom(onlyInnermost: onlyInnermost) else { return nil }
        guard random.chance(30), let second = atom(onlyInnermost: onlyInnermost) else { return first.text }
        if first.nsPredicate && second.nsPredicate {
            return "(\(first.text)) \(random.pick(["AND", "OR", "and"])) (\(second.text))"
        }
        return "(\(first.text)) \(random.pick(["&&", "||"])) (\(second.text))"
    }

    mutating func atom(onlyInnermost: Bool) -> (text: String, nsPredicate: Bool)? {
        guard let reference = anyReference(scalarOnly: false, onlyInnermost: onlyInnermost) else { return nil }
        let path = reference.path
        let ns = random.chance(40)
        let field = ns ? "$" + path : path
        switch reference.kind {
        case .boolean:
            if ns { return (random.pick(["\(field) == YES", "NOT \(field) == TRUE", "\(field) = NO"]), true) }
            let drawn = random.pick([path, "!\(path)", "\(path) == false"])
            if shapes.chance(25) { return ("\(path) == true", false) }
            return (drawn, false)
        case .integer, .decimal:
            let number = random.between(0, 20)
            if ns {
                return (random.pick(["\(field) > \(number)", "\(field) BETWEEN {0, \(number)}", "\(field) =< \(number)",
                                     "\(field) + 2 > \(number)"]), true)
            }
            if shapes.chance(15) {
                // `*`, `/` and `mod` (issue 32), a field divided by itself being null at 0.
                return (shapes.pick(["\(path) * 3 < \(number)", "\(path) * \(path) >= \(number)", "\(path) / 4 > 1",
                                     "\(path) / \(path) == 1", "\(path) mod 3 == 1", "-\(path) mod 4 != 0"]), false)
            }
            return (random.pick(["\(path) >= \(number)", "\(path) != \(number)", "empty(\(path))",
                                 "\(path) - \(number) >= -3", "\(path) + \(path) < \(number)", "-\(path) + 0.5 < 1"]), false)
        case .text:
            if ns {
                let drawn = random.pick(["\(field) BEGINSWITH 'a'", "\(field) CONTAINS[c] 'B'", "\(field) != NULL",
                                         "\(field) MATCHES '[a-z]+'", "\(field) LIKE[c] 'a*'", "\(field) ENDSWITH '3'"])
                // Plain CONTAINS on text compares bytes, unlike CONTAINS[c] (a regex).
                if shapes.chance(20) { return ("\(field) CONTAINS '\(shapes.pick(["a", "b", "é", "0"]))'", true) }
                if shapes.chance(10) { return ("\(field) LIKE 'a?*'", true) }
                return (drawn, true)
            }
            let drawn = random.pick(["present(\(path))", "empty(\(path))", "\(path) == 'ab'"])
            if shapes.chance(15) { return ("\(path) != null", false) }
            return (drawn, false)
        case .date:
            let drawn = random.pick(["\(path) < 2000-01-01", "present(\(path))", "\(path) >= today - 18y",
                                     "\(path) + 1y <= today", "today - \(path) > 30", "year(\(path)) + 1 >= 2000"])
            if shapes.chance(30) {
                return (shapes.pick(["month(\(path)) <= 6", "day(\(path)) >= 15", "\(path) < date('2010-06-15')"]), false)
            }
            return (drawn, false)
        case .words(let values):
            let value = random.pick(values)
            if ns { return (random.pick(["\(field) == '\(value)'", "\(field) IN {'\(value)', '\(values[0])'}"]), true) }
            let drawn = random.pick(["\(path) == '\(value)'", "\(path) in ['\(value)']", "\(path) != '\(value)'"])
            if shapes.chance(20) { return ("\(path) not in ['\(value)']", false) }
            return (drawn, false)
        case .numbers(let values):
            let value = random.pick(values)
            if ns { return (random.pick(["\(field) == \(value)", "\(field) NOT IN {\(value)}"]), true) }
            return (random.pick(["\(path) == \(value)", "\(path) in [\(value), \(values[0])]"]), false)
        case .choices(let values):
            let value = random.pick(values)
            if ns { return ("\(field) CONTAINS '\(value)'", true) }
            return (random.pick(["'\(value)' in \(path)", "count(\(path)) >= 2"]), false)
        case .attachment(let multiple):
            return (random.pick(["present(\(path))", "empty(\(path))", multiple ? "count(\(path)) >= 2" : "!empty(\(path))"]), false)
        case .list:
            return (random.pick(["count(\(path)) >= 1", "count(\(path)) < 2", "empty(\(path))", "count(\(path)) + 1 > 2"]), false)
        }
    }

    func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
