/// The text of one work item's questionnaires, sorted by verdict for split output.
///
/// For streamed inputs (JSON Lines, CSV) the parts are appended to the input's two files
/// as they come; for a `.json` document they are the two files' complete contents.
struct SplitChunk: Sendable {
    /// How one questionnaire of a `.json` document fared.
    enum Verdict: Sendable {
        case valid, invalid, unreadable
    }

    /// Written to both files before anything else (a CSV header).
    var prefix: [UInt8]?
    /// Valid questionnaires, one per line (or row).
    var valid: [UInt8] = []
    /// Invalid and unreadable questionnaires, as written.
    var invalid: [UInt8] = []
    /// Whether `valid` and `invalid` are whole files (a `.json` document).
    var isDocument = false
    /// An input too large to hold (a `.json` document over the size limit) whose file is to be
    /// copied whole to the invalid side, streamed.
    var wholeInput: InputSource?

    init() {}

    /// The split of an input that goes whole to the invalid side, copied from its file.
    init(copyingWhole source: InputSource) {
        isDocument = true
        wholeInput = source
    }

    /// Appends a record's text to its side, ending it with a line break if it has none.
    mutating func append(_ record: UnsafeBufferPointer<UInt8>, valid isValid: Bool) {
        if isValid { Self.appendLine(record, to: &valid) } else { Self.appendLine(record, to: &invalid) }
    }

    private static func appendLine(_ record: UnsafeBufferPointer<UInt8>, to side: inout [UInt8]) {
        side.append(contentsOf: record)
        if let last = record.last, last != CSVByte.lineFeed, last != CSVByte.carriageReturn {
            side.append(CSVByte.lineFeed)
        }
    }

    /// Splits a `.json` document whose questionnaires got `verdicts`, in order.
    ///
    /// An array is split into two arrays of its elements, as written. A document that is a
    /// single questionnaire goes whole to the side of its verdict. A document that could not
    /// be read completely goes whole to the invalid side: where its elements end is unknown.
    init(document: [UInt8], verdicts: [Verdict]) {
        isDocument = true
        let elements = verdicts.contains(.unreadable) ? nil : JSONArrayElements.ranges(in: document)
        guard let elements, elements.count >= verdicts.count else {
            if verdicts == [.valid] { valid = document } else { invalid = document }
            return
        }
        var validElements: [ArraySlice<UInt8>] = []
        var invalidElements: [ArraySlice<UInt8>] = []
        for (range, verdict) in zip(elements, verdicts) {
            if verdict == .valid { validElements.append(document[range]) } else { invalidElements.append(document[range]) }
        }
        valid = Self.array(validElements)
        invalid = Self.array(invalidElements)
    }

    private static func array(_ elements: [ArraySlice<UInt8>]) -> [UInt8] {
        guard !elements.isEmpty else { return [] }  // no file for a side without questionnaires
        var text = Array("[\n".utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { text += Array(",\n".utf8) }
            text += element
        }
        return text + Array("\n]\n".utf8)
    }
}

/// Finds the elements of a JSON document that is an array, for split output. The document
/// has already been parsed successfully, so only strings and nesting need following.
enum JSONArrayElements {
    /// The byte ranges of the top-level elements, or nil when the document is not an array.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>]? {
        var position = 0
        if bytes.starts(with: CSVByte.byteOrderMark) { position = 3 }
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        var ranges: [Range<Int>] = []
        var depth = 0
        var start: Int?
        var lastContent = position
        var inString = false
        var index = position + 1
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                lastContent = index
                continue
            }
            if isSpace(byte) { continue }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]") where depth == 0, UInt8(ascii: ",") where depth == 0:
                if let first = start { ranges.append(first..<(lastContent + 1)) }
                start = nil
                if byte == UInt8(ascii: "]") { return ranges }
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
            if start == nil { start = index }
            lastContent = index
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
