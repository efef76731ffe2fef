/// What an XLSForm value is, as far as an expression is concerned.
enum XLSFormValueKind: Sendable, Equatable {
    case number, text, date, boolean
    /// A `select_one` answer: one choice name, compared as text.
    case choice
    /// A `select_multiple` answer: a set of choice names.
    case choices
    /// A repeat: its items.
    case list
    /// A value whose kind the import does not know (a metadata string, a note).
    case other
}

/// A translated expression and the kind of value it gives.
struct TranslatedTerm: Sendable {
    var text: String
    var kind: XLSFormValueKind
}

/// Turns XLSForm expressions into Formsmith's expression language, with the ODK XForms
/// meaning; whatever has no equivalent is refused with the reason (the import lists it).
struct XLSFormExpressionTranslator {
    /// The form's fields by XLSForm name.
    let fields: [String: XLSFormField]
    /// The field `.` stands for (the row the expression is on), if any.
    let current: XLSFormField?
    /// The repeats enclosing the expression's row, outermost first (their Formsmith paths).
    let enclosingLists: [String]
    /// In a `choice_filter`: the columns of the choice being decided (bare names read them).
    var choiceColumns: [String: String]?
    /// Calculations being inlined (a calculation that reads itself is refused, not looped).
    var inlining: Set<String> = []
    /// Each choice list's choices and their labels in the form's default language, for
    /// `jr:choice-name()` compared with a label.
    var choiceLabels: [String: [(name: String, label: String)]] = [:]
    /// The question whose row holds the expression being translated, when it is not `current`
    /// (a calculation inlined into a question reading it): what `position(..)` is relative to.
    var expressionOwner: XLSFormField?

    /// Translates a predicate (`relevant`, `required`, `constraint`, `choice_filter`).
    func predicate(_ text: String) throws(XPathUntranslated) -> String {
        try predicate(node: try XPathParser.parse(text))
    }

    /// Translates a predicate already read.
    func predicate(node: XPathNode) throws(XPathUntranslated) -> String {
        let term = try translate(node)
        switch term.kind {
        case .boolean: return term.text
        case .choices, .list: throw XPathUntranslated("the expression gives a set of values, not true or false")
        default:
            // XPath's boolean(): a number is true unless 0, a text unless empty.
            if term.kind == .number { return "(\(term.text)) != 0" }
            return "present(\(term.text))"
        }
    }

    /// Translates a value expression (`calculation`), keeping its kind.
    func value(_ text: String) throws(XPathUntranslated) -> TranslatedTerm {
        try translate(try XPathParser.parse(text))
    }

    func translate(_ node: XPathNode) throws(XPathUntranslated) -> TranslatedTerm {
        switch node {
        case let .number(text):
            return TranslatedTerm(text: text.hasPrefix(".") ? "0" + text : text, kind: .number)
        case let .string(text):
            return TranslatedTerm(text: Self.quote(text), kind: .text)
        case let .reference(name):
            return try reference(name)
        case .current:
            guard let current else { throw XPathUntranslated("'.' outside a question") }
            return try term(of: current)
        case .parent:
            throw XPathUntranslated("'..' (the parent group) is not translated")
        case let .sibling(name):
            // `../name` from a question is the question `name` in the same group or repeat item.
            guard let current else { throw XPathUntranslated("'../\(name)' outside a question") }
            guard let field = fields[name], field.steps.dropLast().map(\.name) == current.steps.dropLast().map(\.name)
            else {
                throw XPathUntranslated("'../\(name)' names no question in the group holding this one; write ${name}")
            }
            return try reference(name)
        case let .name(name):
            if let value = choiceColumns?[name] { return TranslatedTerm(text: Self.quote(value), kind: .text) }
            if choiceColumns != nil { return TranslatedTerm(text: "null", kind: .text) }
            throw XPathUntranslated("the XPath name '\(name)' (write ${\(name)} to read a question)")
        case let .negate(inner):
            let term = try translate(inner)
            guard term.kind == .number else { throw XPathUntranslated("'-' before a value that is not a number") }
            return TranslatedTerm(text: "-(\(term.text))", kind: .number)
        case let .binary(op, left, right):
            return try binary(op, left, right)
        case let .call(name, arguments):
            return try call(name, arguments)
        }
    }

