/// The sections of the HTML audit report: totals, charts, the field table, examples.
extension HTMLPage {
    /// The totals as cards and a bar split into valid, invalid and unreadable.
    mutating func totals(_ summary: ValidationSummary) {
        func card(_ kind: String, _ label: String, _ count: Int) -> String {
            let share = kind == "records" || kind == "violations" ? "" : " · " + Self.percent(count, of: summary.records)
            return "<div class=\"card \(kind)\"><div class=\"n\">\(Self.number(count))</div>"
                + "<div class=\"l\">\(label)\(share)</div></div>\n"
        }
        append("<section id=\"totals\">\n<h2>Totals</h2>\n<div class=\"cards\">\n")
        append(card("records", "questionnaires", summary.records) + card("valid", "valid", summary.valid)
               + card("invalid", "invalid", summary.invalid) + card("unreadable", "unreadable", summary.unreadable)
               + card("violations", "violations", summary.violations))
        append("</div>\n")
        append(SVGCharts.split(valid: summary.valid, invalid: summary.invalid, unreadable: summary.unreadable))
        append("</section>\n")
    }

    /// A project run's totals per form (nothing for a run of one rule file).
    mutating func forms(_ forms: [FormTotals]) {
        guard !forms.isEmpty else { return }
        append("<section id=\"forms\">\n<h2>Forms</h2>\n<table>\n<thead><tr><th>Form</th><th class=\"n\">Questionnaires</th>"
               + "<th class=\"n\">Valid</th><th class=\"n\">Invalid</th><th class=\"n\">Unreadable</th>"
               + "<th class=\"n\">Violations</th><th>Most broken rules</th></tr></thead>\n<tbody>\n")
        for form in forms {
            let totals = form.summary
            let top = totals.byRule.prefix(3).map { "<code>\(Self.escape($0.key))</code> \(Self.number($0.count))" }
            append("<tr><td><code>\(Self.escape(form.form))</code></td><td class=\"n\">\(Self.number(totals.records))</td>"
                   + "<td class=\"n\">\(Self.number(totals.valid))</td><td class=\"n\">\(Self.number(totals.invalid))</td>"
                   + "<td class=\"n\">\(Self.number(totals.unreadable))</td>"
                   + "<td class=\"n\">\(Self.number(totals.violations))</td><td>\(top.joined(separator: ", "))</td></tr>\n")
        }
        append("</tbody>\n</table>\n</section>\n")
    }

    /// Bar charts of violations by rule, by field and by section, most frequent first.
    mutating func charts(_ summary: ValidationSummary) {
        guard summary.violations > 0 else { return }
        var sections: [String: Int] = [:]
        for entry in summary.byField { sections[Self.section(of: entry.key), default: 0] += entry.count }
        let bySection = sections.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
        append("<section id=\"charts\">\n")
        for (title, id, bars) in [
            ("Violations by rule", "by-rule", summary.byRule.map { ($0.key, $0.count) }),
            ("Violations by field", "by-field", summary.byField.map { ($0.key.isEmpty ? "(questionnaire)" : $0.key, $0.count) }),
            ("Violations by section", "by-section", bySection),
        ] {
            append("<h2>\(title)</h2>\n")
            append(SVGCharts.bars(bars, id: id, limit: HTMLReporter.barsPerChart))
            if bars.count > HTMLReporter.barsPerChart {
                append("<p class=\"more\">\(bars.count - HTMLReporter.barsPerChart) more not drawn "
                       + "(every field is in the table below).</p>\n")
            }
        }
        append("</section>\n")
    }

