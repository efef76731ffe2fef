/// How an XLSForm question type becomes a Formsmith field: its type and the checks that say
/// what values the type allows (ODK's formats for time, dateTime and geopoint).
struct XLSFormTypeMapping {
    /// The Formsmith keys of the field, in order (`type` first).
    var keys: [(String, YAMLValue)]
    var kind: XLSFormValueKind
    /// Why the values of this type are not checked (beyond being present), if they are not.
    var notCheckable: String?
    /// A note in the rule file's comment: what the type is.
    var note: String?
    /// False for a type that holds no value (a note).
    var readable = true

    /// ODK's time: `HH:mm:ss.SSS` with an optional zone, as Collect and Enketo write it.
    static let timePattern = "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$"
    /// ODK's dateTime: an ISO 8601 date and time with an optional zone.
    static let dateTimePattern = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$"
    /// A geopoint: latitude (-90 to 90) and longitude (-180 to 180) in degrees, then optionally
    /// altitude and accuracy in metres, separated by spaces.
    static let geopointPattern = "^-?(90(\\.0+)?|[1-8]?[0-9](\\.[0-9]+)?) -?(180(\\.0+)?|(1[0-7][0-9]|[1-9]?[0-9])(\\.[0-9]+)?)( -?[0-9]+(\\.[0-9]+)?( [0-9]+(\\.[0-9]+)?)?)?$"

    /// The mapping of a question type (its first word), nil for a type the import does not know.
    static func of(_ base: String) -> XLSFormTypeMapping? {
        func string(_ pattern: String, _ message: String, note: String) -> XLSFormTypeMapping {
            XLSFormTypeMapping(keys: [("type", .plain("string")), ("regex", .text(pattern)),
                                      ("messages", .map([("regex", .text(message))]))],
                               kind: .other, note: note)
        }
        switch base {
        case "text": return XLSFormTypeMapping(keys: [("type", .plain("text"))], kind: .text)
        case "integer": return XLSFormTypeMapping(keys: [("type", .plain("integer"))], kind: .number)
        case "decimal": return XLSFormTypeMapping(keys: [("type", .plain("decimal"))], kind: .number)
        case "date": return XLSFormTypeMapping(keys: [("type", .plain("date"))], kind: .date)
        case "time":
            return string(timePattern, "must be a time such as 14:30:00.000+03:00", note: "time, as ODK writes it")
        case "datetime":
            return string(dateTimePattern, "must be a date and time such as 2024-05-01T14:30:00.000+03:00",
                          note: "dateTime, as ODK writes it")
        case "geopoint":
            return string(geopointPattern, "must be a geopoint: latitude longitude [altitude [accuracy]]",
                          note: "geopoint: latitude longitude altitude accuracy")
        case "barcode": return XLSFormTypeMapping(keys: [("type", .plain("string"))], kind: .text, note: "barcode")
        case "acknowledge":
            return XLSFormTypeMapping(keys: [("type", .plain("enum")), ("values", .list([.text("OK")]))],
                                      kind: .text, note: "acknowledge: OK when acknowledged")
        case "image", "audio", "video", "file", "background-audio", "audit":
            let media = ["image": "image/*", "audio": "audio/*", "video": "video/*", "background-audio": "audio/*"][base]
            var keys: [(String, YAMLValue)] = [("type", .plain("attachment"))]
            if let media { keys.append(("mediaTypes", .list([.text(media)]))) }
            return XLSFormTypeMapping(keys: keys, kind: .other, note: "\(base): an attached file")
        case "geotrace", "geoshape":
            return XLSFormTypeMapping(keys: [("type", .plain("string"))], kind: .other,
                                      notCheckable: "the points of a \(base) are not checked", note: base)
        case "note":
            // Never shown as a question: hidden, so it must be absent or empty.
            return XLSFormTypeMapping(keys: [("type", .plain("string")), ("optional", .plain("true")),
                                             ("visibleIf", .text("false"))],
                                      kind: .other, note: "note: shows text, holds no value", readable: false)
        case "calculate", "hidden":
            return XLSFormTypeMapping(keys: [("type", .plain("text")), ("optional", .plain("true"))], kind: .other,
                                      note: "\(base): a value the form computes; what it holds is not checked")
        case "start", "end":
            var mapping = string(dateTimePattern, "must be a date and time such as 2024-05-01T14:30:00.000+03:00",
                                 note: "metadata \(base): when the form was \(base == "start" ? "opened" : "finished")")
            mapping.keys.append(("optional", .plain("true")))
            return mapping
        case "today":
            return XLSFormTypeMapping(keys: [("type", .plain("date")), ("optional", .plain("true"))], kind: .date,
                                      note: "metadata today: the day the form was filled")
        case "deviceid", "subscriberid", "simserial", "phonenumber", "username", "email", "start-geopoint":
            return XLSFormTypeMapping(keys: [("type", .plain("string")), ("optional", .plain("true"))], kind: .other,
                                      note: "metadata \(base), filled by the app")
        default: return nil
        }
    }
}
