import ArgumentParser
import Foundation
import FormsmithCore

/// `--today` and `--timezone`: which date `today` is in rules.
struct DateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The reference date for 'today' in rules, as yyyy-MM-dd (default: the current date in --timezone).",
        valueName: "yyyy-MM-dd"))
    var today: String?

    @Option(name: .long, help: ArgumentHelp(
        "The time zone whose current date is 'today', such as Europe/Moscow (default: the system's local zone).",
        valueName: "Area/City"))
    var timezone: String?

    func validate() throws {
        if let today, DatePattern.iso.parse(today) == nil {
            throw ValidationError("--today must be a date written yyyy-MM-dd, such as 2026-11-22")
        }
        if let timezone, let problem = TimeZoneName.problem(with: timezone) {
            throw ValidationError("--timezone \(problem)")
        }
    }

    /// `--today`, else the current date in `--timezone` (else in the local zone).
    var referenceDate: CivilDate {
        if let today, let date = DatePattern.iso.parse(today) { return date }
        return CivilDate.today(in: timezone.flatMap(TimeZoneName.zone(named:)) ?? .current)
    }
}
