import Foundation  // memchr, memcmp, tmpfile: the same C calls on Linux and macOS

/// Splits a chunk of a JSON Lines file into records.
enum JSONLinesReader {
    /// Calls `body` with each non-blank line (without its line break) and its 1-based number.
    /// A UTF-8 byte order mark at the very start of the file is skipped.
    static func forEachRecord(in bytes: [UInt8], firstLine: Int,
                              _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            if firstLine == 1, buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
            var line = firstLine
            while start < buffer.count {
                let end = nextNewline(in: buffer, from: start)
                var contentEnd = end
                if contentEnd > start, buffer[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
                if !isBlank(buffer, start, contentEnd) {
                    body(UnsafeBufferPointer(rebasing: buffer[start..<contentEnd]), line)
                }
                line += 1
                start = end + 1
            }
        }
    }

    /// The offset of the next line feed at or after `start`, or the buffer's end (`memchr`).
    private static func nextNewline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        // In bounds: callers pass `start < buffer.count` (so the buffer is not empty and has a base); memchr
        // reads `start..<count`.
        let base = UnsafeRawPointer(buffer.baseAddress!)
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else {
            return buffer.count
        }
        return UnsafeRawPointer(found) - base
    }

    private static func isBlank(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for index in start..<end {
            switch buffer[index] {
            case 0x20, 0x09, 0x0D: continue
            default: return false
            }
        }
        return true
    }
}

/// One record of a `.json` document, as ``JSONDocumentReader`` hands it on.
enum JSONDocumentRecord {
    /// A questionnaire parsed onto the reader's tape; the tape's offsets refer to `bytes`.
    case parsed(bytes: UnsafeBufferPointer<UInt8>, location: RecordLocation)
    /// A part of the document that could not be read: why (with line and column) and where.
    case unreadable(reason: String, location: RecordLocation)
}

/// Reads the records of a `.json` document: a single questionnaire object, or an array of them.
///
/// It knows nothing of rules or validation: it parses each questionnaire onto `tape` and hands
/// it on with its position; what is done with it is the caller's business.
enum JSONDocumentReader {
    /// Calls `body` with each record of the document in order, and the tape it was parsed onto
    /// (valid until `body` returns). An unreadable part ends the document.
    static func forEachRecord(in bytes: [UInt8], file: String, limits: JSONLimits, tape: inout JSONTape,
                              _ body: (JSONDocumentRecord, inout JSONTape) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
            var lines = LineCounter()
            position = skipWhitespace(buffer, position)
            guard position < buffer.count else {
                body(.unreadable(reason: "the file is empty: expected a questionnaire object or an array",
                                 location: RecordLocation(file: file, line: 1)), &tape)
                return
            }
            guard buffer[position] == UInt8(ascii: "[") else {
                let location = RecordLocation(file: file, line: lines.line(at: position, in: buffer))
                do throws(JSONSyntaxError) {
                    try JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[position...]), into: &tape, limits: limits)
                } catch {
                    let shifted = JSONSyntaxError(message: error.message, offset: error.offset + position)
                    body(.unreadable(reason: shifted.describe(in: buffer, firstLine: 1),
                                     location: RecordLocation(file: file, line: 1)), &tape)
                    return
                }
                body(.parsed(bytes: UnsafeBufferPointer(rebasing: buffer[position...]), location: location), &tape)
                return
            }
            position = skipWhitespace(buffer, position + 1)
            if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
                return expectEnd(buffer, position + 1, file: file, tape: &tape, body)
            }
            var index = 0
            while true {
                let location = RecordLocation(file: file, line: lines.line(at: position, in: buffer), index: index)
                let end: Int
                do throws(JSONSyntaxError) {
                    end = try JSONParser.parseValue(buffer, at: position, into: &tape, limits: limits)
                } catch {
                    body(.unreadable(reason: error.describe(in: buffer, firstLine: 1)
                                         + "; the rest of the array could not be read",
                                     location: location), &tape)
                    return
                }
                body(.parsed(bytes: buffer, location: location), &tape)
                index += 1
                position = skipWhitespace(buffer, end)
                guard position < buffer.count else {
                    body(failure(buffer, position, file: file,
                                 message: "unexpected end of file: expected ',' or ']' to continue the array"), &tape)
                    return
                }
                if buffer[position] == UInt8(ascii: "]") {
                    return expectEnd(buffer, position + 1, file: file, tape: &tape, body)
                }
                guard buffer[position] == UInt8(ascii: ",") else {
                    body(failure(buffer, position, file: file, message: "expected ',' or ']' after array element \(index - 1)"),
                         &tape)
                    return
                }
                position = skipWhitespace(buffer, position + 1)
            }
        }
    }

    private static func expectEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int, file: String,
                                  tape: inout JSONTape, _ body: (JSONDocumentRecord, inout JSONTape) -> Void) {
        let rest = skipWhitespace(buffer, position)
        if rest < buffer.count {
            body(failure(buffer, rest, file: file, message: "unexpected data after the end of the array"), &tape)
        }
    }

    /// A syntax problem at `offset`, reported at the line it is on.
    private static func failure(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: Int, file: String,
                                message: String) -> JSONDocumentRecord {
        let reason = JSONSyntaxError(message: message, offset: offset).describe(in: buffer, firstLine: 1)
        var counter = LineCounter()
        return .unreadable(reason: reason, location: RecordLocation(file: file, line: counter.line(at: offset, in: buffer)))
    }

    private static func skipWhitespace(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var position = start
        while position < buffer.count,
            buffer[position] == 0x20 || buffer[position] == 0x0A || buffer[position] == 0x0D || buffer[position] == 0x09
        {
            position += 1
        }
        return position
    }
}

extension JSONSyntaxError {
    /// "line 3, column 7: message": where in `bytes` (whose first line is `firstLine`) the
    /// error is, the column counted in Unicode scalars.
    func describe(in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) -> String {
        var line = firstLine
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        var column = 1
        for position in lineStart..<max(lineStart, min(offset, bytes.count)) where bytes[position] & 0xC0 != 0x80 {
            column += 1
        }
        return "line \(line), column \(column): \(message)"
    }
}

/// Counts line breaks incrementally as offsets grow.
struct LineCounter {
    private var offset = 0
    private var line = 1

    mutating func line(at target: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        if target < offset { offset = 0; line = 1 }
        while offset < min(target, buffer.count) {
            if buffer[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        return line
    }
}
