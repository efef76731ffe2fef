/// One lexical token of the expression language.
struct ExpressionToken: Equatable, Sendable {
    /// What the token is.
    enum Kind: Equatable, Sendable {
        case integer(Int64)
        case decimal(ExactDecimal)
        case string(String)
        case date(CivilDate)
        case duration(CalendarDuration)
        /// A field path (`vehicle.hasPlate`, `drivers[].birthDate`) or, when it has a single
        /// segment, possibly a function name.
        case name(String)
        /// A field path written with the NSPredicate `$` (`$payment.type`): always a field,
        /// never a keyword or a function.
        case fieldName(String)
        case trueKeyword, falseKeyword, nullKeyword, todayKeyword, inKeyword, notKeyword
        case leftParenthesis, rightParenthesis, leftBracket, rightBracket, leftBrace, rightBrace, comma
        case orOperator, andOperator, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case plus, minus, star, slash, bang
        case end
    }

    /// What the token is.
    let kind: Kind
    /// Where it is, in characters.
    let range: ExpressionSourceRange

    /// How the token reads in an error message ("'('", "the number 12", "end of expression").
    var quoted: String {
        switch kind {
        case let .integer(value): return "the number \(value)"
        case let .decimal(value): return "the number \(value)"
        case .string: return "a string"
        case let .date(value): return "the date \(value)"
        case let .duration(value): return "the duration \(value)"
        case let .name(path): return "'\(path)'"
        case let .fieldName(path): return "'$\(path)'"
        case .trueKeyword: return "'true'"
        case .falseKeyword: return "'false'"
        case .nullKeyword: return "'null'"
        case .todayKeyword: return "'today'"
        case .inKeyword: return "'in'"
        case .notKeyword: return "'not'"
        case .leftParenthesis: return "'('"
        case .rightParenthesis: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .comma: return "','"
        case .orOperator: return "'||'"
        case .andOperator: return "'&&'"
        case .equal: return "'=='"
        case .notEqual: return "'!='"
        case .less: return "'<'"
        case .lessOrEqual: return "'<='"
        case .greater: return "'>'"
        case .greaterOrEqual: return "'>='"
        case .plus: return "'+'"
        case .minus: return "'-'"
        case .star: return "'*'"
        case .slash: return "'/'"
        case .bang: return "'!'"
        case .end: return "end of expression"
        }
    }
}
