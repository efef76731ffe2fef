/// One attached file as a questionnaire references it: a JSON object such as
/// `{"name": "registration-scan-3.pdf", "mediaType": "application/pdf", "size": 482133}`,
/// optionally with the file's `url` and its `sha256` digest (64 hexadecimal digits).
///
/// The file itself is never read: Formsmith checks the reference the form submits.
struct AttachmentReference {
    /// The file name (`name`), without folders.
    var name: String
    /// The media type (`mediaType`), lowercased.
    var mediaType: String
    /// The size in bytes (`size`); nil when it is not known: an export's answer gives the
    /// file's name only (``ExportAttachments``), and the size checks say so instead of passing.
    var size: Int64?
}

/// The members an attachment object may have, in the order documentation lists them.
enum AttachmentMember: String, CaseIterable {
    case name, mediaType, size, url, sha256

    /// The member's bit in a set of members.
    var bit: UInt8 {
        switch self {
        case .name: 1
        case .mediaType: 2
        case .size: 4
        case .url: 8
        case .sha256: 16
        }
    }

    /// The member's name as bytes.
    var key: [UInt8] { Self.keys[bit.trailingZeroBitCount] }
    private static let keys: [[UInt8]] = allCases.map { Array($0.rawValue.utf8) }

    /// Members every attachment must give.
    static let required: [AttachmentMember] = [.name, .mediaType, .size]

    /// How the member is described in messages.
    var expectation: String {
        switch self {
        case .name: "the file's name without folders, such as scan.pdf"
        case .mediaType: "the file's media type, such as application/pdf"
        case .size: "the file's size in bytes, a whole number of 0 or more"
        case .url: "an absolute URI where the file can be fetched, such as https://files.example.org/scan.pdf"
        case .sha256: "the file's SHA-256 digest, 64 hexadecimal digits"
        }
    }
}

/// A problem with the shape of an attachment object (the value checks come after).
struct AttachmentProblem {
    /// The member the problem is on (`size`), or nil for the object itself.
    let member: String?
    let rule: String
    let message: String
    /// The offending value as written, for reports (nil for objects and arrays).
    let value: String?
}

/// Reads attachment objects from a parsed JSON tape.
struct AttachmentReader {
    let tape: JSONTape
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether a reference may leave out its size: those an export's file names became
    /// (``ExportAttachments``), read from an input marked ``InputSource/attachmentSizesUnknown``.
    /// Elsewhere `size` is required.
    var sizeMayBeUnknown = false

    /// The reference at node `index`, adding every problem of its shape to `problems`; nil when
    /// its name, media type or size cannot be read.
    func read(_ index: Int, problems: inout [AttachmentProblem]) -> AttachmentReference? {
        let node = tape.nodes[index]
        guard node.kind == .object else {
            problems.append(AttachmentProblem(
                member: nil, rule: RuleIdentifier.type,
                message: "must be an object describing the file, such as {\"name\": \"scan.pdf\", "
                    + "\"mediaType\": \"application/pdf\", \"size\": 482133}, not \(node.kind.phrase)",
                value: node.kind == .array ? nil : text(index)))
            return nil
        }
        var name: String?
        var mediaType: String?
        var size: Int64?
        var seen: UInt8 = 0  // bit per member (rawValue order)
        var given: UInt8 = 0
        var children = tape.children(of: index).makeIterator()
        while let key = children.next(), let value = children.next() {
            guard let member = self.member(key) else {
                let memberName = text(key) ?? ""
                problems.append(AttachmentProblem(
                    member: memberName, rule: RuleIdentifier.unknownField,
                    message: "is not a member of an attachment (" + AttachmentMember.allCases.map(\.rawValue)
                        .joined(separator: ", ") + ")"
                        + Suggestion.didYouMean(memberName, in: AttachmentMember.allCases.map(\.rawValue)),
                    value: shown(value)))
                continue
            }
            let bit = member.bit
            guard seen & bit == 0 else {
                problems.append(AttachmentProblem(member: member.rawValue, rule: RuleIdentifier.duplicateField,
                                                  message: "appears more than once in the same object", value: shown(value)))
                continue
            }
            seen |= bit
            if tape.nodes[value].kind == .null { continue }
            given |= bit
            switch member {
            case .name:
                if isFileName(value), let text = string(value) {
                    name = text
                } else {
                    problems.append(wrong(member, value))
                }
            case .mediaType:
                if let text = string(value), MediaType.syntaxProblem(text) == nil {
                    mediaType = MediaType.asciiLowercased(text)
                } else {
                    problems.append(wrong(member, value))
                }
            case .size:
                if tape.nodes[value].kind == .number,
                   let literal = NumberLiteral.parse(UnsafeBufferPointer(rebasing: bytes[tape.nodes[value].start..<tape.nodes[value].end])),
                   literal.isIntegerLiteral, let bytes = literal.integer, bytes >= 0 {
                    size = bytes
                } else {
                    problems.append(wrong(member, value))
                }
            case .url:
                let valid = string(value).map { text in
                    Array(text.utf8).withUnsafeBufferPointer { TextFormat.uri.problem(in: $0) == nil }
                } ?? false
                if !valid { problems.append(wrong(member, value)) }
            case .sha256:
                if !isDigest(value) { problems.append(wrong(member, value)) }
            }
        }
        for member in AttachmentMember.required where given & member.bit == 0
            && !(member == .size && sizeMayBeUnknown && seen & member.bit == 0) {
            problems.append(AttachmentProblem(member: member.rawValue, rule: RuleIdentifier.required,
                                              message: "is required: an attachment gives \(member.expectation)",
                                              value: nil))
        }
        // Problems with other members (an unknown one, a malformed url) do not stop the file's checks.
        guard let name, let mediaType, size != nil || (sizeMayBeUnknown && seen & AttachmentMember.size.bit == 0)
        else { return nil }
        return AttachmentReference(name: name, mediaType: mediaType, size: size)
    }

