import Foundation

/// The second pass: each survey row as a field, section or list with its translated checks.
extension XLSFormImporter {
    /// The truth values XLSForm writes in `required`.
    static let yes: Set<String> = ["yes", "true", "true()", "1"]
    static let no: Set<String> = ["no", "false", "false()", "0"]

    mutating func buildNodes(into root: XLSFormNode) {
        var stack: [XLSFormNode] = [root]
        // The node holding each open container's assertions: the innermost repeat, else the root.
        var assertionHolders: [XLSFormNode] = [root]
        for row in survey.rows {
            guard let type = row["type"] else { continue }
            let words = Self.words(type)
            if let (edge, _) = Self.structure(words), edge == "end" {
                if stack.count > 1 {
                    let closed = stack.removeLast()
                    if closed.isList { assertionHolders.removeLast() }
                }
                continue
            }
            guard let name = row["name"], let field = fields[name], field.row == row.number else { continue }
            let parent = stack[stack.count - 1]
            if let (_, kind) = Self.structure(words) {
                let node = XLSFormNode(name: name, comment: "survey row \(row.number): \(type) \(name)",
                                       isContainer: true, isList: kind == "repeat")
                container(node, field: field, row: row, holder: assertionHolders.last!)
                parent.children.append(node)
                stack.append(node)
                if node.isList { assertionHolders.append(node) }
                continue
            }
            question(field, row: row, words: words, parent: parent, holder: assertionHolders.last!)
        }
    }

    private func translator(for field: XLSFormField?, lists: [String]) -> XLSFormExpressionTranslator {
        var translator = XLSFormExpressionTranslator(fields: fieldsByName, current: field, enclosingLists: lists)
        translator.choiceLabels = choiceLabels
        return translator
    }

    private mutating func container(_ node: XLSFormNode, field: XLSFormField, row: XLSFormSheet.Row, holder: XLSFormNode) {
        var notes: [String] = []
        if let label = label(of: row) { node.keys.append(("title", .text(label))) }
        if node.isList { node.keys.append(("optional", .plain("true"))) }
        if let relevant = row["relevant"] {
            do {
                let predicate = try translator(for: nil, lists: field.lists).predicate(relevant)
                node.keys.append(("visibleIf", .text(predicate)))
            } catch {
                leave(row, "relevant", field, "relevant `\(relevant)`: \(error.reason); the group's questions are "
                      + "checked as if it were shown, and its required ones only once it is started", into: &notes)
                if !node.isList { node.keys.append(("optional", .plain("true"))) }
            }
        }
        if node.isList, let count = row["repeat_count"] {
            if let number = Int(count), number >= 0 {
                node.keys.append(("minItems", .plain(String(number))))
                node.keys.append(("maxItems", .plain(String(number))))
            } else if count.hasPrefix("${"), count.hasSuffix("}"), field.isExpressible,
                      let source = fieldsByName[String(count.dropFirst(2).dropLast())],
                      let term = try? translator(for: nil, lists: field.lists).translate(.reference(source.name)),
                      term.kind == .number {
                holder.assertions.append([
                    ("that", .text("empty(\(term.text)) || count(\(field.listPath)) == \(term.text)")),
                    ("message", .text("must have as many items as ${\(source.name)} says (repeat_count)")),
                    ("field", .text(field.listPath)), ("rule", .text("repeat-count")),
                ])
            } else {
                leave(row, "repeat_count", field, "repeat_count `\(count)`: only a number or ${question} of a number "
                      + "is translated; the number of items is not checked", into: &notes)
            }
        }
        if row["required"] != nil { leave(row, "required", field, "required on a group or repeat has no meaning", into: &notes) }
        if row["constraint"] != nil {
            leave(row, "constraint", field, "a constraint on a group or repeat is not translated", into: &notes)
        }
        if !notes.isEmpty { node.keys.append(("description", .text("not checkable: " + notes.joined(separator: "; ")))) }
    }

