import Foundation
import FormsmithCore

/// `generate --shape xform-xml`: each submission an XForm instance document of its own, the
/// body ODK Central takes at `POST …/forms/FORMID/submissions` (one submission a request), so
/// one file per submission (`--output FOLDER/submission-N.xml`) rather than one stream: a
/// stream of documents is no XML document, and a loop over the folder posts them as they are.
extension GenerateCommand {
    static let xformXML = "xform-xml"
    /// The most files one run writes (each is a file of its own, listed before the run starts).
    static let maximumXFormFiles = 100_000

    /// The files of `count` submissions in `folder`, in order.
    static func xformFiles(in folder: String, count: Int) -> [String] {
        (0..<count).map { (folder as NSString).appendingPathComponent(XFormInstanceWriter.fileName(position: $0 + 1, count: count)) }
    }

    /// Refuses (exit 2) a folder holding `submission-N.xml` files this run would not write (an
    /// earlier run with more submissions, or another zero-padding): left beside the new ones,
    /// they would be posted with them as if generated now. Files this run writes are replaced.
    /// A folder that is not there yet holds none; one that cannot be listed is refused too (exit
    /// 2), naming it and why: its stale files could not be looked for. Names from the folder are
    /// written escaped (``DisplayText/escaped(_:keepingLineBreaks:)``): a name holding a line
    /// break or an escape sequence cannot forge a line of the output.
    static func refuseStaleSubmissions(in folder: String, files: [String]) throws {
        let names: [String]
        switch FolderListing.names(in: folder) {
        case .success(let listed):
            names = listed
        case .failure(let failure) where failure.isMissing:
            return
        case .failure(let failure):
            writeError("formsmith: --shape xform-xml: cannot list the folder \(DisplayText.escaped(folder)) to look for "
                       + "submission files of an earlier run: \(failure.reason). Nothing written; give the user running "
                       + "formsmith read permission on it, or give another --output folder")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let written = Set(files.map { ($0 as NSString).lastPathComponent })
        let stale = names.filter { name in
            guard name.hasPrefix("submission-"), name.hasSuffix(".xml"), !written.contains(name) else { return false }
            let number = name.dropFirst("submission-".count).dropLast(".xml".count)
            return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        }.sorted()
        guard !stale.isEmpty else { return }
        writeError("formsmith: --shape xform-xml: \(DisplayText.escaped(folder)) already holds \(stale.count) submission file"
                   + "\(stale.count == 1 ? "" : "s") this run would not replace ("
                   + stale.prefix(3).map { DisplayText.escaped($0) }.joined(separator: ", ")
                   + (stale.count > 3 ? ", …" : "") + "), from an earlier run: \(stale.count == 1 ? "it" : "they") would be taken "
                   + "for submissions of this one. Nothing written; remove \(stale.count == 1 ? "it" : "them") or give "
                   + "another --output folder")
        throw FormsmithExit(status: ExitStatus.usage)
    }

    /// Writes each generated questionnaire to its file of `files` (in order), each opened
    /// through `permit` and closed before the next; the labels go to `sidecar`.
    func writeXFormInstances(_ generator: BatchGenerator, rules: RuleSet, files: [String], permit: OutputPermit,
                             sidecar: OutputWriter?) throws -> GenerationSummary {
        let folder = output!
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            writeError("formsmith: cannot create the folder \(DisplayText.escaped(folder)) for --shape xform-xml: "
                       + DisplayText.escaped(error.localizedDescription))
            throw FormsmithExit(status: ExitStatus.writeFailure)
        }
        var writer = XFormInstanceWriter(rules: rules)
        var next = 0
        var failure: String?
        var typeDefects = 0
        let generated = try generator.run(write: { bytes in
            for document in writer.append(bytes) where failure == nil {
                guard next < files.count else {
                    failure = "more submissions than the \(files.count) files listed (a bug in Formsmith: please report it)"
                    return
                }
                do {
                    let file = try permit.open(files[next])
                    file.write(bytes: document)
                    if let error = file.close() { failure = error.description }
                } catch {
                    failure = String(describing: error)
                }
                next += 1
            }
        }, label: { label in
            if label.rule == "type" { typeDefects += 1 }
            sidecar?.write(bytes: Self.line(for: label))
        })
        if writer.skippedLines > 0 {
            failure = failure ?? "\(writer.skippedLines) generated lines were not JSON objects and are not written "
                + "(a bug in Formsmith: please report it)"
        }
        if let failure {
            writeError("formsmith: --shape xform-xml: \(failure)")
            OutputGuard.abandon()
            throw FormsmithExit(status: ExitStatus.writeFailure)
        }
        if writer.valuesWithNotation > 0 {
            writeError("formsmith: --shape xform-xml: \(writer.valuesWithNotation) value\(writer.valuesWithNotation == 1 ? "" : "s") "
                       + "held characters XML 1.0 cannot hold or would hide (control characters, line breaks): written as \\u{…}")
        }
        if typeDefects > 0 {
            writeError("formsmith: --shape xform-xml: \(typeDefects) labelled defect\(typeDefects == 1 ? "" : "s") of rule "
                       + "type (a value of another JSON type, such as a number for a text): XML holds text only, so "
                       + "\(typeDefects == 1 ? "it" : "they") may read as valid there")
        }
        if writer.replacedInstanceIDs > 0 {
            writeError("formsmith: --shape xform-xml: \(writer.replacedInstanceIDs) generated meta/instanceID"
                       + "\(writer.replacedInstanceIDs == 1 ? "" : "s") not of the form uuid:… replaced by uuid:00000000-0000-4000-8000-00000000000N (N its position)")
        }
        if writer.emptiedDeprecatedIDs > 0 {
            writeError("formsmith: --shape xform-xml: \(writer.emptiedDeprecatedIDs) generated meta/deprecatedID"
                       + "\(writer.emptiedDeprecatedIDs == 1 ? "" : "s") left empty (ODK Central takes a deprecatedID for an "
                       + "edit of that earlier submission; these are new ones)")
        }
        if !writer.skippedNames.isEmpty {
            let names = writer.skippedNames.sorted { $0.key < $1.key }.map { "\(DisplayText.escaped($0.key)) (\($0.value))" }
            writeError("formsmith: --shape xform-xml: names that are not XML names, left out of the documents: "
                       + names.joined(separator: ", "))
        }
        return generated
    }
}
