import Foundation

/// An ODK Central OData JSON response (`Submissions` of a form's `.svc`, `{"@odata.context":
/// …, "value": [...]}`) in the shape of a rule file's questionnaires. Central writes each
/// submission as an object whose groups are nested objects and whose names are the form's,
/// made OData identifiers (a character other than a letter, digit or `_` becomes `_`); an
/// unanswered question is `null`; integers and decimals are numbers; a geopoint is a GeoJSON
/// point (`coordinates` longitude, latitude, altitude; `properties.accuracy`), rewritten as the
/// `latitude longitude altitude accuracy` text ODK submits; a `select_multiple` is its
/// space-separated names, rewritten as a list. A repeat is an array of its items when the
/// response was asked for with `$expand=*`, else only a `NAME@odata.navigationLink` to another
/// table: then its items are not in the file, and that is counted in ``notes`` (the items read
/// as none), never taken in silence for an empty repeat. Central's own keys (`__id`,
/// `__system`, `__Submissions-id`) are set aside and counted; a key the form does not have is
/// kept under its own name, so the run reports it as a field the questionnaire does not have.
/// A response that is one page (`@odata.nextLink`) or holds fewer submissions than its
/// `@odata.count` says so in ``notes``.
public struct ODKCentralODataExport: Sendable {
    /// The questionnaires, one JSON object a line, in the response's order.
    public var jsonLines: String
    /// Each submission's `meta/instanceID` (else its `__id`), in the same order (nil where it has neither).
    public var instanceIDs: [String?]
    /// What was set aside or is not in the file, one sentence each (for standard error).
    public var notes: [String]
    /// Attachment answers read as file names (``ExportAttachments``): their size and content
    /// are not checked; of them, those whose extension names no known media type.
    public var attachmentFileNames = 0
    public var attachmentUnknownExtensions = 0
    /// Of the attachment answers, those on a field with `minSize` or `maxSize`: their size is
    /// unknown, so not checked.
    public var attachmentSizesUnknown = 0

    /// The largest response read (its submissions are held in memory to be rewritten).
    public static let maxBytes = ExportJSON.maxBytes

    /// Whether the file at `path` starts as an OData response does: a JSON object whose first
    /// 4 KiB name `@odata.context` (Central writes it first). False for anything that cannot be
    /// read; only a regular file is looked into (opening a named pipe would wait for a writer).
    public static func looksLikeExport(path: String, bytes: [UInt8]?) -> Bool {
        guard let text = ExportJSON.head(path: path, bytes: bytes) else { return false }
        return text.first == "{" && text.contains("\"@odata.context\"")
    }

    /// Reads the response at `path` (opened by `bytes` when its name is not UTF-8) as every
    /// input is opened, at most ``maxBytes`` of it.
    public static func read(path: String, bytes: [UInt8]?, rules: RuleSet) throws(XLSFormError) -> ODKCentralODataExport {
        let data = try ExportJSON.readAll(path: path, bytes: bytes, what: "an ODK Central OData response")
        return try read(data, rules: rules, file: path)
    }

