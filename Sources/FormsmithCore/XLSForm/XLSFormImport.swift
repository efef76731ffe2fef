import Foundation

/// An XLSForm (`.xlsx`, or the `.csv` and `.md` forms pyxform reads) imported as a Formsmith
/// rule file: ``yaml`` is the rule file, ``untranslated`` everything of the form it does not
/// check, each with the sheet, row and column it came from (nothing is left out silently).
public struct XLSFormImport: Sendable {
    /// Something of the form the rule file does not check.
    public struct Untranslated: Sendable, CustomStringConvertible {
        /// `survey row 7, column F (constraint)`.
        public var place: String
        /// The question it concerns (its XLSForm name), if any.
        public var question: String?
        /// What is not checked and why.
        public var reason: String

        public var description: String {
            "\(place): \(question.map { "'\($0)': " } ?? "")\(reason)"
        }
    }

    /// The rule file, YAML.
    public var yaml: String
    /// What the rule file does not check, in sheet and row order.
    public var untranslated: [Untranslated]

    /// The file name endings read as XLSForms wherever a rule file is expected.
    public static let extensions = ["xlsx", "csv", "md"]

    /// Whether `path` names an XLSForm (by its ending: `.xlsx`, `.csv`, `.md`) rather than a
    /// Formsmith rule file.
    public static func isXLSForm(path: String) -> Bool {
        extensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Reads the XLSForm at `path` and translates it.
    public static func read(path: String) throws(XLSFormError) -> XLSFormImport {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw XLSFormError("\(path): no such file; give the path of an XLSForm (.xlsx, .csv or .md)")
        }
        let raw: [RawSheet]
        switch ext {
        case "xlsx": raw = try XLSXReader.read(path: path)
        case "csv": raw = try XLSFormTextReader.read(path: path, markdown: false)
        case "md": raw = try XLSFormTextReader.read(path: path, markdown: true)
        default:
            throw XLSFormError("\(path): not an XLSForm file name; give a .xlsx, .csv or .md XLSForm "
                               + "(an .xls workbook: save it as .xlsx)")
        }
        var sheets: [String: XLSFormSheet] = [:]
        for sheet in raw where sheets[sheet.name.lowercased()] == nil {
            sheets[sheet.name.lowercased()] = XLSFormSheet(sheet)
        }
        guard let survey = sheets["survey"] else {
            throw XLSFormError("\(path): no 'survey' sheet (the sheets are \(raw.map(\.name).joined(separator: ", "))); "
                               + "an XLSForm lists its questions on a sheet named survey")
        }
        // Sheets other than these three (external_choices, entities, a sheet of notes) are not read.
        let unread = raw.filter { !["survey", "choices", "settings"].contains($0.name.lowercased()) }
            .filter { $0.rows.contains { $0.cells.values.contains { !$0.trimmingWhitespace.isEmpty } } }
        var importer = XLSFormImporter(path: path, survey: survey, choices: sheets["choices"], settings: sheets["settings"],
                                       unreadSheets: unread.map(\.name))
        return try importer.run()
    }
}
