/// A constraint split into the field's own checks where a conjunct has one (`. >= 18` is
/// `min: 18`, `regex(., '^P[0-9]{4}$')` is `regex:`, `string-length(.) <= 20` is `maxLength:`),
/// so that the fast path checks them and `generate` draws values that meet them; the rest is an
/// assertion. The constraint's message is the message of each.
struct XLSFormConstraint {
    /// The field's check keys and the rule identifier each reports under.
    var keys: [(key: String, value: YAMLValue, rule: String)] = []
    /// The conjuncts left for an assertion, translated.
    var rest: [String] = []
    /// The conjuncts that could not be translated, with the reason.
    var untranslated: [(text: String, reason: String)] = []

    /// `taken`: the check keys the field already has (a time's `regex`): a conjunct that would
    /// need one of them becomes part of the assertion instead.
    init(_ text: String, field: XLSFormField, base: String, taken: Set<String>, translator: XLSFormExpressionTranslator) {
        let root: XPathNode
        do throws(XPathUntranslated) {
            root = try XPathParser.parse(text)
        } catch {
            untranslated.append((text, error.reason))
            return
        }
        var used = taken
        for conjunct in Self.conjuncts(root) {
            if let native = Self.native(conjunct, field: field, base: base), !used.contains(native.key) {
                used.insert(native.key)
                keys.append(native)
                continue
            }
            do throws(XPathUntranslated) {
                rest.append(try translator.predicate(node: conjunct))
            } catch {
                untranslated.append((text, error.reason))
            }
        }
    }

    private static func conjuncts(_ node: XPathNode) -> [XPathNode] {
        if case let .binary("and", left, right) = node { return conjuncts(left) + conjuncts(right) }
        return [node]
    }

    /// `. OP literal` (or `literal OP .`) as a bound, read the same way round.
    private static func comparison(_ node: XPathNode) -> (op: String, subject: XPathNode, literal: XPathNode)? {
        guard case let .binary(op, left, right) = node, ["<", "<=", ">", ">="].contains(op) else { return nil }
        let flipped = ["<": ">", "<=": ">=", ">": "<", ">=": "<="][op]!
        if isLiteral(right) { return (op, left, right) }
        if isLiteral(left) { return (flipped, right, left) }
        return nil
    }

    private static func isLiteral(_ node: XPathNode) -> Bool {
        switch node {
        case .number: return true
        case let .call(name, arguments): return name == "today" && arguments.isEmpty
            || name == "date" && arguments.count == 1 && { if case .string = arguments[0] { return true }; return false }()
        default: return false
        }
    }

    private static func native(_ node: XPathNode, field: XLSFormField, base: String)
        -> (key: String, value: YAMLValue, rule: String)?
    {
        if case let .call("regex", arguments) = node, arguments.count == 2, arguments[0] == .current,
           case let .string(pattern) = arguments[1], field.kind == .text || base == "barcode" {
            // ODK finds the pattern anywhere in the value; Formsmith's regex takes the whole value.
            let anchored = pattern.hasPrefix("^") && pattern.hasSuffix("$") && !pattern.hasSuffix("\\$")
            return ("regex", .text(anchored ? pattern : "(?s).*(?:" + pattern + ").*"), "regex")
        }
        guard let (op, subject, literal) = comparison(node) else { return nil }
        let bound: String
        switch literal {
        case let .number(text): bound = text.hasPrefix(".") ? "0" + text : text
        case .call("today", _): bound = "today"
        case let .call("date", arguments):
            guard case let .string(text) = arguments[0],
                  let date = XLSFormExpressionTranslator.dateLiteral(XLSFormExpressionTranslator.quote(text)) else { return nil }
            bound = date
        default: return nil
        }
        let isNumber = bound.first?.isNumber == true && !bound.contains("-")
        switch subject {
        case .current where field.kind == .number && isNumber:
            let key = ["<": "exclusiveMax", "<=": "max", ">": "exclusiveMin", ">=": "min"][op]!
            return (key, .plain(bound), op.hasPrefix("<") ? "max" : "min")
        case .current where field.kind == .date && !isNumber:
            let key = ["<": "exclusiveMax", "<=": "max", ">": "exclusiveMin", ">=": "min"][op]!
            return (key, .plain(bound), op.hasPrefix("<") ? "max" : "min")
        case let .call("string-length", arguments) where arguments == [.current] && field.kind == .text:
            guard let number = Int(bound) else { return nil }
            switch op {
            case "<=": return ("maxLength", .plain(String(number)), "max-length")
            case "<": return number > 0 ? ("maxLength", .plain(String(number - 1)), "max-length") : nil
            case ">=": return ("minLength", .plain(String(number)), "min-length")
            default: return ("minLength", .plain(String(number + 1)), "min-length")
            }
        case let .call("count-selected", arguments) where arguments == [.current] && field.kind == .choices:
            guard let number = Int(bound) else { return nil }
            switch op {
            case "<=": return ("maxItems", .plain(String(number)), "max-items")
            case "<": return number > 0 ? ("maxItems", .plain(String(number - 1)), "max-items") : nil
            case ">=": return ("minItems", .plain(String(number)), "min-items")
            default: return ("minItems", .plain(String(number + 1)), "min-items")
            }
        default:
            return nil
        }
    }
}
