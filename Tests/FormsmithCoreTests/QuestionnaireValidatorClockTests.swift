@testable import FormsmithCore
import Synchronization
import XCTest

/// A validator without a pinned date recompiles its rules when the date changes, so a
/// long-running service applies each day's bounds (driven here by a test clock).
final class QuestionnaireValidatorClockTests: XCTestCase {
    func testANewDayGivesNewBoundsAndAPinnedDateNever() throws {
        let day = Mutex(testToday)
        let validator = try QuestionnaireValidator(
            rulesText: "id: age\nfields:\n  birthDate: {type: date, max: today-18y}\n",
            clock: { day.withLock { $0 } })
        let turnsEighteenTomorrow = #"{"birthDate": "2008-11-23"}"#
        XCTAssertEqual(validator.validate(turnsEighteenTomorrow).violations.map(\.rule), ["max"])
        let compiledBefore = validator.rules
        XCTAssertTrue(validator.validate(turnsEighteenTomorrow).violations.count == 1)
        XCTAssertTrue(validator.rules === compiledBefore, "the same day keeps the compiled rules")

        day.withLock { $0 = CivilDate(year: 2026, month: 11, day: 23)! }
        XCTAssertTrue(validator.validate(turnsEighteenTomorrow).isValid, "a new day, new bounds")
        XCTAssertEqual(validator.rules.today, CivilDate(year: 2026, month: 11, day: 23))

        let pinned = QuestionnaireValidator(rules: compiledBefore)
        XCTAssertEqual(pinned.validate(turnsEighteenTomorrow).violations.map(\.rule), ["max"],
                       "rules compiled for a date keep it")
    }
}