    /// Rewrites the response `data` (named `file` in errors) for the fields of `rules`.
    public static func read(_ data: [UInt8], rules: RuleSet, file: String) throws(XLSFormError) -> ODKCentralODataExport {
        // The engine's JSON reader, with an export's limits; numbers keep the digits Central wrote.
        let parsed = try ExportJSON.parse(data, file: file, what: "an ODK Central OData response",
                                          parts: "ask Central for it in pages ($top and $skip)")
        guard let object = parsed as? [String: Any], let submissions = object["value"] as? [Any] else {
            throw XLSFormError("\(file): not an ODK Central OData response: expected an object with a \"value\" array "
                               + "of submissions (what GET …/Submissions?$expand=* returns)")
        }
        var converter = ODataConverter(rules: rules)
        var export = ODKCentralODataExport(jsonLines: "", instanceIDs: [], notes: [])
        var notObjects: [Int] = []
        for (index, submission) in submissions.enumerated() {
            guard let object = submission as? [String: Any] else {
                // Not an object: written as it is, so the run reports it as the record it is.
                notObjects.append(index + 1)
                export.jsonLines += KoboJSONWriter.write(submission) + "\n"
                export.instanceIDs.append(nil)
                continue
            }
            let questionnaire = converter.convert(object, path: "", odataPath: "")
            let meta = object["meta"] as? [String: Any]
            export.instanceIDs.append(meta?["instanceID"] as? String ?? object["__id"] as? String)
            export.jsonLines += KoboJSONWriter.write(questionnaire) + "\n"
        }
        // A paged response ($top, or Central's own paging) holds one page: the rest is elsewhere.
        if let next = object["@odata.nextLink"] as? String {
            export.notes.append("one page of the response: the submissions after these are not in this file, not checked "
                                + "(the next page: \(next))")
        }
        if let count = (object["@odata.count"] as? KoboNumber).flatMap({ Int($0.text) }), count != submissions.count {
            export.notes.append("@odata.count says \(count) submissions, the file holds \(submissions.count): "
                                + "only those are checked")
        }
        if !notObjects.isEmpty {
            export.notes.append("\(notObjects.count) entr\(notObjects.count == 1 ? "y" : "ies") of \"value\" not a submission "
                                + "object (record " + notObjects.prefix(5).map(String.init).joined(separator: ", ")
                                + (notObjects.count > 5 ? ", …" : "") + "): each reported as a questionnaire that is not an object")
        }
        for (list, count) in converter.linkedOnly.sorted(by: { $0.key < $1.key }) {
            export.notes.append("\(list): in \(count) submission\(count == 1 ? "" : "s") only a link "
                                + "(\(ODataConverter.odataName(lastComponent(list)))@odata.navigationLink), its items not "
                                + "in this file: read as none, not checked; ask Central with $expand=* to check them")
        }
        for (odata, read, other) in converter.ambiguous {
            export.notes.append("\(read) and \(other) are both written \(odata) by Central: that key is read as \(read), "
                                + "and \(other) as unanswered")
        }
        export.attachmentFileNames = converter.attachments.fileNames
        export.attachmentUnknownExtensions = converter.attachments.unknownExtensions
        export.attachmentSizesUnknown = converter.attachments.sizesUnknown
        if converter.accuracyWithoutAltitude > 0 {
            export.notes.append("\(converter.accuracyWithoutAltitude) geopoint\(converter.accuracyWithoutAltitude == 1 ? "" : "s") "
                                + "with an accuracy but no altitude: read as latitude and longitude only")
        }
        let keys = converter.serverKeys.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
        if !keys.isEmpty { export.notes.append("server keys not checked: " + keys.joined(separator: ", ")) }
        return export
    }

    private static func lastComponent(_ path: String) -> String {
        ODKTableReader.lastName(path)
    }
}

/// The rewriting of a response's submissions, with what it set aside.
private struct ODataConverter {
    /// Each field's type, by its rule path (`hh.size`, `people[].page`).
    var types: [String: FieldType] = [:]
    /// Each rule path by the path Central writes (each name an OData identifier).
    var byODataPath: [String: String] = [:]
    /// Central's keys set aside, with how many objects had each.
    var serverKeys: [String: Int] = [:]
    /// The repeats given only as a navigation link, with how many submissions had each so.
    var linkedOnly: [String: Int] = [:]
    var accuracyWithoutAltitude = 0
    /// Attachment answers (file names) become references, counted.
    var attachments: ExportAttachments
    /// Fields whose names Central writes alike (`a-b` and `a_b` are both `a_b`): the later
    /// ones cannot be told apart from the first, which the key is read as.
    var ambiguous: [(odata: String, read: String, alsoWrittenSo: String)] = []

    init(rules: RuleSet) {
        attachments = ExportAttachments(rules: rules)
        for field in rules.allFields {
            types[field.path] = field.type
            let odata = Self.odataPath(field.path)
            if let first = byODataPath[odata] {
                ambiguous.append((odata, first, field.path))
                continue
            }
            byODataPath[odata] = field.path
        }
    }

    /// A name as Central writes it: `_` before a first character that is not a letter or `_`,
    /// each run of other characters than letters, digits and `_` made one `_`.
    static func odataName(_ name: String) -> String {
        var result = ""
        var inRun = false
        for (index, scalar) in name.unicodeScalars.enumerated() {
            let word = scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let digit = ("0"..."9").contains(scalar)
            if index == 0, !word { result += "_" }
            if word || digit {
                result.unicodeScalars.append(scalar)
                inRun = false
            } else if !inRun {
                result += "_"
                inRun = true
            }
        }
        return result
    }

