import Foundation

/// `attachment-size`: an attachment size limit that loads but is probably not what was meant:
/// a `maxSize` above 100 MB (more than forms upload from a phone; a unit slip such as `500MB`
/// for `500KB` is the usual cause) or below 1 KB (no scan or photo is that small; a size
/// without a unit is bytes, so `maxSize: 10` allows ten bytes).
struct AttachmentSizeCheck: LintCheck {
    let rule = LintRule(
        id: "attachment-size",
        summary: "An attachment's maxSize above 100 MB or below 1 KB (often a unit slip: a number without a unit is bytes).",
        triggering: [
            "fields:\n  scan: {type: attachment, maxSize: 2GB}\n",
            "fields:\n  scan: {type: attachment, maxSize: 10}\n",
        ],
        nonTriggering: [
            "fields:\n  scan: {type: attachment, minSize: 1KB, maxSize: 10MB}\n",
            "fields:\n  scan: {type: attachment, maxSize: 100MB}\n",
        ])
    let needsCompiledRules = false

    /// The largest `maxSize` that is not reported: 100 MB.
    static let largest: Int64 = 100_000_000
    /// The smallest `maxSize` that is not reported: 1 KB.
    static let smallest: Int64 = 1000

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where field.type == .attachment {
            for constraints in [field.constraints] + field.cases.map(\.constraints) {
                guard let written = constraints.maxSize, let bytes = try? ByteSize.parse(written.value).get() else { continue }
                if bytes > Self.largest {
                    findings.append(rule.finding(
                        "maxSize \(ByteSize.exact(bytes)) of '\(field.path)' is more than forms upload (over "
                        + "\(ByteSize.describe(Self.largest))); check the unit (KB, MB, GB are powers of 1000)",
                        at: written.location))
                } else if bytes < Self.smallest {
                    findings.append(rule.finding(
                        "maxSize \(ByteSize.exact(bytes)) of '\(field.path)' is smaller than any scan or photo; a size "
                        + "without a unit is bytes: write the unit, such as \(written.value.trimmingCharacters(in: .whitespaces))MB",
                        at: written.location))
                }
            }
        }
        return findings
    }
}
