/// Media types (RFC 6838 `type/subtype`) of attached files: their syntax, the patterns a rule
/// file allows (`image/*`), and the well-known file name extensions of common types.
enum MediaType {
    /// Why `text` is not a media type written `type/subtype`, or nil when it is one.
    ///
    /// Names follow RFC 6838 section 4.2: 1 to 127 characters, a letter or digit first, then
    /// letters, digits and `! # $ & - ^ _ . +`. Parameters (`; charset=...`) are not part of an
    /// attachment's media type.
    static func syntaxProblem(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { syntaxProblem(bytes: $0) }
    }

    /// The same for UTF-8 bytes (the validator's fast path reads them in place).
    static func syntaxProblem(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var slashes = 0
        var partStart = true
        var partLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                slashes += 1
                if partStart { break }
                partStart = true
                partLength = 0
                continue
            }
            if partStart, !isAlphanumeric(byte) {
                return "each half of a media type starts with a letter or digit, such as image/png"
            }
            partStart = false
            partLength += 1
            if partLength > 127 { return "each half of a media type has at most 127 characters" }
            if !isAlphanumeric(byte), !isNameSymbol(byte) {
                let shown = byte < 0x80 ? String(UnicodeScalar(byte)) : "a non-ASCII character"
                return "'\(shown)' cannot appear in a media type (letters, digits and ! # $ & - ^ _ . + only)"
            }
        }
        guard slashes == 1 else { return "a media type is written type/subtype, such as application/pdf" }
        guard !partStart else { return "each half of a media type starts with a letter or digit, such as image/png" }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isNameSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "-"),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
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
        // What phones record (ODK Collect's and KoboCollect's audio and video answers).
        "m4a": ["audio/mp4"], "aac": ["audio/aac"], "amr": ["audio/amr"], "wav": ["audio/wav", "audio/x-wav"],
        "ogg": ["audio/ogg"], "3gp": ["video/3gpp", "audio/3gpp"], "webm": ["video/webm", "audio/webm"],
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
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex,
              utf8.index(after: dot) != utf8.endIndex else { return nil }
        return asciiLowercased(String(name[utf8.index(after: dot)...]))
    }

    /// `text` with ASCII capitals lowercased (media types and extensions are compared so).
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

/// An allowed media type as a rule file writes it: exact (`application/pdf`), a whole top-level
/// type (`image/*`) or anything (`*/*`). Compared without regard to case.
struct MediaTypePattern: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lowercased (`*` for any).
    let type: String
    /// The subtype, lowercased (`*` for any).
    let subtype: String
    /// `type/subtype`.
    let description: String

    init(type: String, subtype: String) {
        self.type = type
        self.subtype = subtype
        description = type + "/" + subtype
    }

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
        if subtype != "*" { return mediaType == description }
        let utf8 = mediaType.utf8
        return utf8.count > type.utf8.count && utf8.starts(with: type.utf8)
            && utf8[utf8.index(utf8.startIndex, offsetBy: type.utf8.count)] == UInt8(ascii: "/")
    }

    /// Whether the pattern names one media type (no wildcard).
    var isExact: Bool { type != "*" && subtype != "*" }


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
