import Foundation
import XCTest

/// A `bank-account` checksum whose BIC field (`with:`) is a plain string: the account's control
/// key is computed from the BIC's last three digits, so a plain word in the BIC field leaves the
/// account no valid value. Generation draws such a BIC as nine digits; each written pair is
/// checked here by the control-key rule itself (weights 7, 1, 3 over the BIC's last three digits
/// and the account's twenty), not by Formsmith.
final class BankAccountCompanionCommandTests: ScratchFolderTestCase {
    private let rules = """
        id: payee
        fields:
          bic: {type: string}
          account: {type: string, checksum: {name: bank-account, with: bic}}

        """

    func testAPlainBICFieldIsDrawnSoTheAccountHasAValidKey() throws {
        let file = try write("rules.yaml", rules)
        let run = try Formsmith.run(["generate", "--rules", file, "--count", "300", "--seed", "7"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("redrawn"), run.stderr)
        XCTAssertFalse(run.stderr.contains("rebuilt"), run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 300)
        var bics = Set<String>()
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                                       String(line))
            let bic = try XCTUnwrap(object["bic"]), account = try XCTUnwrap(object["account"])
            XCTAssertTrue(bic.count == 9 && bic.allSatisfy(\.isASCIIDigit), bic)
            XCTAssertTrue(account.count == 20 && account.allSatisfy(\.isASCIIDigit), account)
            XCTAssertTrue(Self.keyHolds(bic: bic, account: account), "\(bic) \(account)")
            bics.insert(bic)
        }
        XCTAssertGreaterThan(bics.count, 250, "BICs drawn, not one repeated")
        let check = try Formsmith.run(["validate", "--rules", file, try write("out.jsonl", run.stdout)])
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    /// The labelled checksum defect is planted on the account (never dropped) beside a drawn BIC.
    func testTheChecksumDefectIsPlantedBesideADrawnBIC() throws {
        let file = try write("rules.yaml", rules)
        let labels = path("labels.jsonl")
        let run = try Formsmith.run(["generate", "--rules", file, "--count", "200", "--seed", "3", "--invalid-rate", "1",
                                     "--labels", labels])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("dropped"), run.stderr)
        let text = try String(contentsOfFile: labels, encoding: .utf8)
        XCTAssertTrue(text.contains(#""field":"account","rule":"checksum""#), text)
        let records = run.stdout.split(separator: "\n")
        var planted = 0
        for label in text.split(separator: "\n") where label.contains(#""rule":"checksum""#) {
            let entry = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(label.utf8)) as? [String: Any])
            let line = try XCTUnwrap(entry["line"] as? Int)
            let record = records[line - 1]
            planted += 1
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: String])
            let bic = try XCTUnwrap(object["bic"]), account = try XCTUnwrap(object["account"])
            XCTAssertFalse(account.count == 20 && Self.keyHolds(bic: bic, account: account), "\(bic) \(account)")
        }
        XCTAssertGreaterThan(planted, 5, text)
    }

    /// The Bank of Russia control key: the BIC's last three digits and the account's twenty,
    /// weighted 7, 1, 3 in turn, sum to a multiple of ten.
    private static func keyHolds(bic: String, account: String) -> Bool {
        let digits = (bic.suffix(3) + account).compactMap(\.wholeNumberValue)
        guard digits.count == 23 else { return false }
        let weights = [7, 1, 3]
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * weights[$1.offset % 3] }
        return sum % 10 == 0
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
