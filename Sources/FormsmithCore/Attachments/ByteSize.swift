import Foundation

/// A file size written in a rule file: a whole number of bytes with an optional unit.
///
/// Units: `B`; decimal `KB`, `MB`, `GB` (1000, 1000², 1000³ bytes, as file managers and
/// upload limits state them); binary `KiB`, `MiB`, `GiB` (1024, 1024², 1024³). Case does not
/// matter and a space may stand between number and unit (`10MB`, `512 KiB`, `1.5 MB`); a
/// fraction is allowed when the result is a whole number of bytes.
enum ByteSize {
    static let units: [(name: String, factor: Int64)] = [
        ("b", 1), ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000),
        ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824),
    ]

    /// The number of bytes `text` names, or the reason it names none.
    static func parse(_ text: String) -> Result<Int64, ByteSizeError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unitText = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits.last != "." else {
            return .failure(ByteSizeError(reason: "a size is a number of bytes with an optional unit, such as 10MB, "
                                          + "512KiB or 2000000"))
        }
        let factor: Int64
        if unitText.isEmpty {
            factor = 1
        } else if let unit = units.first(where: { $0.name == unitText }) {
            factor = unit.factor
        } else {
            return .failure(ByteSizeError(reason: "unknown size unit '\(unitText)'; use B, KB, MB, GB (powers of 1000) "
                                          + "or KiB, MiB, GiB (powers of 1024)"))
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int64(parts[0].isEmpty ? "0" : String(parts[0])) else {
            return .failure(ByteSizeError(reason: "the size is too large"))
        }
        var bytes = whole.multipliedReportingOverflow(by: factor)
        guard !bytes.overflow else { return .failure(ByteSizeError(reason: "the size is too large")) }
        if parts.count == 2 {
            var scale: Int64 = 1
            for _ in parts[1] { scale *= 10 }
            guard let fraction = Int64(parts[1]), scale <= 1_000_000_000, (fraction * factor) % scale == 0 else {
                return .failure(ByteSizeError(reason: "the size is not a whole number of bytes"))
            }
            bytes = bytes.partialValue.addingReportingOverflow(fraction * factor / scale)
            guard !bytes.overflow else { return .failure(ByteSizeError(reason: "the size is too large")) }
        }
        return .success(bytes.partialValue)
    }

    /// A size as people read it, with the exact count when rounded: `10 MB`, `1.5 MB (1500123 bytes)`,
    /// `20 bytes`.
    static func exact(_ bytes: Int64) -> String {
        let shown = describe(bytes)
        return shown.hasSuffix("byte") || shown.hasSuffix("bytes") ? shown : "\(shown) (\(bytes) bytes)"
    }

    /// A size as people read it: `10 MB`, `1.5 MB`, `820 KB`, `512 bytes` (decimal units,
    /// at most one digit after the point, exact sizes shown without one).
    static func describe(_ bytes: Int64) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        for (name, factor) in [("GB", Int64(1_000_000_000)), ("MB", 1_000_000), ("KB", 1000)] where bytes >= factor {
            if bytes % factor == 0 { return "\(bytes / factor) \(name)" }
            let tenths = (bytes * 10 + factor / 2) / factor
            return "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return "\(bytes) bytes"
    }
}

/// Why a written size is not one.
struct ByteSizeError: Error {
    let reason: String
}
