import FormsmithCore

/// Changes a questionnaire the way real submissions go wrong: a value removed, a member
/// written twice, a value of another type, a value moved to another list item, an item added
/// or removed, a field filled that the form may hide; or a questionnaire of random JSON made
/// of the form's own names.
public struct QuestionnaireMutator {
    /// The mutations, by name (the differential test counts each).
    public enum Kind: String, CaseIterable, Sendable {
        case remove, duplicate, retype, move, addItem, removeItem, fillField, randomJSON, unreadable
    }

    /// The text of a questionnaire broken so that it is no questionnaire: cut short, with a
    /// stray byte after it, or a JSON value that is not an object.
    public mutating func unreadable(_ text: String) -> String {
        switch values.random.below(5) {
        case 0: return String(text.dropLast())
        case 1: return text + "x"
        case 2: return "[" + text + "]"
        case 3: return values.random.pick(["null", "7", "\"text\"", "true"])
        default: return String(text.prefix(text.count / 2))
        }
    }

    var values: RandomValues
    let ruleSet: RuleSet

    public init(seed: UInt64, ruleSet: RuleSet) {
        values = RandomValues(random: ReferenceRandom(seed: seed))
        self.ruleSet = ruleSet
    }

    /// One mutation of `questionnaire` (any kind but `randomJSON`), or random JSON.
    public mutating func mutate(_ questionnaire: PlainJSON, kind: Kind) -> PlainJSON {
        switch kind {
        case .randomJSON, .unreadable: return values.randomObject(ruleSet.fields, depth: 0)
        case .remove: return editObject(questionnaire) { members, _, values in
            if !members.isEmpty { members.remove(at: values.random.below(members.count)) }
        }
        case .duplicate: return editObject(questionnaire) { members, _, values in
            let scalars = members.indices.filter { if case .object = members[$0].value { return false } else { return true } }
            guard !scalars.isEmpty else { return }
            let member = members[values.random.pick(scalars)]
            let value = values.random.chance(50) ? member.value : values.randomValue()
            members.insert((member.key, value), at: values.random.below(members.count + 1))
        }
        case .retype: return editObject(questionnaire) { members, _, values in
            guard !members.isEmpty else { return }
            let index = values.random.below(members.count)
            members[index].value = values.randomValue()
        }
        case .fillField: return editObject(questionnaire) { members, fields, values in
            guard !fields.isEmpty else { return }
            let field = values.random.pick(fields)
            let value = field.type == .section ? values.randomObject(field.children, depth: 2) : values.plausibleValue(field)
            if let index = members.firstIndex(where: { $0.key == field.name }) {
                members[index].value = value
            } else {
                members.append((field.name, value))
            }
        }
        case .move, .addItem, .removeItem: return editList(questionnaire, kind: kind)
        }
    }

    // MARK: - Objects

    /// Applies `edit` to the members of one object of the questionnaire (drawn among all of
    /// them, sections and items included), with the fields the rules declare there.
    private mutating func editObject(
        _ root: PlainJSON, _ edit: (inout [(key: String, value: PlainJSON)], [FieldRule], inout RandomValues) -> Void
    ) -> PlainJSON {
        var count = 0
        Self.visitObjects(root, fields: ruleSet.fields) { _, _ in count += 1 }
        var values = self.values
        defer { self.values = values }
        let target = values.random.below(max(count, 1))
        var seen = 0
        return Self.rebuild(root, fields: ruleSet.fields) { members, fields in
            defer { seen += 1 }
            if seen == target { edit(&members, fields, &values) }
        }
    }

    private static func visitObjects(_ value: PlainJSON, fields: [FieldRule],
                                     _ body: ([(key: String, value: PlainJSON)], [FieldRule]) -> Void) {
        guard case .object(let members) = value else { return }
        body(members, fields)
        for (key, member) in members {
            let children = fields.first { $0.name == key }?.children ?? []
            switch member {
            case .object: visitObjects(member, fields: children, body)
            case .array(let items): for item in items { visitObjects(item, fields: children, body) }
            default: break
            }
        }
    }

    /// The same tree with `edit` applied to each object's members, in the order `visitObjects` visits them.
    private static func rebuild(_ value: PlainJSON, fields: [FieldRule],
                                _ edit: (inout [(key: String, value: PlainJSON)], [FieldRule]) -> Void) -> PlainJSON {
        guard case .object(var members) = value else { return value }
        edit(&members, fields)
        for index in members.indices {
            let children = fields.first { $0.name == members[index].key }?.children ?? []
            switch members[index].value {
            case .object: members[index].value = rebuild(members[index].value, fields: children, edit)
            case .array(let items):
                members[index].value = .array(items.map { rebuild($0, fields: children, edit) })
            default: break
            }
        }
        return .object(members)
    }

    // MARK: - Lists

