/// The column names of a CSV file, decoded from its first row.
///
/// Names are kept exactly as written (no trimming, doubled quotes collapsed), except that
/// a leading UTF-8 byte order mark is removed from the first name. Invalid UTF-8 is
/// replaced with U+FFFD.
package struct CSVHeader: Sendable, Equatable {
    /// A name that occurs in more than one column.
    package struct DuplicateName: Sendable, Equatable {
        /// The repeated name.
        package var name: String
        /// The 1-based columns holding it, in ascending order (at least two).
        package var columns: [Int]

        /// A duplicate `name` found in `columns`.
        package init(name: String, columns: [Int]) {
            self.name = name
            self.columns = columns
        }
    }

    /// The column names, in column order.
    package let names: [String]
    /// The names that occur more than once, ordered by their first column.
    package let duplicates: [DuplicateName]

    /// Decodes the names of `row`, read from `buffer`. Check `row.error` first: a broken
    /// row holds only the fields before the error.
    package init(row: CSVRow, in buffer: UnsafeBufferPointer<UInt8>) {
        var scratch: [UInt8] = []
        var names: [String] = []
        names.reserveCapacity(row.fields.count)
        for (index, field) in row.fields.enumerated() {
            field.unescape(from: buffer, into: &scratch)
            if index == 0 && scratch.starts(with: CSVByte.byteOrderMark) {
                scratch.removeFirst(CSVByte.byteOrderMark.count)
            }
            names.append(String(decoding: scratch, as: UTF8.self))
        }
        self.init(names: names)
    }

    /// A header with the given names, in column order.
    package init(names: [String]) {
        self.names = names
        var columnsByName: [String: [Int]] = [:]
        for (index, name) in names.enumerated() {
            columnsByName[name, default: []].append(index + 1)
        }
        duplicates = columnsByName
            .filter { $0.value.count > 1 }
            .map { DuplicateName(name: $0.key, columns: $0.value) }
            .sorted { $0.columns[0] < $1.columns[0] }
    }

    /// The 1-based column of the first occurrence of `name`, or nil when there is none.
    package func column(named name: String) -> Int? {
        names.firstIndex(of: name).map { $0 + 1 }
    }

    /// Throws when a name occurs in more than one column.
    package func requireUniqueNames() throws(CSVHeaderError) {
        if !duplicates.isEmpty {
            throw .duplicateNames(duplicates)
        }
    }
}

/// A header row that cannot be used.
package enum CSVHeaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Some names occur in more than one column.
    case duplicateNames([CSVHeader.DuplicateName])

    /// What is wrong and how to fix it.
    package var description: String {
        switch self {
        case .duplicateNames(let duplicates):
            let list = duplicates.map { duplicate in
                let columns = duplicate.columns.map(String.init).joined(separator: ", ")
                return "\"\(duplicate.name)\" in columns \(columns)"
            }
            return "the header row repeats column names (\(list.joined(separator: "; "))); "
                + "each column name must be unique: rename or remove the repeated columns"
        }
    }
}
