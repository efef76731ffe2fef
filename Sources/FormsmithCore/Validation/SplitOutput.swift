import Foundation

/// The quarantine workflow (`--split-output DIR`): every questionnaire is copied, as
/// written, to the valid or the invalid file of its input, so the valid ones can go on and
/// the invalid ones can be fixed.
///
/// For an input `data.jsonl` the files are `DIR/data.valid.jsonl` and
/// `DIR/data.invalid.jsonl` (an input found in a directory keeps its path below that
/// directory). The format is kept: JSON Lines one questionnaire per line; CSV with the
/// input's header first in both files; a `.json` array as two arrays of its elements (a
/// single-questionnaire `.json` document goes whole to one side). Unreadable records go to
/// the invalid side as their raw text; a `.json` document that cannot be read completely
/// goes whole to the invalid side; a record over the size limit is skipped, so it is in
/// neither file. A file is written only when its side has questionnaires.
/// Values are never masked here: these files are the data itself.
///
/// Each file is written under a temporary name and appears under its final name only when
/// the run is committed (``commit()``, or ``OutputFiles/commitAll()`` for every output of a
/// command), so an interrupted run leaves no half-written split files.
public final class SplitOutput {
    /// The two files of one input.
    public struct Files: Sendable, Equatable {
        /// Where its valid questionnaires go.
        public let valid: String
        /// Where its invalid and unreadable questionnaires go.
        public let invalid: String
    }

    /// The files of each input, in input order.
    public let files: [Files]
    /// Why some files could not be written, if any.
    public private(set) var problems: [String] = []
    private var current = -1
    private var prefix: [UInt8]?
    private var validOutput: OutputWriter?
    private var invalidOutput: OutputWriter?
    /// Every file started, for ``commit()``.
    private var started: [OutputWriter] = []
    /// Files that could not be created: not tried again for every chunk.
    private var failedPaths: Set<String> = []
    /// Leave to open the planned files (they were checked against the run's inputs).
    private let permit: OutputPermit

    /// Plans the files of `sources` under `directory` (created if missing); `permit` must come
    /// from a ``RunFiles`` that lists the files of ``plan(directory:sources:)`` as written.
    /// - Throws: when the directory cannot be created or two inputs would share a file.
    public init(directory: String, sources: [InputSource], permit: OutputPermit) throws(InputError) {
        let files = try Self.plan(directory: directory, sources: sources)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw InputError(message: "--split-output: cannot create the directory \(directory): "
                             + error.localizedDescription)
        }
        self.files = files
        self.permit = permit
    }

    /// The files `sources` would be split into under `directory`, in input order, without
    /// creating anything (to compare them with the run's other files first; see ``RunFiles``).
    /// - Throws: when two inputs would share a file, or a file would be an input.
    public static func plan(directory: String, sources: [InputSource]) throws(InputError) -> [Files] {
        var files: [Files] = []
        var owners: [String: String] = [:]
        let inputs = Set(sources.map { ($0.path as NSString).standardizingPath })
        for source in sources {
            let base = (directory as NSString).appendingPathComponent(
                (source.relativePath as NSString).deletingPathExtension)
            let planned = Files(valid: "\(base).valid.\(source.format.rawValue)",
                                invalid: "\(base).invalid.\(source.format.rawValue)")
            files.append(planned)
            // A folder that could not be listed has nothing to split: it claims no name.
            guard source.failure == nil else { continue }
            if let owner = owners[planned.valid] {
                throw InputError(message: "--split-output: the inputs \(owner) and \(source.path) would both be "
                                 + "written to \(planned.valid); validate them in separate runs or rename one")
            }
            if inputs.contains((planned.valid as NSString).standardizingPath)
                || inputs.contains((planned.invalid as NSString).standardizingPath) {
                throw InputError(message: "--split-output: \(planned.valid) would overwrite an input; choose "
                                 + "another directory")
            }
            owners[planned.valid] = source.path
        }
        return files
    }

    /// Writes one work item's questionnaires; items arrive in input order.
    func write(_ chunk: SplitChunk, sourceIndex: Int) {
        if sourceIndex != current {
            closeFiles()
            current = sourceIndex
            prefix = nil
        }
        if let header = chunk.prefix { prefix = header }
        let paths = files[sourceIndex]
        if let whole = chunk.wholeInput {
            if let output = open(paths.invalid) {
                copy(whole, to: output)
                close(output)
            }
            return
        }
        if chunk.isDocument {
            for (content, path) in [(chunk.valid, paths.valid), (chunk.invalid, paths.invalid)] where !content.isEmpty {
                let output = open(path)
                output?.write(bytes: content)
                output.map(close)
            }
            return
        }
        if !chunk.valid.isEmpty { side(&validOutput, paths.valid)?.write(bytes: chunk.valid) }
        if !chunk.invalid.isEmpty { side(&invalidOutput, paths.invalid)?.write(bytes: chunk.invalid) }
    }

    /// Closes the files of the last input.
    func finish() {
        closeFiles()
        current = -1
    }

    /// Moves every file written into place under its final name.
    /// - Throws: the first write error; no file is moved then.
    public func commit() throws(OutputError) {
        try OutputFiles.commit(started)
    }

    /// Copies an input's file to `output` in pieces of 1 MiB (memory stays flat whatever its size).
    private func copy(_ source: InputSource, to output: OutputWriter) {
        do {
            let reader = try ByteReader(source: source)
            var buffer: [UInt8] = []
            while true {
                buffer.removeAll(keepingCapacity: true)
                let atEnd = try reader.read(into: &buffer, upTo: 1 << 20)
                output.write(bytes: buffer)
                if atEnd || output.hasFailed { return }
            }
        } catch {
            problems.append("\(source.path) could not be copied to \(output.name): \(error.description)")
        }
    }

    private func side(_ output: inout OutputWriter?, _ path: String) -> OutputWriter? {
        if output == nil {
            output = open(path)
            if let prefix { output?.write(bytes: prefix) }
        }
        return output
    }

    private func open(_ path: String) -> OutputWriter? {
        guard !failedPaths.contains(path) else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let output = try permit.open(path)
            started.append(output)
            return output
        } catch let error as OutputError {
            fail(path, error.description)
        } catch {
            fail(path, "cannot create the directory of \(path): \(error.localizedDescription)")
        }
        return nil
    }

    private func fail(_ path: String, _ message: String) {
        failedPaths.insert(path)
        problems.append(message)
    }

    private func closeFiles() {
        validOutput.map(close)
        invalidOutput.map(close)
        validOutput = nil
        invalidOutput = nil
    }

    private func close(_ output: OutputWriter) {
        if let failure = output.close() { problems.append(failure.description) }
    }
}
