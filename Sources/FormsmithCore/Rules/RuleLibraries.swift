import Foundation
import Yams

/// A definition a rule file can `use:`: one of its own, or one from an included library.
struct AvailableDefinition {
    /// The definition's keys.
    let mapping: YAMLMapping
    /// The name, where it is written.
    let name: Located<String>
    /// The library file it comes from, or nil for the rule file's own definitions.
    let library: String?
}

/// Reads the definition libraries a rule file includes (`include:` or `import:`), and the
/// libraries they include in turn.
///
/// A library is a YAML file of `definitions` (and `include`s of its own). Paths are relative
/// to the file that writes them. A library reached twice (a diamond) is read once; a library
/// that includes itself through others is an error naming the cycle. Problems inside a library
/// are reported at the library's own `file:line:column`, followed by the chain of includes that
/// reached it.
struct LibraryReader {
    /// The largest library read (a library is a page of definitions, never megabytes).
    static let maxLibraryBytes = 16 << 20
    /// Keys a library may have at its top level.
    static let topLevelKeys = ["$schema", "formsmith", "id", "title", "description", "include", "import", "definitions",
                               "seeds"]
    /// Keys that make a file a Formsmith file: a library's, or a rule file's included by mistake.
    static let formsmithKeys = Set(topLevelKeys + ["fields", "sections", "assert", "normalize", "version"])
    /// The same, lowered once for did-you-mean suggestions.
    static let knownTopLevelKeys = SuggestionWords(topLevelKeys)

    let problems: ProblemCollector
    /// The folders includes and word lists may reach.
    let roots: ReadableRoots
    /// Every library read, in the order first reached (paths as resolved from the rule file).
    private(set) var libraries: [String] = []
    /// The definitions of every library read, in order.
    private(set) var definitions: [AvailableDefinition] = []
    /// The named seed lists (`seeds: {name: path}`) of every library read, in order: the name
    /// where written, the path (relative to the library) where written.
    private(set) var seedLists: [(name: Located<String>, path: Located<String>)] = []
    private var read: Set<String> = []

    init(problems: ProblemCollector, roots: ReadableRoots) {
        self.problems = problems
        self.roots = roots
    }

    /// Reads the libraries `includes` names (written in `file`) and everything they include.
    mutating func include(_ includes: [Located<String>], from file: String) {
        for entry in includes {
            include(entry, from: file, stack: [Self.identity(of: file)], chain: [])
        }
    }

    private mutating func include(_ entry: Located<String>, from file: String, stack: [String],
                                  chain: [SourceLocation]) {
        let path = Self.resolve(entry.value, from: file)
        let key = Self.identity(of: path)
        let suffix = Self.chainText(chain)
        if let problem = roots.problem(entry, what: "library") {
            problems.report(problem.message + suffix, at: problem.location)
            return
        }
        if let start = stack.firstIndex(of: key) {
            let cycle = (stack[start...] + [key]).map { Self.display($0) }.joined(separator: " -> ")
            problems.report("libraries include each other in a cycle (\(cycle)); remove one of these "
                            + "includes" + suffix, at: entry.location)
            return
        }
        guard read.insert(key).inserted else { return }  // a diamond: already read
        let chain = [entry.location] + chain
        guard let root = readRoot(path, at: entry.location, chain: chain) else { return }
        libraries.append(path)
        let local = ProblemCollector()
        guard var top = YAMLMapping(root, file: path, what: "a definition library", problems: local) else {
            forward(local, chain: chain)
            return
        }
        guard root.mapping?.contains(where: { Self.formsmithKeys.contains($0.key.string ?? "") }) == true else {
            // Not a Formsmith file at all: its keys and values are not quoted, since they
            // could be anything (`include: /etc/passwd`).
            problems.report("'\(entry.value)' is not a definition library: it has none of the keys of a Formsmith "
                            + "file (its content is not shown); include a YAML file of definitions" + suffix,
                            at: entry.location)
            return
        }
        if let language = top.string("formsmith"), language.value != "1" {
            local.report("this Formsmith reads rules language version 1, the file says '\(language.value)'",
                         at: language.location)
        }
        _ = top.string("$schema")  // for editors: the JSON Schema the file follows
        _ = top.string("id")
        _ = top.string("title")
        _ = top.string("description")
        let nested = top.strings("include") + top.strings("import")
        if let node = top.node("definitions"),
            let mapping = YAMLMapping(node, file: path, what: "'definitions'", problems: local)
        {
            for pair in mapping.pairs {
                guard let definition = YAMLMapping(pair.value, file: path, what: "definition '\(pair.key)'",
                                                   problems: local) else { continue }
                definitions.append(AvailableDefinition(
                    mapping: definition, name: Located(pair.key, at: mapping.location(of: pair.keyNode)),
                    library: path))
            }
        } else {
            local.report("a definition library needs 'definitions' (the field templates it shares)",
                         at: top.location)
        }
        seedLists += Self.readSeedLists(&top, file: path, problems: local)
        for key in ["fields", "sections", "assert"] where top.node(key) != nil {
            local.report("'\(key)' belongs in a rule file, not in a definition library; a library holds only "
                         + "'definitions' (and 'include's)", at: top.location)
        }
        top.reportUnknownKeys(known: Self.knownTopLevelKeys, context: "the definition library")
        forward(local, chain: chain)
        for inner in nested {
            include(inner, from: path, stack: stack + [key], chain: chain)
        }
    }

