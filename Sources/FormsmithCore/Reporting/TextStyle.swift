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
    func location(_ text: String) -> String { wrap(text, "1") }
    /// A field's path: yellow.
    func field(_ text: String) -> String { wrap(text, "33") }
    /// A rule identifier (`[mask]`): cyan.
    func rule(_ text: String) -> String { wrap(text, "36") }
    /// Something wrong (unreadable, an invalid count above zero): red.
    func failure(_ text: String) -> String { wrap(text, "31") }
    /// Something right (a valid count): green.
    func success(_ text: String) -> String { wrap(text, "32") }
    /// Secondary text (offending values, examples): dim.
    func secondary(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }
}
