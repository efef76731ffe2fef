import Foundation
import FormsmithCore

/// `valuesFrom:` as docs/rules.md says it: a word list file, relative to the file that names
/// it, one value per line with surrounding spaces trimmed, blank lines and `#` comments
/// skipped. Read here from the file itself, not from the engine's compiled values.
enum ReferenceWordLists {
    /// The allowed values: `values`, or the words of the `valuesFrom` list (as strings), each
    /// file read once per validator.
    static func values(_ constraints: Constraints, _ validator: ReferenceValidator) -> [Located<EnumValue>]? {
        if let values = constraints.values { return values }
        guard let list = constraints.valuesFrom else { return nil }
        let key = list.location.file + "\u{0}" + list.value
        if let known = validator.wordLists[key] { return known }
        let values = words(list.value, writtenIn: list.location.file).map { Located(EnumValue.string($0), at: list.location) }
        validator.wordLists[key] = values
        return values
    }

    static func words(_ path: String, writtenIn file: String) -> [String] {
        let folder = (file as NSString).deletingLastPathComponent
        let full = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: full) else { return [] }
        return String(decoding: data, as: UTF8.self).components(separatedBy: "\n").compactMap { line in
            let word = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            return word.isEmpty || word.hasPrefix("#") ? nil : word
        }
    }
}
