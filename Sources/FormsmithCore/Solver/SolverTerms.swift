internal import CZ3

/// A Boolean term of a ``SolverContext``: a variable, a constant or a formula over terms.
///
/// Terms are typed, so an integer is never compared with a Boolean by mistake; mixing terms of
/// two contexts is a programming error (checked in debug builds).
struct BoolTerm {
    /// The context the term lives in (kept alive by the term).
    let context: SolverContext
    let ast: Z3_ast

    init(_ context: SolverContext, _ ast: Z3_ast) {
        self.context = context
        self.ast = ast
    }

    /// Both terms.
    static func && (lhs: BoolTerm, rhs: BoolTerm) -> BoolTerm { lhs.context.and([lhs, rhs]) }
    /// Either term.
    static func || (lhs: BoolTerm, rhs: BoolTerm) -> BoolTerm { lhs.context.or([lhs, rhs]) }
    /// The negation.
    static prefix func ! (term: BoolTerm) -> BoolTerm { BoolTerm(term.context, Z3_mk_not(term.context.raw, term.ast)) }

    /// `self → other`.
    func implies(_ other: BoolTerm) -> BoolTerm {
        sameContext(other)
        return BoolTerm(context, Z3_mk_implies(context.raw, ast, other.ast))
    }

    /// `self ↔ other`.
    func iff(_ other: BoolTerm) -> BoolTerm {
        sameContext(other)
        return BoolTerm(context, Z3_mk_iff(context.raw, ast, other.ast))
    }

    /// `then` when the term holds, `else` otherwise.
    func ifThenElse(_ then: IntTerm, _ otherwise: IntTerm) -> IntTerm {
        IntTerm(context, Z3_mk_ite(context.raw, ast, then.ast, otherwise.ast))
    }

    /// `then` when the term holds, `else` otherwise.
    func ifThenElse(_ then: RealTerm, _ otherwise: RealTerm) -> RealTerm {
        RealTerm(context, Z3_mk_ite(context.raw, ast, then.ast, otherwise.ast))
    }

    /// Z3's text of the term, for diagnostics.
    var text: String { context.text(of: ast) }

    private func sameContext(_ other: BoolTerm) {
        assert(context === other.context, "terms of two solver contexts mixed")
    }
}

/// An integer term of a ``SolverContext`` (mathematical integers: no overflow).
struct IntTerm {
    let context: SolverContext
    let ast: Z3_ast

    init(_ context: SolverContext, _ ast: Z3_ast) {
        self.context = context
        self.ast = ast
    }

    static func + (lhs: IntTerm, rhs: IntTerm) -> IntTerm { lhs.context.sum([lhs, rhs]) }
    static func - (lhs: IntTerm, rhs: IntTerm) -> IntTerm { lhs.binary(rhs, Z3_mk_sub) }
    /// The product (non-linear unless one side is a constant; Z3 may then answer unknown).
    static func * (lhs: IntTerm, rhs: IntTerm) -> IntTerm { lhs.binary(rhs, Z3_mk_mul) }

    static func == (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_eq(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func != (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { !(lhs == rhs) }
    static func < (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_lt(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func <= (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_le(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func > (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_gt(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func >= (lhs: IntTerm, rhs: IntTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_ge(lhs.context.raw, lhs.ast, rhs.ast)) }

    /// The same number as a real, to compare or add with decimals.
    var real: RealTerm { RealTerm(context, Z3_mk_int2real(context.raw, ast)) }

    /// The floor of `self / divisor` (`divisor` > 0; linear for Z3, which adds the remainder).
    func dividedFloor(by divisor: Int64) -> IntTerm {
        precondition(divisor > 0, "a floor division by a positive constant only")
        return IntTerm(context, Z3_mk_div(context.raw, ast, context.int(divisor).ast))
    }

    /// `self` modulo `divisor`, in `0..<divisor` (`divisor` > 0).
    func modulo(_ divisor: Int64) -> IntTerm {
        precondition(divisor > 0, "a remainder by a positive constant only")
        return IntTerm(context, Z3_mk_mod(context.raw, ast, context.int(divisor).ast))
    }

    var text: String { context.text(of: ast) }

    /// `make` over the two terms (Z3's n-ary `sub` and `mul`).
    private func binary(_ other: IntTerm, _ make: (Z3_context?, UInt32, UnsafePointer<Z3_ast?>?) -> Z3_ast?) -> IntTerm {
        assert(context === other.context, "terms of two solver contexts mixed")
        let operands: [Z3_ast?] = [ast, other.ast]
        // Two terms of one typed sort: Z3 builds the term (nil only on a sort mismatch, which the
        // typed terms rule out); the buffer holds exactly the two operands passed as the count.
        return IntTerm(context, operands.withUnsafeBufferPointer { make(context.raw, 2, $0.baseAddress) }!)
    }
}

/// A real (exact rational) term of a ``SolverContext``: decimals are reals.
struct RealTerm {
    let context: SolverContext
    let ast: Z3_ast

    init(_ context: SolverContext, _ ast: Z3_ast) {
        self.context = context
        self.ast = ast
    }

    static func + (lhs: RealTerm, rhs: RealTerm) -> RealTerm { lhs.context.sum([lhs, rhs]) }
    static func - (lhs: RealTerm, rhs: RealTerm) -> RealTerm { lhs.binary(rhs, Z3_mk_sub) }
    /// The product (non-linear unless one side is a constant; Z3 may then answer unknown).
    static func * (lhs: RealTerm, rhs: RealTerm) -> RealTerm { lhs.binary(rhs, Z3_mk_mul) }
    /// The quotient (linear only when `rhs` is a constant; callers divide by a constant other than 0).
    static func / (lhs: RealTerm, rhs: RealTerm) -> RealTerm {
        assert(lhs.context === rhs.context, "terms of two solver contexts mixed")
        // Two real terms: Z3 builds the quotient (nil only on a sort mismatch, ruled out by the types).
        return RealTerm(lhs.context, Z3_mk_div(lhs.context.raw, lhs.ast, rhs.ast)!)
    }

    static func == (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_eq(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func != (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { !(lhs == rhs) }
    static func < (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_lt(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func <= (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_le(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func > (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_gt(lhs.context.raw, lhs.ast, rhs.ast)) }
    static func >= (lhs: RealTerm, rhs: RealTerm) -> BoolTerm { BoolTerm(lhs.context, Z3_mk_ge(lhs.context.raw, lhs.ast, rhs.ast)) }

    /// True when the value is a whole number.
    var isInteger: BoolTerm { BoolTerm(context, Z3_mk_is_int(context.raw, ast)) }

    /// The greatest integer not above the value (exact for a value asserted whole).
    var floor: IntTerm { IntTerm(context, Z3_mk_real2int(context.raw, ast)) }

    var text: String { context.text(of: ast) }

    /// `make` over the two terms (Z3's n-ary `sub` and `mul`).
    private func binary(_ other: RealTerm, _ make: (Z3_context?, UInt32, UnsafePointer<Z3_ast?>?) -> Z3_ast?) -> RealTerm {
        assert(context === other.context, "terms of two solver contexts mixed")
        let operands: [Z3_ast?] = [ast, other.ast]
        // Two terms of one typed sort: Z3 builds the term (nil only on a sort mismatch, which the
        // typed terms rule out); the buffer holds exactly the two operands passed as the count.
        return RealTerm(context, operands.withUnsafeBufferPointer { make(context.raw, 2, $0.baseAddress) }!)
    }
}
