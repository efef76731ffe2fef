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

/// Reads the records of a `.json` document: a single questionnaire object, or an array of them.
enum JSONDocumentReader {
    static func forEachRecord(in bytes: [UInt8], file: String, validator: RecordValidator, limits: JSONLimits,
                              _ body: (RecordResult) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
            var lines = LineCounter()
            position = skipWhitespace(buffer, position)
            guard position < buffer.count else {
                body(RecordResult(location: RecordLocation(file: file, line: 1),
                                  unreadable: "the file is empty: expected a questionnaire object or an array"))
                return
            }
            guard buffer[position] == UInt8(ascii: "[") else {
                let location = RecordLocation(file: file, line: lines.line(at: position, in: buffer))
                do throws(JSONSyntaxError) {
                    try JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[position...]), into: &validator.tape,
                                         limits: limits)
                } catch {
                    let shifted = JSONSyntaxError(message: error.message, offset: error.offset + position)
                    body(validator.unreadable(shifted, in: buffer, location: RecordLocation(file: file, line: 1)))
                    return
                }
                body(validator.validateParsedTape(UnsafeBufferPointer(rebasing: buffer[position...]),
                                                  location: location))
                return
            }
            position = skipWhitespace(buffer, position + 1)
            if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
                return expectEnd(buffer, position + 1, file: file, validator: validator, body)
            }
            var index = 0
            while true {
                let location = RecordLocation(file: file, line: lines.line(at: position, in: buffer), index: index)
                let end: Int
                do throws(JSONSyntaxError) {
                    end = try JSONParser.parseValue(buffer, at: position, into: &validator.tape, limits: limits)
                } catch {
                    var result = validator.unreadable(error, in: buffer, location: RecordLocation(file: file, line: 1))
                    result.location = location
                    result.unreadable = (result.unreadable ?? "") + "; the rest of the array could not be read"
                    body(result)
                    return
                }
                body(validator.validateParsedTape(buffer, location: location))
                index += 1
                position = skipWhitespace(buffer, end)
                guard position < buffer.count else {
                    body(failure(buffer, position, file: file, validator: validator,
                                 message: "unexpected end of file: expected ',' or ']' to continue the array"))
                    return
                }
                if buffer[position] == UInt8(ascii: "]") {
                    return expectEnd(buffer, position + 1, file: file, validator: validator, body)
                }
                guard buffer[position] == UInt8(ascii: ",") else {
                    body(failure(buffer, position, file: file, validator: validator,
                                 message: "expected ',' or ']' after array element \(index - 1)"))
                    return
                }
                position = skipWhitespace(buffer, position + 1)
            }
        }
    }

    private static func expectEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ position: Int, file: String,
                                  validator: RecordValidator, _ body: (RecordResult) -> Void) {
        let rest = skipWhitespace(buffer, position)
        if rest < buffer.count {
            body(failure(buffer, rest, file: file, validator: validator,
                         message: "unexpected data after the end of the array"))
        }
    }

    private static func failure(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: Int, file: String,
                                validator: RecordValidator, message: String) -> RecordResult {
        var result = validator.unreadable(JSONSyntaxError(message: message, offset: offset), in: buffer,
                                          location: RecordLocation(file: file, line: 1))
        var counter = LineCounter()
        result.location = RecordLocation(file: file, line: counter.line(at: offset, in: buffer))
        return result
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
