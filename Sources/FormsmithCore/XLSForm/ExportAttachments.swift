/// Attachment answers as the servers export them: ODK Central (CSV and OData) and KoboToolbox
/// write an image, audio, video or file question's answer as the file's bare name
/// (`1712345.jpg`), where a rule file's attachment field expects a reference
/// `{name, mediaType, size}`.
///
/// The export readers (and only they: native JSON, JSON Lines and CSV keep their meaning) turn
/// such a name into a reference before the usual checks run, so the checks stay the ones of a
/// native attachment:
/// - `name` is the name as written (an empty answer stays no answer: `required`/`relevant` as usual);
/// - `mediaType` is what the extension names (``MediaType/byExtension``): `notes.pdf` is
///   `application/pdf`, which a field with `mediaTypes: [image/*]` rejects under rule
///   `media-type` as it would a native reference; of an extension's types the first the field
///   allows is taken;
/// - what a name cannot tell is not checked and counted (``fileNames``, ``unknownExtensions``,
///   ``sizesUnknown``): the size (the reference has none, and is read from an input marked
///   ``InputSource/attachmentSizesUnknown``, so `minSize`/`maxSize` are not checked for it rather
///   than passed with a made-up size) and the content's real type; an extension Formsmith does
///   not know names no type, and the reference is given one the field allows.
struct ExportAttachments {
    /// How a field's answers are read: its allowed types, and whether it (or a case of it) has
    /// a size rule its files' size cannot be checked against.
    private struct Field {
        let patterns: [MediaTypePattern]
        let hasSizeRule: Bool
        let isMultiple: Bool
    }

    private var fields: [String: Field] = [:]
    /// Answers turned into references (each file of a multiple attachment counted).
    private(set) var fileNames = 0
    /// Of those, the ones whose extension names no media type Formsmith knows.
    private(set) var unknownExtensions = 0
    /// Of those, the ones on a field with `minSize` or `maxSize` (its own or a case's): their
    /// size is unknown, so that rule is not checked for them.
    private(set) var sizesUnknown = 0

    /// The attachment fields of `rules`, by rule path.
    init(rules: RuleSet) {
        for field in rules.allFields where field.type == .attachment {
            let written = field.constraints.mediaTypes ?? []
            let patterns = written.compactMap { try? MediaTypePattern.parse($0.value).get() }
            let constraints = [field.constraints] + field.cases.map(\.constraints)
            let hasSizeRule = constraints.contains { $0.minSize != nil || $0.maxSize != nil }
            fields[field.path] = Field(patterns: patterns, hasSizeRule: hasSizeRule, isMultiple: field.isMultiple)
        }
    }

    /// Whether the field at rule path `path` is an attachment.
    func isAttachment(_ path: String) -> Bool { fields[path] != nil }

    /// The answer `text` of the attachment field at `path` as references: one object, or for a
    /// multiple attachment an array of them (Central separates several names by spaces).
    mutating func reference(_ text: String, path: String) -> Any {
        guard let field = fields[path] else { return text }
        guard field.isMultiple else { return file(text, field) }
        return text.split(separator: " ").map { file(String($0), field) }
    }

    private mutating func file(_ name: String, _ field: Field) -> [String: Any] {
        fileNames += 1
        if field.hasSizeRule { sizesUnknown += 1 }
        let mediaType: String
        if let known = MediaType.fileExtension(of: name).flatMap({ MediaType.byExtension[$0] }) {
            mediaType = known.first { type in field.patterns.isEmpty || field.patterns.contains { $0.matches(type) } }
                ?? known[0]
        } else {
            unknownExtensions += 1
            mediaType = Self.allowedType(field.patterns)
        }
        // No size: the export does not tell it (see ``sizesUnknown``).
        return ["name": name, "mediaType": mediaType]
    }

    /// A type the patterns allow, for a file whose type its name cannot tell.
    private static func allowedType(_ patterns: [MediaTypePattern]) -> String {
        guard let first = patterns.first, first.type != "*" else { return "application/octet-stream" }
        return first.subtype == "*" ? first.type + "/octet-stream" : first.description
    }
}

/// What a run is told, once, about the attachment answers its exports gave as file names
/// (``ExportAttachments``).
public enum ExportAttachmentNotice {
    /// What the run is told, once, about `fileNames` answers read from exports (nil for none):
    /// that their size and content are not checked, and how many of them (`sizesUnknown`) are
    /// on a field whose `minSize`/`maxSize` therefore goes unchecked.
    public static func text(fileNames: Int, unknownExtensions: Int, sizesUnknown: Int = 0) -> String? {
        guard fileNames > 0 else { return nil }
        var text = "\(fileNames) attachment answer\(fileNames == 1 ? "" : "s") of the exports given as a file name, "
            + "not a file: the name and the media type its extension names are checked; not checkable from a name: "
            + "the file's size (minSize, maxSize) and the real media type of its content"
        if unknownExtensions > 0 {
            text += "; \(unknownExtensions) of them with an extension that names no media type Formsmith knows, "
                + "whose media type is not checked either"
        }
        if sizesUnknown > 0 {
            text += "; \(sizesUnknown) of them on a field with minSize or maxSize: size unknown, that rule not "
                + "checked for \(sizesUnknown == 1 ? "it" : "them")"
        }
        return text
    }
}
