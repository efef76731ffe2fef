import Foundation
import FormsmithCore

/// `--input-format kobo-json`: each KoboToolbox JSON export rewritten as JSON Lines in the
/// rule file's shape, into a scratch folder the run removes, before the usual validation.
extension ValidateCommand {
    static let koboJSON = "kobo-json"

    /// The converted files, in the order of `inputs`, and the folder holding them.
    static func convertKoboExports(_ inputs: [String], rules: RuleSet) throws -> (folder: URL, files: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formsmith-kobo-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            writeError("formsmith: cannot make a scratch folder for the converted exports: \(error.localizedDescription)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        var files: [String] = []
        for (index, input) in inputs.enumerated() {
            let export: KoboExport
            do {
                export = try KoboExport.read(path: input, bytes: commandLineBytes(of: input), rules: rules)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                writeError("formsmith: \(error.description)")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            let keys = export.serverKeys.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            writeError("\(input): \(export.instanceIDs.count) submission\(export.instanceIDs.count == 1 ? "" : "s") of a "
                       + "KoboToolbox export, record N its Nth submission"
                       + (keys.isEmpty ? "" : "; server keys not checked: " + keys.joined(separator: ", ")))
            let file = folder.appendingPathComponent("\(index).jsonl").path
            do {
                try export.jsonLines.write(toFile: file, atomically: false, encoding: .utf8)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                writeError("formsmith: cannot write the converted export: \(error.localizedDescription)")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            files.append(file)
        }
        return (folder, files)
    }
}
