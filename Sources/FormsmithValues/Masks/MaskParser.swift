/// Turns mask text into `MaskElement`s (see `InputMask` for the syntax).
package struct MaskParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var elements: [MaskElement] = []

    /// Parses `mask`, reporting the first syntax error with its character offset.
    package static func parse(_ mask: String) throws(PatternSyntaxError) -> [MaskElement] {
        var parser = MaskParser(scalars: Array(mask.unicodeScalars))
        return try parser.run()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func run() throws(PatternSyntaxError) -> [MaskElement] {
        guard !scalars.isEmpty else {
            throw PatternSyntaxError(
                .inputMask,
                message: "the mask is empty; write placeholders (0, 9, A, S, [...]) "
                    + "and literal characters, e.g. +7 (000) 000-00-00",
                offset: 0)
        }
        while index < scalars.count {
            switch scalars[index] {
            case "0": appendPlaceholder(.digit(optional: false), nextIndex: index + 1)
            case "9": appendPlaceholder(.digit(optional: true), nextIndex: index + 1)
            case "S": appendPlaceholder(.letter(optional: false), nextIndex: index + 1)
            case "A": appendPlaceholder(.alphanumeric(optional: false), nextIndex: index + 1)
            case "[":
                let set = try MaskSetParser.parse(scalars, openingAt: index)
                appendPlaceholder(.set(set.body, optional: false), nextIndex: set.nextIndex)
            case "\\":
                guard index + 1 < scalars.count else {
                    throw PatternSyntaxError(
                        maskMessage: #"the mask ends with a backslash, which must escape a character; "#
                            + #"write \\ for a literal backslash"#,
                        scalarIndex: index, in: scalars)
                }
                elements.append(.literal(scalars[index + 1]))
                index += 2
            default:
                elements.append(.literal(scalars[index]))
                index += 1
            }
        }
        return elements
    }

    /// Appends a placeholder whose text ends before `nextIndex`; a `?` right after it makes it optional.
    private mutating func appendPlaceholder(_ element: MaskElement, nextIndex: Int) {
        index = nextIndex
        if index < scalars.count && scalars[index] == "?" {
            elements.append(element.makingOptional())
            index += 1
        } else {
            elements.append(element)
        }
    }
}

extension PatternSyntaxError {
    /// An input-mask error located at a Unicode scalar index of the mask, reported as the
    /// character offset a mask's error carries.
    package init(maskMessage message: String, scalarIndex: Int, in scalars: [Unicode.Scalar]) {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars.prefix(scalarIndex))
        self.init(.inputMask, message: message, offset: String(prefix).count)
    }
}
