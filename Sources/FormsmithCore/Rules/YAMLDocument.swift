import Yams

/// Parses the YAML of rule, library and project files into Yams' node tree.
enum YAMLDocument {
    /// The root node of `text`, or nil when it holds no document.
    ///
    /// No scalar's type is resolved: the readers take every value as the text written (with its
    /// style, for `values:`) and decide what it means from its key, so Yams' default resolver,
    /// which matches each scalar against the YAML 1.1 bool, int, float, null and timestamp
    /// regular expressions, would only cost time (most of a small file's reading time). One
    /// visible effect: a key written once plain and once quoted (`true:` and `"true":`) is a
    /// duplicate, as the readers, which compare keys as text, see it anyway. The encoding is
    /// given (Swift strings are UTF-8) because Yams' default one reads the whole process
    /// environment on every call, to look for an override.
    ///
    /// An alias stands for the whole node its anchor names, so a few lines of anchors and
    /// aliases can stand for billions of nodes (the "billion laughs"). The document may hold
    /// at most ``maxExpandedNodes`` nodes with every alias counted in full; beyond that it is
    /// refused with `file` and the line of the node being counted (a ``RulesError``), before
    /// any reader walks it. Counting stops at the limit, so refusing costs no more than that.
    ///
    /// Yams hashes every mapping key, aliases expanded, while it composes, before that count
    /// can run, so an alias in a key (`? *name`, `*name: value`, `[*name]: value`) is refused
    /// first, by ``YAMLAliasKeyScanner``.
    static func compose(_ text: String, file: String) throws -> Node? {
        if let alias = YAMLAliasKeyScanner.firstAliasInKey(text) {
            throw RulesError(problems: [RuleProblem(
                "the alias \(alias.alias) is used as a mapping key (or inside one), which YAML would expand "
                + "in full before it could be counted; write the key out as plain text, and keep aliases "
                + "for values",
                at: SourceLocation(file: file, line: alias.line, column: alias.column))])
        }
        guard let root = try Yams.compose(yaml: text, .basic, .default, .utf8) else { return nil }
        var budget = Budget(nodes: maxExpandedNodes, bytes: maxExpandedBytes)
        if let crossing = exceedsBudget(root, &budget) {
            let what = budget.nodes < 0 ? "\(maxExpandedNodes) nodes" : "\(maxExpandedBytes >> 20) MiB of scalar text"
            throw RulesError(problems: [RuleProblem(
                "the YAML expands to more than \(what) through its aliases (*name) (this "
                + "counting reached the limit here); write the repeated parts out, or share them with "
                + "definitions and 'use:' instead of anchors",
                at: SourceLocation(file: file, line: crossing.mark?.line ?? 1, column: crossing.mark?.column ?? 1))])
        }
        return root
    }

    /// The most nodes a YAML document may stand for, aliases expanded: far more than any
    /// rule file writes out (a long `values:` list included), far less than a memory's worth.
    static let maxExpandedNodes = 1_000_000

    /// The most scalar text (bytes) a YAML document may stand for, aliases expanded: one large
    /// scalar aliased many times is few nodes but gigabytes once the readers copy it (a 1 MB
    /// scalar aliased 500 times took 2 GB).
    static let maxExpandedBytes = 64 << 20

    /// What is left to count: nodes and scalar bytes.
    private struct Budget {
        var nodes: Int
        var bytes: Int
    }

    /// Takes one node per node and its length per scalar from `budget`, aliases counted in
    /// full; the node at which the budget ran out, or nil. Stops as soon as it runs out.
    private static func exceedsBudget(_ node: Node, _ budget: inout Budget) -> Node? {
        budget.nodes -= 1
        if budget.nodes < 0 { return node }
        switch node {
        case .scalar(let scalar):
            budget.bytes -= scalar.string.utf8.count
            return budget.bytes < 0 ? node : nil
        case .alias: return nil
        case .sequence(let sequence):
            for item in sequence { if let crossing = exceedsBudget(item, &budget) { return crossing } }
        case .mapping(let mapping):
            for (key, value) in mapping {
                if let crossing = exceedsBudget(key, &budget) ?? exceedsBudget(value, &budget) { return crossing }
            }
        }
        return nil
    }
}
