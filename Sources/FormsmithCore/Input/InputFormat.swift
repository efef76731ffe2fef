import Foundation

/// The formats questionnaires can be read from.
public enum InputFormat: String, Sendable, CaseIterable {
    /// A `.json` file: one questionnaire object, or an array of them.
    case json
    /// A `.jsonl` / `.ndjson` file: one questionnaire per line.
    case jsonLines = "jsonl"
    /// A `.csv` file: one questionnaire per row, columns named by dotted path.
    case csv

    /// The format a file name's extension implies, if any.
    public init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        case "csv": self = .csv
        default: return nil
        }
    }
}

/// One input to validate: a file, or standard input.
public struct InputSource: Sendable, Hashable {
    /// The path as the user wrote it; `-` means standard input.
    public var path: String
    /// How to read it.
    public var format: InputFormat
    /// Its path relative to the directory it was found in, or its file name when it was
    /// named directly (`stdin` for standard input); split output names files after it.
    public var relativePath: String
    /// The name reports give it: `path`, unless standard input stands for another file
    /// (`--stdin-name`, as when a Spark partition is piped through Formsmith).
    public var name: String
    /// The line number of its first line (1, unless `--line-offset` says the input starts
    /// further down an original file).
    public var firstLine: Int
    /// The path's bytes when they are not UTF-8 (a file found in a folder, named in another
    /// encoding): the file is opened by them, while ``path`` writes each stray byte `\xE9`
    /// for reports. Nil for the usual UTF-8 names.
    public var fileSystemPath: [UInt8]?
    /// Why the input cannot be read at all, known before opening it: a folder that could not
    /// be listed. The run reports it as one unreadable record, as a file that cannot be opened.
    public var failure: String?
    /// The path a project routes it by, when it is read from another file than the one it
    /// stands for (a server export read from its converted copy); nil: ``path``.
    public var routingPath: String?
    /// Whether it was found in a folder (only regular files are read there), rather than named
    /// on the command line (where a pipe or a device such as `/dev/stdin` is read too).
    var foundInFolder = false
    /// Whether its attachment references may leave out their size: the converted answers of a
    /// server export, which give a file's name only (``ExportAttachments``). Their size checks
    /// are not made, and the run says how many (``ExportAttachmentNotice``).
    public var attachmentSizesUnknown = false
    /// Whether it is a `.zip` file (found or named when ``InputDiscovery/sources(for:format:archives:bytes:)``
    /// takes archives): the zip of ODK Central's "Download all submissions (CSV)", which only
    /// a reader of server exports can read; ``format`` is then that of the files it holds.
    public var isArchive = false

    /// Creates an input; `relativePath` defaults to the file name, `name` to `path`.
    public init(path: String, format: InputFormat, relativePath: String? = nil, name: String? = nil,
                firstLine: Int = 1) {
        self.path = path
        self.format = format
        self.relativePath = relativePath ?? (path == "-" ? "stdin" : (path as NSString).lastPathComponent)
        self.name = name ?? path
        self.firstLine = firstLine
    }

    /// The bytes to open the file by.
    var openingPath: [UInt8] { fileSystemPath ?? Array(path.utf8) }

    /// Whether this is standard input.
    public var isStandardInput: Bool { path == "-" }
}

/// Why the inputs named on the command line cannot be used.
public struct InputError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what to do.
    public var message: String
    public var description: String { message }
}

/// Turns the paths given on the command line into input files.
public enum InputDiscovery {
    /// Expands each path: a file is taken as is (its format from `format` or its extension),
    /// a directory contributes its `.json`, `.jsonl`, `.ndjson` and `.csv` files (recursively,
    /// sorted by path), `-` is standard input. With `archives` (and no `format`), `.zip` files
    /// are inputs too, named or found in a folder, marked ``InputSource/isArchive``: the caller
    /// reads them as server exports, or reports each as unreadable.
    ///
    /// `bytes` gives the bytes of a path as the command line held them, when they are not
    /// UTF-8 (a name in another encoding): the path is then opened by them, and named in
    /// reports with each stray byte written `\xE9`.
    public static func sources(for paths: [String], format: InputFormat? = nil, archives: Bool = false,
                               bytes: (String) -> [UInt8]? = { _ in nil }) throws(InputError) -> [InputSource] {
        var sources: [InputSource] = []
        for given in paths {
            if given == "-" {
                sources.append(InputSource(path: given, format: format ?? .jsonLines))
                continue
            }
            let raw = bytes(given)
            let path = raw.map { FolderWalk.text(of: $0) } ?? given
            switch Platform.kind(ofBytes: raw ?? Array(given.utf8)) {
            case .missing:
                throw InputError(message: "\(path): no such file or directory")
            case .directory:
                sources += folderSources(path, bytes: raw, format: format, archives: archives && format == nil)
            case .regularFile, .other:
                if archives, format == nil, isArchive(path) {
                    var source = InputSource(path: path, format: .csv)
                    source.fileSystemPath = raw
                    source.isArchive = true
                    sources.append(source)
                    continue
                }
                guard let detected = format ?? InputFormat(fileName: path) else {
                    throw InputError(message: "\(path): cannot tell the format from the extension; name it .json, "
                                     + ".jsonl or .csv, or pass --input-format")
                }
                var source = InputSource(path: path, format: detected)
                source.fileSystemPath = raw
                sources.append(source)
            }
        }
        return sources
    }

    /// The inputs of a folder: its files named like inputs, and each subfolder that could not
    /// be listed (one unreadable input, so nothing is hidden), in path order.
    private static func folderSources(_ folder: String, bytes folderBytes: [UInt8]?, format: InputFormat?,
                                      archives: Bool) -> [InputSource] {
        let walk = FolderWalk(root: folder, bytes: folderBytes) { InputFormat(fileName: $0) != nil || (archives && isArchive($0)) }
        var found: [InputSource] = []
        for file in walk.files {
            let path = (folder as NSString).appendingPathComponent(file.text)
            let archive = InputFormat(fileName: file.text) == nil
            var source = InputSource(path: path, format: format ?? InputFormat(fileName: file.text) ?? .csv,
                                     relativePath: file.text)
            source.foundInFolder = true
            source.isArchive = archive
            if file.text.utf8.elementsEqual(file.bytes) == false || folderBytes != nil {
                let root = folderBytes ?? Array(folder.utf8)
                source.fileSystemPath = root + (root.last == 0x2F ? [] : [0x2F]) + file.bytes
            }
            found.append(source)
        }
        for folder in walk.unlisted {
            var source = InputSource(path: folder.text, format: format ?? .jsonLines)
            source.failure = "cannot list the folder: \(folder.reason); the files in it were not validated "
                + "(give the user running formsmith read and execute permission on it)"
            found.append(source)
        }
        for entry in walk.unexamined {
            var source = InputSource(path: entry.text, format: format ?? InputFormat(fileName: entry.text) ?? .jsonLines)
            source.failure = "cannot examine it: \(entry.reason); if it is a file or a folder of inputs, it was not "
                + "validated (check the permissions of its folder, or shorten the path)"
            if entry.text.utf8.elementsEqual(entry.bytes) == false { source.fileSystemPath = entry.bytes }
            found.append(source)
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Whether a file's name ends in `.zip` (any case).
    public static func isArchive(_ name: String) -> Bool {
        (name as NSString).pathExtension.lowercased() == "zip"
    }
}

extension FileManager {
    /// Whether `path` is a folder (following symbolic links); false when nothing is there.
    func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
