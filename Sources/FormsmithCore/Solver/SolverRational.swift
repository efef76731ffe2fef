import FormsmithValues

/// An exact decimal written as the numeral Z3 reads for a real, `numerator/denominator` in
/// decimal digits (`12.5` is `125/10`): no binary floating point anywhere between a bound in a
/// rule file and the solver.
struct SolverRational: Equatable {
    /// The most digits a numerator or denominator may have (a bound of `1e-999999999` is not
    /// written out; the model then leaves that number to the field-level generator).
    static let digitLimit = 4096

    /// `-125/10` for -12.5, `3/1` for 3.
    let numeral: String

    /// The fraction of `value`; nil when it would take more than ``digitLimit`` digits.
    init?(_ value: ExactDecimal) {
        let places = value.fractionDigits
        guard places <= Self.digitLimit, Self.wholeDigits(of: value) <= Self.digitLimit else { return nil }
        let plain = value.plainText(scale: places)
        let sign = plain.hasPrefix("-") ? "-" : ""
        let digits = plain.filter { $0 != "." && $0 != "-" }.drop { $0 == "0" }
        numeral = sign + (digits.isEmpty ? "0" : String(digits)) + "/1" + String(repeating: "0", count: places)
    }

    /// An upper bound on the digits before the point, read from the scientific notation
    /// `description` uses for large exponents (so `1e999999999` is refused without writing it).
    private static func wholeDigits(of value: ExactDecimal) -> Int {
        let text = value.description
        guard let e = text.firstIndex(of: "e") else { return text.count }
        return (Int(text[text.index(after: e)...]) ?? Int.max / 2) + 1
    }

    /// The decimal a Z3 numeral `n` or `n/d` stands for, when it has one (`5/4` is 1.25;
    /// `1/3` has no finite decimal and gives nil).
    static func decimal(fromNumeral numeral: String) -> ExactDecimal? {
        let parts = numeral.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let numerator = ExactDecimal(String(parts[0])),
              numerator.isInteger else { return nil }
        guard parts.count == 2 else { return numerator }
        guard var denominator = ExactDecimal(String(parts[1])), denominator.isInteger, !denominator.isZero
        else { return nil }
        // d divides a power of ten only when d = 2^a × 5^b; then n/d = n × (10^k / d), k = max(a, b).
        var twos = 0, fives = 0
        let two = ExactDecimal(2), five = ExactDecimal(5)
        while let (q, r) = denominator.quotientAndRemainder(dividingBy: two), r.isZero, !q.isZero {
            denominator = q; twos += 1
        }
        while let (q, r) = denominator.quotientAndRemainder(dividingBy: five), r.isZero, !q.isZero {
            denominator = q; fives += 1
        }
        guard denominator == ExactDecimal(1) || denominator == ExactDecimal(-1) else { return nil }
        // n / (2^a 5^b) = n × 2^(k-a) × 5^(k-b) / 10^k
        let k = max(twos, fives)
        var scaled = numerator
        for _ in 0..<(k - twos) { guard let next = scaled.multiplied(by: two) else { return nil }; scaled = next }
        for _ in 0..<(k - fives) { guard let next = scaled.multiplied(by: five) else { return nil }; scaled = next }
        let value = scaled.scaled(byPowerOfTen: -k)
        return denominator.isNegative ? value.negated : value
    }
}
