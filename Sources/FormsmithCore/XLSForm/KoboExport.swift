import Foundation

/// A KoboToolbox JSON export (`data.json`: an array of submissions, or the API's
/// `{"results": [...]}`) in the shape of a rule file's questionnaires: `group/field` keys
/// become nested objects, a repeat's items (whose keys repeat the repeat's path) objects of
/// the item's fields, the text Kobo writes for numbers numbers and a `select_multiple`'s
/// space-separated names a list. Kobo's own keys (`_id`, `_uuid`, `_submission_time`,
/// `formhub/uuid`, `__version__`, …) are not part of the form: they are set aside and counted.
public struct KoboExport: Sendable {
    /// The questionnaires, one JSON object a line, in the export's order.
    public var jsonLines: String
    /// Each submission's `meta/instanceID` (else its `_uuid`), in the same order (nil where it has neither).
    public var instanceIDs: [String?]
    /// The server's keys set aside, with how many submissions had each.
    public var serverKeys: [String: Int]
    /// Attachment answers read as file names (``ExportAttachments``): their size and content
    /// are not checked; of them, those whose extension names no known media type.
    public var attachmentFileNames = 0
    public var attachmentUnknownExtensions = 0
    /// Of the attachment answers, those on a field with `minSize` or `maxSize`: their size is
    /// unknown, so not checked.
    public var attachmentSizesUnknown = 0

    /// The largest export read (its submissions are held in memory to be rewritten).
    public static let maxBytes = ExportJSON.maxBytes

    /// Keys only KoboToolbox writes into each submission of an export (its `_`-keys, the
    /// form's `formhub/uuid`, and `meta/instanceID` as one key with its group's path); a
    /// questionnaire of a rule file has no reason to hold them (its `meta` is an object).
    static let signatureKeys = ["\"_uuid\"", "\"_submission_time\"", "\"_xform_id_string\"", "\"formhub/uuid\"",
                                "\"__version__\"", "\"meta/instanceID\""]

    /// Whether the file at `path` starts as a KoboToolbox JSON export does: a JSON array (or
    /// the API's object with `"results"`) whose first 4 KiB name a key only Kobo writes
    /// (``signatureKeys``: `_uuid`, `_submission_time`, `_xform_id_string`, `formhub/uuid`,
    /// `__version__`, `meta/instanceID`). False for anything that cannot be read; only a regular file is looked
    /// into (opening a named pipe would wait for a writer).
    public static func looksLikeExport(path: String, bytes: [UInt8]?) -> Bool {
        guard let text = ExportJSON.head(path: path, bytes: bytes),
              text.first == "[" || (text.first == "{" && text.contains("\"results\""))
        else { return false }
        return signatureKeys.contains { text.contains($0) }
    }

    /// Rewrites the export `data` (named `file` in errors) for the fields of `rules`.
    /// Reads the export at `path` (opened by `bytes` when its name is not UTF-8) as every input
    /// is opened, at most ``maxBytes`` of it.
    public static func read(path: String, bytes: [UInt8]?, rules: RuleSet) throws(XLSFormError) -> KoboExport {
        let data = try ExportJSON.readAll(path: path, bytes: bytes, what: "a KoboToolbox export")
        return try read(Data(data), rules: rules, file: path)
    }

