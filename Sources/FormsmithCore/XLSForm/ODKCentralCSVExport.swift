import Foundation
import ZIPFoundation

/// An ODK Central CSV export (the files of "Download all submissions (CSV)") in the shape of a
/// rule file's questionnaires. The main file `FORMID.csv` holds one submission a row: group
/// paths joined by `-` in the column names (`household-size`), a geopoint as its four columns
/// `NAME-Latitude`, `-Longitude`, `-Altitude`, `-Accuracy`, and Central's own columns
/// (`SubmissionDate`, `KEY`, `SubmitterID`, …). Each repeat has its own file beside it,
/// `FORMID-REPEAT.csv` (`~N` appended where two repeats share a name), whose rows name their
/// submission (or enclosing repeat item) by `PARENT_KEY`; the rows are joined back as the
/// repeat's items, in file order. Numbers become numbers, a `select_multiple`'s
/// space-separated names a list, an empty cell an unanswered question. Nothing is dropped in
/// silence: Central's columns, a missing repeat file, and repeat rows whose parent is not in
/// the export are counted in ``notes``; a column the form does not have is kept under its own
/// name, so the run reports it as a field the questionnaire does not have.
public struct ODKCentralCSVExport: Sendable {
    /// The questionnaires, one JSON object a line, in the main file's row order.
    public var jsonLines: String
    /// Each submission's instanceID (its `KEY`), in the same order.
    public var instanceIDs: [String?]
    /// What was set aside or could not be joined, one sentence each (for standard error).
    public var notes: [String]
    /// The submissions that cannot be read (a cut row of the main file), by their 1-based
    /// position, each with why; their lines in ``jsonLines`` are not JSON, so each is an
    /// unreadable record of the run (``ExportRecordIDs`` gives it this reason).
    public var unreadable: [Int: String] = [:]
    /// Attachment answers read as file names (``ExportAttachments``): their size and content
    /// are not checked; of them, those whose extension names no known media type.
    public var attachmentFileNames = 0
    public var attachmentUnknownExtensions = 0
    /// Of the attachment answers, those on a field with `minSize` or `maxSize`: their size is
    /// unknown, so not checked.
    public var attachmentSizesUnknown = 0

    /// The largest file read (its rows are held in memory to be joined).
    public static let maxBytes = 512 << 20

    /// Central's own columns: not questions of the form.
    static let serverColumns: Set<String> = [
        "SubmissionDate", "KEY", "PARENT_KEY", "SubmitterID", "SubmitterName", "Status", "AttachmentsPresent",
        "AttachmentsExpected", "ReviewState", "DeviceID", "Edits", "FormVersion",
    ]

    /// Whether a CSV header is an ODK Central export's: a `KEY` column with `SubmissionDate` or
    /// `meta-instanceID`.
    static func looksLikeExport(header: [String]) -> Bool {
        header.contains("KEY") && (header.contains("SubmissionDate") || header.contains("meta-instanceID"))
    }

    /// Whether the file at `path` starts with an ODK Central export's header (see
    /// ``looksLikeExport(header:)``); false for anything that cannot be read.
    public static func looksLikeExport(path: String) -> Bool {
        header(path: path).map(looksLikeExport(header:)) ?? false
    }

    /// Whether the file at `path` is a repeat file of an export (its header has `PARENT_KEY`
    /// and `KEY`): its rows are read through the main file, not on their own.
    public static func isRepeatFile(path: String) -> Bool {
        header(path: path).map { $0.contains("PARENT_KEY") && $0.contains("KEY") } ?? false
    }

