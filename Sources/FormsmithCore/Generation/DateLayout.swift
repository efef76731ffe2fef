/// A date pattern (`dd.MM.yyyy`) cut into pieces for writing dates without allocating.
struct DateLayout: Sendable {
    enum Piece: Sendable {
        case year, month, day
        case literal(UInt8)
    }

    let pieces: [Piece]

    /// The layout of a pattern written with `yyyy`, `MM`, `dd` and separators.
    init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        var pieces: [Piece] = []
        var index = 0
        while index < bytes.count {
            let rest = bytes[index...]
            if rest.starts(with: "yyyy".utf8) {
                pieces.append(.year)
                index += 4
            } else if rest.starts(with: "MM".utf8) {
                pieces.append(.month)
                index += 2
            } else if rest.starts(with: "dd".utf8) {
                pieces.append(.day)
                index += 2
            } else {
                pieces.append(.literal(bytes[index]))
                index += 1
            }
        }
        self.pieces = pieces
    }

    /// Appends `date` written in this layout: two or four digits written straight for each
    /// piece (years past 9999 through the general number writer).
    func append<Sink: ByteSink & ~Copyable>(_ date: CivilDate, to output: inout Sink) {
        let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(date.dayNumber))
        for piece in pieces {
            switch piece {
            case .year:
                let year = max(year, 0)
                guard year < 10000 else {
                    TextCandidates.appendNumber(UInt64(year), width: 4, to: &output)
                    continue
                }
                Self.appendTwoDigits(year / 100, to: &output)
                Self.appendTwoDigits(year % 100, to: &output)
            case .month: Self.appendTwoDigits(month, to: &output)
            case .day: Self.appendTwoDigits(day, to: &output)
            case .literal(let byte): output.append(byte)
            }
        }
    }

    /// Appends a number below 100 as two digits.
    @inline(__always)
    private static func appendTwoDigits<Sink: ByteSink & ~Copyable>(_ value: Int, to output: inout Sink) {
        output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10))
        output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    }
}
