import Foundation

/// SARIF 2.1.0 (the OASIS Static Analysis Results Interchange Format), for code-scanning
/// services: one run whose driver lists every lint rule, one result per finding.
extension LintReport {
    /// The schema SARIF files name.
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The report as a SARIF 2.1.0 log; `toolVersion` is Formsmith's version.
    public func sarif(toolVersion: String) -> String {
        let rules = LintCatalog.rules
        let ruleDescriptors = rules.map { rule in
            "        " + JSONText.object([
                ("id", JSONText.quoted(rule.id)),
                ("shortDescription", JSONText.object([("text", JSONText.quoted(rule.summary))])),
                ("defaultConfiguration", JSONText.object([("level", JSONText.quoted(rule.severity.rawValue))])),
            ])
        }
        let results = findings.map { finding in
            let region = JSONText.object([("startLine", String(finding.location.line)),
                                          ("startColumn", String(finding.location.column))])
            let location = JSONText.object([("physicalLocation", JSONText.object([
                ("artifactLocation", JSONText.object([("uri", JSONText.quoted(Self.uri(finding.location.file)))])),
                ("region", region),
            ]))])
            var pairs = [("ruleId", JSONText.quoted(finding.rule))]
            if let index = rules.firstIndex(where: { $0.id == finding.rule }) { pairs.append(("ruleIndex", String(index))) }
            pairs += [("level", JSONText.quoted(finding.severity.rawValue)),
                      ("message", JSONText.object([("text", JSONText.quoted(finding.message))])),
                      ("locations", JSONText.array([location]))]
            return "      " + JSONText.object(pairs)
        }
        let driver = JSONText.object([
            ("name", JSONText.quoted("formsmith")), ("version", JSONText.quoted(toolVersion)),
            ("rules", "[\n" + ruleDescriptors.joined(separator: ",\n") + "\n      ]"),
        ])
        return """
            {
              "$schema": \(JSONText.quoted(Self.sarifSchema)),
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": \(driver)},
                "columnKind": "unicodeCodePoints",
                "results": [\(results.isEmpty ? "" : "\n" + results.joined(separator: ",\n") + "\n    ")]
              }]
            }

            """
    }

    /// A file path as a URI reference: relative paths stay relative (to the repository root
    /// code scanning resolves them against), absolute ones become `file://` URIs.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