    public static func read(_ data: Data, rules: RuleSet, file: String) throws(XLSFormError) -> KoboExport {
        // The engine's JSON reader, with an export's limits; numbers keep the digits the export wrote.
        let parsed = try ExportJSON.parse([UInt8](data), file: file, what: "a KoboToolbox JSON export",
                                          parts: "export it in parts (a date range each, in KoboToolbox's export settings)")
        let submissions: [Any]
        if let array = parsed as? [Any] {
            submissions = array
        } else if let object = parsed as? [String: Any], let results = object["results"] as? [Any] {
            submissions = results
        } else {
            throw XLSFormError("\(file): not a KoboToolbox JSON export: expected an array of submissions or an object "
                               + "with \"results\"")
        }
        var types: [String: FieldType] = [:]
        for field in rules.allFields { types[field.path] = field.type }
        var export = KoboExport(jsonLines: "", instanceIDs: [], serverKeys: [:])
        var attachments = ExportAttachments(rules: rules)
        for submission in submissions {
            guard let object = submission as? [String: Any] else {
                // Not an object: written as it is, so the run reports it as the questionnaire it is.
                export.jsonLines += KoboJSONWriter.write(submission) + "\n"
                export.instanceIDs.append(nil)
                continue
            }
            var converter = KoboConverter(types: types, attachments: attachments)
            let questionnaire = converter.convert(object, itemPrefix: [], pathPrefix: "")
            attachments = converter.attachments
            for key in converter.serverKeys { export.serverKeys[key, default: 0] += 1 }
            // Named by its instanceID, or Kobo's `_uuid` where the form has none.
            export.instanceIDs.append(object["meta/instanceID"] as? String ?? object["_uuid"] as? String)
            export.jsonLines += KoboJSONWriter.write(questionnaire) + "\n"
        }
        export.attachmentFileNames = attachments.fileNames
        export.attachmentUnknownExtensions = attachments.unknownExtensions
        export.attachmentSizesUnknown = attachments.sizesUnknown
        return export
    }
}

/// One submission's rewriting.
private struct KoboConverter {
    let types: [String: FieldType]
    /// Attachment answers (file names) become references, counted.
    var attachments: ExportAttachments
    var serverKeys: Set<String> = []

    static let serverKeyNames: Set<String> = ["formhub/uuid", "__version__", "meta/rootUuid"]

    /// `object`'s keys are Kobo paths; inside a repeat's item they start with the repeat's own
    /// path (`itemPrefix`), and the rule paths with `pathPrefix` (`visits[].`).
    mutating func convert(_ object: [String: Any], itemPrefix: [String], pathPrefix: String) -> [String: Any] {
        var result: [String: Any] = [:]
        for key in object.keys.sorted() {
            let value = object[key]!
            if key.hasPrefix("_") || Self.serverKeyNames.contains(key) {
                serverKeys.insert(key)
                continue
            }
            var components = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if !itemPrefix.isEmpty, components.count > itemPrefix.count, Array(components.prefix(itemPrefix.count)) == itemPrefix {
                components.removeFirst(itemPrefix.count)
            }
            let path = pathPrefix + components.joined(separator: ".")
            let converted: Any
            switch (types[path], value) {
            case (.integer?, let text as String), (.decimal?, let text as String):
                converted = KoboNumber.isNumber(text) ? KoboNumber(text: text) : text
            case (.multiChoice?, let text as String):
                converted = text.split(separator: " ").map(String.init)
            case (.attachment?, let text as String) where !text.isEmpty:
                converted = attachments.reference(text, path: path)
            case (.list?, let items as [Any]):
                let fullPrefix = itemPrefix + components
                converted = items.map { item -> Any in
                    guard let item = item as? [String: Any] else { return item }
                    return convert(item, itemPrefix: fullPrefix, pathPrefix: path + "[].")
                }
            default:
                converted = value
            }
            insert(converted, at: components[...], into: &result)
        }
        return result
    }

    private func insert(_ value: Any, at components: ArraySlice<String>, into object: inout [String: Any]) {
        guard let first = components.first else { return }
        if components.count == 1 {
            object[first] = value
            return
        }
        var inner = object[first] as? [String: Any] ?? [:]
        insert(value, at: components.dropFirst(), into: &inner)
        object[first] = inner
    }
}

/// A number as Kobo wrote it, kept digit for digit.
struct KoboNumber {
    var text: String

    /// `-`, digits, and a point with digits: the notation ODK writes numbers in.
    static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        let parts = String(scalars).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    }
}

/// JSON text of the converted values (numbers as Kobo wrote them, no binary rounding).
enum KoboJSONWriter {
    static func write(_ value: Any) -> String {
        switch value {
        case let number as KoboNumber: return number.text
        case let text as String: return JSONText.quoted(text)
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { JSONText.quoted($0) + ": " + write(object[$0]!) }.joined(separator: ", ") + "}"
        case let array as [Any]: return "[" + array.map(write).joined(separator: ", ") + "]"
        case is NSNull: return "null"
        // Numbers arrive as KoboNumber (their digits kept); an NSNumber is a JSON true or false.
        case let flag as NSNumber: return flag.boolValue ? "true" : "false"
        default: return "null"
        }
    }
}
