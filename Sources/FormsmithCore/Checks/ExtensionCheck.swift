/// `extensions`: the file name extensions an attached file may have (`pdf`, `jpg`), compared
/// without regard to case. Every attachment is also checked, with or without `extensions`,
/// for a name whose well-known extension disagrees with its media type (`scan.jpg` sent as
/// `application/pdf`); both are reported as `extension`.
enum ExtensionCheck: ValueCheckKind {
    /// `extensions` as written.
    struct Written: WrittenKeys {
        var extensions: [Located<String>]?
    }

    /// The compiled check (an attachment check): the allowed extensions, lowercased, without the dot.
    struct Allowed: AttachmentCheck {
        static let kind = CheckKind.fileExtension
        let extensions: [String]

        func narrow(_ domain: inout FileDomain) { domain.extensions.append(extensions) }

        func add(to step: inout AttachmentStep) {
            step.extensions = extensions.map { Array($0.utf8) }
        }

        func checkFile(_ file: AttachmentReference, _ field: CompiledField, _ path: String,
                       in validator: RecordValidator) {
            validator.checkExtension(extensions, file, field, path)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.fileExtension,
                  summary: "An attached file's name extension is not allowed or does not agree with its media type."),
    ]

    static let keys = [
        CheckKey("extensions", types: [.attachment], .texts, into: \.extensions,
                 "The file name extensions an attached file may have, without the dot, any case "
                 + "(rule extension): [pdf, jpg, jpeg]."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.fileExtension,
            summary: "An attached file's name ends in one of `extensions` (any case).",
            field: "{type: attachment, extensions: [pdf, jpg, jpeg]}",
            passing: ["{\"name\":\"scan.PDF\",\"mediaType\":\"application/pdf\",\"size\":482133}"],
            failing: ["{\"name\":\"scan.png\",\"mediaType\":\"image/png\",\"size\":482133}",
                      "{\"name\":\"scan\",\"mediaType\":\"application/pdf\",\"size\":482133}"]),
        CheckDescription(
            rule: RuleIdentifier.fileExtension,
            summary: "A well-known extension agrees with the media type (checked on every attachment, with or "
                + "without `extensions`).",
            field: "{type: attachment, extensions: [jpg, pdf, raw]}",
            passing: ["{\"name\":\"scan.jpg\",\"mediaType\":\"image/jpeg\",\"size\":48213}",
                      "{\"name\":\"scan.raw\",\"mediaType\":\"application/octet-stream\",\"size\":48213}"],
            failing: ["{\"name\":\"scan.jpg\",\"mediaType\":\"application/pdf\",\"size\":48213}"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.extensions, let first = written.first,
              state.applies("extensions", first.location, to: site.rule) else { return nil }
        let patterns = mediaTypePatterns(of: site.rule, state: state)
        var extensions: [String] = []
        for entry in written {
            let name = entry.value.hasPrefix(".") ? String(entry.value.dropFirst()).lowercased() : entry.value.lowercased()
            guard isExtension(name) else {
                state.problems.report("'\(entry.value)' is not a file name extension: write it without the dot, "
                                      + "such as pdf or jpg", at: entry.location)
                continue
            }
            if !extensions.contains(name) { extensions.append(name) }
        }
        // One extension that mediaTypes rules out is a dead entry (lint's attachment-extension);
        // when every one is, no file can pass and the rules are impossible.
        if let patterns, !extensions.isEmpty,
           extensions.allSatisfy({ isRuledOut($0, by: patterns) }) {
            let types = extensions.compactMap { MediaType.byExtension[$0]?.first }
            state.problems.report("every extension in 'extensions' is for files that mediaTypes does not allow ("
                                  + zip(extensions, types).map { ".\($0) is \($1)" }.joined(separator: ", ")
                                  + "), so no file could pass; add those media types to mediaTypes or list the "
                                  + "extensions of the allowed types", at: first.location)
        }
        return extensions.isEmpty ? nil : .attachment(Allowed(extensions: extensions))
    }

    /// Whether `name` can be a file name's extension: not empty, and no dot, slash, backslash,
    /// quote, space, line break or other control character.
    static func isExtension(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                || ".\\/\"".unicodeScalars.contains($0)
        }
    }

    /// Whether an extension (lowercased, without the dot) is a well-known one whose media types
    /// none of `patterns` allows, so that no allowed file can have it.
    static func isRuledOut(_ name: String, by patterns: [MediaTypePattern]) -> Bool {
        guard let types = MediaType.byExtension[name] else { return false }
        return !types.contains { type in patterns.contains { $0.matches(type) } }
    }

    /// The field's allowed media types as written (nil when it declares none), to check that
    /// every extension can occur.
    private static func mediaTypePatterns(of rule: FieldRule, state: CompilerState) -> [MediaTypePattern]? {
        guard let written = rule.constraints.mediaTypes else { return nil }
        let patterns = written.compactMap { try? MediaTypePattern.parse($0.value).get() }
        return patterns.isEmpty ? nil : patterns
    }

    static let jsonSchema: SchemaExpression = .partly(["pattern"], notExpressed: "that a well-known file name extension agrees with the media type")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.extensions != nil ? [RuleIdentifier.fileExtension] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        var lines: [ExplainedCheck] = []
        if let written = constraints.extensions, !written.isEmpty {
            lines.append(ExplainedCheck(label: "extension", body: "each file's name ends in ."
                                        + written.map(\.value).joined(separator: ", ."),
                                        rules: [RuleIdentifier.fileExtension]))
        }
        return lines
    }

