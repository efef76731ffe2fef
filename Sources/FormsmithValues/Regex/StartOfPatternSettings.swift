/// PCRE2 reads `(*NAME)` items at the very start of a pattern as settings that override how it
/// was compiled or is matched: `(*NO_JIT)` (which made every match fail with PCRE2 error -45
/// on the JIT path), `(*LIMIT_MATCH=…)`, newline conventions (`(*CR)`), `(*NOTEMPTY)`. Formsmith
/// fixes those itself (UTF, Unicode properties, whole-value anchoring, JIT, its match limits),
/// and its value generator and byte-level matcher would not follow them, so such a pattern is
/// refused when the rules load (lint reports it too, with its position). `(*UTF)`, `(*UTF8)`
/// and `(*UCP)` say what Formsmith does anyway and are accepted.
enum StartOfPatternSettings {
    /// Settings that change nothing in Formsmith.
    static let harmless: Set<String> = ["UTF", "UTF8", "UCP"]

    /// The first setting at the start of `bytes` that is refused, with its byte offset.
    static func refused(in bytes: [UInt8]) -> (name: String, offset: Int)? {
        var position = 0
        while bytes.count > position + 2, bytes[position] == UInt8(ascii: "("), bytes[position + 1] == UInt8(ascii: "*") {
            var end = position + 2
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ")"), end > position + 2 else { return nil }
            let name = String(decoding: bytes[(position + 2)..<end], as: UTF8.self)
            // Backtracking verbs such as (*ACCEPT) or (*FAIL) at the start are not settings.
            guard isSetting(name) else { return nil }
            if !harmless.contains(name) { return (name, position) }
            position = end + 1
        }
        return nil
    }

    private static func isSetting(_ name: String) -> Bool {
        let settings: Set<String> = ["UTF", "UTF8", "UCP", "NO_AUTO_POSSESS", "NO_DOTSTAR_ANCHOR", "NO_JIT",
                                     "NO_START_OPT", "NOTEMPTY", "NOTEMPTY_ATSTART", "CR", "LF", "CRLF", "ANYCRLF",
                                     "ANY", "NUL", "BSR_ANYCRLF", "BSR_UNICODE"]
        return settings.contains(name) || (name.hasPrefix("LIMIT_") && name.contains("="))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "=")
    }
}
