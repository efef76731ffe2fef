import Foundation

/// Generated attachment references: plausible file names from the field's name
/// (`registration-scan-3.pdf`, `IMG_4821.jpg`), media types from the allowed set with their
/// usual extension, sizes typical of the type within `minSize...maxSize`, sometimes a `sha256`
/// digest and a `url`. Written as a literal: the same JSON text in JSON and in a CSV cell.
struct GeneratedFile {
    /// The name before the extension.
    var stem: String
    /// The extension without the dot, nil for a name without one.
    var fileExtension: String?
    var mediaType: String
    var size: Int64
    var sha256: String?
    var url: String?

    var name: String { fileExtension.map { stem + "." + $0 } ?? stem }

    /// The reference as a JSON object.
    var json: String {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the reference as a JSON object. Extensions and media types come from the rule
    /// file, so the texts are escaped (digits and digests need none).
    /// The keys and punctuation go in as static bytes in one copy each (appending a string's
    /// `utf8` view went through the generic sequence path, about 330 instructions a piece).
    func appendJSON(to bytes: inout [UInt8]) {
        Self.append(#"{"name":""#, to: &bytes)
        JSONText.appendEscaped(stem, to: &bytes)
        if let fileExtension {
            bytes.append(UInt8(ascii: "."))
            JSONText.appendEscaped(fileExtension, to: &bytes)
        }
        Self.append(#"","mediaType":""#, to: &bytes)
        JSONText.appendEscaped(mediaType, to: &bytes)
        Self.append(#"","size":"#, to: &bytes)
        TextCandidates.appendInteger(size, to: &bytes)
        if let sha256 {
            Self.append(#","sha256":""#, to: &bytes)
            var digest = sha256
            digest.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
        }
        if let url {
            Self.append(#","url":""#, to: &bytes)
            JSONText.appendEscaped(url, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends the bytes of a static string in one copy.
    @inline(__always)
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        // In bounds: a static string's UTF-8 storage holds exactly `utf8CodeUnitCount` bytes.
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// One way of breaking a generated file; false when it does not apply to that file.
struct AttachmentDefect {
    let apply: (inout GeneratedFile) -> Bool
}

extension QuestionnaireBuilder {
    /// A valid attachment value (one file, or an array of them with `multiple: true`).
    func generateAttachment(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        var random = self.random
        defer { self.random = random }
        guard let files = Self.attachmentFiles(field, attachmentPlan(field), count: nil, random: &random,
                                               boundaries: plan.options.boundaries)
        else {
            return fail(address, RuleIdentifier.mediaType, "no media type satisfies both mediaTypes and extensions")
        }
        return attachmentValue(files, field)
    }

    /// What files of `field` are drawn from in the current scope: its precomputed plan, or,
    /// when `cases:` entries are in force, a plan of their checks too (their `maxSize`, say).
    func attachmentPlan(_ field: CompiledField) -> AttachmentPlan? {
        let precomputed = plan.fields[field.id].attachment
        guard !field.cases.isEmpty else { return precomputed }
        let active = field.cases.filter { $0.condition.evaluateCondition(environment) == true }
        guard !active.isEmpty else { return precomputed }
        return AttachmentPlan(field, caseChecks: active.flatMap(\.checks))
    }

    /// The file names of a generated attachment literal (its JSON text in the arena), for expressions.
    func attachmentNames(_ json: Range<Int32>, _ field: CompiledField) -> [String]? {
        let text = Array(record.arena[Int(json.lowerBound)..<Int(json.upperBound)])
        return text.withUnsafeBufferPointer { bytes -> [String]? in
            var tape = JSONTape()
            guard (try? JSONParser.parse(bytes, into: &tape)) != nil else { return nil }
            let reader = AttachmentReader(tape: tape, bytes: bytes)
            let files = tape.nodes[0].kind == .array ? Array(tape.children(of: 0)) : [0]
            var problems: [AttachmentProblem] = []
            let names = files.compactMap { reader.read($0, problems: &problems)?.name }
            return problems.isEmpty ? names : nil
        }
    }

    /// The literal of `files` for `field`.
    ///
    /// Written once, straight into the record's arena: the JSON text and the CSV cell are the
    /// same bytes, so the literal's two ranges share them (an array grown from empty, a
    /// `String` made of it and its bytes copied twice into the arena cost about 2,700
    /// instructions a file).
    func attachmentValue(_ files: [GeneratedFile], _ field: CompiledField) -> GeneratedValue {
        let start = record.arena.count
        if field.isMultiple {
            record.arena.append(UInt8(ascii: "["))
            for (index, file) in files.enumerated() {
                if index > 0 { record.arena.append(UInt8(ascii: ",")) }
                file.appendJSON(to: &record.arena)
            }
            record.arena.append(UInt8(ascii: "]"))
        } else {
            files[0].appendJSON(to: &record.arena)
        }
        return record.literal(writtenFrom: start)
    }

    /// Valid files for `field` drawn from its precomputed `plan` (`count` of them for a multiple
    /// attachment, else as many as its item count allows); nil when the allowed media types and
    /// extensions have nothing in common.
    static func attachmentFiles(_ field: CompiledField, _ plan: AttachmentPlan?, count: Int?, random: inout SeededRandom,
                                boundaries: Bool = false) -> [GeneratedFile]? {
        guard let plan, !plan.kinds.isEmpty else { return nil }
        let kinds = plan.kinds
        var total = 1
        if field.isMultiple {
            total = count ?? random.int(in: plan.itemCounts)
        }
        var files: [GeneratedFile] = []
        files.reserveCapacity(total)
        for index in 0..<total {
            let kind = kinds[random.int(in: 0...(kinds.count - 1))]
            let size = fileSize(typical: kind.typicalSizes, plan.minimumSize, plan.maximumSize, random: &random,
                                boundaries: boundaries)
            var file = GeneratedFile(stem: "", fileExtension: kind.fileExtension, mediaType: kind.mediaType, size: size)
            if kind.isImage, random.chance(0.3) {
                file.stem = "IMG_\(random.int(in: 1000...9999))"
            } else {
                let number = field.isMultiple ? "-\(index + 1)" : (random.chance(0.5) ? "-\(random.int(in: 1...9))" : "")
                file.stem = plan.stem + number
            }
            if random.chance(0.5) {
                file.sha256 = hexDigits(64, random: &random)
            }
            if random.chance(0.2) {
                let folder = hexDigits(12, random: &random)
                file.url = "https://files.example.org/uploads/\(folder)/\(file.name)"
            }
            files.append(file)
        }
        return files
    }

    /// `count` random lower-case hexadecimal digits, drawn one by one.
    private static func hexDigits(_ count: Int, random: inout SeededRandom) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = JSONText.hexDigit(UInt8(random.int(in: 0...15))) }
            return count
        }
    }

    /// The media types (with an extension each) the field allows, well-known ones only.
    static func fileKinds(_ field: CompiledField) -> [(mediaType: String, fileExtension: String)] {
        let patterns = MediaTypeCheck.patterns(in: field.checks)
        let extensions = ExtensionCheck.allowed(in: field.checks)
        var types = patterns.map { $0.flatMap(\.knownTypes) } ?? ["application/pdf", "image/jpeg", "image/png"]
        if patterns == nil, let extensions {
            types = extensions.compactMap { MediaType.byExtension[$0]?.first }
        }
        var result: [(String, String)] = []
        for type in types {
            let candidates = (MediaType.extensionsByType[type] ?? []).filter { extensions?.contains($0) ?? true }
            if let name = candidates.first {
                result.append((type, name))
            } else if MediaType.extensionsByType[type] == nil, let name = extensions?.first(where: {
                MediaType.byExtension[$0] == nil }) {
                result.append((type, name))  // an exact type Formsmith does not know, with an unknown extension
            }
        }
        return result
    }

    /// The stem of generated file names: the field's name in words joined by hyphens
    /// (`registrationScan` → `registration-scan`).
    static func fileStem(_ name: String) -> String {
        if let stem = asciiFileStem(name) { return stem }
        var stem = ""
        for character in name {
            if character.isUppercase, !stem.isEmpty { stem += "-" }
            stem += character == "_" ? "-" : character.lowercased()
        }
        return stem.isEmpty ? "file" : stem
    }

    /// ``fileStem(_:)`` of an ASCII name, byte by byte (the usual case); nil for other names.
    private static func asciiFileStem(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var stem: [UInt8] = []
        stem.reserveCapacity(name.utf8.count + 4)
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if !stem.isEmpty { stem.append(UInt8(ascii: "-")) }
                stem.append(byte + 0x20)
            case UInt8(ascii: "_"): stem.append(UInt8(ascii: "-"))
            default: stem.append(byte)
            }
        }
        return String(decoding: stem, as: UTF8.self)
    }

    /// The usual sizes in bytes of files of a media type.
    static func typicalSizes(_ mediaType: String) -> (low: Int64, high: Int64) {
        switch mediaType {
        case "application/pdf": (60_000, 4_000_000)
        case "image/jpeg", "image/heic", "image/webp": (150_000, 6_000_000)
        case "image/png": (40_000, 3_000_000)
        default: (10_000, 2_000_000)
        }
    }

    /// A size within the type's `typical` sizes (log-uniform), inside `minimum...maximum`.
    static func fileSize(typical: (low: Int64, high: Int64), _ minimum: Int64, _ maximum: Int64,
                         random: inout SeededRandom, boundaries: Bool) -> Int64 {
        if boundaries, random.chance(0.3) { return random.chance(0.5) || maximum == Int64.max ? minimum : maximum }
        var (low, high) = typical
        low = max(low, minimum)
        high = min(high, maximum)
        if low > high { (low, high) = (minimum, min(maximum, max(minimum, 1) * 4)) }
        guard low < high else { return low }
        let position = Double(random.int(in: 0...1_000_000)) / 1_000_000
        let bottom = log(Double(max(low, 1)))
        let size = Int64(exp(bottom + position * (log(Double(high)) - bottom)).rounded())
        return min(max(size, low), high)
    }
}

extension DefectPlanter {
    /// An attachment value carrying the defect `kind`, with the path suffix of the file it is
    /// in (`[1]` in a multiple attachment, empty otherwise); nil when `kind` is not an
    /// attachment defect or does not apply.
    func attachmentDefect(_ kind: MutationKind, _ field: CompiledField, _ plan: AttachmentPlan?,
                          random: inout SeededRandom) -> (value: GeneratedValue, suffix: String)? {
        let defect: AttachmentDefect?
        switch kind {
        case .mediaType: defect = disallowedMediaType(field, random: &random)
        case .fileExtension:
            defect = random.chance(0.5) ? disallowedExtension(field) ?? mismatchedExtension(field, random: &random)
                : mismatchedExtension(field, random: &random)
        case .minSize, .maxSize:
            guard let plan else { return nil }
            defect = sizeOutOfRange(kind == .maxSize, minimum: plan.minimumSize,
                                    maximum: plan.maximumSize == .max ? nil : plan.maximumSize, random: &random)
        case .minItems, .maxItems:
            let counts = FileDomain(field.checks).count
            let count: Int
            if kind == .minItems {
                guard let minimum = counts.min, minimum >= 2 else { return nil }
                count = minimum - 1
            } else {
                guard let maximum = counts.max else { return nil }
                count = maximum + 1
            }
            guard let files = QuestionnaireBuilder.attachmentFiles(field, plan, count: count, random: &random)
            else { return nil }
            return (builder.attachmentValue(files, field), "")
        default: return nil
        }
        guard let defect, var files = QuestionnaireBuilder.attachmentFiles(field, plan, count: nil, random: &random) else {
            return nil
        }
        let index = random.int(in: 0...(files.count - 1))
        guard defect.apply(&files[index]) else { return nil }
        return (builder.attachmentValue(files, field), field.isMultiple ? "[\(index)]" : "")
    }
}
