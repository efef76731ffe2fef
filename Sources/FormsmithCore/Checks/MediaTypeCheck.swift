/// `mediaTypes`: the media types an attached file may have (`application/pdf`, `image/*`).
enum MediaTypeCheck: ValueCheckKind {
    /// `mediaTypes` as written.
    struct Written: WrittenKeys {
        var mediaTypes: [Located<String>]?
    }

    /// The compiled check (an attachment check): the allowed patterns.
    struct Allowed: AttachmentCheck {
        static let kind = CheckKind.mediaType
        let patterns: [MediaTypePattern]

        func narrow(_ domain: inout FileDomain) { domain.mediaTypes.append(patterns) }

        func add(to step: inout AttachmentStep) {
            step.restrictsTypes = !patterns.contains { $0.type == "*" }
            for pattern in patterns where pattern.type != "*" {
                if pattern.isExact {
                    step.exactTypes.append(Array(pattern.description.utf8))
                } else {
                    step.typePrefixes.append(Array((pattern.type + "/").utf8))
                }
            }
        }

        func checkFile(_ file: AttachmentReference, _ field: CompiledField, _ path: String,
                       in validator: RecordValidator) {
            validator.checkMediaType(patterns, file, field, path)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.mediaType,
                  summary: "An attached file's media type is not one of the field's mediaTypes."),
    ]

    static let keys = [
        CheckKey("mediaTypes", types: [.attachment], .texts, into: \.mediaTypes,
                 "The media types an attached file may have (rule media-type): application/pdf, or image/* "
                 + "for every image type."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.mediaType,
            summary: "An attached file's `mediaType` is one of `mediaTypes` (`image/*` allows every image type).",
            field: "{type: attachment, mediaTypes: [application/pdf, image/*]}",
            passing: ["{\"name\":\"scan.pdf\",\"mediaType\":\"application/pdf\",\"size\":482133}",
                      "{\"name\":\"photo.heic\",\"mediaType\":\"image/heic\",\"size\":1200000}"],
            failing: ["{\"name\":\"scan.docx\",\"mediaType\":"
                      + "\"application/vnd.openxmlformats-officedocument.wordprocessingml.document\",\"size\":48213}",
                      "{\"name\":\"clip.mp4\",\"mediaType\":\"video/mp4\",\"size\":4000000}"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.mediaTypes, let first = written.first,
              state.applies("mediaTypes", first.location, to: site.rule) else { return nil }
        var patterns: [MediaTypePattern] = []
        for entry in written {
            switch MediaTypePattern.parse(entry.value) {
            case .success(let pattern): if !patterns.contains(pattern) { patterns.append(pattern) }
            case .failure(let error):
                state.problems.report("'\(entry.value)' is not a media type: \(error.reason)", at: entry.location)
            }
        }
        return patterns.isEmpty ? nil : .attachment(Allowed(patterns: patterns))
    }

    static let jsonSchema: SchemaExpression = .partly(["enum", "pattern"], notExpressed: "media types compared without regard to case")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.mediaTypes != nil ? [RuleIdentifier.mediaType] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let written = constraints.mediaTypes, !written.isEmpty else { return [] }
        return [ExplainedCheck(label: "media type", body: "each file's media type is one of "
                               + written.map(\.value).joined(separator: ", "), rules: [RuleIdentifier.mediaType])]
    }

    /// The allowed media types of a field, nil when it does not restrict them.
    static func patterns(in checks: [ValueCheck]) -> [MediaTypePattern]? {
        FileDomain(checks).mediaTypes.first
    }
}

extension Constraints {
    /// Media types an attachment may have (`image/*` allows every image type).
    public var mediaTypes: [Located<String>]? {
        get { self[MediaTypeCheck.self].mediaTypes }
        set { self[MediaTypeCheck.self].mediaTypes = newValue }
    }
}

extension RuleIdentifier {
    /// An attachment's media type is not one of the field's `mediaTypes`.
    public static let mediaType = "media-type"
}

extension RecordValidator {
    /// Words a file whose media type none of `patterns` allows.
    func checkMediaType(_ patterns: [MediaTypePattern], _ file: AttachmentReference, _ field: CompiledField,
                        _ path: String) {
        guard !patterns.contains(where: { $0.matches(file.mediaType) }) else { return }
        reportFile(field, path, RuleIdentifier.mediaType,
                   "has media type \(quoted(file.mediaType)); allowed: " + patterns.map(\.description).joined(separator: ", "),
                   file.mediaType)
    }
}

extension DefectPlanter {
    /// A well-known media type the field does not allow, with its usual extension (so only
    /// `media-type` breaks), when the field restricts media types and one exists.
    func disallowedMediaType(_ field: CompiledField, random: inout SeededRandom) -> AttachmentDefect? {
        guard let patterns = MediaTypeCheck.patterns(in: field.checks) else { return nil }
        let allowedExtensions = ExtensionCheck.allowed(in: field.checks)
        let candidates = MediaType.extensionsByType.keys.sorted().filter { type in
            !patterns.contains { $0.matches(type) }
                && (allowedExtensions == nil || MediaType.extensionsByType[type]!.contains { allowedExtensions!.contains($0) })
        }
        guard !candidates.isEmpty else { return nil }
        let type = candidates[random.int(in: 0...(candidates.count - 1))]
        let extensions = MediaType.extensionsByType[type]!.filter { allowedExtensions?.contains($0) ?? true }
        return AttachmentDefect { file in
            file.mediaType = type
            file.fileExtension = extensions[0]
            return true
        }
    }
}
