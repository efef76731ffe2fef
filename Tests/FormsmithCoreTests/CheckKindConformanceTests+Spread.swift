@testable import FormsmithCore
import XCTest

/// Step 5 of the conformance test: generated valid values spread over the values the example's
/// field allows. The allowed values are found apart from the generator: every candidate of a
/// universe worked out from the field's type (whole numbers -1000...1000, decimals on a 0.25
/// grid over the same interval, ISO days within 20 years of the tests' today, an enum's declared
/// values, `true` and `false`) that the validator accepts as the example's value. Then
///
/// - at most ``discreteLimit`` allowed values: each value's share of the draws is within
///   ``tolerance`` (5 points) of `1/k`, so every value is drawn (for `k` ≤ 10, `1/k` ≥ 10%)
///   and none twice as often as the rest (`testTheSpreadMeasureFailsForASkewedDraw`);
/// - more: the interval from the lowest to the highest allowed value is cut into ``bins`` equal
///   bins, and each bin's share of the draws is within ``tolerance`` of its share of the allowed
///   candidates (so a filter or a step that leaves gaps is allowed for).
///
/// A number or date field without bounds gets them for the measure (``bounded(_:)``). Not
/// measured, and counted (``spreadMeasuredAtLeast``): fields whose values are text, lists,
/// multiple choices or files (an allowed set that is a language or a power set), date fields not
/// written as ISO days, and domains that still reach the universe's edge.
extension CheckKindConformanceTests {
    /// Draws per example for the spread.
    static let spreadDraws = 1000
    /// The largest allowed set measured value by value.
    static let discreteLimit = 10
    /// Equal bins of a larger allowed set.
    static let bins = 5
    /// How far a share may be from its expected share (5 points).
    static let tolerance = 0.05

    /// Why the example's generated values do not spread as they should (empty when they do),
    /// and whether it was measured.
    func spreadProblems(_ example: CheckDescription, _ rules: CompiledRuleSet, _ context: String)
        -> (problems: [String], measured: Bool)
    {
        var rules = rules
        if let bounded = Self.bounded(example) {
            // Bounds that contradict the example's own (`min: 1000` under `max: 50`) leave it
            // unmeasured, counted by the caller.
            guard let compiled = try? compileRules(bounded) else { return ([], false) }
            rules = compiled
        }
        guard let field = rules.fields.first(where: { $0.path == example.examplePath }) else { return ([], false) }
        let batch: GeneratedBatch
        do {
            batch = try generate(rules, GenerationOptions(count: Self.spreadDraws, seed: 21, optionalRate: 1, jobs: 1),
                                 filtered: true)
        } catch {
            return (["\(context): no valid questionnaire could be generated: \(error)"], true)
        }
        let drawn: [Any] = batch.objects.compactMap { value($0, example.examplePath) }
        guard let universe = Self.universe(field, drawn: drawn) else { return ([], false) }
        let validator = RecordValidator(rules: rules)
        var allowed: [Double] = []
        var position: [String: Double] = [:]
        for (key, json, number) in universe {
            position[key] = number
            let record = Array(example.exampleQuestionnaire(json).utf8)
            let result = record.withUnsafeBufferPointer {
                validator.validate(json: $0, location: RecordLocation(file: "candidate", line: 1))
            }
            if !result.violations.contains(where: { $0.field == example.examplePath }) { allowed.append(number) }
        }
        // A number or date domain reaching the universe's edge is unbounded there: not measured
        // (``bounded(_:)`` gives the examples without bounds some).
        guard let first = universe.first?.number, let last = universe.last?.number, !allowed.isEmpty else { return ([], false) }
        if [.integer, .decimal, .date].contains(field.type), allowed.first == first || allowed.last == last {
            return ([], false)
        }
        var draws: [Double] = []
        var problems: [String] = []
        for value in drawn {
            let key = Self.key(value, field.type)
            if let number = position[key] ?? (field.type == .decimal ? Double(key) : nil) {
                draws.append(number)
            } else {
                problems.append("\(context): generated \(key), outside the values measured")
            }
        }
        guard draws.count == Self.spreadDraws else {
            return (problems + ["\(context): \(draws.count) of \(Self.spreadDraws) values measured"], true)
        }
        return (problems + Self.spread(draws, over: allowed, discrete: field.type != .decimal).map { "\(context): \($0)" }, true)
    }

