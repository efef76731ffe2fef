/// Writes the anchored PCRE2 pattern for a list of mask elements.
package enum MaskRegexWriter {
    /// `\A...\z` around the elements; runs of identical placeholders are folded into one
    /// quantifier (`000` -> `[0-9]{3}`, `99` -> `[0-9]{0,2}`) and literals are escaped.
    package static func pattern(for elements: [MaskElement]) -> String {
        var pattern = #"\A"#
        var position = 0
        while position < elements.count {
            let element = elements[position]
            if case .literal = element {
                pattern += element.regexAtom
                position += 1
                continue
            }
            var runLength = 1
            while position + runLength < elements.count && elements[position + runLength] == element {
                runLength += 1
            }
            pattern += element.regexAtom + quantifier(count: runLength, optional: element.isOptional)
            position += runLength
        }
        return pattern + #"\z"#
    }

    private static func quantifier(count: Int, optional: Bool) -> String {
        switch (count, optional) {
        case (1, false): ""
        case (1, true): "?"
        case (_, false): "{\(count)}"
        case (_, true): "{0,\(count)}"
        }
    }
}
