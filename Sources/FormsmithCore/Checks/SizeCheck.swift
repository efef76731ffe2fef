/// `minSize` / `maxSize`: how large an attached file may be, written with a unit (`10MB`,
/// `512KiB`; see ``ByteSize``) and compared with the reference's `size` in bytes.
enum SizeCheck: ValueCheckKind {
    /// `minSize`, `maxSize` as written.
    struct Written: WrittenKeys {
        var minSize: Located<String>?
        var maxSize: Located<String>?
    }

    /// The compiled check (an attachment check): the size range in bytes.
    struct Bounds: AttachmentCheck {
        static let kind = CheckKind.size
        let minimum: Int64?
        let maximum: Int64?

        func narrow(_ domain: inout FileDomain) {
            domain.minimumSize = max(domain.minimumSize, minimum ?? 0)
            if let maximum { domain.maximumSize = min(domain.maximumSize ?? maximum, maximum) }
        }

        func add(to step: inout AttachmentStep) {
            step.minimumSize = minimum ?? 0
            step.maximumSize = maximum ?? .max
        }

        func checkFile(_ file: AttachmentReference, _ field: CompiledField, _ path: String,
                       in validator: RecordValidator) {
            validator.checkSize(minimum, maximum, file, field, path)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.minSize, summary: "An attached file is smaller than the field's minSize."),
        CheckRule(id: RuleIdentifier.maxSize, summary: "An attached file is larger than the field's maxSize."),
    ]

    static let keys = [
        CheckKey("minSize", types: [.attachment], .byteSize, into: \.minSize,
                 "The smallest attached file (rule min-size): bytes, or a number with B, KB, MB, GB (powers of "
                 + "1000) or KiB, MiB, GiB (powers of 1024), such as 1KB."),
        CheckKey("maxSize", types: [.attachment], .byteSize, into: \.maxSize,
                 "The largest attached file (rule max-size), such as 10MB (10,000,000 bytes) or 5MiB."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.maxSize,
            summary: "An attached file is at most `maxSize` (KB, MB, GB are powers of 1000; KiB, MiB, GiB of 1024).",
            field: "{type: attachment, maxSize: 10MB}",
            passing: ["{\"name\":\"scan.pdf\",\"mediaType\":\"application/pdf\",\"size\":10000000}"],
            failing: ["{\"name\":\"scan.pdf\",\"mediaType\":\"application/pdf\",\"size\":10000001}"]),
        CheckDescription(
            rule: RuleIdentifier.minSize, summary: "An attached file is at least `minSize` (an empty scan is a mistake).",
            field: "{type: attachment, minSize: 1KiB}",
            passing: ["{\"name\":\"scan.pdf\",\"mediaType\":\"application/pdf\",\"size\":1024}"],
            failing: ["{\"name\":\"scan.pdf\",\"mediaType\":\"application/pdf\",\"size\":0}"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        var bounds: [Int64?] = []
        for (written, key) in [(constraints.minSize, "minSize"), (constraints.maxSize, "maxSize")] {
            guard let written, state.applies(key, written.location, to: site.rule) else {
                bounds.append(nil)
                continue
            }
            switch ByteSize.parse(written.value) {
            case .success(let bytes): bounds.append(bytes)
            case .failure(let error):
                state.problems.report("'\(written.value)' is not a size: \(error.reason)", at: written.location)
                bounds.append(nil)
            }
        }
        guard bounds[0] != nil || bounds[1] != nil else { return nil }
        if let minimum = bounds[0], let maximum = bounds[1], minimum > maximum, let location = constraints.minSize?.location {
            state.problems.report("minSize \(ByteSize.describe(minimum)) is greater than maxSize "
                                  + "\(ByteSize.describe(maximum)), so no file fits", at: location)
        }
        return .attachment(Bounds(minimum: bounds[0], maximum: bounds[1]))
    }

    static let jsonSchema: SchemaExpression = .keywords(["minimum", "maximum"])

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        var rules: [String] = []
        if constraints.minSize != nil { rules.append(RuleIdentifier.minSize) }
        if constraints.maxSize != nil { rules.append(RuleIdentifier.maxSize) }
        return rules
    }

    /// Also says that an export's answer has no size to check (``ExportAttachments``).
    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        let minimum = constraints.minSize.flatMap { try? ByteSize.parse($0.value).get() }
        let maximum = constraints.maxSize.flatMap { try? ByteSize.parse($0.value).get() }
        let body: String
        let rules: [String]
        switch (minimum, maximum) {
        case let (low?, high?):
            body = "each file is \(ByteSize.describe(low)) to \(ByteSize.describe(high)) (\(low) to \(Counted.phrase(high, "byte")))"
            rules = [RuleIdentifier.minSize, RuleIdentifier.maxSize]
        case let (low?, nil):
            body = "each file is at least \(ByteSize.describe(low)) (\(Counted.phrase(low, "byte")))"
            rules = [RuleIdentifier.minSize]
        case let (nil, high?):
            body = "each file is at most \(ByteSize.describe(high)) (\(Counted.phrase(high, "byte")))"
            rules = [RuleIdentifier.maxSize]
        case (nil, nil):
            return []
        }
        return [ExplainedCheck(label: "size", body: body + "; not checkable for an answer read from a server export "
                                   + "(a file name, size unknown: counted in the run's notice)", rules: rules)]
    }