    /// The member a key names (compared byte by byte: this runs for every member of every file).
    private func member(_ key: Int) -> AttachmentMember? {
        let node = tape.nodes[key]
        guard !node.hasEscapes else { return text(key).flatMap(AttachmentMember.init(rawValue:)) }
        let name = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
        for member in AttachmentMember.allCases where member.key.count == name.count {
            if member.key.elementsEqual(name) { return member }
        }
        return nil
    }

    /// Whether a node is a string that can be a file name: not empty, `.` or `..`, and without
    /// `/` or `\` (checked on the bytes; an escaped name is decoded first).
    private func isFileName(_ index: Int) -> Bool {
        let node = tape.nodes[index]
        guard node.kind == .string else { return false }
        let raw = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
        guard node.hasEscapes else { return Self.isFileName(raw) }
        var decoded: [UInt8] = []
        JSONStrings.unescape(raw, into: &decoded)
        return decoded.withUnsafeBufferPointer(Self.isFileName)
    }

    static func isFileName(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty, !(text.count <= 2 && text.allSatisfy { $0 == UInt8(ascii: ".") }) else { return false }
        for byte in text where byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Whether a node is a string of 64 hexadecimal digits.
    private func isDigest(_ index: Int) -> Bool {
        let node = tape.nodes[index]
        guard node.kind == .string, !node.hasEscapes, node.end - node.start == 64 else { return false }
        for position in node.start..<node.end {
            let byte = bytes[position]
            let lower = byte | 0x20
            guard (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x66) else { return false }
        }
        return true
    }

    private func wrong(_ member: AttachmentMember, _ value: Int) -> AttachmentProblem {
        let kind = tape.nodes[value].kind
        let written = kind == .string ? "" : ", not \(kind.phrase)"
        return AttachmentProblem(member: member.rawValue, rule: RuleIdentifier.type,
                                 message: "must be \(member.expectation)\(written)", value: shown(value))
    }

    /// The decoded text of a string node, nil for other nodes.
    func string(_ index: Int) -> String? {
        tape.nodes[index].kind == .string ? text(index) : nil
    }

    /// A scalar node as written (strings decoded), for reports; nil for containers.
    private func shown(_ index: Int) -> String? {
        let kind = tape.nodes[index].kind
        return kind == .object || kind == .array ? nil : text(index)
    }

    private func text(_ index: Int) -> String? {
        let node = tape.nodes[index]
        let slice = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
        guard node.kind == .string, node.hasEscapes else { return String(decoding: slice, as: UTF8.self) }
        var buffer: [UInt8] = []
        JSONStrings.unescape(slice, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
