/// The JSON Schema of an attachment field: the reference object (an array of them with
/// `multiple: true`), with `mediaTypes`, `extensions` and the size range where JSON Schema can
/// say them; what it cannot say is listed as a gap.
extension SchemaBuilder {
    func attachmentSchema(_ field: FieldRule, _ constraints: Constraints, nonEmpty: Bool) -> [(String, JSONValue)] {
        let path = field.path
        var name: [(String, JSONValue)] = [("type", "string"), ("minLength", 1)]
        if let extensions = constraints.extensions, !extensions.isEmpty {
            let alternatives = extensions.map { written in
                written.value.lowercased().drop { $0 == "." }.map { character -> String in
                    let lower = character.lowercased()
                    let upper = character.uppercased()
                    guard lower != upper else { return character.isLetter || character.isNumber ? String(character) : "\\" + String(character) }
                    return "[\(lower)\(upper)]"
                }.joined()
            }
            name.append(("pattern", .string("^[^/\\\\]*\\.(?:" + alternatives.joined(separator: "|") + ")$")))
        } else {
            name.append(("pattern", "^[^/\\\\]+$"))
        }
        var mediaType: [(String, JSONValue)] = [("type", "string")]
        if let written = constraints.mediaTypes, !written.isEmpty {
            let patterns = written.compactMap { try? MediaTypePattern.parse($0.value).get() }
            if patterns.allSatisfy(\.isExact) {
                mediaType.append(("enum", .array(patterns.map { .string($0.description) })))
            } else if !patterns.contains(where: { $0.type == "*" }) {
                let alternatives = patterns.map { $0.isExact ? ECMAPattern.literal($0.description)
                    : ECMAPattern.literal($0.type) + "/[^/]+" }
                mediaType.append(("pattern", .string("^(?:" + alternatives.joined(separator: "|") + ")$")))
            }
            gap(path, RuleIdentifier.mediaType, "media types compared without regard to case (the schema accepts "
                + "only the case the rules write)")
        }
        var size: [(String, JSONValue)] = [("type", "integer"), ("minimum", 0)]
        if let minimum = constraints.minSize.flatMap({ try? ByteSize.parse($0.value).get() }) {
            size[1] = ("minimum", .integer(minimum))
        }
        if let maximum = constraints.maxSize.flatMap({ try? ByteSize.parse($0.value).get() }) {
            size.append(("maximum", .integer(maximum)))
        }
        gap(path, RuleIdentifier.fileExtension, "that a well-known file name extension agrees with the media type")
        let file: JSONValue = .object([
            ("type", "object"),
            ("properties", .object([
                ("name", .object(name)),
                ("mediaType", .object(mediaType)),
                ("size", .object(size)),
                ("url", .object([("type", "string"), ("format", "uri")])),
                ("sha256", .object([("type", "string"), ("pattern", "^[0-9A-Fa-f]{64}$")])),
            ])),
            ("required", ["name", "mediaType", "size"]),
            ("additionalProperties", false),
        ])
        guard field.isMultiple else {
            guard case .object(let members) = file else { return [] }
            return members
        }
        var members: [(String, JSONValue)] = [("type", "array"), ("items", file)]
        let minimum = max(nonEmpty ? 1 : 0, constraints.minItems?.value ?? 0)
        if minimum > 0 { members.append(("minItems", .integer(Int64(minimum)))) }
        if let maximum = constraints.maxItems { members.append(("maxItems", .integer(Int64(maximum.value)))) }
        return members
    }
}
