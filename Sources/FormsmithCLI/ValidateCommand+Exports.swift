import Foundation
import FormsmithCore

/// `--input-format kobo-json` / `odk-csv` / `odata`: each KoboToolbox JSON, ODK Central CSV or ODK Central OData JSON
/// export rewritten as JSON Lines in the
/// rule file's shape, into a scratch file (written through the run's output guard and removed
/// when the run ends), before the usual validation.
extension ValidateCommand {
    static let koboJSON = "kobo-json"
    static let odkCSV = "odk-csv"
    static let odata = "odata"
    /// The formats of server exports, read with --rules only.
    static let exportFormats = [koboJSON, odkCSV, odata]

    /// One export named on the command line: rewritten, or why it could not be read.
    struct ExportInput {
        let export: String
        /// The submissions as JSON Lines and their instanceIDs.
        let converted: (jsonLines: String, instanceIDs: [String?])?
        /// Why each submission the export could not give is unreadable, by 1-based position.
        var unreadable: [Int: String] = [:]
        /// Attachment answers read as file names, and of them those whose extension names no
        /// known media type (``sayAttachmentNotice(_:)`` says them once for the run).
        var fileNames = 0
        var unknownExtensions = 0
        /// Of the attachment answers, those on a field with a size rule, whose size is unknown.
        var sizesUnknown = 0
        let failure: String?
        /// Where its scratch file goes (nil for an export that could not be read).
        let scratch: String?
    }

    /// Reads every export, each in its format (kobo-json, odk-csv for ODK Central's CSV, odata
    /// for its OData JSON); one that cannot be read or is not an export becomes one unreadable
    /// record of the run (as a file that cannot be opened), and the others are still checked.
    static func readExports(_ inputs: [(path: String, format: String)], rules: RuleSet) -> [ExportInput] {
        let stem = (NSTemporaryDirectory() as NSString).appendingPathComponent("formsmith-export-\(UUID().uuidString)")
        return inputs.enumerated().compactMap { index, named in
            let (input, format) = named
            if format == odkCSV, !ODKCentralCSVExport.looksLikeExport(path: input), ODKCentralCSVExport.isRepeatFile(path: input) {
                writeError("\(DisplayText.escaped(input)): a repeat file of an ODK Central export (it has PARENT_KEY): its rows are read "
                           + "through the export's main file FORMID.csv beside it, not on their own")
                return nil
            }
            do {
                let export: (jsonLines: String, instanceIDs: [String?])
                var unreadable: [Int: String] = [:]
                var fileNames = 0
                var unknownExtensions = 0
                var sizesUnknown = 0
                if format == odkCSV {
                    let odk = try ODKCentralCSVExport.read(path: input, rules: rules)
                    export = (odk.jsonLines, odk.instanceIDs)
                    unreadable = odk.unreadable
                    fileNames += odk.attachmentFileNames
                    unknownExtensions += odk.attachmentUnknownExtensions
                    sizesUnknown += odk.attachmentSizesUnknown
                    writeError("\(DisplayText.escaped(input)): \(odk.instanceIDs.count) submission\(odk.instanceIDs.count == 1 ? "" : "s") of an "
                               + "ODK Central CSV export, record N its Nth submission"
                               + odk.notes.map { "\n\(DisplayText.escaped(input)): \(DisplayText.escaped($0))" }.joined())
                } else if format == odata {
                    let response = try ODKCentralODataExport.read(path: input, bytes: commandLineBytes(of: input), rules: rules)
                    export = (response.jsonLines, response.instanceIDs)
                    fileNames += response.attachmentFileNames
                    unknownExtensions += response.attachmentUnknownExtensions
                    sizesUnknown += response.attachmentSizesUnknown
                    writeError("\(DisplayText.escaped(input)): \(response.instanceIDs.count) submission\(response.instanceIDs.count == 1 ? "" : "s") "
                               + "of an ODK Central OData response, record N its Nth submission"
                               + response.notes.map { "\n\(DisplayText.escaped(input)): \(DisplayText.escaped($0))" }.joined())
                } else {
                    let kobo = try KoboExport.read(path: input, bytes: commandLineBytes(of: input), rules: rules)
                    export = (kobo.jsonLines, kobo.instanceIDs)
                    fileNames += kobo.attachmentFileNames
                    unknownExtensions += kobo.attachmentUnknownExtensions
                    sizesUnknown += kobo.attachmentSizesUnknown
                    let keys = kobo.serverKeys.sorted { $0.key < $1.key }.map { "\(DisplayText.escaped($0.key)) (\($0.value))" }
                    writeError("\(DisplayText.escaped(input)): \(kobo.instanceIDs.count) submission\(kobo.instanceIDs.count == 1 ? "" : "s") of a "
                               + "KoboToolbox export, record N its Nth submission"
                               + (keys.isEmpty ? "" : "; server keys not checked: " + keys.joined(separator: ", ")))
                }
                var read = ExportInput(export: input, converted: export, unreadable: unreadable, failure: nil,
                                       scratch: "\(stem)-\(index).jsonl")
                (read.fileNames, read.unknownExtensions, read.sizesUnknown) = (fileNames, unknownExtensions, sizesUnknown)
                return read
            } catch {
                return ExportInput(export: input, converted: nil, failure: String(describing: error), scratch: nil)
            }
        }
    }

