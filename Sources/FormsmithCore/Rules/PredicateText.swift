/// How messages quote a predicate (or any expression) written in a rule file: between
/// backticks, as Markdown quotes code, so the predicate's own quotes read unambiguously
/// (``hidden because `$type == 2 AND $destInn BEGINSWITH '77'` is false``). One that holds a
/// backtick itself is set between double backticks with spaces, as Markdown does.
public enum PredicateText {
    /// The predicate as messages quote it.
    public static func quoted(_ source: String) -> String {
        source.contains("`") ? "`` \(source) ``" : "`\(source)`"
    }
}
