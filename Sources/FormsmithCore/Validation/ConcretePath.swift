/// A field path as reports show it, built only when a violation is reported: the rule path
/// (`drivers[].birthDate`) and the list item index (-1 outside lists) give `drivers[2].birthDate`;
/// inside a list in list items, the enclosing items' indices fill the earlier `[]`
/// (`drivers[].documents[].number`, enclosing `[1]`, item 0: `drivers[1].documents[0].number`).
struct ConcretePath: CustomStringConvertible {
    /// The path with `[]` where the item indices go (or a prefix such as `drivers[].`).
    let template: String
    /// The innermost list item index, or -1.
    let item: Int
    /// The indices of the enclosing lists' items, outermost first (empty for a top-level list).
    var enclosing: [Int] = []

    var description: String {
        guard item >= 0 else { return template }
        if enclosing.isEmpty {
            guard let marker = template.range(of: "[]") else { return template }
            return template.replacingCharacters(in: marker, with: "[\(item)]")
        }
        var result = template
        for index in enclosing + [item] {
            guard let marker = result.range(of: "[]") else { break }
            result.replaceSubrange(marker, with: "[\(index)]")
        }
        return result
    }

    /// The path of a member of the object this prefix path designates.
    func member(_ name: String) -> String { description + name }
}
