/// Parses a `[...]` character set of a mask into a normalised PCRE2 class body.
///
/// Inside the brackets: a leading `^` negates the set; `x-y` is a range (a `-` first or last is
/// literal); a backslash escapes punctuation (`\]`, `\\`, `\-`, `\^`) or any non-ASCII character,
/// but not ASCII letters or digits, so regex shorthands like `\d` (Unicode-wide) cannot sneak in.
package enum MaskSetParser {
    /// One member character of the set as written, with its scalar index in the mask.
    private struct Atom {
        let scalar: Unicode.Scalar
        let isEscaped: Bool
        let index: Int
    }

    /// Parses the set whose `[` is at `open`; returns its body and the index just past its `]`.
    package static func parse(
        _ scalars: [Unicode.Scalar], openingAt open: Int
    ) throws(PatternSyntaxError) -> (body: String, nextIndex: Int) {
        var index = open + 1
        let isNegated = index < scalars.count && scalars[index] == "^"
        if isNegated { index += 1 }
        var atoms: [Atom] = []
        while true {
            guard index < scalars.count else {
                throw PatternSyntaxError(
                    maskMessage: #"this "[" starts a character set that is never closed; "#
                        + #"add "]" after its characters, or write \[ for a literal "[""#,
                    scalarIndex: open, in: scalars)
            }
            let scalar = scalars[index]
            if scalar == "]" { break }
            if scalar != "\\" {
                atoms.append(Atom(scalar: scalar, isEscaped: false, index: index))
                index += 1
                continue
            }
            guard index + 1 < scalars.count else {
                throw PatternSyntaxError(
                    maskMessage: #"the mask ends with a backslash inside a character set; "#
                        + #"close the set with "]", and write \\ for a literal backslash"#,
                    scalarIndex: index, in: scalars)
            }
            let escaped = scalars[index + 1]
            if MaskRegexEscaping.isASCIIAlphanumeric(escaped) {
                throw PatternSyntaxError(
                    maskMessage: #"\\#(escaped) is not allowed in a character set; escape only punctuation, "#
                        + "and list letters and digits directly or as a range such as 0-9",
                    scalarIndex: index, in: scalars)
            }
            atoms.append(Atom(scalar: escaped, isEscaped: true, index: index))
            index += 2
        }
        guard !atoms.isEmpty else {
            throw PatternSyntaxError(
                maskMessage: "this character set is empty; put the allowed characters between "
                    + "the brackets, e.g. [A-Z], or write \\[ for a literal \"[\"",
                scalarIndex: open, in: scalars)
        }
        let body = try normalisedBody(atoms, isNegated: isNegated, scalars: scalars)
        return (body, index + 1)
    }

    /// Writes the atoms back as a class body, joining `x-y` ranges and escaping everything else.
    private static func normalisedBody(
        _ atoms: [Atom], isNegated: Bool, scalars: [Unicode.Scalar]
    ) throws(PatternSyntaxError) -> String {
        var body = isNegated ? "^" : ""
        var position = 0
        while position < atoms.count {
            let low = atoms[position]
            let formsRange = position + 2 < atoms.count
                && atoms[position + 1].scalar == "-" && !atoms[position + 1].isEscaped
            guard formsRange else {
                body += MaskRegexEscaping.classMember(low.scalar, atStart: position == 0)
                position += 1
                continue
            }
            let high = atoms[position + 2]
            guard low.scalar.value <= high.scalar.value else {
                throw PatternSyntaxError(
                    maskMessage: "the range \(low.scalar)-\(high.scalar) is out of order; "
                        + "write the lower character first, as in \(high.scalar)-\(low.scalar)",
                    scalarIndex: low.index, in: scalars)
            }
            body += MaskRegexEscaping.classMember(low.scalar, atStart: position == 0) + "-"
                + MaskRegexEscaping.classMember(high.scalar)
            position += 3
        }
        return body
    }
}
