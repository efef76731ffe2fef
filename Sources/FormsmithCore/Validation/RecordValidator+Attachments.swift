/// Attachment fields: the reference object (an array of them with `multiple: true`) read from
/// the JSON tape or, in CSV, from the cell's JSON text; its shape checked member by member,
/// then each file and the count checked by the field's attachment checks (``AttachmentCheck``:
/// `Checks/MediaTypeCheck.swift`, `ExtensionCheck.swift`, `SizeCheck.swift`, `ItemCountCheck.swift`).
///
/// A file's violations are reported on the field (`scan`), on the file of a multiple
/// attachment (`documents[1]`), or on the member at fault (`scan.size`).
extension RecordValidator {
    /// Checks an attachment value. `inCase` is true for the checks of a `cases:` entry: the
    /// shape and the extension agreement were reported with the field's own checks.
    func checkAttachments(_ field: CompiledField, _ raw: RawValue, _ path: ConcretePath, _ checks: [ValueCheck],
                          inCase: Bool) {
        switch raw {
        case .json(let index):
            inspectAttachments(field, Int(index), AttachmentReader(tape: tape, bytes: bytes, sizeMayBeUnknown: attachmentSizesUnknown),
                               raw, path, checks,
                               inCase: inCase)
        case .cell:
            var text: [UInt8] = []
            values.withText(raw, into: &valueBuffer) { cell in text = Array(cell ?? UnsafeBufferPointer(start: nil, count: 0)) }
            let opening = text.first { $0 != UInt8(ascii: " ") }
            guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
                if !inCase {
                    report(field, path, RuleIdentifier.type, "must be the attachment written as JSON in the cell, such as "
                           + "{\"name\": \"scan.pdf\", \"mediaType\": \"application/pdf\", \"size\": 482133}"
                           + (field.isMultiple ? " (an array of them: multiple files)" : ""), raw)
                }
                return
            }
            text.withUnsafeBufferPointer { cell in
                do {
                    try JSONParser.parse(cell, into: &attachmentTape)
                } catch {
                    if !inCase {
                        let reason = String(describing: error)
                        report(field, path, RuleIdentifier.type,
                               "is not valid JSON (" + reason + "); write the attachment as a JSON object in the cell", raw)
                    }
                    return
                }
                inspectAttachments(field, 0, AttachmentReader(tape: attachmentTape, bytes: cell,
                                                              sizeMayBeUnknown: attachmentSizesUnknown), raw, path, checks,
                                   inCase: inCase)
            }
        case .absent, .broken:
            return
        }
    }

    private func inspectAttachments(_ field: CompiledField, _ index: Int, _ reader: AttachmentReader, _ raw: RawValue,
                                    _ path: ConcretePath, _ checks: [ValueCheck], inCase: Bool) {
        let node = reader.tape.nodes[index]
        guard field.isMultiple else {
            checkFile(field, index, reader, path.description, checks, inCase: inCase)
            return
        }
        guard node.kind == .array else {
            if !inCase {
                report(field, path, RuleIdentifier.type, "must be an array of attachment objects (the field takes "
                       + "multiple files), not \(node.kind.phrase)", raw)
            }
            return
        }
        for case .attachment(let check) in checks { check.checkCount(Int(node.childCount), field, path, raw, in: self) }
        for (position, child) in reader.tape.children(of: index).enumerated() {
            checkFile(field, child, reader, "\(path)[\(position)]", checks, inCase: inCase)
        }
    }

    /// Checks one file reference at node `index`, reported at `path`.
    private func checkFile(_ field: CompiledField, _ index: Int, _ reader: AttachmentReader, _ path: String,
                           _ checks: [ValueCheck], inCase: Bool) {
        var problems: [AttachmentProblem] = []
        let file = reader.read(index, problems: &problems)
        if !inCase {
            for problem in problems {
                reportFile(field, problem.member.map { path + "." + $0 } ?? path, problem.rule, problem.message,
                           problem.value)
            }
        }
        guard let file else { return }
        if !inCase { checkExtensionAgreement(file, field, path) }
        for case .attachment(let check) in checks { check.checkFile(file, field, path, in: self) }
    }

    /// Whether an attachment value certainly passes the plan's attachment step `step` (see
    /// ``AttachmentStep``); false means "run the declarative checks". A CSV cell's JSON is parsed
    /// as the declarative checks parse it.
    func attachmentPasses(_ step: Int, _ raw: RawValue) -> Bool {
        switch raw {
        case .json(let index):
            // In bounds: `index` is a node of this record's tape (a `.json` raw value), and the step reads
            // that node's children and byte ranges.
            return tape.nodes.withUnsafeBufferPointer { plan.attachments[step].passes(Int(index), $0, bytes) }
        case .cell:
            return values.withText(raw, into: &valueBuffer) { cell in
                guard let cell, let opening = cell.first(where: { $0 != UInt8(ascii: " ") }),
                      opening == UInt8(ascii: "{") || opening == UInt8(ascii: "["),
                      (try? JSONParser.parse(cell, into: &attachmentTape)) != nil else { return false }
                // In bounds: the tape was just parsed from `cell` (node 0 is its root).
                return attachmentTape.nodes.withUnsafeBufferPointer { plan.attachments[step].passes(0, $0, cell) }
            }
        case .absent, .broken:
            return false
        }
    }

    /// Adds a violation of one file (or one of its members) at `path`, with the field's custom
    /// message when it has one.
    func reportFile(_ field: CompiledField, _ path: String, _ rule: String, _ message: String, _ value: String?) {
        violations.append(Violation(field: path, rule: rule, message: field.messages[rule] ?? message, value: value))
    }

    /// The file names of an attachment, for expressions (one name for a single attachment).
    func attachmentNames(_ raw: RawValue, _ field: CompiledField) -> [String]? {
        var names: [String] = []
        func collect(_ reader: AttachmentReader, _ index: Int) {
            let nodes = reader.tape.nodes
            let files = field.isMultiple && nodes[index].kind == .array ? Array(reader.tape.children(of: index)) : [index]
            for file in files where nodes[file].kind == .object {
                var children = reader.tape.children(of: file).makeIterator()
                while let key = children.next(), let value = children.next() {
                    if reader.string(key) == "name", let name = reader.string(value) { names.append(name) }
                }
            }
        }
        switch raw {
        case .json(let index):
            collect(AttachmentReader(tape: tape, bytes: bytes), Int(index))
        case .cell:
            var text: [UInt8] = []
            values.withText(raw, into: &lookupBuffer) { cell in text = Array(cell ?? UnsafeBufferPointer(start: nil, count: 0)) }
            var scratch = JSONTape()
            text.withUnsafeBufferPointer { cell in
                guard (try? JSONParser.parse(cell, into: &scratch)) != nil else { return }
                collect(AttachmentReader(tape: scratch, bytes: cell), 0)
            }
        case .absent, .broken:
            return nil
        }
        return names
    }
}