    private func reference(_ name: String) throws(XPathUntranslated) -> TranslatedTerm {
        guard let field = fields[name] else { throw XPathUntranslated("${\(name)} names no question of the form") }
        if let calculation = field.calculation {
            guard !inlining.contains(name) else { throw XPathUntranslated("the calculation of ${\(name)} reads itself") }
            var inner = self
            inner.inlining.insert(name)
            inner.expressionOwner = field
            var term: TranslatedTerm
            do {
                term = try inner.translate(try XPathParser.parse(calculation))
            } catch {
                throw XPathUntranslated("${\(name)} is a calculation that is not translated (\(error.reason))")
            }
            term.text = "(\(term.text))"
            return term
        }
        return try term(of: field)
    }

    /// A field as a term: its path, readable only where every repeat holding it encloses the expression.
    private func term(of field: XLSFormField) throws(XPathUntranslated) -> TranslatedTerm {
        guard field.readable else {
            throw XPathUntranslated("${\(field.name)} holds no value Formsmith checks (\(field.typeName))")
        }
        guard field.isExpressible else { throw Self.inexpressible(field) }
        for list in field.lists where !enclosingLists.contains(list) {
            throw XPathUntranslated("${\(field.name)} is inside a repeat that does not hold this question "
                                    + "(only count() of a repeat and sum() of its answers are read from outside it)")
        }
        return TranslatedTerm(text: field.expressionPath, kind: field.kind)
    }

    private func binary(_ op: String, _ left: XPathNode, _ right: XPathNode) throws(XPathUntranslated) -> TranslatedTerm {
        if op == "=" || op == "!=" {
            if let test = try choiceNameTest(left, right, negated: op == "!=") { return test }
            if let test = try choiceNameTest(right, left, negated: op == "!=") { return test }
        }
        if ["=", "!=", "<", "<=", ">", ">="].contains(op), let distributed = Self.distributed(op, left, right) {
            return try translate(distributed)
        }
        switch op {
        case "and", "or":
            let a = try translate(left), b = try translate(right)
            guard a.kind == .boolean, b.kind == .boolean else {
                throw XPathUntranslated("'\(op)' between values that are not true or false")
            }
            return TranslatedTerm(text: "(\(a.text)) \(op == "and" ? "&&" : "||") (\(b.text))", kind: .boolean)
        case "=", "!=":
            // An empty string is XLSForm's "not answered": Formsmith's empty() / present().
            if case .string("") = right { return try emptiness(of: left, negated: op == "!=") }
            if case .string("") = left { return try emptiness(of: right, negated: op == "!=") }
            var (a, b) = (try translate(left), try translate(right))
            try harmonize(&a, &b)
            return TranslatedTerm(text: "\(a.text) \(op == "=" ? "==" : "!=") \(b.text)", kind: .boolean)
        case "<", "<=", ">", ">=":
            var (a, b) = (try translate(left), try translate(right))
            try harmonize(&a, &b)
            guard a.kind == b.kind, a.kind == .number || a.kind == .date else {
                throw XPathUntranslated("'\(op)' between values that are not both numbers or both dates")
            }
            return TranslatedTerm(text: "\(a.text) \(op) \(b.text)", kind: .boolean)
        case "+", "-":
            let a = try translate(left), b = try translate(right)
            if a.kind == .number, b.kind == .number { return TranslatedTerm(text: "(\(a.text) \(op) \(b.text))", kind: .number) }
            // ODK counts a date in days: a date plus or minus a number is the date that many days
            // on, a duration in Formsmith's language (`today + 30d`) when the number is written out.
            if a.kind == .date, b.kind == .number { return try shifted(a, op, by: right) }
            if op == "+", a.kind == .number, b.kind == .date { return try shifted(b, op, by: left) }
            // ODK turns a date into its days since 1970-01-01 for arithmetic, so date - date is
            // the whole number of days between them: Formsmith's date - date (null, as NaN, when
            // either is blank). A dateTime is text to the import, never a date here.
            if a.kind == .date, b.kind == .date, op == "-" {
                return TranslatedTerm(text: "(\(a.text) - \(b.text))", kind: .number)
            }
            throw XPathUntranslated("'\(op)' on values that are not both numbers, nor a date and a number of days")
        case "*", "div", "mod":
            // XPath's number operators: Formsmith's `*`, `/` (exact, rounded to 34 significant
            // digits when the quotient does not end) and `mod` (the sign of the dividend). Dividing
            // by zero is null in Formsmith, Infinity or NaN in XPath: see docs/xlsform-differential.md.
            let a = try translate(left), b = try translate(right)
            guard a.kind == .number, b.kind == .number else {
                throw XPathUntranslated("'\(op)' on values that are not both numbers")
            }
            return TranslatedTerm(text: "(\(a.text) \(op == "div" ? "/" : op) \(b.text))", kind: .number)
        default:
            throw XPathUntranslated("the operator '\(op)' has no equivalent in Formsmith's expression language")
        }
    }

