import Foundation
import FormsmithCore

/// Attachment fields as docs/rules.md ("Attachments") describes them, read from the plain JSON
/// tree: the reference object's members, then each file's `mediaTypes`, `extensions`, sizes
/// and the agreement of a well-known extension with the media type; with `multiple: true` an
/// array of files whose count `minItems`/`maxItems` bound. The extension table, the size units
/// and the media type syntax are this file's own copies of the document's.
extension ReferenceWalk {
    /// Checks an attachment value (present, visible, its parents filled): its own checks and
    /// those of every case whose `when` holds.
    func checkAttachment(_ field: FieldRule, _ value: PlainJSON, path: String, indices: [Int]) {
        var constraints = [field.constraints]
        for variant in field.cases where truth(variant.condition.value, indices) == true {
            constraints.append(variant.constraints)
        }
        guard field.isMultiple else {
            checkFile(value, constraints, path: path)
            return
        }
        guard case .array(let files) = value else {
            report(path, "type")
            return
        }
        for checks in constraints {
            if let minimum = checks.minItems, files.count < minimum.value { report(path, "min-items") }
            if let maximum = checks.maxItems, files.count > maximum.value { report(path, "max-items") }
        }
        for (position, file) in files.enumerated() { checkFile(file, constraints, path: "\(path)[\(position)]") }
    }

    /// One file reference at `path`: its members, then (when its name, media type and size are
    /// readable) the agreement of its extension and each set of checks.
    private func checkFile(_ value: PlainJSON, _ constraints: [Constraints], path: String) {
        guard case .object(let members) = value else {
            report(path, "type")
            return
        }
        var seen: Set<String> = []
        var given: [String: PlainJSON] = [:]
        for (key, member) in members {
            guard ReferenceAttachment.members.contains(key) else {
                report(path + "." + shownKey(key), "unknown-field")
                continue
            }
            guard seen.insert(key).inserted else {
                report(path + "." + key, "duplicate-field")
                continue
            }
            if member != .null { given[key] = member }
        }
        for key in ["name", "mediaType", "size"] where given[key] == nil { report(path + "." + key, "required") }
        var name: String?
        var mediaType: String?
        var size: ReferenceNumber?
        for (key, member) in given {
            let readable: Bool
            switch (key, member) {
            case ("name", .string(let text)) where ReferenceAttachment.isFileName(text):
                name = text
                readable = true
            case ("mediaType", .string(let text)) where ReferenceAttachment.isMediaType(text):
                mediaType = ReferenceAttachment.lowercased(text)
                readable = true
            case ("size", .number(let text)):
                size = ReferenceAttachment.size(text)
                readable = size != nil
            case ("url", .string(let text)): readable = ReferenceFormats.uri(Array(text.utf8))
            case ("sha256", .string(let text)):
                readable = text.utf8.count == 64 && text.utf8.allSatisfy(ReferenceFormats.isHex)
            default: readable = false
            }
            if !readable { report(path + "." + key, "type") }
        }
        guard let name, let mediaType, let size else { return }
        let written = ReferenceAttachment.fileExtension(name)
        if let written, let types = ReferenceAttachment.typesByExtension[written], !types.contains(mediaType) {
            report(path, "extension")
        }
        for checks in constraints {
            if let patterns = checks.mediaTypes,
               !patterns.contains(where: { ReferenceAttachment.allows($0.value, mediaType) }) {
                report(path, "media-type")
            }
            if let allowed = checks.extensions {
                let names = allowed.map { ReferenceAttachment.lowercased($0.value.hasPrefix(".") ? String($0.value.dropFirst()) : $0.value) }
                if !(written.map(names.contains) ?? false) { report(path, "extension") }
            }
            if let minimum = checks.minSize.flatMap({ ReferenceAttachment.bytes($0.value) }),
               ReferenceNumber.compare(size, minimum) < 0 {
                report(path, "min-size")
            }
            if let maximum = checks.maxSize.flatMap({ ReferenceAttachment.bytes($0.value) }),
               ReferenceNumber.compare(size, maximum) > 0 {
                report(path, "max-size")
            }
        }
    }

    /// A member name as reports show it (docs/rules.md, "The file": the first 100 characters and "…").
    private func shownKey(_ key: String) -> String {
        key.unicodeScalars.count <= 100 ? key : String(String.UnicodeScalarView(key.unicodeScalars.prefix(100))) + "…"
    }
}

/// The facts of docs/rules.md's "Attachments", written out.
enum ReferenceAttachment {
    static let members: Set<String> = ["name", "mediaType", "size", "url", "sha256"]

