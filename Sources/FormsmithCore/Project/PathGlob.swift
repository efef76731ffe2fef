/// A path pattern of a project file (`submissions/osago/**/*.jsonl`): `*` matches any
/// characters within one path component, `?` one character, `**` any number of whole
/// components (none included), and `[abc]` one of the listed characters. A pattern matches
/// the whole path, relative to the project file's folder.
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let components: [Substring]

    /// Creates a pattern; a leading `./` is ignored.
    public init(_ pattern: String) {
        self.pattern = pattern
        components = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    }

    public var description: String { pattern }

    /// The folder every match lies in: the components before the first one with a wildcard.
    public var literalPrefix: String {
        var parts: [Substring] = []
        for component in components.dropLast() {
            if component.contains(where: { "*?[".contains($0) }) { break }
            parts.append(component)
        }
        return parts.joined(separator: "/")
    }

    /// How many components a match has, or nil when `**` makes it any number.
    public var depth: Int? {
        components.contains("**") ? nil : components.count
    }

    /// Whether `path` (relative, `/`-separated) matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return Self.match(components[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let part = path.first, component(Array(head.unicodeScalars)[...], Array(part.unicodeScalars)[...])
        else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// Matches one component: `*`, `?` and `[...]`.
    private static func component(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            var tail = text
            while true {
                if component(pattern.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case "?":
            return !text.isEmpty && component(pattern.dropFirst(), text.dropFirst())
        case "[":
            guard let close = pattern.dropFirst().firstIndex(of: "]"), let character = text.first else {
                return text.first == "[" && component(pattern.dropFirst(), text.dropFirst())
            }
            let set = pattern[(pattern.startIndex + 1)..<close]
            guard set.contains(character) else { return false }
            return component(pattern[(close + 1)...], text.dropFirst())
        default:
            return text.first == first && component(pattern.dropFirst(), text.dropFirst())
        }
    }
}
