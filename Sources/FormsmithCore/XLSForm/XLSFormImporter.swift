import Foundation

/// Walks the survey sheet twice: first to learn every question's place (so expressions may
/// read questions further down), then to write each as a Formsmith field with its checks.
struct XLSFormImporter {
    let path: String
    let survey: XLSFormSheet
    let choices: XLSFormSheet?
    let settings: XLSFormSheet?
    /// Sheets with content that are none of survey, choices and settings.
    let unreadSheets: [String]

    var fields: [String: XLSFormField] = [:]
    var fieldsByName: [String: XLSFormField] { fields }
    var untranslated: [XLSFormImport.Untranslated] = []
    var problems: [String] = []
    var choiceLists: [String: [XLSFormSheet.Row]] = [:]

    /// Columns that only change how the form looks or behaves in the app, never which
    /// submissions are valid: not checks, so not listed as left out.
    static let presentationColumns: Set<String> = [
        "type", "name", "label", "hint", "guidance_hint", "appearance", "media", "image", "audio", "video",
        "big-image", "autoplay", "parameters", "required", "required_message", "relevant", "constraint",
        "constraint_message", "calculation", "choice_filter", "repeat_count", "default", "read_only",
        "trigger", "note", "body", "comments", "comment", "instance::odk:setgeopoint",
    ]

    /// Groups and repeats nested deeper are refused (a rule file's paths hold at most 32 names).
    static let maxNesting = 31

    init(path: String, survey: XLSFormSheet, choices: XLSFormSheet?, settings: XLSFormSheet?, unreadSheets: [String]) {
        self.unreadSheets = unreadSheets
        self.path = path
        self.survey = survey
        self.choices = choices
        self.settings = settings
    }

    mutating func run() throws(XLSFormError) -> XLSFormImport {
        readChoices()
        learnFields()
        guard problems.isEmpty else { throw XLSFormError(problems) }
        listUnreadColumns()
        let root = XLSFormNode(name: "", comment: "", isContainer: true, isList: false)
        buildNodes(into: root)
        guard problems.isEmpty else { throw XLSFormError(problems) }
        for sheet in unreadSheets { leaveOut("sheet \(sheet)", nil, "a sheet the import does not read") }
        addMeta(to: root)
        let setting = settings?.rows.first
        let id = setting?["form_id"] ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var top: [(String, YAMLValue)] = [("formsmith", .plain("1")), ("id", .text(id))]
        if let title = setting?["form_title"] { top.append(("title", .text(title))) }
        if let version = setting?["version"] { top.append(("version", .text(version))) }
        var header = ["Imported from \(URL(fileURLWithPath: path).lastPathComponent) by `formsmith import xlsform`.",
                      "Each field names the survey row it came from; XLSForm questions are optional unless required."]
        if untranslated.isEmpty {
            header.append("Everything of the form is checked.")
        } else {
            header.append("Not checkable (\(untranslated.count)):")
            header += untranslated.map { "  \($0)" }
        }
        let yaml = XLSFormYAMLWriter.write(header: header, top: top, root: root)
        return XLSFormImport(yaml: yaml, untranslated: untranslated)
    }

    // MARK: choices and columns

    private mutating func readChoices() {
        guard let choices else { return }
        for row in choices.rows {
            guard let list = row["list_name"] ?? row["list name"] else { continue }
            guard row["name"] != nil else {
                leaveOut(choices.place(row: row.number, column: "name"), nil, "a choice of list '\(list)' without a name")
                continue
            }
            choiceLists[list, default: []].append(row)
        }
    }

    private mutating func listUnreadColumns() {
        let known = Self.presentationColumns
        for (header, letter) in survey.columns.sorted(by: { $0.value.count == $1.value.count ? $0.value < $1.value : $0.value.count < $1.value.count }) {
            let base = header.split(separator: ":").first.map(String.init) ?? header
            if known.contains(header) || known.contains(base) || header.hasPrefix("label") || header.hasPrefix("hint")
                || header.hasPrefix("media") || header.hasPrefix("guidance_hint") || header.hasPrefix("constraint_message")
                || header.hasPrefix("required_message") || header.hasPrefix("image") || header.hasPrefix("audio")
                || header.hasPrefix("video") || header.hasPrefix("bind::") || header.hasPrefix("body::") {
                if header.hasPrefix("bind::") {
                    leaveOut("\(survey.name) column \(letter) (\(header))", nil, "bind attributes are not translated")
                }
                continue
            }
            leaveOut("\(survey.name) column \(letter) (\(header))", nil, "a column the import does not read")
        }
    }

    private mutating func leaveOut(_ place: String, _ question: String?, _ reason: String) {
        untranslated.append(XLSFormImport.Untranslated(place: place, question: question, reason: reason))
    }

    // MARK: first pass: where each question is

