import Foundation

/// Generated questionnaires as XForm instance documents, the XML a form's submission is (what
/// ODK Collect sends and ODK Central accepts at `POST …/forms/FORMID/submissions`): the root
/// element named after the form's id with `id` (and, where the form has one, `version`)
/// attributes; each question an element in the form's order, empty where unanswered; a group an
/// element holding its questions; a repeat one element per item; `meta/instanceID` the
/// submission's instanceID when it is a `uuid:…` no earlier submission had, else
/// a placeholder `uuid:00000000-0000-4000-8000-00000000000N` (N its position, ``PlaceholderInstanceID``), as ``ODKCentralCSVWriter`` keys rows; `meta/deprecatedID`
/// empty (each is a new submission; both changes counted); a `select_multiple`'s choices space-separated; a
/// geopoint `lat lon alt acc` as the questionnaire holds it; an attachment its file name.
///
/// Text goes through the project's XML escaping (``XMLText/escaped(_:attribute:)``): a
/// value holding a character XML 1.0 cannot hold or one it would hide (a control character,
/// a line break) is written in `\u{…}` notation; such values are counted in
/// ``valuesWithNotation``, and a field or key that is not an XML name (a native rule file's
/// name may be anything) in ``skippedNames``.
///
/// Fed JSON Lines in pieces (as the generator writes them), it returns one document per
/// complete line.
public struct XFormInstanceWriter: Sendable {
    private let fields: [FieldRule]
    private let formID: String
    private let version: String
    private let hasMeta: Bool
    private var pending: [UInt8] = []
    private var written = 0
    private var ids: Set<String> = []
    /// Lines that were not JSON objects: not written (the generator writes objects only).
    public private(set) var skippedLines = 0
    /// Values written with characters in `\u{…}` notation (see the type's description).
    public private(set) var valuesWithNotation = 0
    /// Generated instanceIDs not of the form `uuid:…` (a form's instanceID is one), replaced by a placeholder UUID (``PlaceholderInstanceID``).
    public private(set) var replacedInstanceIDs = 0
    /// Generated `meta/deprecatedID`s left empty: Central takes a deprecatedID for an edit of that earlier submission.
    public private(set) var emptiedDeprecatedIDs = 0
    /// Fields and keys that are not XML names: left out, with how many times.
    public private(set) var skippedNames: [String: Int] = [:]

    /// The writer of `rules`' submissions.
    public init(rules: RuleSet) {
        fields = rules.fields
        // The root element is the form's id where that is an XML name (an XLSForm's form_id is), else `data`.
        formID = Self.isXMLName(rules.id) ? rules.id : "data"
        version = rules.version
        hasMeta = rules.fields.contains { $0.name == "meta" && $0.type == .section }
    }

    /// Converts every complete line of `bytes` (the rest waits for the next piece): one XML
    /// document per questionnaire.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        pending.append(contentsOf: bytes)
        var documents: [[UInt8]] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            guard !line.isEmpty else { continue }
            written += 1
            guard var object = FoundationJSON.object(line, number: { KoboNumber(text: $0) }) as? [String: Any] else {
                skippedLines += 1
                continue
            }
            var meta = object["meta"] as? [String: Any] ?? [:]
            let generatedID = meta["instanceID"] as? String
            if let generatedID, !generatedID.isEmpty, !generatedID.hasPrefix("uuid:") { replacedInstanceIDs += 1 }
            var id = generatedID.flatMap { !$0.hasPrefix("uuid:") || ids.contains($0) ? nil : $0 }
                ?? PlaceholderInstanceID.at(written)
            while ids.contains(id) { id += "-\(written)" }
            ids.insert(id)
            meta["instanceID"] = id
            if let deprecated = meta["deprecatedID"] as? String, !deprecated.isEmpty {
                emptiedDeprecatedIDs += 1
                meta["deprecatedID"] = nil
            }
            object["meta"] = meta
            documents.append(Array(document(object).utf8))
        }
        return documents
    }

    /// The name an XForm instance file of submission `position` (1-based) of `count` gets:
    /// `submission-0042.xml`, zero-padded so that the files sort in order.
    public static func fileName(position: Int, count: Int) -> String {
        let digits = String(max(count, 1)).count
        let number = String(position)
        return "submission-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".xml"
    }

    private mutating func document(_ object: [String: Any]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<\(formID) id=\"" + escape(formID, attribute: true) + "\""
        if !version.isEmpty { text += " version=\"" + escape(version, attribute: true) + "\"" }
        text += ">"
        text += elements(fields, object, indent: "\n  ")
        if !hasMeta, let meta = object["meta"] as? [String: Any], let id = meta["instanceID"] as? String {
            text += "\n  <meta>\n    <instanceID>" + escape(id, attribute: false) + "</instanceID>\n  </meta>"
        }
        return text + "\n</\(formID)>\n"
    }

    /// The elements of `fields` in `object`, then the object's keys the form does not have.
    private mutating func elements(_ fields: [FieldRule], _ object: [String: Any], indent: String) -> String {
        var text = ""
        for field in fields {
            guard Self.isXMLName(field.name) else {
                skippedNames[field.name, default: 0] += 1
                continue
            }
            let value = object[field.name]
            switch field.type {
            case .section:
                let inner = elements(field.children, value as? [String: Any] ?? [:], indent: indent + "  ")
                text += indent + "<\(field.name)>" + inner + indent + "</\(field.name)>"
            case .list:
                for item in value as? [Any] ?? [] {
                    let inner = elements(field.children, item as? [String: Any] ?? [:], indent: indent + "  ")
                    text += indent + "<\(field.name)>" + inner + indent + "</\(field.name)>"
                }
            default:
                text += leaf(field.name, value, indent: indent)
            }
        }
        let known = Set(fields.map(\.name))
        for key in object.keys.sorted() where !known.contains(key) {
            guard Self.isXMLName(key) else {
                skippedNames[key, default: 0] += 1
                continue
            }
            text += leaf(key, object[key], indent: indent)
        }
        return text
    }

    private mutating func leaf(_ name: String, _ value: Any?, indent: String) -> String {
        let content = Self.text(value)
        return content.isEmpty ? indent + "<\(name)/>" : indent + "<\(name)>" + escape(content, attribute: false) + "</\(name)>"
    }

    private mutating func escape(_ text: String, attribute: Bool) -> String {
        let escaped = XMLText.escaped(text, attribute: attribute)
        if escaped.contains("\\u{"), !text.contains("\\u{") { valuesWithNotation += 1 }
        return escaped
    }

    /// A value as ODK writes it: numbers as written, choices space-separated, an attachment its name.
    private static func text(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return ""
        case let text as String: return text
        case let number as KoboNumber: return number.text
        case let items as [Any]: return items.map { text($0) }.joined(separator: " ")
        case let object as [String: Any]:
            if let name = object["name"] as? String { return name }
            return KoboJSONWriter.write(object)
        default: return KoboJSONWriter.write(value!)
        }
    }

    /// An XML name as XLSForm names are: a letter or `_` first, then letters, digits, `_`, `-`, `.`.
    static func isXMLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