    /// The allowed extensions of a field, nil when it does not restrict them.
    static func allowed(in checks: [ValueCheck]) -> [String]? {
        FileDomain(checks).extensions.first
    }
}

extension Constraints {
    /// File name extensions an attachment may have, without the dot (`pdf`, `jpg`).
    public var extensions: [Located<String>]? {
        get { self[ExtensionCheck.self].extensions }
        set { self[ExtensionCheck.self].extensions = newValue }
    }
}

extension RuleIdentifier {
    /// An attachment's file name extension is not one of the field's `extensions`, or does not
    /// agree with its media type.
    public static let fileExtension = "extension"
}

extension RecordValidator {
    /// Words a file whose name lacks an allowed extension.
    func checkExtension(_ extensions: [String], _ file: AttachmentReference, _ field: CompiledField, _ path: String) {
        let written = MediaType.fileExtension(of: file.name)
        guard written.map({ !extensions.contains($0) }) ?? true else { return }
        reportFile(field, path, RuleIdentifier.fileExtension,
                   "file name '\(quoted(file.name))' must end in ." + extensions.joined(separator: ", ."), file.name)
    }

    /// Words a file whose well-known extension is not one of its media type (checked on every
    /// attachment); true when they agree or the extension is not a well-known one.
    @discardableResult
    func checkExtensionAgreement(_ file: AttachmentReference, _ field: CompiledField, _ path: String) -> Bool {
        guard let written = MediaType.fileExtension(of: file.name), let types = MediaType.byExtension[written],
              !types.contains(file.mediaType) else { return true }
        reportFile(field, path, RuleIdentifier.fileExtension,
                   "file name '\(quoted(file.name))' does not agree with its media type \(quoted(file.mediaType)): .\(written) is "
                       + "the extension of \(types[0]) files", file.name)
        return false
    }
}

extension DefectPlanter {
    /// A name whose well-known extension belongs to another media type than the file's (so
    /// the agreement check, `extension`, breaks and nothing else).
    func mismatchedExtension(_ field: CompiledField, random: inout SeededRandom) -> AttachmentDefect? {
        let allowed = ExtensionCheck.allowed(in: field.checks)
        let pick = random.int(in: 0...1000)
        return AttachmentDefect { file in
            let candidates = MediaType.byExtension.keys.sorted().filter { name in
                !MediaType.byExtension[name]!.contains(file.mediaType) && (allowed?.contains(name) ?? true)
            }
            guard !candidates.isEmpty else { return false }
            file.fileExtension = candidates[pick % candidates.count]
            return true
        }
    }

    /// A name without any allowed extension, for fields that list them.
    func disallowedExtension(_ field: CompiledField) -> AttachmentDefect? {
        guard ExtensionCheck.allowed(in: field.checks) != nil else { return nil }
        return AttachmentDefect { file in
            file.fileExtension = nil
            return true
        }
    }
}