    /// The words of a `type` cell, pyxform's spelled-out aliases read as the names they stand for
    /// (pyxform's aliases.py and question types): `select one from LIST` and `select one LIST` /
    /// `select1 LIST` are `select_one LIST`, `select all that apply [from] LIST` is
    /// `select_multiple LIST`, `select one from file F` is `select_one_from_file F`, a trailing
    /// `or specify other` is `or_other`, `trigger` is `acknowledge` and `string` is `text`.
    static func words(_ type: String) -> [String] {
        var words = type.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let lower = words.map { $0.lowercased() }
        func starts(_ prefix: [String]) -> Bool { lower.count > prefix.count && Array(lower.prefix(prefix.count)) == prefix }
        let aliases: [([String], String)] = [
            (["select", "one", "from", "file"], "select_one_from_file"),
            (["select", "multiple", "from", "file"], "select_multiple_from_file"),
            (["select", "all", "that", "apply", "from"], "select_multiple"),
            (["select", "all", "that", "apply"], "select_multiple"),
            (["select", "one", "from"], "select_one"),
            (["select", "one"], "select_one"),
            (["select1"], "select_one"),
        ]
        if let (prefix, name) = aliases.first(where: { starts($0.0) }) {
            words = [name] + words.dropFirst(prefix.count)
            if words.count >= 5, words.suffix(3).map({ $0.lowercased() }) == ["or", "specify", "other"] {
                words = words.dropLast(3) + ["or_other"]
            }
        } else if lower == ["trigger"] {
            words = ["acknowledge"]
        } else if lower == ["string"] {
            words = ["text"]
        }
        return words
    }

    /// `begin group` / `begin_group` → ("begin", "group").
    static func structure(_ words: [String]) -> (String, String)? {
        let joined = words.joined(separator: " ").lowercased().replacingOccurrences(of: "_", with: " ")
        for edge in ["begin", "end"] {
            for kind in ["group", "repeat"] where joined == "\(edge) \(kind)" { return (edge, kind) }
        }
        return nil
    }

    private mutating func learnFields() {
        var stack: [(name: String, isList: Bool, row: Int)] = []
        var listPaths: [String] = []
        for row in survey.rows {
            guard let type = row["type"] else {
                if row["name"] != nil {
                    problems.append("\(path): \(survey.place(row: row.number, column: "type")): a row with a name but "
                                    + "no type; give its question type")
                }
                continue
            }
            let words = Self.words(type)
            if let (edge, kind) = Self.structure(words), edge == "end" {
                guard let last = stack.last, last.isList == (kind == "repeat") else {
                    problems.append("\(path): \(survey.place(row: row.number, column: "type")): 'end \(kind)' without "
                                    + "its 'begin \(kind)'")
                    continue
                }
                stack.removeLast()
                if last.isList { listPaths.removeLast() }
                continue
            }
            guard let name = row["name"] else {
                problems.append("\(path): \(survey.place(row: row.number, column: "name")): a '\(type)' row without a "
                                + "name; give it one")
                continue
            }
            let valid = name.first.map { $0.isLetter || $0 == "_" } == true
                && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            guard valid else {
                problems.append("\(path): \(survey.place(row: row.number, column: "name")): '\(name)' cannot be a "
                                + "Formsmith field name; use letters, digits, '_' and '-', starting with a letter")
                continue
            }
            if let earlier = fields[name] {
                problems.append("\(path): \(survey.place(row: row.number, column: "name")): the name '\(name)' is "
                                + "already used on survey row \(earlier.row); names must be unique")
                continue
            }
            let structure = Self.structure(words)
            let steps = stack.map { ($0.name, $0.isList) } + [(name, structure?.1 == "repeat")]
            var field = XLSFormField(name: name, typeName: type, kind: .other, row: row.number, steps: steps,
                                     lists: listPaths)
            if let structure {
                guard stack.count < Self.maxNesting else {
                    problems.append("\(path): \(survey.place(row: row.number, column: "type")): groups and repeats nest "
                                    + "deeper than the \(Self.maxNesting) levels a Formsmith rule file holds")
                    return
                }
                field.kind = structure.1 == "repeat" ? .list : .other
                field.readable = structure.1 == "repeat"
                stack.append((name, structure.1 == "repeat", row.number))
                if structure.1 == "repeat" { listPaths.append(field.listPath) }
            } else {
                let base = words[0].lowercased()
                if base == "select_one" || base == "select_one_from_file" { field.kind = .choice }
                else if base == "select_multiple" || base == "select_multiple_from_file" { field.kind = .choices }
                else if let mapping = XLSFormTypeMapping.of(base) {
                    field.kind = mapping.kind
                    field.readable = mapping.readable
                }
                if base == "calculate" { field.calculation = row["calculation"] }
            }
            fields[name] = field
            if words.count >= 3, words.last?.lowercased() == "or_other", field.kind == .choice || field.kind == .choices,
               fields[name + "_other"] != nil || survey.rows.contains(where: { $0["name"] == name + "_other" }) {
                problems.append("\(path): \(survey.place(row: row.number, column: "type")): or_other adds the question "
                                + "'\(name)_other', which the form already has; rename one of them")
            } else if words.count >= 3, words.last?.lowercased() == "or_other", field.kind == .choice || field.kind == .choices {
                var other = XLSFormField(name: name + "_other", typeName: "text", kind: .text, row: row.number,
                                         steps: stack.filter { !($0.name == name) }.map { ($0.name, $0.isList) }
                                             + [(name + "_other", false)], lists: listPaths)
                other.readable = true
                fields[other.name] = other
            }
        }
        for open in stack.reversed() {
            problems.append("\(path): \(survey.name) row \(open.row): '\(open.name)' is begun but never ended; add its "
                            + "'end \(open.isList ? "repeat" : "group")' row")
        }
    }
}
