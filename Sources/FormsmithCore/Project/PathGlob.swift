/// A path pattern of a project file (`submissions/osago/**/*.jsonl`): `*` matches any
/// characters within one path component, `?` one character, `**` any number of whole
/// components (none included), and `[abc]` one of the listed characters. A pattern matches
/// the whole path, relative to the project file's folder.
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let components: [Substring]
    /// Each component read into tokens once.
    private let componentTokens: [[Token]]

    /// Creates a pattern; a leading `./` is ignored.
    public init(_ pattern: String) {
        self.pattern = pattern
        components = pattern.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        componentTokens = components.map(Self.tokens)
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

    /// Whether `path` (relative, `/`-separated) matches. Matching takes time proportional to
    /// the pattern's length times the path's (no backtracking over earlier wildcards), so a
    /// pattern such as `*-*-*-*-*.csv` against a long name stays fast.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return Self.wildcardMatch(Array(components.indices), parts, isStar: { components[$0] == "**" }) { index, part in
            Self.component(componentTokens[index], Array(part.unicodeScalars))
        }
    }

    /// One element of a component pattern.
    private enum Token: Hashable {
        case star, any, literal(Unicode.Scalar), set([Unicode.Scalar])

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .star, .any: return true
            case .literal(let expected): return scalar == expected
            case .set(let members): return members.contains(scalar)
            }
        }
    }

    /// Reads a component pattern: `*`, `?`, `[...]` (an unclosed `[` is itself), other characters.
    private static func tokens(_ pattern: Substring) -> [Token] {
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "*": tokens.append(.star)
            case "?": tokens.append(.any)
            case "[":
                if let close = scalars[(index + 1)...].firstIndex(of: "]") {
                    tokens.append(.set(Array(scalars[(index + 1)..<close])))
                    index = close
                } else {
                    tokens.append(.literal("["))
                }
            case let scalar: tokens.append(.literal(scalar))
            }
            index += 1
        }
        return tokens
    }

    /// Matches one component.
    private static func component(_ pattern: [Token], _ text: [Unicode.Scalar]) -> Bool {
        wildcardMatch(pattern, text, isStar: { $0 == .star }) { $0.matches($1) }
    }

    /// Whole-sequence matching where a star element takes any run of items and every other
    /// element exactly one. Only the latest star is ever resumed: whatever an earlier star
    /// would have taken, the latest one can take as well, so the earlier choice never needs
    /// revisiting. At most pattern.count × text.count steps.
    private static func wildcardMatch<P, T>(
        _ pattern: [P], _ text: [T], isStar: (P) -> Bool, matchesOne: (P, T) -> Bool
    ) -> Bool {
        var p = 0, t = 0
        var resume: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, isStar(pattern[p]) {
                resume = (p + 1, t)
                p += 1
            } else if p < pattern.count, matchesOne(pattern[p], text[t]) {
                p += 1
                t += 1
            } else if let star = resume {
                p = star.pattern
                t = star.text + 1
                resume = (star.pattern, star.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, isStar(pattern[p]) { p += 1 }
        return p == pattern.count
    }
}
