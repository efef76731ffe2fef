/// The questionnaires of a set `formsmith coverage` measures, read as `validate` reads them:
/// through the engine's own readers and JSON parser (its exact numbers and limits), opened as
/// every input is (a regular file only), with every part that cannot be read named instead
/// of left out.
public struct QuestionnaireSet {
    /// Each questionnaire's JSON text, as written in the file.
    public private(set) var records: [[UInt8]] = []
    /// Where each one is (`set.jsonl:3`, `set.json: element 2`), for messages.
    public private(set) var names: [String] = []
    /// Each part that is not a questionnaire (not JSON, or not an object), as `where: why`;
    /// these are not measured.
    public private(set) var unreadable: [String] = []

    /// Reads `source`: JSON Lines one questionnaire per line (blank lines skipped), or a
    /// `.json` array of questionnaires (or one questionnaire object).
    /// - Throws: when the file cannot be opened or read, or is larger than
    ///   `limits.maxDocumentBytes` (the set is held in memory whole).
    public init(source: InputSource, limits: InputLimits = InputLimits()) throws(InputError) {
        let bytes: [UInt8]
        do {
            bytes = try ByteReader(source: source).readAll(limit: limits.maxDocumentBytes)
        } catch {
            throw InputError(message: "\(source.name): \(error.description)")
        }
        var tape = JSONTape()
        if source.format == .json {
            JSONDocumentReader.forEachRecord(in: bytes, file: source.name, limits: JSONLimits(), tape: &tape) { record, tape in
                switch record {
                case .parsed(let buffer, let location):
                    let name = location.index.map { "\(source.name): element \($0 + 1)" } ?? source.name
                    add(buffer, tape: tape, name: name)
                case .unreadable(let reason, let location):
                    unreadable.append("\(location.index.map { "\(source.name): element \($0 + 1)" } ?? source.name): \(reason)")
                }
            }
            return
        }
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            let name = "\(source.name):\(lineNumber)"
            let record = Array(line)
            record.withUnsafeBufferPointer { buffer in
                do throws(JSONSyntaxError) {
                    try JSONParser.parse(buffer, into: &tape, limits: JSONLimits())
                    add(buffer, tape: tape, name: name)
                } catch {
                    unreadable.append("\(source.name): \(error.describe(in: buffer, firstLine: lineNumber))")
                }
            }
        }
    }

    /// Keeps the value at the tape's root when it is an object, else names what it is.
    private mutating func add(_ buffer: UnsafeBufferPointer<UInt8>, tape: JSONTape, name: String) {
        let root = tape.nodes[0]
        guard root.kind == .object else {
            unreadable.append("\(name): \(root.kind.phrase), not a questionnaire object")
            return
        }
        records.append(Array(buffer[root.start..<root.end]))
        names.append(name)
    }
}
