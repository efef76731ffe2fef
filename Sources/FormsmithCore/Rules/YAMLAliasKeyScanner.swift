/// Finds, in YAML text and before any parser reads it, an alias (`*name`) used as a mapping key
/// or inside one.
///
/// Yams checks each mapping's keys for duplicates while it builds the tree, hashing every key
/// with its aliases expanded in full, so one key such as `? *huge` costs as much as the billion
/// nodes it stands for, before ``YAMLDocument``'s budget can count them. No rule, library,
/// project or seed-data file needs an alias as a key, so such a document is refused instead.
///
/// This is a light lexical pass, not a parser: it skips comments, quoted scalars, block scalars
/// (`|`, `>`), plain scalars (a `*` inside `^\d*$` or `a *b` is text) and tags, and follows
/// flow collections (`[ ]`, `{ }`), explicit keys (`? `) and implicit keys (`key: value`) far
/// enough to tell whether an alias stands in a key. An alias in a value is left to the budget.
struct YAMLAliasKeyScanner {
    /// Where an alias used in a key was found.
    struct Finding: Equatable {
        /// The alias as written, with its `*`.
        var alias: String
        /// 1-based line and column of the `*`.
        var line: Int
        var column: Int
    }

    /// The first alias standing in a mapping key, or nil when there is none.
    static func firstAliasInKey(_ text: String) -> Finding? {
        var scanner = YAMLAliasKeyScanner(Array(text.utf8))
        return scanner.scan()
    }

    private struct FlowLevel {
        /// The current entry was opened with `? `: all of it is a key.
        var explicitKey = false
        /// The first alias in the current entry (at this level or in a collection inside it).
        var alias: Finding?
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var flow: [FlowLevel] = []
    /// Block context: the first alias on this line not yet followed by a value indicator.
    private var blockAlias: Finding?
    /// Block context: the column of an open explicit key (`? `); lines indented deeper belong to it.
    private var explicitKeyColumn: Int?
    /// Block context: the column where the last node on this line began (a block scalar's
    /// content is indented deeper than it).
    private var nodeColumn = 0
    /// Whether the next non-blank character starts a token (after a blank, a line start or a
    /// flow indicator), so that `#`, `*`, `'`, `|` there are indicators.
    private var atTokenStart = true

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Byte column, for comparing indentation (which is spaces only).
    private var column: Int { index - lineStart + 1 }

