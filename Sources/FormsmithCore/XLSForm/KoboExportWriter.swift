/// Generated questionnaires in the shape of a KoboToolbox JSON export (`data.json`), the shape
/// ``KoboExport`` reads back: group paths as `group/field` keys, a repeat's items as an array
/// whose items' keys repeat the repeat's path (`members/member_name`), numbers as the text Kobo
/// writes for them, a `select_multiple`'s choices as space-separated names. An empty list (a
/// repeat without items, nothing selected) is left out, as Kobo leaves out what was not answered.
/// Given the rules, an attachment is its file's name, as Kobo writes it.
///
/// Fed JSON Lines in pieces (as the generator writes them), it writes one JSON array.
public struct KoboExportWriter: Sendable {
    private var pending: [UInt8] = []
    private var written = 0
    /// The rule paths of attachment fields (`photo`, `household.members[].photo`).
    private let attachments: Set<String>

    /// A writer with nothing written yet; with `rules`, their attachments are written as file names.
    public init(rules: RuleSet? = nil) {
        attachments = Set((rules?.allFields ?? []).filter { $0.type == .attachment }.map(\.path))
    }

    /// Converts every complete line of `bytes` (the rest waits for the next piece) and returns
    /// the export's text for them (the opening `[` before the first).
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        pending.append(contentsOf: bytes)
        var output: [UInt8] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            guard !line.isEmpty else { continue }
            output += Array((written == 0 ? "[\n" : ",\n").utf8)
            written += 1
            output += Array(Self.convert(line, attachments: attachments).utf8)
        }
        return output
    }

    /// The end of the export (an empty array when nothing was written).
    public mutating func finish() -> [UInt8] {
        var output = pending.isEmpty ? [] : append([UInt8(ascii: "\n")])
        output += Array((written == 0 ? "[]\n" : "\n]\n").utf8)
        return output
    }

    /// One questionnaire (a JSON object) as a Kobo submission.
    static func convert(_ line: [UInt8], attachments: Set<String> = []) -> String {
        guard let object = FoundationJSON.object(line, number: { KoboNumber(text: $0) }) as? [String: Any] else {
            // Not an object: written as it is (the generator writes objects only).
            return String(decoding: line, as: UTF8.self)
        }
        var submission: [String: Any] = [:]
        flatten(object, prefix: [], rulePrefix: "", attachments: attachments, into: &submission)
        return KoboJSONWriter.write(submission)
    }

    /// `rulePrefix`: the rule path of `object` (`""`, `household.`, `household.members[].`).
    private static func flatten(_ object: [String: Any], prefix: [String], rulePrefix: String, attachments: Set<String>,
                                into submission: inout [String: Any]) {
        for (key, value) in object {
            let path = prefix + [key]
            if attachments.contains(rulePrefix + key) {
                submission[path.joined(separator: "/")] = ODKCentralCSVWriter.fileNames(value)
                continue
            }
            switch value {
            case let inner as [String: Any]:
                flatten(inner, prefix: path, rulePrefix: rulePrefix + key + ".", attachments: attachments, into: &submission)
            case let items as [Any] where items.isEmpty:
                continue
            case let items as [Any] where items.allSatisfy({ $0 is [String: Any] }):
                submission[path.joined(separator: "/")] = items.map { item -> Any in
                    var converted: [String: Any] = [:]
                    flatten(item as! [String: Any], prefix: path, rulePrefix: rulePrefix + key + "[].", attachments: attachments,
                            into: &converted)
                    return converted
                }
            case let items as [Any]:
                submission[path.joined(separator: "/")] = items.map { item -> String in
                    if let text = item as? String { return text }
                    if let number = item as? KoboNumber { return number.text }
                    return KoboJSONWriter.write(item)
                }.joined(separator: " ")
            case let number as KoboNumber:
                submission[path.joined(separator: "/")] = number.text
            default:
                submission[path.joined(separator: "/")] = value
            }
        }
    }
}
