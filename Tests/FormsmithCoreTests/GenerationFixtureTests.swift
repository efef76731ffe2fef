@testable import FormsmithCore
import XCTest

/// `--fixture`: pinned fields keep their values and the rest is generated consistently around
/// them; a fixture that breaks a rule, or names an unknown field, is reported clearly.
final class GenerationFixtureTests: XCTestCase {
    private func fixture(_ json: String) throws -> GenerationFixture {
        try GenerationFixture(json: Array(json.utf8))
    }

    func testADriverBornOnALeapDayWithNoPlate() throws {
        let rules = try shippedRules("osago-policy")
        let pinned = try fixture(#"{"vehicle": {"plate": null}, "drivers": [{"birthDate": "2000-02-29"}]}"#)
        let batch = try generate(rules, GenerationOptions(count: 100, seed: 1, fixture: pinned))
        assertMatchesLabels(batch, rules, "fixture")
        for object in batch.objects {
            XCTAssertNil(value(object, "vehicle.plate"))
            XCTAssertEqual(value(object, "vehicle.hasPlate") as? Bool, false, "the switch follows the pinned plate")
            XCTAssertEqual(value(object, "policy.unlimitedDrivers") as? Bool, false, "a listed driver needs the list")
            let drivers = object["drivers"] as? [[String: Any]]
            XCTAssertEqual(drivers?.count, 1)
            XCTAssertEqual(drivers?.first?["birthDate"] as? String, "2000-02-29")
            let issued = (drivers?.first?["licenseIssued"] as? String).flatMap(DatePattern.iso.parse)
            XCTAssertGreaterThanOrEqual(issued ?? .earliest, CivilDate(year: 2018, month: 2, day: 28)!)
        }
    }

    func testPinnedValuesOfEveryTypeAreKept() throws {
        let rules = try shippedRules("customer-survey")
        let pinned = try fixture(#"""
            {"id": "fixed", "respondent": {"country": "FR", "email": null},
             "answers": {"recommend": 3, "channels": ["other", "web"], "lastPurchase": "2026-01-31"}}
            """#)
        let batch = try generate(rules, GenerationOptions(count: 40, seed: 2, invalidRate: 0.3, fixture: pinned))
        assertMatchesLabels(batch, rules, "survey fixture")
        let valid = Set(0..<40).subtracting(batch.labels.map(\.index))
        for index in valid {
            let object = batch.objects[index]
            XCTAssertEqual(object["id"] as? String, "fixed")
            XCTAssertEqual(value(object, "respondent.country") as? String, "FR")
            XCTAssertNil(value(object, "respondent.email"))
            XCTAssertEqual(value(object, "answers.recommend") as? Int, 3)
            XCTAssertEqual(value(object, "answers.channels") as? [String], ["other", "web"])
            XCTAssertNotNil(value(object, "answers.improve"), "visible because recommend <= 6")
            XCTAssertNotNil(value(object, "answers.channelsOther"), "visible because 'other' is chosen")
        }
    }

    func testAFixtureThatBreaksARuleIsReportedWithTheFieldAndRule() throws {
        let rules = try shippedRules("osago-policy")
        let young = try fixture(#"{"insurant": {"birthDate": "2015-01-01"}}"#)
        XCTAssertThrowsError(try generate(rules, GenerationOptions(count: 5, seed: 1, maxAttempts: 5, fixture: young))) {
            let error = $0 as? GenerationError
            XCTAssertEqual(error?.field, "insurant.birthDate")
            XCTAssertEqual(error?.rule, "max")
            XCTAssertTrue(error?.message.contains("fixture") ?? false, error?.description ?? "")
        }
        let plate = try fixture(#"{"vehicle": {"plate": "A123BC77"}}"#)
        XCTAssertThrowsError(try generate(rules, GenerationOptions(count: 5, seed: 1, maxAttempts: 20, fixture: plate))) {
            XCTAssertEqual(($0 as? GenerationError)?.field, "vehicle.plate")
            XCTAssertEqual(($0 as? GenerationError)?.rule, "mask")
        }
    }

    func testAFixtureNamingAnUnknownFieldIsRejected() throws {
        let rules = try shippedRules("osago-policy")
        XCTAssertThrowsError(try generate(rules, GenerationOptions(
            count: 1, seed: 1, fixture: try fixture(#"{"vehicle": {"colour": "red"}}"#)))) {
            XCTAssertEqual(($0 as? GenerationError)?.field, "vehicle.colour")
            XCTAssertEqual(($0 as? GenerationError)?.rule, "unknown-field")
        }
        XCTAssertThrowsError(try fixture("[1, 2]"))
        XCTAssertThrowsError(try fixture("{\"a\": "))
    }
}
