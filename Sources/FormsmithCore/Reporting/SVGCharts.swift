/// Inline SVG charts of the HTML audit report: plain shapes and text, no script.
enum SVGCharts {
    private static let width = 760
    private static let labelWidth = 260
    private static let rowHeight = 22

    /// A horizontal bar per entry (label, count) in the given order, at most `limit` bars,
    /// scaled to the largest count.
    static func bars(_ entries: [(String, Int)], id: String, limit: Int) -> String {
        let shown = entries.prefix(limit)
        let largest = max(1, shown.map(\.1).max() ?? 1)
        let plot = width - labelWidth - 80
        let height = shown.count * rowHeight + 4
        var svg = "<svg id=\"\(id)\" role=\"img\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (row, entry) in shown.enumerated() {
            let y = row * rowHeight + 2
            let length = max(1, entry.1 * plot / largest)
            let label = entry.0.count > 38 ? String(entry.0.prefix(37)) + "…" : entry.0
            svg += "<g><title>\(HTMLPage.escape(entry.0)): \(HTMLPage.number(entry.1))</title>"
                + "<text x=\"\(labelWidth - 8)\" y=\"\(y + 15)\" text-anchor=\"end\">\(HTMLPage.escape(label))</text>"
                + "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(length)\" height=\"\(rowHeight - 6)\" fill=\"#c62828\"/>"
                + "<text x=\"\(labelWidth + length + 6)\" y=\"\(y + 15)\">\(HTMLPage.number(entry.1))</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    /// One bar split into valid, invalid and unreadable shares, with a legend.
    static func split(valid: Int, invalid: Int, unreadable: Int) -> String {
        let total = valid + invalid + unreadable
        let plot = width - 2
        var svg = "<svg id=\"split\" role=\"img\" width=\"\(width)\" height=\"54\" viewBox=\"0 0 \(width) 54\" "
            + "xmlns=\"http://www.w3.org/2000/svg\">\n"
        guard total > 0 else {
            return svg + "<text x=\"0\" y=\"20\">No questionnaires were read.</text>\n</svg>\n"
        }
        var x = 1
        var legend = 0
        for (label, count, colour) in [("valid", valid, "#2e7d32"), ("invalid", invalid, "#c62828"),
                                       ("unreadable", unreadable, "#6d6d6d")] {
            let length = count * plot / total
            if count > 0 {
                svg += "<rect x=\"\(x)\" y=\"2\" width=\"\(max(1, length))\" height=\"24\" fill=\"\(colour)\">"
                    + "<title>\(label): \(HTMLPage.number(count))</title></rect>\n"
            }
            x += length
            svg += "<rect x=\"\(legend)\" y=\"36\" width=\"12\" height=\"12\" fill=\"\(colour)\"/>"
                + "<text x=\"\(legend + 16)\" y=\"46\">\(label) \(HTMLPage.number(count)) "
                + "(\(HTMLPage.percent(count, of: total)))</text>\n"
            legend += 220
        }
        return svg + "</svg>\n"
    }
}