    private mutating func editList(_ root: PlainJSON, kind: Kind) -> PlainJSON {
        editObject(root) { members, fields, values in
            let lists = members.indices.filter { index in
                guard case .array(let items) = members[index].value else { return false }
                return fields.first { $0.name == members[index].key }?.type == .list && !items.isEmpty
            }
            guard !lists.isEmpty, case .array(var items) = members[lists[values.random.below(lists.count)]].value else { return }
            let index = lists[values.random.below(lists.count)]
            guard case .array(let chosen) = members[index].value else { return }
            items = chosen
            switch kind {
            case .addItem:
                let copy = items[values.random.below(items.count)]
                items.insert(values.random.chance(70) ? copy : .object([]), at: values.random.below(items.count + 1))
            case .removeItem:
                items.remove(at: values.random.below(items.count))
            default:
                guard items.count >= 2 else { return }
                let from = values.random.below(items.count)
                var to = values.random.below(items.count - 1)
                if to >= from { to += 1 }
                guard case .object(var source) = items[from], !source.isEmpty,
                      case .object(var target) = items[to] else { return }
                let moved = source.remove(at: values.random.below(source.count))
                target.removeAll { $0.key == moved.key }
                target.append(moved)
                items[from] = .object(source)
                items[to] = .object(target)
            }
            members[index].value = .array(items)
        }
    }

}

/// Random values and objects for mutations.
struct RandomValues {
    var random: ReferenceRandom

    mutating func randomValue() -> PlainJSON {
        switch random.below(10) {
        case 0: return .null
        case 1: return .boolean(random.chance(50))
        case 2: return .number(String(random.between(-3, 40)))
        case 3: return .number(random.pick(["1.5", "0.25", "12.0", "-0.125", "1e2"]))
        case 4: return .string(random.pick(["", "ab", "red", "12-34", "4111111111111111", "x9"]))
        case 5: return .string(random.pick(["2001-02-03", "03.02.2001", "2023-02-29", "1970-01-01"]))
        case 6: return .array([])
        case 7: return .array([.string(random.pick(RandomFormWriter.words))])
        case 8: return .object([])
        default: return .string(random.pick(RandomFormWriter.words))
        }
    }

    /// A value of the field's type, often one its checks accept.
    mutating func plausibleValue(_ field: FieldRule) -> PlainJSON {
        switch field.type {
        case .string, .text:
            return .string(random.pick(["ab", "abc", "12-34", "Ab1", "79927398713", "yes", "n/a", "0", "ABC", "7707083893",
                                        "112-233-445 95"]))
        case .integer: return .number(String(random.between(-2, 30)))
        case .decimal: return .number(random.pick(["1", "2.5", "10.25", "99.5"]))
        case .boolean: return .boolean(random.chance(50))
        case .date: return .string(random.pick(["1990-05-01", "2010-01-01", "01.05.1990", "2026-11-22"]))
        case .enumeration:
            if let value = field.constraints.values?.first?.value {
                if case .integer(let number) = value { return .number(String(number)) }
                return .string(value.description)
            }
            return .string("red")
        case .multiChoice: return .array([.string(random.pick(RandomFormWriter.words))])
        case .list: return .array((0..<random.between(0, 2)).map { _ in randomObject(field.children, depth: 2) })
        case .section: return randomObject(field.children, depth: 2)
        case .attachment:
            guard random.chance(75) else { return randomValue() }
            let files = (0..<(field.isMultiple ? random.between(0, 3) : 1)).map { _ in plausibleFile() }
            return field.isMultiple ? .array(files) : files[0]
        }
    }

    /// A file reference, often a valid one: a name, a media type (sometimes not agreeing with the
    /// name, sometimes in capitals), a size, now and then a url, a digest or a member too many.
    mutating func plausibleFile() -> PlainJSON {
        let (name, type) = random.pick([("scan.pdf", "application/pdf"), ("IMG_1.JPG", "image/jpeg"), ("photo.png", "image/png"),
                                        ("data.raw", "application/octet-stream"), ("notes.txt", "Text/Plain"),
                                        ("scan.jpg", "application/pdf"), ("noext", "image/heic"), (".profile", "text/csv")])
        var members: [(key: String, value: PlainJSON)] = [("name", .string(name)), ("mediaType", .string(type)),
                                                          ("size", .number(random.pick(["0", "999", "1024", "482133", "10000001", "-0"])))]
        if random.chance(20) { members.append(("url", .string(random.pick(["https://files.example.org/a.pdf", "not a url"])))) }
        if random.chance(20) { members.append(("sha256", .string(String(repeating: random.pick(["a", "F", "g"]), count: 64)))) }
        if random.chance(10) { members.append(("thumbnail", .string("x"))) }
        return .object(members)
    }

    /// An object of some of the declared fields (and now and then an undeclared one).
    mutating func randomObject(_ fields: [FieldRule], depth: Int) -> PlainJSON {
        var members: [(key: String, value: PlainJSON)] = []
        for field in fields where random.chance(60) {
            let value: PlainJSON
            if field.type.isContainer, depth > 3 {
                value = .null
            } else if field.type == .section {
                value = random.chance(85) ? randomObject(field.children, depth: depth + 1) : randomValue()
            } else if field.type == .list {
                value = random.chance(85)
                    ? .array((0..<random.between(0, 3)).map { _ in randomObject(field.children, depth: depth + 1) })
                    : randomValue()
            } else {
                value = random.chance(75) ? plausibleValue(field) : randomValue()
            }
            members.append((field.name, value))
        }
        if random.chance(10) { members.append(("extra", randomValue())) }
        return .object(members)
    }
}
