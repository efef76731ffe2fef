/// The text of the HTML audit report, built section by section (see ``HTMLReporter``).
struct HTMLPage {
    private(set) var text = ""
    /// Where links to input files point.
    let links: HTMLLinks

    init(links: HTMLLinks) {
        self.links = links
    }

    /// The document head with its inline style sheet, and the start of the body.
    mutating func open(title: String) {
        text += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(Self.escape(title))</title>
            <style>
            \(Self.style)</style>
            </head>
            <body>

            """
    }

    /// The title line: what was checked against what.
    mutating func header(_ context: HTMLReportContext, _ summary: ValidationSummary) {
        let inputs = context.inputs.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ")
        let today = summary.today.map { " · today <code>\($0)</code> (the date rules compare with)" } ?? ""
        text += """
            <header>
            <h1>Audit of questionnaires against <code>\(Self.escape(context.ruleSetID))</code></h1>
            <p class="meta">Rules <code>\(Self.escape(context.rulesFile))</code> · inputs \(inputs)\(today)</p>
            </header>

            """
        for note in TextReporter.notes(summary) { text += "<p class=\"note\">\(Self.escape(note))</p>\n" }
    }

    /// The end of the page.
    mutating func close(_ context: HTMLReportContext) {
        text += """
            <footer>Written by Formsmith \(Self.escape(context.toolVersion)). Counts are exact; \
            examples are capped at \(HTMLReporter.examplesPerRule) per rule.</footer>
            </body>
            </html>

            """
    }

    /// Appends raw markup.
    mutating func append(_ markup: String) { text += markup }

    // MARK: - Text

    /// `text` with the characters HTML gives a meaning escaped, and hidden characters
    /// (``DisplayText``) written as `\u{…}`.
    static func escape(_ text: String) -> String {
        let text = DisplayText.escaped(text)
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A file path as a relative URL: bytes outside the unreserved set and `/` percent-encoded.
    static func url(_ path: String) -> String { percentEncodedPath(path) }

    /// `1234567` as `1,234,567` (counts are never negative).
    static func number(_ value: Int) -> String { ProgressLine.grouped(value) }

    /// `part` of `whole` as a percentage with one decimal (`12.5%`); `–` when `whole` is 0.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The section a field path belongs to: its first component (`insurant` for
    /// `insurant.birthDate`, `drivers` for `drivers[].lastName`).
    static func section(of field: String) -> String {
        guard !field.isEmpty else { return "(questionnaire)" }
        let end = field.firstIndex { $0 == "." || $0 == "[" } ?? field.endIndex
        return String(field[..<end])
    }

    private static let style = """
        :root { color-scheme: light; --valid: #2e7d32; --invalid: #c62828; --unreadable: #6d6d6d; --bar: #c62828;
          --fill: #1565c0; --line: #d8d8d8; --muted: #5f5f5f; }
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          margin: 0 auto; max-width: 1100px; padding: 24px; color: #1d1d1d; background: #fff; line-height: 1.4; }
        h1 { font-size: 1.5rem; margin: 0 0 4px; } h2 { font-size: 1.2rem; margin: 32px 0 8px; }
        h3 { font-size: 1rem; margin: 20px 0 6px; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.92em; }
        .meta, footer, .note, .more { color: var(--muted); font-size: 0.9rem; }
        .note { border-left: 3px solid var(--invalid); padding-left: 8px; }
        footer { margin-top: 40px; border-top: 1px solid var(--line); padding-top: 8px; }
        .cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 16px 0; }
        .card { border: 1px solid var(--line); border-radius: 6px; padding: 10px 16px; min-width: 150px; }
        .card .n { font-size: 1.6rem; font-weight: 600; } .card .l { color: var(--muted); font-size: 0.9rem; }
        .card.valid .n { color: var(--valid); } .card.invalid .n { color: var(--invalid); }
        .card.unreadable .n { color: var(--unreadable); }
        .charts { display: grid; grid-template-columns: 1fr; gap: 8px; }
        svg text { font-family: inherit; font-size: 12px; fill: #1d1d1d; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
        th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
        th { background: #f4f4f4; } td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
        .rate { display: inline-block; width: 100px; height: 10px; background: #eee; margin-right: 6px; }
        .rate span { display: block; height: 10px; background: var(--fill); }
        .rate.fail span { background: var(--bar); }
        td.value code { word-break: break-all; }
        """
}