    /// The header cells of the CSV file at `path` (its first line), nil when it cannot be read.
    static func header(path: String) -> [String]? {
        // Only a regular file is looked into: opening a named pipe would wait for a writer.
        guard Platform.kind(of: path) == .regularFile, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16) else { return nil }
        var text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Only up to the first line break: splitting all 64 KiB into lines cost about 27 million
        // instructions for every CSV file validated (callgrind), whatever its size.
        let firstLine = text[..<(text.firstIndex(where: \.isNewline) ?? text.endIndex)]
        return XLSFormTextReader.csvCells(String(firstLine))
    }

    /// Reads the export whose main file is `path`, with its repeat files beside it.
    public static func read(path: String, rules: RuleSet) throws(XLSFormError) -> ODKCentralCSVExport {
        var reader: ODKTableReader
        if path.lowercased().hasSuffix(".zip") {
            // The zip of "Download all submissions (CSV)": the files are read inside it.
            let archive: Archive
            do {
                archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            } catch {
                throw XLSFormError("\(path): not an ODK Central export zip (it cannot be opened as a zip archive: \(error))")
            }
            let csv = archive.map(\.path).filter { $0.lowercased().hasSuffix(".csv") && !$0.contains("/") }
                .sorted { $0.count < $1.count }
            // The main file FORMID.csv: every other file of the export is FORMID-REPEAT.csv.
            guard let main = csv.first(where: { candidate in
                let base = String(candidate.dropLast(4)) + "-"
                return csv.allSatisfy { $0 == candidate || $0.hasPrefix(base) }
            }) else {
                throw XLSFormError("\(path): not an ODK Central export zip: no FORMID.csv whose repeat files "
                                   + "FORMID-REPEAT.csv are the zip's other .csv files (found: "
                                   + (csv.isEmpty ? "none" : csv.joined(separator: ", ")) + ")")
            }
            reader = ODKTableReader(rules: rules, mainPath: main)
            reader.archive = (archive, path)
        } else {
            reader = ODKTableReader(rules: rules, mainPath: path)
        }
        let mainPath = reader.mainPath
        let main = try reader.table(mainPath, required: true)!
        guard main.header.contains("KEY") else {
            throw XLSFormError("\(path): not an ODK Central CSV export: \(mainPath == path ? "it" : mainPath) has no KEY column (the main file of "
                               + "\"Download all submissions (CSV)\" has one)")
        }
        var export = ODKCentralCSVExport(jsonLines: "", instanceIDs: [], notes: [])
        var joined: Set<String> = []
        var keys: Set<String> = []
        var repeatedKeys: [Int] = []
        for (index, row) in main.rows.enumerated() {
            if let reason = main.cut[index] {
                export.unreadable[index + 1] = reason
                export.instanceIDs.append(nil)
                export.jsonLines += "(a cut row)\n"
                continue
            }
            let key = row["KEY"] ?? ""
            // Central's KEYs are unique; a KEY seen before (a merged or hand-edited file) cannot
            // say whose repeat rows are whose: they go to its first submission only.
            let repeated = !key.isEmpty && !keys.insert(key).inserted
            if repeated { repeatedKeys.append(main.lines[index]) }
            let object = try reader.convert(row, scope: "", key: repeated ? "" : key, joined: &joined)
            export.instanceIDs.append(key.isEmpty ? nil : key)
            export.jsonLines += KoboJSONWriter.write(object) + "\n"
        }
        if !main.cut.isEmpty {
            let lines = main.cut.keys.sorted().map { main.lines[$0] }
            export.notes.append("\(lines.count) row\(lines.count == 1 ? "" : "s") of \(mainPath) cut (not as many cells as "
                                + "the header; file lines " + lines.prefix(5).map(String.init).joined(separator: ", ")
                                + (lines.count > 5 ? ", …" : "") + "): each one unreadable submission, the others read")
        }
        if !repeatedKeys.isEmpty {
            export.notes.append("\(repeatedKeys.count) submission\(repeatedKeys.count == 1 ? "" : "s") with the KEY of an "
                                + "earlier one (file lines " + repeatedKeys.prefix(5).map(String.init).joined(separator: ", ")
                                + (repeatedKeys.count > 5 ? ", …" : "") + "): repeat rows are joined to the first only, "
                                + "so these have none")
        }
        let server = main.header.filter(serverColumns.contains)
        if !server.isEmpty { export.notes.append("server columns not checked: " + server.joined(separator: ", ")) }
        for (file, table) in reader.loaded.sorted(by: { $0.key < $1.key }) where file != mainPath {
            let orphans = table.rows.indices.filter { !joined.contains("\(file)#\($0)") }
            export.notes.append("\(file): \(table.rows.count) repeat row\(table.rows.count == 1 ? "" : "s") joined by "
                                + "PARENT_KEY" + (orphans.isEmpty ? "" : "; \(orphans.count) whose PARENT_KEY is in no "
                                + "submission of the export, not checked (file lines "
                                + orphans.prefix(5).map { String(table.lines[$0]) }.joined(separator: ", ")
                                + (orphans.count > 5 ? ", …" : "") + ")"))
        }
        export.attachmentFileNames = reader.attachments.fileNames
        export.attachmentUnknownExtensions = reader.attachments.unknownExtensions
        export.attachmentSizesUnknown = reader.attachments.sizesUnknown
        for missing in reader.missing.sorted() {
            export.notes.append("\(missing): not found beside the main file\(reader.archive == nil ? "" : " in the zip"): that "
                                + "repeat's items are read as none")
        }
        return export
    }
}