    /// `date ± n` for a whole number of days `n` written out: the date shifted by the duration `nd`.
    private func shifted(_ date: TranslatedTerm, _ op: String, by days: XPathNode) throws(XPathUntranslated) -> TranslatedTerm {
        guard case let .number(text) = days, !text.isEmpty, text.allSatisfy(\.isNumber), let count = Int(text) else {
            throw XPathUntranslated("a date plus or minus a number of days that is not a whole number written out "
                                    + "(Formsmith adds durations such as 30d, not a question's value)")
        }
        return TranslatedTerm(text: "(\(date.text) \(op) \(count)d)", kind: .date)
    }

    /// A comparison with `if(c, a, b)` or `coalesce(a, b)` on one side, distributed over its
    /// branches as ODK evaluates them: `if(c, a, b) < r` is `(c and a < r) or (not(c) and b < r)`,
    /// `coalesce(a, b) < r` is `(a != '' and a < r) or (a = '' and b < r)` (the first value that
    /// is not empty). Nil when neither side is one.
    static func distributed(_ op: String, _ left: XPathNode, _ right: XPathNode) -> XPathNode? {
        func branches(_ node: XPathNode) -> (condition: XPathNode, first: XPathNode, second: XPathNode)? {
            if case let .call("if", arguments) = node, arguments.count == 3 { return (arguments[0], arguments[1], arguments[2]) }
            if case let .call("coalesce", arguments) = node, arguments.count == 2 {
                return (.binary("!=", arguments[0], .string("")), arguments[0], arguments[1])
            }
            return nil
        }
        func join(_ condition: XPathNode, _ first: XPathNode, _ second: XPathNode) -> XPathNode {
            .binary("or", .binary("and", condition, first), .binary("and", .call("not", [condition]), second))
        }
        if let (condition, first, second) = branches(left) {
            return join(condition, .binary(op, first, right), .binary(op, second, right))
        }
        if let (condition, first, second) = branches(right) {
            return join(condition, .binary(op, left, first), .binary(op, left, second))
        }
        return nil
    }

    private func emptiness(of node: XPathNode, negated: Bool) throws(XPathUntranslated) -> TranslatedTerm {
        let term = try translate(node)
        return TranslatedTerm(text: "\(negated ? "present" : "empty")(\(term.text))", kind: .boolean)
    }

    /// Makes two sides comparable as ODK compares them: a choice or text against a number
    /// literal compares the choice name (`${x} = 1` with choices named `1`), a date against a
    /// text literal reads the literal as a date.
    private func harmonize(_ a: inout TranslatedTerm, _ b: inout TranslatedTerm) throws(XPathUntranslated) {
        func fix(_ x: inout TranslatedTerm, against y: TranslatedTerm) throws(XPathUntranslated) {
            if x.kind == .number, y.kind == .choice || y.kind == .text, Self.isNumberLiteral(x.text) {
                x = TranslatedTerm(text: Self.quote(x.text), kind: .text)
            }
            if x.kind == .text, y.kind == .date, let literal = Self.dateLiteral(x.text) {
                x = TranslatedTerm(text: literal, kind: .date)
            }
            if x.kind == .choice { x.kind = .text }
        }
        try fix(&a, against: b)
        try fix(&b, against: a)
        if a.kind == .choices || b.kind == .choices {
            throw XPathUntranslated("comparing a select_multiple answer as a whole (use selected())")
        }
        if a.kind != b.kind, a.kind != .other, b.kind != .other {
            throw XPathUntranslated("comparing \(a.kind) with \(b.kind)")
        }
    }

