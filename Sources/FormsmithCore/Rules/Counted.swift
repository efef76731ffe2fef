/// A count with its noun in the right number, for messages: `1 digit`, `2 digits`, `0 entries`.
enum Counted {
    /// `count` and `singular`, or `plural` (the singular with `s` unless given) when count is not 1.
    static func phrase(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