    /// With --split-output (which writes each input's records in its own format) an export is
    /// read as the plain file it is: says so for each of `exports`.
    static func sayReadAsPlainFiles(_ exports: [(path: String, format: String)]) {
        for (input, format) in exports {
            let kind = format == odata ? "an ODK Central OData response"
                : format == koboJSON ? "a KoboToolbox JSON export" : "an ODK Central export"
            writeError("formsmith: \(DisplayText.escaped(input)) looks like \(kind); "
                       + "with --split-output it is read as a plain file (\(format == odkCSV ? "its repeat files are not joined" : "not rewritten")): "
                       + "leave out --split-output to read it as an export")
        }
    }

    /// Says once for the run how many attachment answers of `exports` were file names, whose
    /// size and content cannot be checked (nothing when there were none).
    static func sayAttachmentNotice(_ exports: [ExportInput]) {
        let fileNames = exports.reduce(0) { $0 + $1.fileNames }
        let unknown = exports.reduce(0) { $0 + $1.unknownExtensions }
        let sizes = exports.reduce(0) { $0 + $1.sizesUnknown }
        if let notice = ExportAttachmentNotice.text(fileNames: fileNames, unknownExtensions: unknown, sizesUnknown: sizes) {
            writeError("formsmith: " + notice)
        }
    }

    /// Without `--input-format`: the inputs that are server exports, each with its format.
    /// ODK Central CSV exports: `.csv` files whose header is an export's main file (a `KEY`
    /// column with `SubmissionDate` or `meta-instanceID`), with the repeat files (`PARENT_KEY`)
    /// named beside one, and `.zip` files (the zip Central downloads). ODK Central OData
    /// responses: files (any name but `.csv`, `.jsonl`, `.zip`) that start as a JSON object
    /// naming `@odata.context`. KoboToolbox JSON exports: such files that start as a JSON array
    /// (or an object with `results`) naming a key only Kobo writes (`_uuid`, `_submission_time`,
    /// `formhub/uuid`, `meta/instanceID`, …). The other inputs are read as usual.
    static func detectedExports(_ inputs: [String]) -> [(path: String, format: String)] {
        let csv = inputs.filter { $0.lowercased().hasSuffix(".csv") }
        let main = csv.filter(ODKCentralCSVExport.looksLikeExport(path:))
        // A .zip is read as the zip of "Download all submissions (CSV)" (no other input is a zip).
        let zips = inputs.filter { $0.lowercased().hasSuffix(".zip") }
        return inputs.compactMap { input in
            let lowered = input.lowercased()
            if zips.contains(input) || main.contains(input) { return (input, odkCSV) }
            if !main.isEmpty, csv.contains(input), ODKCentralCSVExport.isRepeatFile(path: input) { return (input, odkCSV) }
            guard input != "-", !lowered.hasSuffix(".csv"), !lowered.hasSuffix(".jsonl"), !lowered.hasSuffix(".zip")
            else { return nil }
            if ODKCentralODataExport.looksLikeExport(path: input, bytes: commandLineBytes(of: input)) { return (input, odata) }
            if KoboExport.looksLikeExport(path: input, bytes: commandLineBytes(of: input)) { return (input, koboJSON) }
            return nil
        }
    }

    /// The `.zip` files found in the folders among `inputs` (recursively, as a folder's inputs
    /// are found): each the zip of an ODK Central CSV export. A folder that cannot be listed is
    /// reported when its inputs are found.
    static func zipsInFolders(_ inputs: [String]) -> [String] {
        let folders = inputs.filter { input in
            var isFolder: ObjCBool = false
            return input != "-" && FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) && isFolder.boolValue
        }
        guard !folders.isEmpty,
              let found = try? InputDiscovery.sources(for: folders, archives: true, bytes: commandLineBytes(of:))
        else { return [] }
        return found.filter { $0.isArchive && $0.failure == nil }.map(\.path)
    }

    /// Writes the scratch files (through `permit`, where `files` registered them) and returns
    /// the run's sources: each export under its own name, read from its scratch file.
    static func exportSources(_ kobo: [ExportInput], permit: OutputPermit) throws -> (sources: [InputSource], scratch: [ScratchFile]) {
        var sources: [InputSource] = []
        var scratchFiles: [ScratchFile] = []
        for input in kobo {
            guard let converted = input.converted, let scratch = input.scratch else {
                var source = InputSource(path: input.export, format: .jsonLines)
                source.failure = input.failure
                sources.append(source)
                continue
            }
            let file: ScratchFile
            do {
                file = try permit.scratch(scratch, text: converted.jsonLines)
            } catch {
                scratchFiles.forEach { $0.remove() }
                writeError("formsmith: cannot write the converted export of \(DisplayText.escaped(input.export)): "
                           + DisplayText.escaped(error.description))
                throw FormsmithExit(status: ExitStatus.writeFailure)
            }
            scratchFiles.append(file)
            var source = InputSource(path: file.readablePath, format: .jsonLines,
                                     relativePath: (input.export as NSString).lastPathComponent, name: input.export)
            source.attachmentSizesUnknown = true
            sources.append(source)
        }
        return (sources, scratchFiles)
    }
}
