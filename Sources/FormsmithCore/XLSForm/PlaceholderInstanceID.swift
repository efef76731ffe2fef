/// The instanceID the export writers give a generated submission that has none usable (none
/// generated, or one an earlier submission of the run had): `uuid:` and a UUID, as the apps
/// write them and as the imported `meta/instanceID` requires, numbered by the submission's
/// position so that a run is repeatable: submission 7 is
/// `uuid:00000000-0000-4000-8000-000000000007`.
enum PlaceholderInstanceID {
    static func at(_ position: Int) -> String {
        let digits = String(position)
        return "uuid:00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
