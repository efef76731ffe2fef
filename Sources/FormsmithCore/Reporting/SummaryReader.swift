import Foundation

/// Reads back the summary a JSON or JSON Lines report ends with, so that the reports of
/// several runs (the shards of a Spark job, the parts of a `parallel` run) can be merged
/// into one (`formsmith merge`).
///
/// The summary is the report's last line: `"summary":{...}}` in a JSON report,
/// `{"summary":{...}}` in a JSON Lines report or a merged summary. Only the end of the file
/// is read, so a report of millions of results costs no more than a small one.
public enum SummaryReader {
    /// The summary at the end of the report file at `path`.
    public static func read(path: String) throws(InputError) -> ValidationSummary {
        let line = try lastLine(of: path)
        do {
            return try parse(line.text, file: path, line: 0)
        } catch {
            // Numbering the line costs a pass over the file: only for the message (parsing
            // the line again throws the same problem, now with its line number).
            let number = try lineCount(path, upTo: line.offset) + 1
            return try parse(line.text, file: path, line: number)
        }
    }

    /// The summary in `text`, one report line (`"summary":{...}}` or `{"summary":{...}}`);
    /// `file` and `line` only place error messages.
    public static func parse(_ text: String, file: String, line: Int) throws(InputError) -> ValidationSummary {
        func failure(_ why: String) -> InputError {
            InputError(message: "\(file):\(line): \(why); give the JSON or JSON Lines report of "
                       + "'formsmith validate --report json|jsonl' (or the output of 'formsmith merge')")
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let object = trimmed.hasPrefix("\"summary\"") ? "{" + trimmed : trimmed
        guard let parsed = FoundationJSON.object(Array(object.utf8)),
              let root = parsed as? [String: Any], let summary = root["summary"] as? [String: Any]
        else { throw failure("the last line is not a report summary") }
        func integer(_ key: String) throws(InputError) -> Int {
            guard summary[key] != nil else { throw failure("the summary has no count '\(key)'") }
            guard let value = count(summary[key]) else {
                throw failure("the summary's count '\(key)' is not a whole number from 0 to \(Int.max)")
            }
            return value
        }
        func counts(_ key: String, name: String) throws(InputError) -> [ViolationCount] {
            guard let entries = summary[key] as? [[String: Any]] else { throw failure("the summary has no list '\(key)'") }
            var result: [ViolationCount] = []
            for entry in entries {
                guard let label = entry[name] as? String, let count = count(entry["count"]) else {
                    throw failure("an entry of '\(key)' has no \(name) and count (a whole number from 0 to \(Int.max))")
                }
                result.append(ViolationCount(key: label, count: count, examples: entry["examples"] as? [String] ?? []))
            }
            return result
        }
        var result = ValidationSummary(
            records: try integer("records"), valid: try integer("valid"), invalid: try integer("invalid"),
            unreadable: try integer("unreadable"), violations: try integer("violations"),
            byRule: try counts("byRule", name: "rule"), byField: try counts("byField", name: "field"))
        let (partial, first) = result.valid.addingReportingOverflow(result.invalid)
        let (total, second) = partial.addingReportingOverflow(result.unreadable)
        guard !first, !second, result.records == total else {
            throw failure("the summary's records are not valid + invalid + unreadable")
        }
        result.stoppedEarly = summary["stoppedEarly"] as? Bool ?? false
        if let today = summary["today"] {
            guard let text = today as? String, let date = DatePattern.iso.parse(text) else {
                throw failure("the summary's 'today' is not a date written yyyy-MM-dd")
            }
            result.today = date
        }
        return result
    }

    /// A count as written, exactly: a JSON integer from 0 to `Int.max` (never through a
    /// double, which would round counts above 2^53); nil for anything else.
    static func count(_ value: Any?) -> Int? {
        // A boolean is an NSNumber of type "c" (char), which no JSON integer becomes.
        guard let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "s", "i", "l", "q": return number.int64Value >= 0 ? Int(exactly: number.int64Value) : nil
        case "S", "I", "L", "Q": return Int(exactly: number.uint64Value)
        default: return nil
        }
    }

    /// The last non-blank line of a file and its number, read from the end.
    private static func lastLine(of path: String) throws(InputError) -> (text: String, offset: UInt64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(message: "\(path): cannot read the report: check the path")
        }
        defer { try? handle.close() }
        let size: UInt64
        do { size = try handle.seekToEnd() } catch {
            throw InputError(message: "\(path): cannot read the report: \(error.localizedDescription)")
        }
        var window: UInt64 = 1 << 16
        while true {
            let start = size > window ? size - window : 0
            let tail: Data
            do {
                try handle.seek(toOffset: start)
                tail = try handle.readToEnd() ?? Data()
            } catch {
                throw InputError(message: "\(path): cannot read the report: \(error.localizedDescription)")
            }
            let bytes = [UInt8](tail)
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")
                || bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            if end == 0, start == 0 { break }
            if let newline = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) ?? (start == 0 ? -1 : nil) {
                let text = String(decoding: bytes[(newline + 1)..<end], as: UTF8.self)
                return (text, start + UInt64(newline + 1))
            }
            guard start > 0 else { break }
            window *= 4
        }
        throw InputError(message: "\(path): the report is empty; give the JSON or JSON Lines report of "
                         + "'formsmith validate'")
    }

    /// The number of line breaks before byte `offset`, for error messages only (counted
    /// in blocks, without holding the file in memory).
    private static func lineCount(_ path: String, upTo offset: UInt64) throws(InputError) -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(message: "\(path): cannot read the report: check the path")
        }
        defer { try? handle.close() }
        var count = 0
        var position: UInt64 = 0
        do {
            try handle.seek(toOffset: 0)
            while position < offset {
                let block = try handle.read(upToCount: Int(min(1 << 20, offset - position))) ?? Data()
                if block.isEmpty { break }
                count += block.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                position += UInt64(block.count)
            }
        } catch {
            throw InputError(message: "\(path): cannot read the report: \(error.localizedDescription)")
        }
        return count
    }
}