    private mutating func question(_ field: XLSFormField, row: XLSFormSheet.Row, words: [String], parent: XLSFormNode,
                                   holder: XLSFormNode) {
        let base = words[0].lowercased()
        let node = XLSFormNode(name: field.name, comment: "survey row \(row.number): \(row["type"]!) \(field.name)",
                               isContainer: false, isList: false)
        var notes: [String] = []
        var keys: [(String, YAMLValue)] = []
        var messages: [(String, YAMLValue)] = []
        let translate = translator(for: field, lists: field.lists)

        switch base {
        case "select_one", "select_multiple":
            guard words.count >= 2, let list = choiceLists[words[1]] else {
                problems.append("\(path): \(survey.place(row: row.number, column: "type")): '\(row["type"]!)' names "
                                + "no list of the choices sheet; add the list or correct its name")
                return
            }
            var names = list.compactMap { $0["name"] }
            guard !names.isEmpty else {
                problems.append("\(path): \(survey.place(row: row.number, column: "type")): the list '\(words[1])' has "
                                + "no choice with a name; give its choices names")
                return
            }
            if words.count >= 3, words[2].lowercased() == "or_other", !names.contains("other") { names.append("other") }
            keys.append(("type", .plain(base == "select_one" ? "enum" : "multi-choice")))
            keys.append(("values", .list(names.map { .text($0) })))
        case "select_one_from_file", "select_multiple_from_file":
            let file = words.count >= 2 ? words[1] : ""
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            // Only a plain file name beside the form (as ODK attaches form media): a path could
            // read files outside the form's folder into the rule file.
            let plain = !file.contains("/") && !file.contains("\\") && !file.hasPrefix(".")
            if plain, file.lowercased().hasSuffix(".csv"),
               let names = Self.choiceNames(csv: folder.appendingPathComponent(file).path) {
                keys.append(("type", .plain(base == "select_one_from_file" ? "enum" : "multi-choice")))
                keys.append(("values", .list(names.map { .text($0) })))
            } else {
                keys.append(("type", .plain("string")))
                keys.append(("optional", .plain("true")))
                let shape = base == "select_one_from_file" ? "" : " (read as one text of space-separated names)"
                leave(row, "type", field, "the choices come from '\(file)', which is not beside the form (or not "
                      + "a plain .csv file name with a name column); the answer\(shape) is not checked against them",
                      into: &notes)
            }
        case "range":
            var parameters: [String: String] = [:]
            for part in (row["parameters"] ?? "").split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }) {
                let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace }
                if pair.count == 2 { parameters[pair[0].lowercased()] = pair[1] }
            }
            let start = parameters["start"] ?? "1", end = parameters["end"] ?? "10", step = parameters["step"] ?? "1"
            let whole = [start, end, step].allSatisfy { Int($0) != nil }
            keys.append(("type", .plain(whole ? "integer" : "decimal")))
            if let s = Double(start), let e = Double(end) {
                keys.append(("min", .plain(s <= e ? start : end)))
                keys.append(("max", .plain(s <= e ? end : start)))
            }
            if let s = Int(start), let st = Int(step), st > 0, s % st == 0 {
                if st != 1 { keys.append(("multipleOf", .plain(step))) }
            } else if step != "1" {
                leave(row, "parameters", field, "the range's step \(step) from start \(start) is not checked", into: &notes)
            }
        default:
            guard let mapping = XLSFormTypeMapping.of(base) else {
                keys.append(("type", .plain("text")))
                keys.append(("optional", .plain("true")))
                leave(row, "type", field, "the question type '\(row["type"]!)' is not translated; its answer is "
                      + "not checked", into: &notes)
                break
            }
            for (key, value) in mapping.keys {
                if key == "messages", case let .map(pairs) = value { messages += pairs } else { keys.append((key, value)) }
            }
            if let reason = mapping.notCheckable { leave(row, "type", field, reason, into: &notes) }
            if base == "calculate", let text = row["calculation"] {
                do throws(XPathUntranslated) {
                    _ = try translate.value(text)
                } catch {
                    leave(row, "calculation", field, "calculation `\(text)`: \(error.reason); questions that read it "
                          + "say so", into: &notes)
                }
            }
        }
        if let label = label(of: row) { keys.insert(("title", .text(label)), at: 1) }
        // Required: XLSForm questions are optional unless `required` says yes.
        let alreadyOptional = keys.contains { $0.0 == "optional" }
        let required = row["required"].map { $0.lowercased() }
        var isRequired = false
        if let required, Self.yes.contains(required) {
            if alreadyOptional && base != "calculate" && base != "hidden" && XLSFormTypeMapping.of(base)?.readable != false {
                keys.removeAll { $0.0 == "optional" }
            }
            isRequired = !keys.contains { $0.0 == "optional" }
        } else if let required, !Self.no.contains(required) {
            do {
                let predicate = try translate.predicate(row["required"]!)
                if !alreadyOptional { keys.append(("optional", .plain("true"))) }
                keys.append(("requiredIf", .text(predicate)))
            } catch {
                if !alreadyOptional { keys.append(("optional", .plain("true"))) }
                leave(row, "required", field, "required `\(row["required"]!)`: \(error.reason); the question is "
                      + "checked as optional", into: &notes)
            }
        } else if !alreadyOptional {
            keys.append(("optional", .plain("true")))
        }
        if let message = message(row, "required_message") { messages.append(("required", .text(message))) }
        // A note is hidden whatever its relevant says (it holds no value): a second visibleIf
        // made a rule file with the key twice, which does not load.
        if let relevant = row["relevant"], !keys.contains(where: { $0.0 == "visibleIf" }) {
            do {
                keys.append(("visibleIf", .text(try translate.predicate(relevant))))
            } catch {
                if isRequired {
                    keys.append(("optional", .plain("true")))
                }
                leave(row, "relevant", field, "relevant `\(relevant)`: \(error.reason); the question is checked as "
                      + "if it were always shown\(isRequired ? ", and as optional" : "")", into: &notes)
            }
        }
        if let value = row["default"] {
            if let written = defaultValue(value, kind: field.kind, base: base) {
                keys.append(("default", written))
            } else {
                leave(row, "default", field, "default `\(value)` is not a plain value of the question's type "
                      + "(dynamic defaults are not translated)", into: &notes)
            }
        }
        if let constraint = row["constraint"] {
            let split = XLSFormConstraint(constraint, field: field, base: base, taken: Set(keys.map(\.0)),
                                           translator: translate)
            let message = message(row, "constraint_message")
            for native in split.keys {
                keys.append((native.key, native.value))
                if let message { messages.append((native.rule, .text(message))) }
            }
            if !split.rest.isEmpty, !field.isExpressible {
                let reason = XLSFormExpressionTranslator.inexpressible(field).reason
                leave(row, "constraint", field, "constraint `\(constraint)`: \(reason)", into: &notes)
            } else if !split.rest.isEmpty {
                let predicate = split.rest.count == 1 ? split.rest[0] : split.rest.map { "(\($0))" }.joined(separator: " && ")
                holder.assertions.append([
                    ("that", .text("empty(\(field.expressionPath)) || (\(predicate))")),
                    ("message", .text(message ?? "does not satisfy the constraint `\(constraint)`")),
                    ("field", .text(field.expressionPath)), ("rule", .text("constraint")),
                ])
            }
            if let failure = split.untranslated.first {
                let part = split.keys.isEmpty && split.rest.isEmpty ? "" : " (the rest of it is checked)"
                leave(row, "constraint", field, "constraint `\(constraint)`: \(failure.reason)\(part)", into: &notes)
            }
        }
        if let filter = row["choice_filter"] {
            choiceFilter(filter, field: field, row: row, words: words, holder: holder, notes: &notes)
        }
        if !messages.isEmpty { keys.append(("messages", .map(messages))) }
        if !notes.isEmpty { keys.append(("description", .text("not checkable: " + notes.joined(separator: "; ")))) }
        node.keys = keys
        parent.children.append(node)
        if words.count >= 3, words.last?.lowercased() == "or_other", let other = fieldsByName[field.name + "_other"] {
            let test = field.kind == .choices ? "'other' in \(field.expressionPath)" : "\(field.expressionPath) == 'other'"
            let otherNode = XLSFormNode(name: other.name, comment: "survey row \(row.number): or_other of \(field.name)",
                                        isContainer: false, isList: false)
            otherNode.keys = [("type", .plain("text")), ("optional", .plain("true"))]
            if field.isExpressible {
                otherNode.keys.append(("visibleIf", .text(test)))
            } else {
                var otherNotes: [String] = []
                leave(row, "type", other, "or_other: shown only when 'other' is chosen, which is not checked: "
                      + XLSFormExpressionTranslator.inexpressible(field).reason, into: &otherNotes)
                otherNode.keys.append(("description", .text("not checkable: " + otherNotes.joined(separator: "; "))))
            }
            parent.children.append(otherNode)
        }
    }

    /// A choice allowed only when its filter holds: one assertion naming, for each choice,
    /// the filter with that choice's columns filled in.
    private mutating func choiceFilter(_ filter: String, field: XLSFormField, row: XLSFormSheet.Row,
                                       words: [String], holder: XLSFormNode, notes: inout [String]) {
        guard field.isExpressible else {
            leave(row, "choice_filter", field, "choice_filter `\(filter)`: "
                  + XLSFormExpressionTranslator.inexpressible(field).reason, into: &notes)
            return
        }
        guard words.count >= 2, let list = choiceLists[words[1]] else {
            leave(row, "choice_filter", field, "choice_filter `\(filter)` on choices the import does not have", into: &notes)
            return
        }
        // The choices grouped by their filter, translated: one shallow assertion per distinct
        // filter (a chain over every choice would nest past what an expression may).
        var groups: [(predicate: String, names: [String])] = []
        for choice in list {
            guard let name = choice["name"] else { continue }
            var translator = translator(for: field, lists: field.lists)
            var columns: [String: String] = [:]
            for (header, value) in choice.cells { columns[header] = value.trimmingWhitespace }
            translator.choiceColumns = columns
            do {
                let predicate = try translator.predicate(filter)
                if let index = groups.firstIndex(where: { $0.predicate == predicate }) {
                    groups[index].names.append(name)
                } else {
                    groups.append((predicate, [name]))
                }
            } catch {
                leave(row, "choice_filter", field, "choice_filter `\(filter)`: \(error.reason)", into: &notes)
                return
            }
        }
        let path = field.expressionPath
        for group in groups where group.predicate != "true" {
            let quoted = group.names.map(XLSFormExpressionTranslator.quote)
            let chosen: [String]
            if field.kind == .choices {
                chosen = quoted.map { "\($0) in \(path)" }
            } else {
                chosen = [quoted.count == 1 ? "\(path) == \(quoted[0])" : "\(path) in [\(quoted.joined(separator: ", "))]"]
            }
            for test in chosen {
                holder.assertions.append([
                    ("that", .text("!(\(test)) || (\(group.predicate))")),
                    ("message", .text("is a choice its choice_filter `\(filter)` does not offer")),
                    ("field", .text(path)), ("rule", .text("choice-filter")),
                ])
            }
        }
    }

    /// Records something left out, both in the import's list and in the field's notes.
    private mutating func leave(_ row: XLSFormSheet.Row, _ column: String, _ field: XLSFormField, _ reason: String,
                                into notes: inout [String]) {
        let place = survey.place(row: row.number, column: column)
        untranslated.append(XLSFormImport.Untranslated(place: place, question: field.name, reason: reason))
        notes.append("\(reason) (\(place))")
    }

    /// The label (the `label` column, else the first `label::language`).
    /// Each choice list's choices with their labels in the form's default language (what a
    /// static `jr:choice-name()` compares with): the `label::` column of settings'
    /// `default_language` when there is one, else `label`, else the first `label::` column.
    var choiceLabels: [String: [(name: String, label: String)]] {
        let language = settings?.rows.first?["default_language"]
        return choiceLists.mapValues { rows in
            rows.compactMap { row in
                guard let name = row["name"] else { return nil }
                let label = language.flatMap { row["label::" + $0] } ?? label(of: row) ?? ""
                return (name, label)
            }
        }
    }

    private func label(of row: XLSFormSheet.Row) -> String? {
        if let label = row["label"] { return label }
        return row.cells.keys.sorted().first { $0.hasPrefix("label::") }.flatMap { row[$0] }
    }

    private func message(_ row: XLSFormSheet.Row, _ column: String) -> String? {
        if let text = row[column] { return text }
        return row.cells.keys.sorted().first { $0.hasPrefix(column + "::") }.flatMap { row[$0] }
    }

    /// A default written as the field's value; nil for one that is an expression.
    private func defaultValue(_ text: String, kind: XLSFormValueKind, base: String) -> YAMLValue? {
        if text.contains("${") || text.contains("(") { return nil }
        switch kind {
        case .number: return Decimal(string: text) != nil && text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) ? .plain(text) : nil
        case .date: return XLSFormExpressionTranslator.dateLiteral("'\(text)'") != nil ? .plain(text) : nil
        case .choices: return .list(text.split(separator: " ").map { .text(String($0)) })
        case .text, .choice: return .text(text)
        default: return base == "note" ? nil : .text(text)
        }
    }

    /// The `name` column of a CSV choices file, nil when it cannot be read or has none.
    static func choiceNames(csv path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= XLSFormTextReader.maxBytes,
              let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard !lines.isEmpty, let header = XLSFormTextReader.csvCells(lines.removeFirst()),
              let column = header.firstIndex(where: { $0.trimmingWhitespace.lowercased() == "name" }) else { return nil }
        return lines.compactMap { line in
            guard let cells = XLSFormTextReader.csvCells(line), column < cells.count else { return nil }
            let name = cells[column].trimmingWhitespace
            return name.isEmpty ? nil : name
        }
    }

    /// ODK's meta group as the apps fill it: `instanceID`, `uuid:` and a UUID (JavaRosa and
    /// Enketo write `uuid:` + a random UUID; generated submissions get one); `deprecatedID`, the
    /// instanceID of the submission an edit replaces (the same shape, present only after an
    /// edit, so optional); `instanceName`, present only when the settings sheet has an
    /// `instance_name` (its value is that expression's, not computed here), else not a field of
    /// the form (a submission holding one is told so, as of any key the form does not have).
    mutating func addMeta(to root: XLSFormNode) {
        guard fieldsByName["meta"] == nil else { return }
        let meta = XLSFormNode(name: "meta", comment: "added: ODK's meta group (instanceID)", isContainer: true, isList: false)
        let instanceName = settings?.rows.first?["instance_name"].flatMap { $0.isEmpty ? nil : $0 }
        for name in ["instanceID", "deprecatedID", "instanceName"] where fieldsByName[name] == nil {
            let node = XLSFormNode(name: name, comment: "metadata \(name)", isContainer: false, isList: false)
            switch name {
            case "instanceID", "deprecatedID":
                node.comment = name == "instanceID" ? "metadata instanceID: uuid: and a UUID, as the apps write it"
                    : "metadata deprecatedID: the instanceID an edit replaces (only after an edit)"
                node.keys = [("type", .plain("string")), ("optional", .plain("true")),
                             ("regex", .text(Self.instanceIDPattern)),
                             ("messages", .map([("regex", .text("must be uuid: and a UUID, such as "
                                                               + "uuid:6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f"))]))]
            default:
                // Without instance_name the apps write no instanceName: the form has none.
                guard let instanceName else { continue }
                node.comment = "metadata instanceName: the settings' instance_name `\(instanceName)` (not computed)"
                node.keys = [("type", .plain("string")), ("optional", .plain("true"))]
            }
            meta.children.append(node)
        }
        root.children.append(meta)
    }

    /// `uuid:` and a UUID in its text form, lowercase hexadecimal digits (as JavaRosa, Enketo and
    /// Central write them, so generated IDs look the same).
    static let instanceIDPattern = "^uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
}
