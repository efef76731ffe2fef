import Foundation
import XCTest
import FormsmithCore
import FormsmithReference

/// ``DifferentialHarness``, the check the fuzz target FuzzDifferential and the seeded campaign
/// (`formsmith-diff-campaign`) run, on a few forms here: the engine and the reference agree on
/// generated, mutated and raw questionnaires, and the batch readings are taken.
final class DifferentialHarnessTests: XCTestCase {
    func testTheHarnessFindsNoDisagreementOnGeneratedMutatedAndRawQuestionnaires() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-harness-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // One eligible input in two also in batch, so that a few dozen are.
        let harness = DifferentialHarness(today: CivilDate(year: 2026, month: 11, day: 22)!, folder: folder, batchOdds: 2)
        var random = ReferenceRandom(seed: 20)
        var disagreements: [String] = []
        var raw = 0
        for form in UInt64(1)...12 {
            for _ in 0..<40 {
                var bytes = (0..<random.between(1, 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let generated = random.chance(80)
                if !generated {
                    // A generated questionnaire's text with one byte replaced, or random bytes.
                    let pool = harness.forms.form(seed: form, today: harness.today)?.pool ?? []
                    if let text = pool.first?.text, random.chance(70) {
                        bytes = Array(text.utf8)
                        bytes[random.below(bytes.count)] = random.pick(Array("{}[]\",:0a".utf8))
                    }
                    raw += 1
                }
                if let found = bytes.withUnsafeBufferPointer({ harness.check(formSeed: form, generated: generated, bytes: $0) }) {
                    disagreements.append(found.description)
                }
            }
        }
        XCTAssertEqual(disagreements, [], "the engine and the reference disagree")
        XCTAssertEqual(harness.checked + harness.skipped, 12 * 40)
        XCTAssertGreaterThan(raw, 40)
        XCTAssertGreaterThan(harness.batchChecked, 40, "too few inputs were read in batch")
        XCTAssertEqual(harness.forms.loads, 12)
    }
}
