/// The plain form of an attachment field's checks (or a case's), for the fast path: a file
/// reference written as the validator expects it (members unescaped, each once, no unknown
/// member, a lowercase media type) passes when its bytes satisfy every check. Anything else
/// (an escape, capitals in the media type, a missing member) is left to the declarative checks
/// in `RecordValidator+Attachments.swift`, which word the violations.
struct AttachmentStep: Sendable {
    /// Whether the value is an array of files (`multiple: true`).
    var isMultiple = false
    /// The file count range of a multiple attachment.
    var minimumCount = Int.min
    var maximumCount = Int.max
    /// Whether `mediaTypes` restricts the media type.
    var restrictsTypes = false
    /// Exact allowed types (`application/pdf`) and the `type/` prefixes of wildcards (`image/*`).
    var exactTypes: [[UInt8]] = []
    var typePrefixes: [[UInt8]] = []
    /// The allowed extensions, lowercased, or nil when any is allowed.
    var extensions: [[UInt8]]?
    /// The size range in bytes.
    var minimumSize: Int64 = 0
    var maximumSize = Int64.max
    /// Whether a check of the field has no plain form here (``AttachmentCheck/add(to:)`` left
    /// to its default): the step then passes nothing, and every value goes to the declarative
    /// checks.
    var leavesToChecks = false

    /// The step of `checks` (a field's or a case's): each attachment check adds its plain form
    /// (``AttachmentCheck/add(to:)``).
    init(_ checks: [ValueCheck], isMultiple: Bool) {
        self.isMultiple = isMultiple
        for case .attachment(let check) in checks { check.add(to: &self) }
    }

    /// Whether the value at node `index` (a file, or an array of files) certainly passes.
    func passes(_ index: Int, _ nodes: UnsafeBufferPointer<JSONNode>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !leavesToChecks else { return false }
        guard isMultiple else { return filePasses(index, nodes, bytes) }
        let array = nodes[index]
        guard array.kind == .array, Int(array.childCount) >= minimumCount, Int(array.childCount) <= maximumCount
        else { return false }
        var child = index + 1
        for _ in 0..<array.childCount {
            guard filePasses(child, nodes, bytes) else { return false }
            child = Int(nodes[child].next)
        }
        return true
    }

    private func filePasses(_ index: Int, _ nodes: UnsafeBufferPointer<JSONNode>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let object = nodes[index]
        guard object.kind == .object else { return false }
        var seen: UInt8 = 0
        var name = 0..<0
        var mediaType = 0..<0
        var child = index + 1
        for _ in 0..<(object.childCount / 2) {
            let key = nodes[child]
            let valueIndex = child + 1
            let value = nodes[valueIndex]
            child = Int(value.next)
            guard !key.hasEscapes, let member = Self.member(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end])),
                  seen & member.bit == 0 else { return false }
            seen |= member.bit
            if value.kind == .null {
                guard member == .url || member == .sha256 else { return false }
                continue
            }
            guard value.kind == (member == .size ? .number : .string), !value.hasEscapes else { return false }
            let text = UnsafeBufferPointer(rebasing: bytes[value.start..<value.end])
            switch member {
            case .name:
                guard AttachmentReader.isFileName(text) else { return false }
                name = value.start..<value.end
            case .mediaType:
                guard !text.contains(where: { $0 >= 0x41 && $0 <= 0x5A }), MediaType.syntaxProblem(bytes: text) == nil,
                      typeAllowed(text) else { return false }
                mediaType = value.start..<value.end
            case .size:
                guard let literal = NumberLiteral.parse(text), literal.isIntegerLiteral, let size = literal.integer,
                      size >= 0, size >= minimumSize, size <= maximumSize else { return false }
            case .url:
                guard TextFormat.uri.problem(in: text) == nil else { return false }
            case .sha256:
                guard text.count == 64, text.allSatisfy(Self.isHexDigit) else { return false }
            }
        }
        let required = AttachmentMember.name.bit | AttachmentMember.mediaType.bit | AttachmentMember.size.bit
        guard seen & required == required else { return false }
        return extensionPasses(UnsafeBufferPointer(rebasing: bytes[name]), UnsafeBufferPointer(rebasing: bytes[mediaType]))
    }

    /// Whether a (lowercase) media type is one `mediaTypes` allows.
    private func typeAllowed(_ type: UnsafeBufferPointer<UInt8>) -> Bool {
        guard restrictsTypes else { return true }
        for exact in exactTypes where exact.elementsEqual(type) { return true }
        for prefix in typePrefixes where type.count > prefix.count && type.starts(with: prefix) { return true }
        return false
    }

    /// The extension checks: allowed by `extensions`, and a well-known one agrees with the type.
    private func extensionPasses(_ name: UnsafeBufferPointer<UInt8>, _ type: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0, dot + 1 != name.count else {
            return extensions == nil  // no extension: only a field that lists them rejects it
        }
        let written = UnsafeBufferPointer(rebasing: name[(dot + 1)...])
        if let extensions, !extensions.contains(where: { Self.equalsLowercased($0, written) }) { return false }

        return Self.agrees(written, type)
    }

    /// Whether a well-known extension's media types include `type` (true for other extensions).
    private static func agrees(_ written: UnsafeBufferPointer<UInt8>, _ type: UnsafeBufferPointer<UInt8>) -> Bool {
        let lowered = String(decoding: written.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        guard let types = MediaType.byExtension[lowered] else { return true }
        return types.contains { $0.utf8.elementsEqual(type) }
    }

    private static func equalsLowercased(_ lower: [UInt8], _ written: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lower.count == written.count else { return false }
        for (expected, byte) in zip(lower, written) where expected != (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) {
            return false
        }
        return true
    }

    private static func member(_ key: UnsafeBufferPointer<UInt8>) -> AttachmentMember? {
        for member in AttachmentMember.allCases where member.key.count == key.count && member.key.elementsEqual(key) {
            return member
        }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }
}