    private func call(_ name: String, _ arguments: [XPathNode]) throws(XPathUntranslated) -> TranslatedTerm {
        func arity(_ count: Int) throws(XPathUntranslated) {
            guard arguments.count == count else {
                throw XPathUntranslated("\(name)() takes \(count) argument\(count == 1 ? "" : "s"), not \(arguments.count)")
            }
        }
        switch name {
        case "true", "false":
            try arity(0)
            return TranslatedTerm(text: name, kind: .boolean)
        case "not":
            try arity(1)
            let inner = try translate(arguments[0])
            guard inner.kind == .boolean else { throw XPathUntranslated("not() of a value that is not true or false") }
            return TranslatedTerm(text: "!(\(inner.text))", kind: .boolean)
        case "selected":
            try arity(2)
            let set = try translate(arguments[0]), value = try translate(arguments[1])
            guard value.kind == .text || value.kind == .number else {
                throw XPathUntranslated("selected() with a choice that is not a text")
            }
            let choice = value.kind == .number && Self.isNumberLiteral(value.text) ? Self.quote(value.text) : value.text
            switch set.kind {
            case .choices: return TranslatedTerm(text: "\(choice) in \(set.text)", kind: .boolean)
            case .choice, .text: return TranslatedTerm(text: "\(set.text) == \(choice)", kind: .boolean)
            default: throw XPathUntranslated("selected() of a question that is not a select")
            }
        case "count-selected":
            try arity(1)
            let set = try translate(arguments[0])
            switch set.kind {
            case .choices: return TranslatedTerm(text: "count(\(set.text))", kind: .number)
            default: throw XPathUntranslated("count-selected() of a question that is not a select_multiple")
            }
        case "count":
            try arity(1)
            guard case let .reference(listName) = arguments[0], let list = fields[listName], list.kind == .list else {
                throw XPathUntranslated("count() of something that is not a repeat (${name} of a begin repeat)")
            }
            guard list.isExpressible else { throw Self.inexpressible(list) }
            for outer in list.lists where !enclosingLists.contains(outer) {
                throw XPathUntranslated("count() of a repeat inside another repeat that does not hold this question")
            }
            return TranslatedTerm(text: "count(\(list.listPath))", kind: .number)
        case "string-length":
            try arity(1)
            let text = try translate(arguments[0])
            guard text.kind == .text || text.kind == .choice || text.kind == .other else {
                throw XPathUntranslated("string-length() of a value that is not text")
            }
            return TranslatedTerm(text: "count(\(text.text))", kind: .number)
        case "regex":
            try arity(2)
            let text = try translate(arguments[0])
            guard case let .string(pattern) = arguments[1] else {
                throw XPathUntranslated("regex() with a pattern that is not written out as a string")
            }
            guard text.kind != .choices, text.kind != .list else { throw XPathUntranslated("regex() of a set of values") }
            // ODK tests whether the pattern is found anywhere in the value; MATCHES takes the
            // whole value, so the pattern is wrapped to match anywhere.
            return TranslatedTerm(text: "\(text.text) MATCHES \(Self.quote("(?s).*(?:" + pattern + ").*"))", kind: .boolean)
        case "contains", "starts-with", "ends-with":
            try arity(2)
            let text = try translate(arguments[0]), part = try translate(arguments[1])
            guard [.text, .choice, .other].contains(text.kind), part.kind == .text else {
                throw XPathUntranslated("\(name)() of values that are not text")
            }
            let op = ["contains": "CONTAINS", "starts-with": "BEGINSWITH", "ends-with": "ENDSWITH"][name]!
            return TranslatedTerm(text: "\(text.text) \(op) \(part.text)", kind: .boolean)
        case "today":
            try arity(0)
            return TranslatedTerm(text: "today", kind: .date)
        case "date":
            try arity(1)
            if case let .string(text) = arguments[0], let literal = Self.dateLiteral(Self.quote(text)) {
                return TranslatedTerm(text: literal, kind: .date)
            }
            let inner = try translate(arguments[0])
            if inner.kind == .date { return inner }
            throw XPathUntranslated("date() of a value other than a date written out ('2020-01-31') or a date question")
        case "decimal-date-time":
            // The days since 1970-01-01: for a date, ordered and shifted as the date itself is
            // (comparisons, ± days), and two subtracted give the days between them; the day
            // count on its own (compared with a number) is not expressible.
            try arity(1)
            let inner = try translate(arguments[0])
            guard inner.kind == .date else {
                throw XPathUntranslated("decimal-date-time() of a value that is not a date (a dateTime's fraction "
                                        + "of a day is not expressible)")
            }
            return inner
        case "if":
            try arity(3)
            let condition = try translate(arguments[0]), first = try translate(arguments[1]), second = try translate(arguments[2])
            guard condition.kind == .boolean, first.kind == .boolean, second.kind == .boolean else {
                throw XPathUntranslated("if() whose condition or branches are values, not true or false, outside a "
                                        + "comparison (if(c, a, b) < 10 is translated; a value on its own is not)")
            }
            return TranslatedTerm(text: "((\(condition.text)) && (\(first.text))) || (!(\(condition.text)) && (\(second.text)))",
                                  kind: .boolean)
        case "coalesce":
            try arity(2)
            throw XPathUntranslated("coalesce() outside a comparison (coalesce(${a}, 0) < 10 is translated; a value "
                                    + "on its own is not)")
        case "int", "number":
            try arity(1)
            if case let .number(text) = arguments[0] {
                let literal = text.hasPrefix(".") ? "0" + text : text
                return TranslatedTerm(text: name == "int" ? String(literal.prefix { $0 != "." }) : literal, kind: .number)
            }
            if name == "number", case let .string(text) = arguments[0], KoboNumber.isNumber(text) {
                return TranslatedTerm(text: text, kind: .number)
            }
            let inner = try translate(arguments[0])
            guard inner.kind == .number else {
                throw XPathUntranslated("\(name)() of a value that is not a number (reading a number from text is not "
                                        + "expressible)")
            }
            if name == "int", !isWholeNumber(arguments[0]) {
                throw XPathUntranslated("int() of a decimal value (dropping the fraction is not expressible)")
            }
            return inner
        case "sum":
            // XPath's sum() of a repeat's number question read from outside that repeat: every
            // item's answer added (a blank answer makes ODK's sum NaN, Formsmith's null).
            try arity(1)
            guard case let .reference(name) = arguments[0], let field = fields[name], field.calculation == nil,
                  let list = field.lists.last else {
                throw XPathUntranslated("sum() of something other than a number question inside a repeat (${name})")
            }
            guard field.kind == .number else { throw XPathUntranslated("sum() of ${\(name)}, which is not a number") }
            guard field.isExpressible else { throw Self.inexpressible(field) }
            guard !enclosingLists.contains(list) else {
                throw XPathUntranslated("sum() of ${\(name)} inside its own repeat (there ${\(name)} is the current item's "
                                        + "answer alone)")
            }
            for outer in field.lists.dropLast() where !enclosingLists.contains(outer) {
                throw XPathUntranslated("sum() of a question in a repeat inside another repeat that does not hold this "
                                        + "question")
            }
            return TranslatedTerm(text: "sum(\(field.expressionPath))", kind: .number)
        case "concat":
            // XPath's concat(): each argument as its string, joined (Formsmith's concat() writes a
            // number in plain notation and a select_multiple as its choices joined by spaces, as
            // the instance holds them; a decimal typed with trailing zeros, `2.50`, reads as 2.5).
            guard !arguments.isEmpty else { throw XPathUntranslated("concat() without arguments") }
            var parts: [String] = []
            for argument in arguments {
                let part = try translate(argument)
                guard part.kind != .list else { throw XPathUntranslated("concat() of a repeat's items") }
                parts.append(part.text)
            }
            return TranslatedTerm(text: "concat(\(parts.joined(separator: ", ")))", kind: .text)
        case "position":
            // position(..) on a question whose parent is a repeat item: that item's 1-based place
            // among the repeat's items (XPath's position of the node among its siblings of the
            // same name, as JavaRosa evaluates it). Under a group inside the item, `..` is the
            // group (always 1 in ODK); that and other arguments stay listed.
            try arity(1)
            guard case .parent = arguments[0] else {
                throw XPathUntranslated("position() of something other than '..' (the repeat item holding the question)")
            }
            guard let owner = expressionOwner ?? current, owner.steps.count >= 2, owner.steps[owner.steps.count - 2].isList,
                  let list = owner.lists.last else {
                throw XPathUntranslated("position(..) on a question that is not directly inside a repeat")
            }
            guard enclosingLists.contains(list) else {
                throw XPathUntranslated("position(..) of a repeat item read from outside that repeat")
            }
            guard owner.isExpressible else { throw Self.inexpressible(owner) }
            return TranslatedTerm(text: "position(\(list))", kind: .number)
        case "jr:choice-name":
            throw XPathUntranslated("the function jr:choice-name() as a value: Formsmith's expressions read a choice's "
                                    + "name, not its label (compared with a label written out, `jr:choice-name(${q}, "
                                    + "'${q}') = 'Yes'`, it is translated)")
        default:
            throw XPathUntranslated("the function \(name)() has no equivalent in Formsmith's expression language")
        }
    }

