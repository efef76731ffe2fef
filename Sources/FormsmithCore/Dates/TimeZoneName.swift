import Foundation

/// The time zones `--timezone` and a project's `timeZone` accept: IANA names only
/// (`Europe/Moscow`, `America/New_York`, `UTC`, `Etc/GMT-3`), as documented.
///
/// Foundation also reads offsets spelled `UTC+3`, `GMT+13` or `GMT-0300`. Those are refused:
/// an offset does not follow daylight saving time, and the same spelling means the opposite
/// in a POSIX `TZ` string (`UTC+3` there is three hours *west* of Greenwich), so a team would
/// get the wrong day near midnight without a word. A fixed offset has an IANA name too.
public enum TimeZoneName {
    /// The zone named `name`, or nil when it is not an IANA name this system knows.
    public static func zone(named name: String) -> TimeZone? {
        guard !isOffsetSpelling(name), let zone = TimeZone(identifier: name) else { return nil }
        return zone
    }

    /// Why `name` is refused, saying what to write instead; nil when it is accepted.
    public static func problem(with name: String) -> String? {
        guard zone(named: name) == nil else { return nil }
        if isOffsetSpelling(name) {
            return "'\(name)' is an offset, not an IANA time zone name: give the zone whose date 'today' is, such as "
                + "Europe/Moscow (offsets ignore daylight saving time, and POSIX reads UTC+3 as three hours west); "
                + "for a fixed offset, IANA's Etc/GMT-3 is UTC+3 (its signs are inverted)"
        }
        return "'\(name)' is not a time zone: give an IANA name such as Europe/Moscow, America/New_York or UTC"
    }

    /// `UTC+3`, `GMT-0300`, `UTC-03:00`: a sign after GMT or UTC (`GMT+0`, `GMT-0` are IANA names).
    private static func isOffsetSpelling(_ name: String) -> Bool {
        let upper = name.uppercased()
        guard upper.hasPrefix("GMT") || upper.hasPrefix("UTC") else { return false }
        let rest = upper.dropFirst(3)
        guard let sign = rest.first, sign == "+" || sign == "-" else { return false }
        return rest.dropFirst() != "0"
    }
}
