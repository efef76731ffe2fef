/// Lists a folder's files recursively with the names' bytes as the file system holds them,
/// so that a name that is not UTF-8 (`caf\xE9.jsonl`) can still be opened, and a subfolder
/// that cannot be listed (mode 000, or 711 for another user) is reported instead of hiding
/// everything else.
///
/// Symbolic links to folders are not followed (a link loop cannot trap the walk); whatever is
/// not a folder counts as a file, a dangling link included, so it is listed and then reported
/// unreadable when opened. An entry that cannot be examined (a path past `PATH_MAX`, a folder
/// without search permission) is listed in ``unexamined``, never skipped.
struct FolderWalk {
    /// A file found: its path below the walked folder, as bytes and as text for people.
    struct File {
        let bytes: [UInt8]
        let text: String
    }

    /// A folder (the walked one, or one below it) whose entries could not be read.
    struct Unlisted {
        let bytes: [UInt8]
        let text: String
        /// The system's reason, such as "Permission denied".
        let reason: String
    }

    private(set) var files: [File] = []
    private(set) var unlisted: [Unlisted] = []
    /// Entries that could not be examined (`lstat` failed), whatever their names: each may be
    /// a file or a folder of inputs, so each is reported instead of skipped.
    private(set) var unexamined: [Unlisted] = []

    /// Walks `root` (a folder, opened by `bytes` when its name is not UTF-8); `keep` chooses
    /// the files by their name's text.
    init(root: String, bytes: [UInt8]? = nil, keep: (String) -> Bool) {
        var rootBytes = bytes ?? Array(root.utf8)
        while rootBytes.count > 1, rootBytes.last == 0x2F { rootBytes.removeLast() }
        var pending: [[UInt8]] = [[]]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? rootBytes : rootBytes + [0x2F] + relative
            switch Platform.listDirectory(folder) {
            case .failure(let failure):
                let text = relative.isEmpty ? root : Self.text(of: folder)
                unlisted.append(Unlisted(bytes: folder, text: text, reason: Platform.message(for: failure.code)))
            case .success(let entries):
                for entry in entries {
                    let child = relative.isEmpty ? entry.name : relative + [0x2F] + entry.name
                    if let failure = entry.failure {
                        // Never skipped: it may be a folder of inputs, or an input.
                        unexamined.append(Unlisted(bytes: rootBytes + [0x2F] + child, text: Self.text(of: rootBytes + [0x2F] + child),
                                                   reason: Platform.message(for: failure)))
                    } else if entry.isFolder {
                        pending.append(child)
                    } else if !entry.leadsToFolder, keep(Self.text(of: entry.name)) {
                        files.append(File(bytes: child, text: Self.text(of: child)))
                    }
                }
            }
        }
    }

    /// A name for people: the bytes as UTF-8, with each byte that is not part of valid UTF-8
    /// written `\xE9`, so a name in another encoding (Latin-1 `café`) stays readable and
    /// distinct in reports.
    static func text(of bytes: [UInt8]) -> String {
        if let valid = validUTF8(bytes[...]) { return valid }
        var text = ""
        var position = 0
        while position < bytes.count {
            let length = validSequenceLength(bytes, at: position)
            if length > 0 {
                text += String(decoding: bytes[position..<position + length], as: UTF8.self)
                position += length
            } else {
                let hex = String(bytes[position], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                position += 1
            }
        }
        return text
    }

    /// The bytes as text when they are valid UTF-8 (decoding replaces nothing).
    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    /// The length of the valid UTF-8 sequence at `position`, or 0 when its byte starts none.
    private static func validSequenceLength(_ bytes: [UInt8], at position: Int) -> Int {
        let first = bytes[position]
        let length: Int
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard position + length <= bytes.count,
              validUTF8(bytes[position..<position + length]) != nil else { return 0 }
        return length
    }
}
