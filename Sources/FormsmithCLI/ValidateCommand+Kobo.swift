import Foundation
import FormsmithCore

/// `--input-format kobo-json`: each KoboToolbox JSON export rewritten as JSON Lines in the
/// rule file's shape, into a scratch file (written through the run's output guard and removed
/// when the run ends), before the usual validation.
extension ValidateCommand {
    static let koboJSON = "kobo-json"

    /// One export named on the command line: rewritten, or why it could not be read.
    struct KoboInput {
        let export: String
        let converted: KoboExport?
        let failure: String?
        /// Where its scratch file goes (nil for an export that could not be read).
        let scratch: String?
    }

    /// Reads every export; one that cannot be read or is not an export becomes one unreadable
    /// record of the run (as a file that cannot be opened), and the others are still checked.
    static func readKoboExports(_ inputs: [String], rules: RuleSet) -> [KoboInput] {
        let stem = (NSTemporaryDirectory() as NSString).appendingPathComponent("formsmith-kobo-\(UUID().uuidString)")
        return inputs.enumerated().map { index, input in
            do {
                let export = try KoboExport.read(path: input, bytes: commandLineBytes(of: input), rules: rules)
                let keys = export.serverKeys.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
                writeError("\(input): \(export.instanceIDs.count) submission\(export.instanceIDs.count == 1 ? "" : "s") of a "
                           + "KoboToolbox export, record N its Nth submission"
                           + (keys.isEmpty ? "" : "; server keys not checked: " + keys.joined(separator: ", ")))
                return KoboInput(export: input, converted: export, failure: nil, scratch: "\(stem)-\(index).jsonl")
            } catch {
                return KoboInput(export: input, converted: nil, failure: String(describing: error), scratch: nil)
            }
        }
    }

    /// Writes the scratch files (through `permit`, where `files` registered them) and returns
    /// the run's sources: each export under its own name, read from its scratch file.
    static func koboSources(_ kobo: [KoboInput], permit: OutputPermit) throws -> (sources: [InputSource], scratch: [ScratchFile]) {
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
                writeError("formsmith: cannot write the converted export of \(input.export): \(error.description)")
                throw FormsmithExit(status: ExitStatus.writeFailure)
            }
            scratchFiles.append(file)
            sources.append(InputSource(path: file.readablePath, format: .jsonLines,
                                       relativePath: (input.export as NSString).lastPathComponent, name: input.export))
        }
        return (sources, scratchFiles)
    }
}
