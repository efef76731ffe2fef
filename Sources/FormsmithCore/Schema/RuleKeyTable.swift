/// The key table of `docs/rules.md` ("Value checks"), generated from the check kinds' key
/// declarations (``CheckKey``): one row per key with the field types it applies to, the shape of
/// its value and its documentation, the same text the rules schema gives editors.
///
/// The table stands in `docs/rules.md` between ``begin`` and ``end``; a test keeps it equal to
/// ``markdown()`` (`FORMSMITH_UPDATE_GOLDEN=1 swift test --filter RuleKeyTableTests` rewrites it).
public enum RuleKeyTable {
    /// The documentation file holding the table, relative to the repository root.
    public static let documentPath = "docs/rules.md"
    /// The comment line before the table.
    public static let begin = "<!-- generated: value-check keys, from each key's declaration in Sources/FormsmithCore/Checks "
        + "(FORMSMITH_UPDATE_GOLDEN=1 swift test --filter RuleKeyTableTests rewrites it) -->"
    /// The comment line after the table.
    public static let end = "<!-- end of generated value-check keys -->"

    /// The table in Markdown, header first, one line per key, ending with a newline.
    public static func markdown() -> String {
        var lines = ["| key | applies to | value | meaning |", "| --- | --- | --- | --- |"]
        for key in CheckKind.allKeys {
            let types = FieldType.allCases.filter(key.types.contains).map(\.rawValue).joined(separator: ", ")
            lines.append("| `\(key.name)` | \(types) | \(cell(key.shape)) | \(cell(key.documentation.description)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `document` with the text between its ``begin`` and ``end`` lines replaced by ``markdown()``;
    /// nil when it lacks either line.
    public static func updating(_ document: String) -> String? {
        guard let start = document.range(of: begin + "\n"),
              let stop = document.range(of: end, range: start.upperBound..<document.endIndex)
        else { return nil }
        return String(document[..<start.upperBound]) + markdown() + String(document[stop.lowerBound...])
    }

    /// A table cell: a `|` would end it.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
