/// The JSON reading of a whole server export (a KoboToolbox JSON export, an ODK Central OData
/// response): one document holding every submission, read by the engine's one JSON reader
/// with a bound on its values that suits a document rather than one questionnaire.
enum ExportJSON {
    /// The most JSON values one export may hold: about 130,000 submissions of 30 answers. A
    /// questionnaire's bound (1,000,000) stopped a Kobo export at about 34,000 submissions.
    /// Exports are rewritten in memory (about 200 bytes a value), so a larger one is refused
    /// with the advice to export it in parts rather than read at any cost.
    static let maxValues = 4_000_000

    /// The largest export read (its submissions are held in memory to be rewritten).
    static let maxBytes = 512 << 20

    /// The first 4 KiB of the file at `path` (opened by `bytes` when its name is not UTF-8) as
    /// text, from its first character that is neither a byte order mark nor white space; nil
    /// for anything that cannot be read. Only a regular file is looked into (opening a named
    /// pipe would wait for a writer).
    static func head(path: String, bytes: [UInt8]?) -> Substring? {
        guard Platform.kind(of: path) == .regularFile else { return nil }
        var head: [UInt8] = []
        do {
            _ = try ByteReader(named: path, bytes: bytes).read(into: &head, upTo: 4096)
        } catch {
            return nil
        }
        return String(decoding: head, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    }

    /// The whole export at `path` (opened by `bytes` when its name is not UTF-8) as every
    /// input is opened, at most ``maxBytes`` of it; `what` names it in errors.
    static func readAll(path: String, bytes: [UInt8]?, what: String) throws(XLSFormError) -> [UInt8] {
        do {
            return try ByteReader(named: path, bytes: bytes).readAll(limit: maxBytes)
        } catch {
            throw XLSFormError(error.exceedsLimit
                               ? "\(path): larger than the \(maxBytes >> 20) MiB \(what) may take"
                               : "cannot read '\(path)': \(error.description)")
        }
    }

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
