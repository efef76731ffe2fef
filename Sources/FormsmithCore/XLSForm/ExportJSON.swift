/// The JSON reading of a whole server export (a KoboToolbox JSON export, an ODK Central OData
/// response): one document holding every submission, read by the engine's one JSON reader
/// with a bound on its values that suits a document rather than one questionnaire.
enum ExportJSON {
    /// The most JSON values one export may hold: about 130,000 submissions of 30 answers. A
    /// questionnaire's bound (1,000,000) stopped a Kobo export at about 34,000 submissions.
    /// Exports are rewritten in memory (about 200 bytes a value), so a larger one is refused
    /// with the advice to export it in parts rather than read at any cost.
    static let maxValues = 4_000_000

    /// The export `bytes` as Foundation objects, numbers kept as written (``KoboNumber``).
    /// `what` names the export in errors (`a KoboToolbox JSON export`), `parts` says how
    /// its server exports a part of the submissions.
    static func parse(_ bytes: [UInt8], file: String, what: String, parts: String) throws(XLSFormError) -> Any {
        do {
            return try FoundationJSON.value(bytes, limits: JSONLimits(maxNodes: maxValues), number: { KoboNumber(text: $0) })
        } catch where error.reachedLimit {
            throw XLSFormError("\(file): \(what) of more than \(maxValues) JSON values (or nested deeper than "
                               + "\(JSONLimits().maxDepth) levels), more than Formsmith reads as one export; "
                               + "\(parts), and give every part to one run")
        } catch {
            throw XLSFormError("\(file): not \(what): it is not JSON at byte \(error.offset) (\(error.message))")
        }
    }
}
