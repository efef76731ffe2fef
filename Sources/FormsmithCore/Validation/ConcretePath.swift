/// A field path as reports show it, built only when a violation is reported: the rule path
/// (`drivers[].birthDate`) and the list item index (-1 outside lists) give `drivers[2].birthDate`.
struct ConcretePath: CustomStringConvertible {
    /// The path with `[]` where the item index goes (or a prefix such as `drivers[].`).
    let template: String
    /// The list item index, or -1.
    let item: Int

    var description: String {
        guard item >= 0, let marker = template.range(of: "[]") else { return template }
        return template.replacingCharacters(in: marker, with: "[\(item)]")
    }

    /// The path of a member of the object this prefix path designates.
    func member(_ name: String) -> String { description + name }
}