    /// The field's size bounds in bytes (0 and nil when it has none).
    static func bounds(in checks: [ValueCheck]) -> (min: Int64, max: Int64?) {
        let domain = FileDomain(checks)
        return (domain.minimumSize, domain.maximumSize)
    }
}

extension Constraints {
    /// Smallest attachment size as written (`1KB`, `100 B`).
    public var minSize: Located<String>? {
        get { self[SizeCheck.self].minSize }
        set { self[SizeCheck.self].minSize = newValue }
    }
    /// Largest attachment size as written (`10MB`).
    public var maxSize: Located<String>? {
        get { self[SizeCheck.self].maxSize }
        set { self[SizeCheck.self].maxSize = newValue }
    }
}

extension RuleIdentifier {
    /// An attachment is smaller than `minSize`.
    public static let minSize = "min-size"
    /// An attachment is larger than `maxSize`.
    public static let maxSize = "max-size"
}

extension RecordValidator {
    /// Words a file smaller than `minimum` or larger than `maximum` bytes. A file whose size is
    /// not known (an export's file name) is not checked: the export readers counted it, and the
    /// run says how many (``ExportAttachmentNotice``).
    func checkSize(_ minimum: Int64?, _ maximum: Int64?, _ file: AttachmentReference, _ field: CompiledField,
                   _ path: String) {
        guard let size = file.size else { return }
        // Under --redact the file's own size is not quoted (it is masked like any value).
        if let minimum, size < minimum {
            reportFile(field, path, RuleIdentifier.minSize,
                       (redactsValues ? "is smaller than allowed" : "is " + ByteSize.exact(size))
                           + "; it must be at least " + ByteSize.exact(minimum), String(size))
        }
        if let maximum, size > maximum {
            reportFile(field, path, RuleIdentifier.maxSize,
                       (redactsValues ? "is larger than allowed" : "is " + ByteSize.exact(size))
                           + "; it must be at most " + ByteSize.exact(maximum), String(size))
        }
    }
}

extension DefectPlanter {
    /// A file one byte (up to half again) over `maxSize`, or one byte under `minSize` (the
    /// bounds in force: the field's, narrowed by its cases that hold).
    func sizeOutOfRange(_ above: Bool, minimum: Int64, maximum: Int64?, random: inout SeededRandom) -> AttachmentDefect? {
        let bounds = (min: minimum, max: maximum)
        if above {
            guard let maximum = bounds.max, maximum < Int64.max / 2 else { return nil }
            let size = maximum + 1 + Int64(random.int(in: 0...Int(min(maximum / 2, 1_000_000_000))))
            return AttachmentDefect { file in
                file.size = size
                return true
            }
        }
        guard bounds.min > 0 else { return nil }
        let size = bounds.min - 1
        return AttachmentDefect { file in
            file.size = size
            return true
        }
    }
}
