/// The byte values the CSV layer treats specially.
enum CSVByte {
    static let quote = UInt8(ascii: "\"")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let nul: UInt8 = 0
    /// The UTF-8 encoding of U+FEFF, the byte order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// How a CSV file separates its fields. Quoting always uses the double quote (`"`),
/// as RFC 4180 requires; only the delimiter varies.
public struct CSVDialect: Sendable, Equatable {
    /// The byte that separates fields on a line (an ASCII byte).
    public let delimiter: UInt8

    /// Comma-separated values (RFC 4180), the default.
    public static let comma = CSVDialect(checkedDelimiter: UInt8(ascii: ","))
    /// Semicolon-separated values, common where the comma is the decimal separator.
    public static let semicolon = CSVDialect(checkedDelimiter: UInt8(ascii: ";"))
    /// Tab-separated values.
    public static let tab = CSVDialect(checkedDelimiter: UInt8(ascii: "\t"))

    /// The comma dialect.
    public init() {
        self = .comma
    }

    /// A dialect with the given delimiter.
    ///
    /// - Throws: `CSVDialectError` when the delimiter is not ASCII or is a byte that
    ///   already has a meaning in CSV (the quote, CR, LF or NUL).
    public init(delimiter: UInt8) throws(CSVDialectError) {
        if delimiter >= 0x80 {
            throw .nonASCIIDelimiter(delimiter)
        }
        if delimiter == CSVByte.quote || delimiter == CSVByte.lineFeed
            || delimiter == CSVByte.carriageReturn || delimiter == CSVByte.nul {
            throw .reservedDelimiter(delimiter)
        }
        self.delimiter = delimiter
    }

    private init(checkedDelimiter: UInt8) {
        self.delimiter = checkedDelimiter
    }
}

/// Why a delimiter cannot be used.
public enum CSVDialectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The delimiter is not a single ASCII byte, so it could match inside a multi-byte character.
    case nonASCIIDelimiter(UInt8)
    /// The delimiter is the quote, a line break or NUL, which CSV already uses.
    case reservedDelimiter(UInt8)

    /// What is wrong and how to fix it.
    public var description: String {
        switch self {
        case .nonASCIIDelimiter(let byte):
            return "the CSV delimiter byte 0x\(String(byte, radix: 16, uppercase: true)) is not an ASCII character; "
                + "use a single ASCII character such as ',', ';' or a tab"
        case .reservedDelimiter(let byte):
            return "the CSV delimiter byte 0x\(String(byte, radix: 16, uppercase: true)) is the quote, a line break or NUL, "
                + "which CSV already uses; use ',', ';' or a tab"
        }
    }
}
