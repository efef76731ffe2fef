import Foundation

/// One fenced code block of a Markdown file: where it opens, its info string (a language and
/// the words after it) and its lines, as docs/contributing.md ("Executable documentation")
/// describes them.
struct FencedBlock {
    /// The Markdown file, relative to the repository root (`README.md`).
    let file: String
    /// The 1-based line of the opening fence.
    let line: Int
    /// The first word of the info string (`sh`, `yaml`, ...), or "" for none.
    let language: String
    /// The words after the language (`not-run:builds`, `verdicts`, `path=Rules/lib/common.yaml`).
    let markers: [String]
    /// The block's lines, without the fences and without the fence's indentation.
    let lines: [String]

    /// `file:line`, for messages.
    var place: String { "\(file):\(line)" }

    /// The reason of a `not-run:REASON` marker, when the block has one.
    var notRunReason: String? {
        markers.first { $0.hasPrefix("not-run:") }.map { String($0.dropFirst("not-run:".count)) }
    }

    /// The value of a `key=value` marker.
    func marker(_ key: String) -> String? {
        markers.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The line of the file that the block's line `index` (0-based) is.
    func fileLine(_ index: Int) -> Int { line + 1 + index }

    /// Every fenced block of `text` (backtick or tilde fences of three or more, indented by at
    /// most three spaces, as CommonMark reads them). An unclosed fence runs to the end.
    static func blocks(in text: String, file: String) -> [FencedBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [FencedBlock] = []
        var index = 0
        while index < lines.count {
            guard let open = Fence(lines[index]) else { index += 1; continue }
            let words = open.info.split(separator: " ").map(String.init)
            var body: [String] = []
            var end = index + 1
            while end < lines.count, !open.isClosed(by: lines[end]) {
                body.append(open.removingIndentation(lines[end]))
                end += 1
            }
            blocks.append(FencedBlock(file: file, line: index + 1, language: words.first ?? "",
                                      markers: Array(words.dropFirst()), lines: body))
            index = end + 1
        }
        return blocks
    }
}

/// An opening code fence: its character, length, indentation and info string.
private struct Fence {
    let character: Character
    let length: Int
    let indentation: Int
    let info: String

    init?(_ line: String) {
        let indentation = line.prefix { $0 == " " }.count
        guard indentation <= 3 else { return nil }
        let rest = line.dropFirst(indentation)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
        if first == "`", info.contains("`") { return nil }
        (character, self.length, self.indentation, self.info) = (first, length, indentation, info)
    }

    func isClosed(by line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return line.prefix { $0 == " " }.count <= 3 && trimmed.count >= length
            && trimmed.allSatisfy { $0 == character }
    }

    func removingIndentation(_ line: String) -> String {
        String(line.dropFirst(min(indentation, line.prefix { $0 == " " }.count)))
    }
}