    /// `jr:choice-name(value, '${q}') = 'Label'` (or `!=`): the choice's label in the form's
    /// default language compared with text written out, decided statically as "the value is one
    /// of the choices of q's list that carry that label" (none carry it: never). A blank value or
    /// one that is no choice has the label '' in ODK, so neither equals the label, as `in` says.
    /// Nil when `call` is not `jr:choice-name()` compared with a non-empty text literal.
    private func choiceNameTest(_ call: XPathNode, _ other: XPathNode, negated: Bool) throws(XPathUntranslated) -> TranslatedTerm? {
        guard case let .call("jr:choice-name", arguments) = call, case let .string(label) = other, !label.isEmpty else { return nil }
        guard arguments.count == 2, case let .string(reference) = arguments[1], reference.hasPrefix("${"), reference.hasSuffix("}"),
              let question = fields[String(reference.dropFirst(2).dropLast())] else {
            throw XPathUntranslated("jr:choice-name() whose second argument is not a question written as '${name}'")
        }
        let words = XLSFormImporter.words(question.typeName)
        guard words.count >= 2, words[0] == "select_one" || words[0] == "select_multiple", let choices = choiceLabels[words[1]] else {
            throw XPathUntranslated("jr:choice-name() of '${\(question.name)}', which is not a select with its choices in the "
                                    + "choices sheet")
        }
        let value = try translate(arguments[0])
        guard value.kind == .choice || value.kind == .text else {
            throw XPathUntranslated("jr:choice-name() of a value that is not one choice")
        }
        let names = choices.filter { $0.label == label }.map { Self.quote($0.name) }
        return TranslatedTerm(text: "\(value.text) \(negated ? "not in" : "in") [\(names.joined(separator: ", "))]", kind: .boolean)
    }

    /// Whether `node` is an integer question (`.` on one, or `${name}` of one).
    private func isWholeNumber(_ node: XPathNode) -> Bool {
        switch node {
        case .current: return current?.typeName == "integer"
        case let .reference(name): return fields[name]?.typeName == "integer" && fields[name]?.calculation == nil
        default: return false
        }
    }

    static func inexpressible(_ field: XLSFormField) -> XPathUntranslated {
        XPathUntranslated("the path \(field.expressionPath) has a name with characters other than ASCII letters, digits "
                          + "and '_', or a word such as today, which Formsmith's expressions cannot name")
    }

    /// A Formsmith string literal.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func isNumberLiteral(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isNumber || $0 == "." } && text.first!.isNumber
    }

    /// `2020-01-31` for the quoted literal `'2020-01-31'`, nil when it is not such a date.
    static func dateLiteral(_ quoted: String) -> String? {
        let inner = quoted.dropFirst().dropLast()
        let parts = inner.split(separator: "-", omittingEmptySubsequences: false)
        guard quoted.hasPrefix("'"), parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
        return String(inner)
    }
}
