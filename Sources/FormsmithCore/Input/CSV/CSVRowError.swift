/// A malformed CSV record. Only integers are stored, so recording an error does not
/// allocate; the message text is built when `message` or `description` is read.
package struct CSVRowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is malformed.
    package enum Kind: Sendable, Equatable {
        /// A quote in a field that does not start with a quote (`ab"c`).
        case quoteInUnquotedField
        /// Text between a closing quote and the next delimiter or line end (`"ab"c`).
        case textAfterClosingQuote
        /// A quoted field still open at the end of the input; the rest of the input is this one row.
        case unterminatedQuotedField
        /// A NUL byte, which never occurs in UTF-8 text.
        case nulByte
    }

    /// What is malformed.
    package var kind: Kind
    /// The 1-based physical line of the problem; for an unterminated quoted field, the
    /// line where its opening quote is.
    package var line: Int
    /// The 1-based column (field index) of the malformed field.
    package var column: Int

    /// An error of `kind` at `line` and `column`.
    package init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// What is wrong and how to fix it, without the location.
    package var message: String {
        switch kind {
        case .quoteInUnquotedField:
            return "a quote (\") inside an unquoted field; quote the whole field and double inner quotes, "
                + "e.g. write ab\"c as \"ab\"\"c\""
        case .textAfterClosingQuote:
            return "characters after the closing quote of a quoted field; end the field right after its "
                + "closing quote, or double the quote (\"\") if it belongs to the text"
        case .unterminatedQuotedField:
            return "the quoted field opened on line \(line) is never closed, so everything from line \(line) "
                + "to the end of the file was read as this one broken row; add the missing closing quote (\") "
                + "and double any quotes inside the field"
        case .nulByte:
            return "a NUL byte (0x00) in the data; the file is probably binary or UTF-16 encoded, "
                + "save it as UTF-8 text"
        }
    }

    /// The location and the message, e.g. `line 3, column 2: a quote (") inside ...`.
    package var description: String {
        "line \(line), column \(column): \(message)"
    }
}