/// The rows of one CSV file, each cell by its column name.
struct ODKTable {
    var header: [String]
    var rows: [[String: String]]
    /// The line each row starts on.
    var lines: [Int]
    /// Row indices by `PARENT_KEY`.
    var byParent: [String: [Int]]
    /// The rows of the main file that are cut (not as many cells as the header), by row index,
    /// each with why: each is one unreadable submission, the others are read.
    var cut: [Int: String] = [:]
}

/// Loads the main and repeat files and turns rows into questionnaire objects.
struct ODKTableReader {
    let rules: RuleSet
    let mainPath: String
    var types: [String: FieldType] = [:]
    /// The repeat file of each list path.
    var repeatFiles: [String: String] = [:]
    var loaded: [String: ODKTable] = [:]
    /// Attachment answers (file names) become references, counted.
    var attachments: ExportAttachments
    var missing: Set<String> = []
    /// The zip the files are read from (and its path, for messages), if the export is one.
    var archive: (zip: Archive, path: String)?

    init(rules: RuleSet, mainPath: String) {
        self.rules = rules
        self.mainPath = mainPath
        attachments = ExportAttachments(rules: rules)
        let fields = rules.allFields
        for field in fields { types[field.path] = field.type }
        // Central names a repeat's file after the repeat; where two repeats share a name it
        // appends ~1, ~2, … in the form's depth-first order (the rule file's field order).
        let lists = fields.filter { $0.type == .list }
        var totals: [String: Int] = [:]
        for list in lists { totals[Self.lastName(list.path), default: 0] += 1 }
        var counts: [String: Int] = [:]
        let folder = (mainPath as NSString).deletingLastPathComponent
        var base = (mainPath as NSString).lastPathComponent
        if base.lowercased().hasSuffix(".csv") { base.removeLast(4) }
        for list in lists {
            let name = Self.lastName(list.path)
            var file = "\(base)-\(name)"
            if totals[name]! > 1 {
                counts[name, default: 0] += 1
                file += "~\(counts[name]!)"
            }
            repeatFiles[list.path] = folder.isEmpty ? file + ".csv" : (folder as NSString).appendingPathComponent(file + ".csv")
        }
    }

    static func lastName(_ path: String) -> String {
        String(path.split(separator: ".").last ?? Substring(path)).replacingOccurrences(of: "[]", with: "")
    }

