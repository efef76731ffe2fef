@testable import FormsmithCore
import Foundation
import FuzzSupport

/// One validator that lets the plan's plain steps decide, one that runs the declarative checks
/// alone, per shipped rule set (libFuzzer calls the target from one thread).
nonisolated(unsafe) private let planned = FuzzSupport.shippedRules.map { RecordValidator(rules: $0) }
nonisolated(unsafe) private let declarative = FuzzSupport.shippedRules.map {
    RecordValidator(rules: $0, regexLimits: .default, redactsValues: false, decidesWithPlan: false)
}

/// The header of each rule set's sample CSV file (`SampleData/csv/NAME.csv`), ending in a newline.
private let headers: [[UInt8]] = ["osago-policy", "payment-order", "customer-survey"].map { name in
    let path = FuzzSupport.repositoryRoot + "/SampleData/csv/\(name).csv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8), let line = text.split(separator: "\n").first
    else { fatalError("fuzz setup: cannot read the header of \(path); set FORMSMITH_ROOT to the repository") }
    return Array(line.utf8) + [UInt8(ascii: "\n")]
}

/// Fuzz target: the plan's fast steps never change a verdict. The first input byte picks the
/// rule set (its value mod 3) and the form (bit 2: JSON when clear, CSV when set); the rest is
/// one JSON record, or CSV rows read under the rule set's sample header. Each record is
/// validated with the plan deciding and with the declarative checks alone; the two results
/// (verdict, violations, messages, values) must be identical, for JSON and for CSV input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAgreement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard let control = input.first else { return 0 }
    let index = Int(control) % 3
    let body = Array(input.dropFirst())
    if control & 4 == 0 {
        let location = RecordLocation(file: "fuzz.json", line: 1)
        body.withUnsafeBufferPointer { buffer in
            let fast = planned[index].validate(json: buffer, location: location)
            let reference = declarative[index].validate(json: buffer, location: location)
            FuzzSupport.require(fast == reference, "JSON: the plan says \(fast), the declarative checks \(reference)")
        }
        return 0
    }
    let text = headers[index] + body
    text.withUnsafeBufferPointer { buffer in
        var reader = CSVReader(bytes: buffer, dialect: .comma, firstLine: 1)
        var row = CSVRow()
        guard reader.next(into: &row) else { return }
        let map = CSVColumnMap(header: CSVHeader(row: row, in: buffer), rules: FuzzSupport.shippedRules[index])
        while reader.next(into: &row) {
            guard row.error == nil, row.fieldCount == map.names.count else { continue }
            let location = RecordLocation(file: "fuzz.csv", line: row.line)
            let fast = planned[index].validate(csvRow: row, in: buffer, columns: map, location: location)
            let reference = declarative[index].validate(csvRow: row, in: buffer, columns: map, location: location)
            FuzzSupport.require(fast == reference, "CSV: the plan says \(fast), the declarative checks \(reference)")
        }
    }
    return 0
}
