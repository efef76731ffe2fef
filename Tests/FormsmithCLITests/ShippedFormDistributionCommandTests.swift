import Foundation
import XCTest

/// Issue 30's fairness on the shipped forms: 5,000 generated questionnaires of each, and every
/// choice the rules leave free lands within 5 points of its share, the shares worked out by hand
/// from `Rules/` (no rule of those forms reads these fields to restrict them: a condition that
/// reads one only shows or shapes another field). The counting is done here, on the written
/// JSON, not by Formsmith.
final class ShippedFormDistributionCommandTests: XCTestCase {
    private static let count = 5_000

    private func generate(_ form: String, seed: Int) throws -> [[String: Any]] {
        let run = try Formsmith.run(["generate", "--rules", "Rules/\(form).yaml", "--count", String(Self.count),
                                     "--seed", String(seed), "--today", "2026-01-01"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        XCTAssertFalse(run.stderr.contains("redrawn"), run.stderr)
        return try run.stdout.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Each value of `values` (read by `read`) within 5 points of `1 / values.count` of the
    /// questionnaires where `read` gives a value.
    private func assertEvenShares(_ name: String, _ records: [[String: Any]], values: [String],
                                  read: ([String: Any]) -> String?, file: StaticString = #filePath, line: UInt = #line) {
        let seen = records.compactMap(read)
        XCTAssertGreaterThan(seen.count, Self.count / 3, "\(name): too few questionnaires hold it", file: file, line: line)
        let expected = 100.0 / Double(values.count)
        for value in values {
            let share = 100.0 * Double(seen.filter { $0 == value }.count) / Double(max(seen.count, 1))
            XCTAssertEqual(share, expected, accuracy: 5, "\(name)=\(value): \(share)% of \(seen.count)", file: file, line: line)
        }
        let other = Set(seen).subtracting(values)
        XCTAssertTrue(other.isEmpty, "\(name): values outside the rules: \(other)", file: file, line: line)
    }

    /// The member as text; `switch` for a boolean field (Foundation reads 0 and 1 as booleans
    /// too, so only a field known to be a switch is read as one).
    private func member(_ record: [String: Any], _ section: String, _ field: String, switch: Bool = false) -> String? {
        guard let value = (record[section] as? [String: Any])?[field] else { return nil }
        if `switch` { return (value as? Bool).map { $0 ? "true" : "false" } ?? "not a switch: \(value)" }
        return "\(value)"
    }

    /// osago-policy: the insurant's document (3 values), the plate switch, the purpose (4), the
    /// owner switch, the period (3 values), the drivers switch, and the number of drivers 1...5.
    func testFreeChoicesOfOsagoPolicyAreEven() throws {
        let records = try generate("osago-policy", seed: 11)
        XCTAssertEqual(records.count, Self.count)
        assertEvenShares("insurant.documentType", records, values: ["passport", "foreignPassport", "driverLicense"]) {
            self.member($0, "insurant", "documentType")
        }
        assertEvenShares("vehicle.hasPlate", records, values: ["true", "false"]) { self.member($0, "vehicle", "hasPlate", switch: true) }
        assertEvenShares("vehicle.purpose", records, values: ["personal", "taxi", "training", "rental"]) {
            self.member($0, "vehicle", "purpose")
        }
        assertEvenShares("owner.sameAsInsurant", records, values: ["true", "false"]) {
            self.member($0, "owner", "sameAsInsurant", switch: true)
        }
        assertEvenShares("policy.periodMonths", records, values: ["3", "6", "12"]) { self.member($0, "policy", "periodMonths") }
        assertEvenShares("policy.unlimitedDrivers", records, values: ["true", "false"]) {
            self.member($0, "policy", "unlimitedDrivers", switch: true)
        }
        assertEvenShares("count(drivers)", records, values: ["1", "2", "3", "4", "5"]) { record in
            (record["drivers"] as? [Any]).map { String($0.count) }
        }
    }

    /// payment-order: the payment type, 0, 1 or 2.
    func testFreeChoicesOfPaymentOrderAreEven() throws {
        let records = try generate("payment-order", seed: 12)
        assertEvenShares("payment.type", records, values: ["0", "1", "2"]) { self.member($0, "payment", "type") }
    }

    /// customer-survey: each of the five channels is ticked as often as the others (the channels
    /// are symmetric in the rules), so each lands within 5 points of a fifth of all ticks.
    func testFreeChoicesOfCustomerSurveyAreEven() throws {
        let records = try generate("customer-survey", seed: 13)
        let ticks = records.flatMap { record -> [String] in
            ((record["answers"] as? [String: Any])?["channels"] as? [String]) ?? []
        }
        let values = ["web", "app", "phone", "store", "other"]
        XCTAssertGreaterThan(ticks.count, Self.count)
        for value in values {
            let share = 100.0 * Double(ticks.filter { $0 == value }.count) / Double(ticks.count)
            XCTAssertEqual(share, 20, accuracy: 5, "channels=\(value): \(share)% of \(ticks.count) ticks")
        }
    }
}