    /// The table at `path`, loaded once; nil (and noted) for a repeat file that is not there.
    mutating func table(_ path: String, required: Bool) throws(XLSFormError) -> ODKTable? {
        if let table = loaded[path] { return table }
        if missing.contains(path) { return nil }
        let bytes: [UInt8]
        if let (zip, zipPath) = archive {
            guard let entry = zip[path] else {
                missing.insert(path)
                return nil
            }
            guard entry.uncompressedSize <= UInt64(ODKCentralCSVExport.maxBytes) else {
                throw XLSFormError("\(zipPath): \(path) unpacks to \(entry.uncompressedSize) bytes, more than the "
                                   + "\(ODKCentralCSVExport.maxBytes >> 20) MiB an ODK Central CSV file may take")
            }
            var data: [UInt8] = []
            do {
                _ = try zip.extract(entry, skipCRC32: false) { chunk in
                    guard data.count + chunk.count <= ODKCentralCSVExport.maxBytes else { throw XLSFormError("too large") }
                    data += chunk
                }
            } catch {
                throw XLSFormError("\(zipPath): \(path) cannot be unpacked (\(error)); the zip is damaged")
            }
            bytes = data
        } else {
            if !required, !FileManager.default.fileExists(atPath: path) {
                missing.insert(path)
                return nil
            }
            do {
                bytes = try ByteReader(named: path, bytes: nil).readAll(limit: ODKCentralCSVExport.maxBytes)
            } catch {
                throw XLSFormError(error.exceedsLimit
                                   ? "\(path): larger than the \(ODKCentralCSVExport.maxBytes >> 20) MiB an ODK Central CSV file may take"
                                   : "cannot read '\(path)': \(error.description)")
            }
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw XLSFormError("\(path): not UTF-8 text (ODK Central writes its CSV exports in UTF-8)")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let records = try XLSFormTextReader.csvRows(text, path: path)
        guard let (_, headerCells) = records.first, let header = headerCells else {
            throw XLSFormError("\(path): empty: an ODK Central CSV file starts with its header row")
        }
        var table = ODKTable(header: header, rows: [], lines: [], byParent: [:])
        for (line, cells) in records.dropFirst() {
            guard let cells, cells != [""] else { continue }
            guard cells.count == header.count else {
                let reason = "\(path):\(line): \(cells.count) cells where the header has \(header.count); "
                    + "the file is cut or was edited by hand"
                // In a repeat file a cut row cannot say whose item it is: the export is not read.
                guard path == mainPath else { throw XLSFormError(reason) }
                table.cut[table.rows.count] = reason + " (this submission only: the others are read)"
                table.rows.append([:])
                table.lines.append(line)
                continue
            }
            var row: [String: String] = [:]
            for (name, cell) in zip(header, cells) { row[name] = cell }
            if let parent = row["PARENT_KEY"] { table.byParent[parent, default: []].append(table.rows.count) }
            table.rows.append(row)
            table.lines.append(line)
        }
        loaded[path] = table
        return table
    }

    /// One row as a questionnaire object (or a repeat item) for the fields under `scope`
    /// (`""` or `household.members[].`); `key` is the row's `KEY`, the parent of nested repeats.
    mutating func convert(_ row: [String: String], scope: String, key: String,
                          joined: inout Set<String>) throws(XLSFormError) -> [String: Any] {
        var result: [String: Any] = [:]
        // Each field of this scope (not inside a deeper repeat) by its column name.
        var columns: [String: String] = [:]
        for (path, type) in types where path.hasPrefix(scope) {
            let relative = String(path.dropFirst(scope.count))
            guard !relative.contains("[]") else { continue }
            if type == .list {
                let items = try repeatItems(list: path, parentKey: key, joined: &joined)
                if !items.isEmpty { insert(items, at: relative, into: &result) }
                continue
            }
            columns[relative.replacingOccurrences(of: ".", with: "-")] = path
        }
        var geopoints: [String: [String]] = [:]
        for (column, cell) in row.sorted(by: { $0.key < $1.key }) {
            if ODKCentralCSVExport.serverColumns.contains(column) { continue }
            if let path = columns[column] {
                guard !cell.isEmpty else { continue }
                let answer = types[path] == .attachment ? attachments.reference(cell, path: path) : value(cell, type: types[path])
                insert(answer, at: String(path.dropFirst(scope.count)), into: &result)
                continue
            }
            if let part = ["-Latitude", "-Longitude", "-Altitude", "-Accuracy"].firstIndex(where: column.hasSuffix) {
                let base = String(column.dropLast(["-Latitude", "-Longitude", "-Altitude", "-Accuracy"][part].count))
                if columns[base] != nil {
                    geopoints[base, default: ["", "", "", ""]][part] = cell
                    continue
                }
            }
            // Not a question of the form: kept under its name, so the run says so.
            if !cell.isEmpty { result[column] = cell }
        }
        for (base, parts) in geopoints {
            var values = parts
            while values.last == "" { values.removeLast() }
            guard !values.isEmpty else { continue }
            let path = columns[base]!
            insert(values.joined(separator: " "), at: String(path.dropFirst(scope.count)), into: &result)
        }
        return result
    }

    private mutating func repeatItems(list: String, parentKey: String,
                                      joined: inout Set<String>) throws(XLSFormError) -> [Any] {
        guard let file = repeatFiles[list], let table = try table(file, required: false) else { return [] }
        var items: [Any] = []
        for index in table.byParent[parentKey] ?? [] {
            joined.insert("\(file)#\(index)")
            let row = table.rows[index]
            items.append(try convert(row, scope: list + "[].", key: row["KEY"] ?? "", joined: &joined))
        }
        return items
    }

    private func value(_ text: String, type: FieldType?) -> Any {
        switch type {
        case .integer?, .decimal?: return KoboNumber.isNumber(text) ? KoboNumber(text: text) : text
        case .multiChoice?: return text.split(separator: " ").map(String.init)
        default: return text
        }
    }

    private func insert(_ value: Any, at relative: String, into object: inout [String: Any]) {
        let components = relative.split(separator: ".").map(String.init)
        func place(_ components: ArraySlice<String>, _ object: inout [String: Any]) {
            guard let first = components.first else { return }
            if components.count == 1 { object[first] = value; return }
            var inner = object[first] as? [String: Any] ?? [:]
            place(components.dropFirst(), &inner)
            object[first] = inner
        }
        place(components[...], &object)
    }
}
