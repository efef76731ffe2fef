/// Media types (RFC 6838 `type/subtype`) of attached files: their syntax, the patterns a rule
/// file allows (`image/*`), and the well-known file name extensions of common types.
enum MediaType {
    /// Why `text` is not a media type written `type/subtype`, or nil when it is one.
    ///
    /// Names follow RFC 6838 section 4.2: 1 to 127 characters, a letter or digit first, then
    /// letters, digits and `! # $ & - ^ _ . +`. Parameters (`; charset=...`) are not part of an
    /// attachment's media type.
    static func syntaxProblem(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "a media type is written type/subtype, such as application/pdf" }
        for part in parts {
            guard let first = part.unicodeScalars.first, isAlphanumeric(first) else {
                return "each half of a media type starts with a letter or digit, such as image/png"
            }
            guard part.unicodeScalars.count <= 127 else { return "each half of a media type has at most 127 characters" }
            if let bad = part.unicodeScalars.first(where: { !isAlphanumeric($0) && !"!#$&-^_.+".unicodeScalars.contains($0) }) {
                return "'\(bad)' cannot appear in a media type (letters, digits and ! # $ & - ^ _ . + only)"
            }
        }
        return nil
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
    }

    /// Well-known extensions (lowercase, without the dot) and the media types files with them
    /// have; the first type is the registered one, the others common aliases.
    static let byExtension: [String: [String]] = [
        "pdf": ["application/pdf"],
        "jpg": ["image/jpeg"], "jpeg": ["image/jpeg"], "jpe": ["image/jpeg"],
        "png": ["image/png"], "gif": ["image/gif"], "webp": ["image/webp"], "bmp": ["image/bmp"],
        "tif": ["image/tiff"], "tiff": ["image/tiff"], "heic": ["image/heic"], "heif": ["image/heif"],
        "svg": ["image/svg+xml"],
        "txt": ["text/plain"], "csv": ["text/csv"], "html": ["text/html"], "htm": ["text/html"],
        "xml": ["application/xml", "text/xml"], "json": ["application/json"],
        "doc": ["application/msword"],
        "docx": ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
        "xls": ["application/vnd.ms-excel"],
        "xlsx": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        "odt": ["application/vnd.oasis.opendocument.text"], "rtf": ["application/rtf", "text/rtf"],
        "zip": ["application/zip"], "mp4": ["video/mp4"], "mov": ["video/quicktime"], "mp3": ["audio/mpeg"],
    ]

    /// The extensions generated for each well-known media type, the usual one first.
    static let extensionsByType: [String: [String]] = {
        var result: [String: [String]] = [:]
        for (name, types) in byExtension.sorted(by: { $0.key < $1.key }) {
            for type in types { result[type, default: []].append(name) }
        }
        result["image/jpeg"] = ["jpg", "jpeg"]
        result["image/tiff"] = ["tif", "tiff"]
        result["text/html"] = ["html", "htm"]
        return result
    }()

    /// The lowercased extension of a file name (after its last dot), or nil when it has none.
    static func fileExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let text = name[name.index(after: dot)...]
        return text.isEmpty ? nil : text.lowercased()
    }
}

/// An allowed media type as a rule file writes it: exact (`application/pdf`), a whole top-level
/// type (`image/*`) or anything (`*/*`). Compared without regard to case.
struct MediaTypePattern: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lowercased (`*` for any).
    let type: String
    /// The subtype, lowercased (`*` for any).
    let subtype: String

    /// Parses a pattern; nil with the reason when it is not one.
    static func parse(_ text: String) -> Result<MediaTypePattern, MediaTypeSyntaxError> {
        let lowered = text.lowercased()
        if lowered == "*/*" { return .success(MediaTypePattern(type: "*", subtype: "*")) }
        if lowered.hasSuffix("/*") {
            let type = String(lowered.dropLast(2))
            if let problem = MediaType.syntaxProblem(type + "/x") { return .failure(MediaTypeSyntaxError(reason: problem)) }
            return .success(MediaTypePattern(type: type, subtype: "*"))
        }
        if let problem = MediaType.syntaxProblem(lowered) { return .failure(MediaTypeSyntaxError(reason: problem)) }
        let parts = lowered.split(separator: "/")
        return .success(MediaTypePattern(type: String(parts[0]), subtype: String(parts[1])))
    }

    /// Whether a media type (already lowercased) is allowed by the pattern.
    func matches(_ mediaType: String) -> Bool {
        if type == "*" { return true }
        guard let slash = mediaType.firstIndex(of: "/"), mediaType[..<slash] == type else { return false }
        return subtype == "*" || mediaType[mediaType.index(after: slash)...] == subtype
    }

    /// Whether the pattern names one media type (no wildcard).
    var isExact: Bool { type != "*" && subtype != "*" }

    var description: String { "\(type)/\(subtype)" }

    /// The well-known media types the pattern allows, exact ones as they are, in a stable order.
    var knownTypes: [String] {
        if isExact { return [description] }
        return MediaType.extensionsByType.keys.filter(matches).sorted()
    }
}

/// Why a written media type is not one.
struct MediaTypeSyntaxError: Error {
    let reason: String
}