    /// The document's table of well-known extensions.
    static let typesByExtension: [String: [String]] = {
        var table: [String: [String]] = [
            "pdf": ["application/pdf"], "jpg": ["image/jpeg"], "jpeg": ["image/jpeg"], "jpe": ["image/jpeg"],
            "tif": ["image/tiff"], "tiff": ["image/tiff"], "svg": ["image/svg+xml"], "txt": ["text/plain"],
            "csv": ["text/csv"], "html": ["text/html"], "htm": ["text/html"], "xml": ["application/xml", "text/xml"],
            "json": ["application/json"], "doc": ["application/msword"],
            "docx": ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
            "xls": ["application/vnd.ms-excel"],
            "xlsx": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
            "odt": ["application/vnd.oasis.opendocument.text"], "rtf": ["application/rtf", "text/rtf"],
            "zip": ["application/zip"], "mp4": ["video/mp4"], "mov": ["video/quicktime"], "mp3": ["audio/mpeg"],
            "m4a": ["audio/mp4"], "aac": ["audio/aac"], "amr": ["audio/amr"], "ogg": ["audio/ogg"],
            "wav": ["audio/wav", "audio/x-wav"], "3gp": ["video/3gpp", "audio/3gpp"], "webm": ["video/webm", "audio/webm"],
        ]
        for image in ["png", "gif", "webp", "bmp", "heic", "heif"] { table[image] = ["image/" + image] }
        return table
    }()

    /// ASCII capitals lowercased, nothing else.
    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Not empty, `.` or `..`, and no `/` or `\`.
    static func isFileName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".." && !text.contains("/") && !text.contains("\\")
    }

    /// What follows the last dot when that dot is neither the first nor the last character, lowercased.
    static func fileExtension(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < bytes.count - 1 else { return nil }
        return lowercased(String(decoding: bytes[(dot + 1)...], as: UTF8.self))
    }

    /// `type/subtype`, each half an RFC 6838 restricted name.
    static func isMediaType(_ text: String) -> Bool {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2 && halves.allSatisfy { isRestrictedName(Array($0.utf8)) }
    }

    private static func isRestrictedName(_ bytes: [UInt8]) -> Bool {
        func alphanumeric(_ byte: UInt8) -> Bool {
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
        guard let first = bytes.first, alphanumeric(first), bytes.count <= 127 else { return false }
        return bytes.allSatisfy { alphanumeric($0) || "!#$&-^_.+".utf8.contains($0) }
    }

    /// Whether a pattern of `mediaTypes` (`*/*`, `image/*`, `application/pdf`) allows a lowercased type.
    static func allows(_ pattern: String, _ type: String) -> Bool {
        let lowered = lowercased(pattern)
        if lowered == "*/*" { return true }
        if lowered.hasSuffix("/*") { return type.hasPrefix(String(lowered.dropLast())) && type.utf8.count > lowered.utf8.count - 1 }
        return lowered == type
    }

    /// A `size` member: a whole number written without fraction or exponent, 0 to 2^63-1.
    static func size(_ text: String) -> ReferenceNumber? {
        guard ReferenceNumber.isIntegerNotation(text), let number = ReferenceNumber(json: text),
              ReferenceNumber.compare(number, ReferenceNumber(json: "0")!) >= 0,
              ReferenceNumber.compare(number, ReferenceNumber(json: "9223372036854775807")!) <= 0 else { return nil }
        return number
    }

    /// A size as a rule file writes it: bytes, or a number with `B`, `KB`, `MB`, `GB` (powers
    /// of 1000) or `KiB`, `MiB`, `GiB` (powers of 1024), any case, a space allowed between, a
    /// fraction when it makes whole bytes. Nil otherwise (such rules do not load).
    static func bytes(_ written: String) -> ReferenceNumber? {
        let text = lowercased(written).trimmingCharacters(in: .whitespaces)
        let number = String(text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        let factors: [String: Int] = ["": 1, "b": 1, "kb": 1000, "mb": 1_000_000, "gb": 1_000_000_000,
                                      "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824]
        guard let factor = factors[unit] else { return nil }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !number.isEmpty, number.last != "." else { return nil }
        let whole = Int(parts[0].isEmpty ? "0" : String(parts[0])) ?? 0
        var scale = 1
        for _ in (parts.count == 2 ? Array(parts[1]) : []) { scale *= 10 }
        let fraction = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        guard (fraction * factor) % scale == 0 else { return nil }
        return ReferenceNumber(json: String(whole * factor + fraction * factor / scale))
    }
}
