@testable import FormsmithCore
@testable import FormsmithValues  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fuzz target: the expression language. The input is an expression; it is parsed, type-checked
/// against made-up field types, compiled and evaluated against a made-up record. Invariants:
/// nothing traps (overflow, dates out of range and division-free arithmetic all end as
/// "unknown"), syntax and type errors point inside the source, and evaluating with `today`
/// folded in gives the same value as evaluating with `today` read from the record.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    let source = String(decoding: input, as: UTF8.self)
    let expression: RuleExpression
    do {
        expression = try ExpressionParser.parse(source)
    } catch {
        // Offsets count characters, but a CR LF is one Swift Character and two offsets: bound by scalars.
        FuzzSupport.require(error.offset >= 0 && error.offset <= source.unicodeScalars.count + 1,
                            "syntax error offset \(error.offset)")
        _ = error.rendered(source: source)
        return 0
    }
    do {
        _ = try expression.typeCheck { FakeRecord.type(of: $0.path) }
    } catch {
        _ = error.rendered(source: source)
    }
    var ids: [String: Int] = [:]
    var paths: [String] = []
    let compiled = CompiledExpression(expression) { reference in
        if let id = ids[reference.path] { return id }
        ids[reference.path] = paths.count
        paths.append(reference.path)
        return paths.count - 1
    }
    for today in [FuzzSupport.today, CivilDate.earliest, CivilDate.latest] {
        let record = FakeRecord(today: today, paths: paths)
        let direct = compiled.evaluate(record)
        let folded = compiled.folded(today: today).evaluate(record)
        FuzzSupport.require(direct == folded || String(describing: direct) == String(describing: folded),
                            "folding today changed \(source.debugDescription): \(String(describing: direct)) vs \(String(describing: folded))")
        _ = compiled.evaluateCondition(record)
    }
    return 0
}

/// A record whose fields' types and values are chosen from their paths, so the same path always
/// has the same type within and across runs.
struct FakeRecord: ExpressionEnvironment {
    let today: CivilDate
    let paths: [String]

    static let types: [ExpressionType?] = [.boolean, .integer, .decimal, .string, .date, .duration,
                                           .list(.string), .list(.integer), .any, nil]

    static func kind(of path: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in path.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(types.count * 2))
    }

    static func type(of path: String) -> ExpressionType? { types[kind(of: path) % types.count] }

    func lookup(_ field: Int) -> FieldLookup {
        let kind = Self.kind(of: paths[field])
        if kind >= Self.types.count { return kind % 3 == 0 ? .invalid : .absent }
        switch kind {
        case 0: return .value(.boolean(true))
        case 1: return .value(.integer(Int64.max))
        case 2: return .value(.decimal(ExactDecimal("-1.5e308")!))
        case 3: return .value(.string("other"))
        case 4: return .value(.date(CivilDate.latest))
        case 5: return .value(.duration(CalendarDuration(years: 9999, months: 0, days: 0)))
        case 6: return .value(.list([.string("a"), .string("web")]))
        case 7: return .value(.list([.integer(Int64.min), .integer(0)]))
        default: return .value(.integer(-1))
        }
    }
}