    private func readRoot(_ path: String, at location: SourceLocation, chain: [SourceLocation]) -> Node? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            problems.report("cannot find the library '\(path)'; include paths are relative to the file that "
                            + "writes them" + Self.chainText(Array(chain.dropFirst())), at: location)
            return nil
        }
        // Only a regular file of sensible size: never a device or a pipe that would not end.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard isFolder.boolValue || attributes?[.type] as? FileAttributeType == .typeRegular,
            (attributes?[.size] as? NSNumber)?.intValue ?? 0 <= Self.maxLibraryBytes
        else {
            problems.report("the library '\(path)' is not a regular file of at most "
                            + "\(Self.maxLibraryBytes >> 20) MiB; include a YAML file of definitions"
                            + Self.chainText(Array(chain.dropFirst())), at: location)
            return nil
        }
        guard !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else {
            problems.report("cannot read the library '\(path)' (a UTF-8 YAML file of definitions)"
                            + Self.chainText(Array(chain.dropFirst())), at: location)
            return nil
        }
        do {
            guard let node = try YAMLDocument.compose(text, file: path) else {
                problems.report("the library is empty; give it 'definitions'" + Self.chainText(chain),
                                at: SourceLocation(file: path, line: 1, column: 1))
                return nil
            }
            return node
        } catch let error as RulesError {
            for problem in error.problems { problems.report(problem.message + Self.chainText(chain), at: problem.location) }
        } catch let error as YamlError {
            let problem = RulesLoader.yamlProblem(error, file: path)
            problems.report(problem.message + Self.chainText(chain), at: problem.location)
        } catch {
            problems.report("cannot parse the library: \(error)" + Self.chainText(chain),
                            at: SourceLocation(file: path, line: 1, column: 1))
        }
        return nil
    }

    /// `seeds: {name: path, ...}` of a rule file or library: word lists that `seed:` and
    /// `valuesFrom:` may name instead of giving a path.
    static func readSeedLists(_ top: inout YAMLMapping, file: String, problems: ProblemCollector)
        -> [(name: Located<String>, path: Located<String>)]
    {
        guard let node = top.node("seeds"),
            let mapping = YAMLMapping(node, file: file, what: "'seeds'", problems: problems) else { return [] }
        return mapping.pairs.compactMap { pair in
            let place = mapping.location(of: pair.keyNode)
            guard pair.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }), !pair.key.isEmpty else {
                problems.report("'\(pair.key)' is not a valid seed list name: use letters, digits, '_' and '-' (a "
                                + "name never contains '.' or '/', so it cannot be taken for a path)", at: place)
                return nil
            }
            guard let path = pair.value.scalar?.string else {
                problems.report("seed list '\(pair.key)' must be a path to a word list", at: mapping.location(of: pair.value))
                return nil
            }
            return (Located(pair.key, at: place), Located(path, at: mapping.location(of: pair.value)))
        }
    }

    /// Copies a library's own problems, each followed by the chain of includes that reached it.
    private func forward(_ local: ProblemCollector, chain: [SourceLocation]) {
        for problem in local.problems {
            problems.report(problem.message + Self.chainText(chain), at: problem.location)
        }
    }

    /// ` (included from a.yaml:3:3, from rules.yaml:4:3)`, innermost first.
    static func chainText(_ chain: [SourceLocation]) -> String {
        guard !chain.isEmpty else { return "" }
        return " (included from " + chain.map(\.description).joined(separator: ", from ") + ")"
    }

    /// `path` as written in `file`, resolved from `file`'s folder and tidied (`a/b/../c` is `a/c`).
    static func resolve(_ path: String, from file: String) -> String {
        if path.hasPrefix("/") { return tidy(path) }
        let folder = (file as NSString).deletingLastPathComponent
        return tidy(folder.isEmpty ? path : folder + "/" + path)
    }

    /// Removes `.` and resolvable `..` components, lexically.
    static func tidy(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// One name per file however it is reached (symbolic links resolved).
    private static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// How a file appears in a cycle message: relative to the working directory when inside it.
    private static func display(_ identity: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return identity.hasPrefix(current) ? String(identity.dropFirst(current.count)) : identity
    }
}
