/// `unknown-media-type`: a well-formed media type in `mediaTypes` that is not a registered
/// one Formsmith knows, such as `image/jpg` (the type is `image/jpeg`) or `application/pfd`.
/// Files are compared with it exactly, so a misspelt type silently rejects every real file.
/// Types in the vendor, personal and unregistered trees (`application/vnd.…`, `prs.…`, `x-…`)
/// are not reported: they are named by their owners, not listed anywhere.
struct UnknownMediaTypeCheck: LintCheck {
    let rule = LintRule(
        id: "unknown-media-type",
        summary: "A media type in mediaTypes that is not a known registered type (`image/jpg` for image/jpeg, `img/*`).",
        triggering: [
            "fields:\n  scan: {type: attachment, mediaTypes: [application/pdf, image/jpg]}\n",
            "fields:\n  scan: {type: attachment, mediaTypes: ['img/*']}\n",
        ],
        nonTriggering: [
            "fields:\n  scan: {type: attachment, mediaTypes: [application/pdf, image/jpeg, 'image/*', application/octet-stream]}\n",
            "fields:\n  scan: {type: attachment, mediaTypes: [application/vnd.acme.form+json, application/x-custom]}\n",
        ])
    let needsCompiledRules = false

    /// The top-level types registered with IANA.
    static let topLevelTypes: Set<String> = [
        "application", "audio", "font", "example", "haptics", "image", "message", "model", "multipart", "text", "video",
    ]

    /// Registered types that files commonly have besides those with a well-known extension
    /// (``MediaType/byExtension``).
    static let otherKnownTypes = [
        "application/octet-stream", "application/gzip", "application/x-7z-compressed", "application/epub+zip",
        "application/vnd.rar", "application/pkcs7-signature", "application/pgp-signature", "application/ld+json",
        "application/yaml", "text/markdown", "text/calendar", "text/vcard", "image/avif", "image/jxl", "image/apng",
        "audio/ogg", "audio/wav", "audio/aac", "audio/mp4", "audio/webm", "audio/flac", "video/webm", "video/ogg",
        "video/mpeg", "video/3gpp", "video/x-msvideo", "font/otf", "font/ttf", "font/woff", "font/woff2",
        "message/rfc822", "model/gltf+json",
    ]

    /// Every known exact type, sorted.
    static let knownTypes: [String] = Array(Set(MediaType.extensionsByType.keys).union(otherKnownTypes)).sorted()

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        let known = Set(Self.knownTypes)
        for field in context.valueFields where field.type == .attachment {
            for constraints in [field.constraints] + field.cases.map(\.constraints) {
                for written in constraints.mediaTypes ?? [] {
                    guard let pattern = try? MediaTypePattern.parse(written.value).get(), pattern.type != "*"
                    else { continue }  // a malformed one is the loader's error
                    if !Self.topLevelTypes.contains(pattern.type) {
                        findings.append(rule.finding(
                            "'\(written.value)' in the mediaTypes of '\(field.path)' has the top-level type '\(pattern.type)', "
                            + "which is not registered" + Suggestion.didYouMean(pattern.type, in: Self.topLevelTypes.sorted())
                            + "; use one of " + Self.topLevelTypes.sorted().joined(separator: ", "), at: written.location))
                        continue
                    }
                    guard pattern.isExact, !known.contains(pattern.description), !Self.isUnlisted(pattern.subtype)
                    else { continue }
                    findings.append(rule.finding(
                        "'\(written.value)' in the mediaTypes of '\(field.path)' is not a media type Formsmith knows"
                        + Suggestion.didYouMean(pattern.description, in: Self.knownTypes)
                        + "; files are compared with it exactly, so check it against the IANA media type registry",
                        at: written.location))
                }
            }
        }
        return findings
    }

    /// Whether a subtype is in a tree whose names are not listed centrally: vendor (`vnd.`),
    /// personal (`prs.`) or unregistered (`x.`, `x-`).
    static func isUnlisted(_ subtype: String) -> Bool {
        ["vnd.", "prs.", "x.", "x-"].contains { subtype.hasPrefix($0) }
    }
}