    /// Character column, for messages.
    private var characterColumn: Int {
        bytes[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// How many open flow levels' current entries are explicit keys (`? `).
    private var explicitFlowKeys = 0

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isBlank(_ byte: UInt8?) -> Bool {
        byte == nil || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isFlowIndicator(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    private mutating func scan() -> Finding? {
        while let current = byte() {
            if current == 0x0A {
                newLine()
                continue
            }
            if current == 0x20 || current == 0x09 || current == 0x0D {
                index += 1
                atTokenStart = true
                continue
            }
            if flow.isEmpty, let open = explicitKeyColumn, current != UInt8(ascii: "#"), column <= open,
               index == firstNonBlankOfLine() {
                explicitKeyColumn = nil
            }
            if let found = token(current) { return found }
        }
        return nil
    }

    private func firstNonBlankOfLine() -> Int {
        var position = lineStart
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
        atTokenStart = true
        if flow.isEmpty { blockAlias = nil; nodeColumn = 0 }
    }

    /// Reads one token starting at `current`; returns a finding when it settles one.
    private mutating func token(_ current: UInt8) -> Finding? {
        let next = byte(1)
        let inFlow = !flow.isEmpty
        switch current {
        case UInt8(ascii: "#") where atTokenStart:
            while let here = byte(), here != 0x0A { index += 1 }
            return nil
        case UInt8(ascii: "'") where atTokenStart, UInt8(ascii: "\"") where atTokenStart:
            if !inFlow { nodeColumn = column }
            skipQuoted(current)
            atTokenStart = false
            return nil
        case UInt8(ascii: "|") where atTokenStart && !inFlow, UInt8(ascii: ">") where atTokenStart && !inFlow:
            skipBlockScalar()
            return nil
        case UInt8(ascii: "*") where atTokenStart:
            let start = characterColumn
            let begin = index
            index += 1
            while let here = byte(), !Self.isBlank(here), !Self.isFlowIndicator(here), here != UInt8(ascii: ":") {
                index += 1
            }
            let found = Finding(alias: String(decoding: bytes[begin..<index], as: UTF8.self), line: line, column: start)
            atTokenStart = false
            if explicitKeyColumn != nil || explicitFlowKeys > 0 { return found }
            if inFlow {
                if flow[flow.count - 1].alias == nil { flow[flow.count - 1].alias = found }
            } else if blockAlias == nil {
                blockAlias = found
            }
            return nil
        case UInt8(ascii: "&") where atTokenStart, UInt8(ascii: "!") where atTokenStart:
            while let here = byte(), !Self.isBlank(here), !Self.isFlowIndicator(here) { index += 1 }
            return nil
        case UInt8(ascii: "[") where atTokenStart || inFlow, UInt8(ascii: "{") where atTokenStart || inFlow:
            if !inFlow { nodeColumn = column }
            flow.append(FlowLevel())
            index += 1
            atTokenStart = true
            return nil
        case UInt8(ascii: "]") where inFlow, UInt8(ascii: "}") where inFlow:
            let closed = flow.removeLast()
            if closed.explicitKey { explicitFlowKeys -= 1 }
            index += 1
            atTokenStart = true
            if let alias = closed.alias {
                if flow.isEmpty {
                    if blockAlias == nil { blockAlias = alias }
                } else if flow[flow.count - 1].alias == nil {
                    flow[flow.count - 1].alias = alias
                }
            }
            return nil
        case UInt8(ascii: ",") where inFlow:
            if flow[flow.count - 1].explicitKey, let alias = flow[flow.count - 1].alias { return alias }
            if flow[flow.count - 1].explicitKey { explicitFlowKeys -= 1 }
            flow[flow.count - 1] = FlowLevel()
            index += 1
            atTokenStart = true
            return nil
        case UInt8(ascii: "?") where atTokenStart && Self.isBlank(next):
            if inFlow {
                if !flow[flow.count - 1].explicitKey { explicitFlowKeys += 1 }
                flow[flow.count - 1].explicitKey = true
            } else if explicitKeyColumn == nil {
                explicitKeyColumn = column
            }
            index += 1
            atTokenStart = true
            return nil
        case UInt8(ascii: ":") where Self.isBlank(next) || (inFlow && (Self.isFlowIndicator(next) || !atTokenStart)):
            // A value indicator: what came before it on this line (block) or in this entry (flow) is a key.
            if inFlow {
                if let alias = flow[flow.count - 1].alias { return alias }
                if flow[flow.count - 1].explicitKey { explicitFlowKeys -= 1 }
                flow[flow.count - 1].explicitKey = false
            } else {
                if let alias = blockAlias { return alias }
            }
            index += 1
            atTokenStart = true
            return nil
        case UInt8(ascii: "-") where atTokenStart && Self.isBlank(next) && !inFlow:
            blockAlias = nil
            nodeColumn = column
            index += 1
            atTokenStart = true
            return nil
        default:
            if !inFlow && atTokenStart { nodeColumn = column }
            skipPlain(inFlow: inFlow)
            return nil
        }
    }

    /// Skips a quoted scalar, which may span lines; `''` and `\"` do not end it.
    private mutating func skipQuoted(_ quote: UInt8) {
        index += 1
        while let here = byte() {
            if here == 0x0A {
                index += 1
                line += 1
                lineStart = index
                continue
            }
            if quote == UInt8(ascii: "\""), here == UInt8(ascii: "\\") { index += 2; continue }
            index += 1
            if here == quote {
                if quote == UInt8(ascii: "'"), byte() == quote { index += 1; continue }
                return
            }
        }
    }

    /// Skips a block scalar's header and every following line that is blank or indented deeper
    /// than the node that holds it.
    private mutating func skipBlockScalar() {
        let parent = nodeColumn
        while let here = byte(), here != 0x0A { index += 1 }
        while byte() == 0x0A {
            let save = (index, line, lineStart)
            newLine()
            let first = firstNonBlankOfLine()
            let blank = first >= bytes.count || bytes[first] == 0x0A || bytes[first] == 0x0D
            if !blank && first - lineStart + 1 <= parent {
                (index, line, lineStart) = save
                return
            }
            while let here = byte(), here != 0x0A { index += 1 }
        }
    }

    /// Skips a plain scalar up to a value indicator, a comment, a line end or (in flow) a flow indicator.
    private mutating func skipPlain(inFlow: Bool) {
        index += 1
        while let here = byte(), here != 0x0A {
            if here == UInt8(ascii: ":") {
                let after = byte(1)
                if Self.isBlank(after) || (inFlow && Self.isFlowIndicator(after)) { break }
            }
            if inFlow && Self.isFlowIndicator(here) { break }
            if here == UInt8(ascii: "#"), let before = index > 0 ? bytes[index - 1] : nil,
               before == 0x20 || before == 0x09 { break }
            index += 1
        }
        atTokenStart = false
    }
}
