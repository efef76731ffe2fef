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
    static func compose(_ text: String) throws -> Node? {
        try Yams.compose(yaml: text, .basic, .default, .utf8)
    }
}
