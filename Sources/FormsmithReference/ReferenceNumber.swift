/// A number as the reference validator reads it, written apart from the engine's
/// `ExactDecimal`: a sign, the significant digits as a string of digits (no leading or
/// trailing zeros; empty for zero) and a power of ten. So `10.50` is `+ "105" e-1` and
/// `1e400` is `+ "1" e400`, and two numbers compare by where their first digit stands, then
/// digit by digit (docs/rules.md, "Exact numbers": every digit kept, any length).
struct ReferenceNumber: Equatable, CustomStringConvertible {
    var negative: Bool
    /// Significant digits, most significant first, each 0...9.
    var digits: [UInt8]
    /// value = digits × 10^exponent
    var exponent: Int

    /// A sum or difference whose exact value would need more digits is not computed
    /// (docs/rules.md, "Arithmetic").
    static let digitLimit = 100_000

    static let zero = ReferenceNumber(negative: false, digits: [], exponent: 0)

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        var leading = 0
        while leading < digits.count, digits[leading] == 0 { leading += 1 }
        digits.removeFirst(leading)
        while let last = digits.last, last == 0 { digits.removeLast(); exponent += 1 }
        self.negative = digits.isEmpty ? false : negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    init(_ value: Int) {
        self.init(json: String(value))!
    }

    /// A JSON number (`-? int frac? exp?`); nil for other text, and for an exponent of more than
    /// 18 digits (docs/rules.md: a `type` error).
    init?(json text: String) {
        var scalars = Array(text.utf8)[...]
        var negative = false
        if scalars.first == UInt8(ascii: "-") { negative = true; scalars.removeFirst() }
        var digits: [UInt8] = []
        var integerDigits = 0
        while let byte = scalars.first, (48...57).contains(byte) {
            digits.append(byte - 48); integerDigits += 1; scalars.removeFirst()
        }
        guard integerDigits > 0, !(integerDigits > 1 && digits[0] == 0) else { return nil }
        var fraction = 0
        if scalars.first == UInt8(ascii: ".") {
            scalars.removeFirst()
            while let byte = scalars.first, (48...57).contains(byte) {
                digits.append(byte - 48); fraction += 1; scalars.removeFirst()
            }
            guard fraction > 0 else { return nil }
        }
        var exponent = 0
        if let marker = scalars.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            scalars.removeFirst()
            var exponentNegative = false
            if let sign = scalars.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-"); scalars.removeFirst()
            }
            var written: [UInt8] = []
            while let byte = scalars.first, (48...57).contains(byte) { written.append(byte - 48); scalars.removeFirst() }
            while written.count > 1, written[0] == 0 { written.removeFirst() }
            guard !written.isEmpty, written.count <= 18 else { return nil }
            exponent = written.reduce(0) { $0 * 10 + Int($1) }
            if exponentNegative { exponent = -exponent }
        }
        guard scalars.isEmpty else { return nil }
        self.init(negative: negative, digits: digits, exponent: exponent - fraction)
    }

    /// Whether the text is written as an integer: `-` and digits, no point, no exponent.
    static func isIntegerNotation(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !body.isEmpty && body.utf8.allSatisfy { (48...57).contains($0) } && !(body.count > 1 && body.first == "0")
    }

    var isZero: Bool { digits.isEmpty }

    /// Significant digits after the decimal point (`10.50` has 1).
    var fractionDigits: Int { digits.isEmpty ? 0 : max(0, -exponent) }

    var negated: ReferenceNumber { ReferenceNumber(negative: !negative, digits: digits, exponent: exponent) }

    /// -1, 0, 1.
    static func compare(_ a: ReferenceNumber, _ b: ReferenceNumber) -> Int {
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = compareMagnitude(a, b)
        return a.negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: ReferenceNumber, _ b: ReferenceNumber) -> Int {
        if a.isZero || b.isZero { return a.isZero ? (b.isZero ? 0 : -1) : 1 }
        // Where the first digit stands (its power of ten, plus one).
        let aLead = a.digits.count + a.exponent, bLead = b.digits.count + b.exponent
        if aLead != bLead { return aLead < bLead ? -1 : 1 }
        if a.digits == b.digits { return 0 }
        return a.digits.lexicographicallyPrecedes(b.digits) ? -1 : 1
    }

    /// The exact sum; nil when it would need more than ``digitLimit`` digits.
    func adding(_ other: ReferenceNumber) -> ReferenceNumber? {
        if isZero { return other }
        if other.isZero { return self }
        let low = min(exponent, other.exponent)
        let high = max(digits.count + exponent, other.digits.count + other.exponent)
        guard high - low < Self.digitLimit else { return nil }
        // Both magnitudes as little-endian digit arrays from 10^low.
        func aligned(_ number: ReferenceNumber) -> [Int] {
            var out = [Int](repeating: 0, count: high - low + 1)
            for (position, digit) in number.digits.reversed().enumerated() { out[position + number.exponent - low] = Int(digit) }
            return out
        }
        var a = aligned(self), b = aligned(other)
        var negative = self.negative
        if self.negative != other.negative {
            // Subtract the smaller magnitude from the larger; the sign is the larger's.
            if Self.compareMagnitude(self, other) < 0 { swap(&a, &b); negative = other.negative }
            var borrow = 0
            for index in a.indices {
                var digit = a[index] - b[index] - borrow
                borrow = digit < 0 ? 1 : 0
                if digit < 0 { digit += 10 }
                a[index] = digit
            }
        } else {
            var carry = 0
            for index in a.indices {
                let digit = a[index] + b[index] + carry
                a[index] = digit % 10
                carry = digit / 10
            }
        }
        return ReferenceNumber(negative: negative, digits: a.reversed().map(UInt8.init), exponent: low)
    }

    func subtracting(_ other: ReferenceNumber) -> ReferenceNumber? { adding(other.negated) }

    /// The value as an `Int`, when it is a whole number that fits.
    var int: Int? {
        guard exponent >= 0, digits.count + exponent <= 18 else { return isZero ? 0 : nil }
        let magnitude = digits.reduce(0) { $0 * 10 + Int($1) } * Self.power(exponent)
        return negative ? -magnitude : magnitude
    }

    private static func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }

    /// Scientific notation of the digits (for messages of the tests).
    var description: String {
        if isZero { return "0" }
        return (negative ? "-" : "") + digits.map(String.init).joined() + "e\(exponent)"
    }
}