    /// A rule path with each name as Central writes it (`[]` kept).
    static func odataPath(_ path: String) -> String {
        path.split(separator: ".").map { component -> String in
            let isList = component.hasSuffix("[]")
            let name = odataName(String(isList ? component.dropLast(2) : component))
            return isList ? name + "[]" : name
        }.joined(separator: ".")
    }

    /// `object` at rule path `path` (`""`, `hh.`, `people[].`) and Central path `odataPath`.
    mutating func convert(_ object: [String: Any], path: String, odataPath: String) -> [String: Any] {
        var result: [String: Any] = [:]
        for key in object.keys.sorted() {
            let value = object[key]!
            if key.hasPrefix("__") {
                serverKeys[key, default: 0] += 1
                continue
            }
            if key.hasSuffix("@odata.navigationLink") {
                let name = String(key.dropLast("@odata.navigationLink".count))
                // Beside the expanded items the link says nothing more; alone, the items are elsewhere.
                if !(object[name] is [Any]), let list = byODataPath[odataPath + name], types[list] == .list {
                    linkedOnly[list, default: 0] += 1
                } else if !(object[name] is [Any]) {
                    serverKeys[key, default: 0] += 1
                }
                continue
            }
            // Central writes null for every question not answered.
            if value is NSNull { continue }
            let fieldPath = byODataPath[odataPath + key]
            let name = fieldPath.map { String($0.dropFirst(path.count)) } ?? key
            switch (fieldPath.flatMap { types[$0] }, value) {
            case (.list?, let items as [Any]):
                result[name] = items.map { item -> Any in
                    guard let item = item as? [String: Any] else { return item }
                    return convert(item, path: fieldPath! + "[].", odataPath: odataPath + key + "[].")
                }
            case (.section?, let group as [String: Any]):
                let inner = convert(group, path: fieldPath! + ".", odataPath: odataPath + key + ".")
                // A group of unanswered questions (all null) is no answer.
                if !inner.isEmpty { result[name] = inner }
            case (.multiChoice?, let text as String):
                result[name] = text.split(separator: " ").map(String.init)
            case (.attachment?, let text as String) where !text.isEmpty:
                result[name] = attachments.reference(text, path: fieldPath!)
            case (_, let geometry as [String: Any]) where geometry["type"] is String && geometry["coordinates"] is [Any]:
                result[name] = odkText(geometry) ?? geometry
            default:
                result[name] = value
            }
        }
        return result
    }

    /// A GeoJSON point, line or polygon as ODK writes it: `lat lon alt acc`, points joined by
    /// `;`; nil for a shape that is not one of those (kept as it is, so the run reports it).
    mutating func odkText(_ geometry: [String: Any]) -> String? {
        let properties = geometry["properties"] as? [String: Any]
        func point(_ value: Any, accuracy: Any?) -> String? {
            guard let coordinates = value as? [Any], (2...3).contains(coordinates.count),
                  let numbers = coordinates.map({ ($0 as? KoboNumber)?.text }) as? [String] else { return nil }
            var parts = [numbers[1], numbers[0]]
            if numbers.count == 3 { parts.append(numbers[2]) }
            if let accuracy = (accuracy as? KoboNumber)?.text {
                if numbers.count == 3 { parts.append(accuracy) } else { accuracyWithoutAltitude += 1 }
            }
            return parts.joined(separator: " ")
        }
        switch geometry["type"] as? String {
        case "Point":
            return point(geometry["coordinates"]!, accuracy: properties?["accuracy"])
        case "LineString", "Polygon":
            var points = geometry["coordinates"] as? [Any]
            if geometry["type"] as? String == "Polygon" { points = points?.first as? [Any] }
            guard let points else { return nil }
            let accuracies = properties?["accuracies"] as? [Any]
            var texts: [String] = []
            for (index, value) in points.enumerated() {
                guard let text = point(value, accuracy: accuracies.flatMap { $0.indices.contains(index) ? $0[index] : nil })
                else { return nil }
                texts.append(text)
            }
            return texts.joined(separator: ";")
        default:
            return nil
        }
    }
}