    /// The example's rules with the bounds a number or date field lacks added
    /// (`{type: decimal, multipleOf: 0.05}` gets `min: -50, max: 50`; one with `exclusiveMin: 0`
    /// only `max: 50`), so that the kind's values are measured inside an interval the universe
    /// holds; nil when it has both, is of another type, is not in flow style or has a `const`.
    static func bounded(_ example: CheckDescription) -> String? {
        let field = example.field
        guard field.hasPrefix("{"), field.hasSuffix("}"), !field.contains("const") else { return nil }
        let hasLower = ["min:", "exclusiveMin", "greaterThan"].contains(where: field.contains)
        let hasUpper = ["max:", "exclusiveMax"].contains(where: field.contains)
        let (lower, upper): (String, String)
        if field.contains("type: integer") || field.contains("type: decimal") {
            (lower, upper) = ("min: -50", "max: 50")
        } else if field.contains("type: date") && !field.contains("format") {
            (lower, upper) = ("min: '2024-01-01'", "max: '2027-12-31'")
        } else {
            return nil
        }
        let added = (hasLower ? [] : [lower]) + (hasUpper ? [] : [upper])
        guard !added.isEmpty else { return nil }
        let bounded = String(field.dropLast()) + ", " + added.joined(separator: ", ") + "}"
        return example.exampleRules.replacingOccurrences(of: "value: \(field)", with: "value: \(bounded)")
    }

    /// The candidates of the field's type, in ascending order: a key to compare generated values
    /// with, the JSON written, and the number placed on the line; nil when not measured.
    static func universe(_ field: CompiledField, drawn: [Any]) -> [(key: String, json: String, number: Double)]? {
        switch field.type {
        case .integer:
            return (-1000...1000).map { ("\($0)", "\($0)", Double($0)) }
        case .decimal:
            return (-4000...4000).map { step in
                let number = Double(step) / 4
                return (Self.key(NSNumber(value: number), .decimal), "\(number)", number)
            }
        case .date:
            guard drawn.allSatisfy({ ($0 as? String)?.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil })
            else { return nil }
            let today = Int(testToday.dayNumber)
            return (today - 7305...today + 7305).map { day in
                let text = CivilDate(dayNumber: Int32(day)).description
                return (text, "\"\(text)\"", Double(day))
            }
        case .boolean:
            return [("false", "false", 0), ("true", "true", 1)]
        case .enumeration:
            for case .choice(let check) in field.checks {
                guard let listed = check as? ValuesCheck.Listed else { continue }
                let strings = listed.strings.map { String(decoding: $0, as: UTF8.self) }
                return strings.enumerated().map { ($1, JSONText.quoted($1), Double($0)) }
                    + listed.integers.enumerated().map { ("\($1)", "\($1)", Double(strings.count + $0)) }
            }
            return nil
        default:
            return nil
        }
    }

    /// A generated value as the universe keys it (`type` the field's): a boolean's `true` or
    /// `false`, a number's shortest decimal text, a string as it is.
    static func key(_ value: Any, _ type: FieldType) -> String {
        if type == .boolean, let bool = (value as? Bool) ?? (value as? NSNumber)?.boolValue { return bool ? "true" : "false" }
        if let number = value as? NSNumber {
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? "\(Int64(double))" : "\(double)"
        }
        return "\(value)"
    }

    /// Why `draws` do not spread over `allowed` (both placed on the line), empty when they do:
    /// value by value when `discrete` and at most ``discreteLimit`` values are allowed, else by
    /// ``bins`` equal bins, each share within ``tolerance`` of its expected share.
    static func spread(_ draws: [Double], over allowed: [Double], discrete: Bool) -> [String] {
        let total = Double(draws.count)
        let percent = { (share: Double) in String(format: "%.1f%%", share * 100) }
        if discrete && Set(allowed).count <= discreteLimit {
            let values = Set(allowed).sorted()
            let expected = 1 / Double(values.count)
            return values.compactMap { value in
                let share = Double(draws.filter { $0 == value }.count) / total
                return abs(share - expected) > tolerance
                    ? "value \(value) drawn \(percent(share)) of the time, expected \(percent(expected)) ± 5 points" : nil
            }
        }
        guard let low = allowed.min(), let high = allowed.max(), high > low else { return [] }
        let width = (high - low) / Double(bins)
        let bin = { (value: Double) in Swift.min(bins - 1, Swift.max(0, Int((value - low) / width))) }
        var drawnPerBin = [Int](repeating: 0, count: bins), allowedPerBin = drawnPerBin
        for value in draws { drawnPerBin[bin(value)] += 1 }
        for value in allowed { allowedPerBin[bin(value)] += 1 }
        return (0..<bins).compactMap { index in
            let share = Double(drawnPerBin[index]) / total
            let expected = Double(allowedPerBin[index]) / Double(allowed.count)
            return abs(share - expected) > tolerance
                ? "bin \(index + 1) of \(bins) (\(low + Double(index) * width)...\(low + Double(index + 1) * width)) "
                    + "drawn \(percent(share)) of the time, expected \(percent(expected)) ± 5 points" : nil
        }
    }
}
