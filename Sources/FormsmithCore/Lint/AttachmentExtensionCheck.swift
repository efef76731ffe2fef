/// `attachment-extension`: an attachment field whose `extensions` and `mediaTypes` contradict
/// each other in part. A well-known extension whose media type `mediaTypes` does not allow
/// (`pdf` with only `image/*`) can never be on a file that passes, and an exact media type
/// none of whose files may carry a listed extension (`image/png` when `extensions` holds only
/// well-known extensions of other types) can never be a passing file's type. The rules load,
/// but the entry is dead. (When every extension is ruled out, no file passes at all, and
/// loading the rules fails instead.)
struct AttachmentExtensionCheck: LintCheck {
    let rule = LintRule(
        id: "attachment-extension",
        summary: "An attachment's extension that its mediaTypes rule out (`pdf` with only `image/*`), or a media type no listed extension can carry.",
        triggering: [
            "fields:\n  scan: {type: attachment, mediaTypes: ['image/*'], extensions: [jpg, png, pdf]}\n",
            "fields:\n  scan: {type: attachment, mediaTypes: [application/pdf, image/png], extensions: [pdf]}\n",
        ],
        nonTriggering: [
            "fields:\n  scan: {type: attachment, mediaTypes: [application/pdf, 'image/*'], extensions: [pdf, jpg, jpeg]}\n",
            "fields:\n  scan: {type: attachment, mediaTypes: [application/octet-stream], extensions: [raw]}\n",
            "fields:\n  scan: {type: attachment, extensions: [pdf]}\n",
        ])
    let needsCompiledRules = false

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where field.type == .attachment {
            let patterns = (field.constraints.mediaTypes ?? []).compactMap { written in
                (try? MediaTypePattern.parse(written.value).get()).map { (written, $0) }
            }
            guard !patterns.isEmpty else { continue }
            for constraints in [field.constraints] + field.cases.map(\.constraints) {
                guard let written = constraints.extensions, !written.isEmpty else { continue }
                let extensions = written.map { entry in
                    (entry, (entry.value.hasPrefix(".") ? String(entry.value.dropFirst()) : entry.value).lowercased())
                }
                let ruledOut = extensions.filter { ExtensionCheck.isRuledOut($0.1, by: patterns.map(\.1)) }
                guard ruledOut.count < extensions.count else { continue }  // impossible: the loader reports it
                for (entry, name) in ruledOut {
                    let type = MediaType.byExtension[name]![0]
                    findings.append(rule.finding(
                        "extension '\(name)' of '\(field.path)' is for \(type) files, which mediaTypes does not allow, so "
                        + "no passing file can have it; add \(type) to mediaTypes or remove '\(name)'", at: entry.location))
                }
                findings += deadTypes(patterns, extensions.map(\.1), field)
            }
        }
        return findings
    }

    /// Exact well-known media types whose files can carry none of the listed extensions: every
    /// extension is a well-known one of other types. (A type Formsmith does not know is
    /// `unknown-media-type`'s to report.)
    private func deadTypes(_ patterns: [(Located<String>, MediaTypePattern)], _ extensions: [String],
                           _ field: FieldRule) -> [LintFinding] {
        let known = extensions.compactMap { MediaType.byExtension[$0] }
        guard known.count == extensions.count else { return [] }  // an unknown extension may carry any type
        return patterns.compactMap { written, pattern in
            guard pattern.isExact, let usual = MediaType.extensionsByType[pattern.description]?.first,
                  !known.contains(where: { $0.contains(pattern.description) }) else { return nil }
            return rule.finding(
                "media type \(pattern) of '\(field.path)' cannot pass: every extension in 'extensions' ("
                + extensions.map { ".\($0)" }.joined(separator: ", ") + ") belongs to another type; add its extension"
                + " (such as .\(usual)) to extensions or remove \(pattern) from mediaTypes", at: written.location)
        }
    }
}
