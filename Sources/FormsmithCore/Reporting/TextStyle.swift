/// How the text report marks its parts: plain text, or ANSI colours for a terminal.
///
/// With ``plain`` every function returns its text unchanged, so a report written to a file or
/// a pipe has no escape sequences.
public struct TextStyle: Sendable, Equatable {
    /// Whether ANSI escape sequences are written.
    public let usesColor: Bool

    /// No escape sequences.
    public static let plain = TextStyle(usesColor: false)
    /// ANSI colours (SGR sequences), for a terminal.
    public static let color = TextStyle(usesColor: true)

    /// A style with or without colour.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Where a questionnaire is (`file:line`): bold.
    func location(_ text: String) -> String { wrap(text, .location) }
    /// A field's path: yellow.
    func field(_ text: String) -> String { wrap(text, .field) }
    /// A rule identifier (`[mask]`): cyan.
    func rule(_ text: String) -> String { wrap(text, .rule) }
    /// Something wrong (unreadable, an invalid count above zero): red.
    func failure(_ text: String) -> String { wrap(text, .failure) }
    /// Something right (a valid count): green.
    func success(_ text: String) -> String { wrap(text, .success) }
    /// Secondary text (offending values, examples): dim.
    func secondary(_ text: String) -> String { wrap(text, .secondary) }

    private func wrap(_ text: String, _ part: Part) -> String {
        usesColor ? "\u{1B}[" + part.rawValue + "m" + text + "\u{1B}[0m" : text
    }

    /// The parts of a report a style marks, by their SGR code.
    enum Part: String {
        case location = "1", field = "33", rule = "36", failure = "31", success = "32", secondary = "2"
    }

    /// Appends what `body` appends, marked as `part` (the same bytes as the functions above give
    /// for the same text), straight into `bytes`.
    func append(_ part: Part, to bytes: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        guard usesColor else { return body(&bytes) }
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: part.rawValue.utf8)
        bytes.append(UInt8(ascii: "m"))
        body(&bytes)
        bytes.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
    }
}