    /// Every field: how often filled, how often it failed.
    mutating func fieldTable(_ summary: ValidationSummary, fields: [String]) {
        let fills = summary.fills.map { Dictionary($0.entries.map { ($0.field, $0) }, uniquingKeysWith: { a, _ in a }) }
        let violations = Dictionary(summary.byField.map { ($0.key, $0.count) }, uniquingKeysWith: +)
        let known = Set(fields)
        append("<section id=\"fields\">\n<h2>Fields</h2>\n")
        if fills == nil {
            append("<p class=\"more\">Fill rates were not counted in this run (they are for a run of one rule "
                   + "file).</p>\n")
        } else {
            append("<p class=\"more\">Filled: questionnaires read (items, for list item fields) where the field "
                   + "has a value. Fails: its violations, against the same base.</p>\n")
        }
        append("<table>\n<thead><tr><th>Field</th><th class=\"n\">Filled</th><th>Fill rate</th>"
               + "<th class=\"n\">Fails</th><th>Fail rate</th></tr></thead>\n<tbody>\n")
        func rate(_ part: Int, _ whole: Int, failing: Bool) -> String {
            let width = whole > 0 ? min(100, (part * 100 + whole / 2) / whole) : 0
            return "<span class=\"rate\(failing ? " fail" : "")\"><span style=\"width:\(width)%\"></span></span>"
                + Self.percent(part, of: whole)
        }
        for field in fields {
            let fill = fills?[field]
            let failed = violations[field] ?? 0
            let base = fill?.places ?? 0
            append("<tr><td><code>\(Self.escape(field))</code></td>")
            if let fill {
                append("<td class=\"n\">\(Self.number(fill.filled)) of \(Self.number(base))</td>"
                       + "<td>\(rate(fill.filled, base, failing: false))</td>")
            } else {
                append("<td class=\"n\">–</td><td></td>")
            }
            append("<td class=\"n\">\(Self.number(failed))</td><td>\(fill != nil ? rate(failed, base, failing: true) : "")</td></tr>\n")
        }
        for entry in summary.byField where !known.contains(entry.key) {
            let name = entry.key.isEmpty ? "(questionnaire)" : entry.key
            let note = fields.isEmpty ? "" : " <span class=\"more\">not a field of the rules</span>"
            append("<tr><td><code>\(Self.escape(name))</code>\(note)</td>"
                   + "<td class=\"n\">–</td><td></td><td class=\"n\">\(Self.number(entry.count))</td><td></td></tr>\n")
        }
        append("</tbody>\n</table>\n</section>\n")
    }

    /// A table of examples for each rule broken, most frequent rule first.
    mutating func examples(_ byRule: [ViolationCount], examples: [String: [HTMLReporter.Example]]) {
        guard !byRule.isEmpty else { return }
        append("<section id=\"examples\">\n<h2>Examples by rule</h2>\n")
        for entry in byRule {
            let kept = examples[entry.key] ?? []
            let shown = kept.count < entry.count ? " · \(kept.count) shown" : ""
            append("<h3 id=\"rule-\(Self.escape(entry.key))\"><code>\(Self.escape(entry.key))</code> · "
                   + "\(Self.number(entry.count)) violation\(entry.count == 1 ? "" : "s")\(shown)</h3>\n")
            guard !kept.isEmpty else {
                append("<p class=\"more\">No example kept (the report's problem limit was reached).</p>\n")
                continue
            }
            append("<table>\n<thead><tr><th>Where</th><th>Id</th><th>Field</th><th>Message</th><th>Value</th></tr>"
                   + "</thead>\n<tbody>\n")
            for example in kept {
                let violation = example.violation
                append("<tr><td>\(link(example.location))</td><td>\(Self.escape(example.id ?? ""))</td>"
                       + "<td><code>\(Self.escape(violation.field.isEmpty ? "(questionnaire)" : violation.field))</code></td>"
                       + "<td>\(Self.escape(violation.message))</td>"
                       + "<td class=\"value\">\(violation.value.map { "<code>\(Self.escape($0))</code>" } ?? "")</td></tr>\n")
            }
            append("</tbody>\n</table>\n")
        }
        append("</section>\n")
    }

    /// The unreadable records listed (capped) with the reason.
    mutating func unreadable(_ results: [RecordResult], total: Int) {
        guard total > 0 else { return }
        let shown = results.count < total ? " · \(results.count) shown" : ""
        append("<section id=\"unreadable\">\n<h2>Unreadable · \(Self.number(total))\(shown)</h2>\n")
        append("<table>\n<thead><tr><th>Where</th><th>Why</th></tr></thead>\n<tbody>\n")
        for result in results {
            append("<tr><td>\(link(result.location))</td><td>\(Self.escape(result.unreadable ?? ""))</td></tr>\n")
        }
        append("</tbody>\n</table>\n</section>\n")
    }

    /// `file:line` linking to `file#Lline` (standard input is not linked).
    func link(_ location: RecordLocation) -> String {
        var label = "\(location.file):\(location.line)"
        if let index = location.index { label += " [\(index)]" }
        guard location.file != "-" else { return "<code>\(Self.escape(label))</code>" }
        return "<a href=\"\(Self.escape(Self.url(links.target(location.file))))#L\(location.line)\"><code>\(Self.escape(label))</code></a>"
    }
}
