import FormsmithValues

/// A pattern's syntax tree laid out in plain memory for free-form generation, so drawing a
/// value costs no reference counting (the tree's `RegexNode` payloads are arrays: every visit
/// of a node or character set retained and released them, and with several workers those
/// counts sit in memory both cores write).
///
/// It draws from the random source exactly as `RegexWalk.emit(_:in:)` does, choice for choice,
/// so values are the same bytes either way; it covers the patterns most formats use (literals,
/// sets, sequences, alternations, counted repeats, groups, `^` and `$`) and declines patterns
/// with back references or word boundaries, which the walker keeps.
struct FlatRegexEmitter: @unchecked Sendable {
    // Immutable after `make`; the storage lives as long as the generator that owns it.
    private let nodes: UnsafeBufferPointer<FlatRegexNode>
    private let children: UnsafeBufferPointer<Int>
    private let bytes: UnsafeBufferPointer<UInt8>
    private let sets: UnsafeBufferPointer<FlatCharSet>
    private let members: UnsafeBufferPointer<UInt32>
    private let root: Int
    /// The fewest and most scalars a value has.
    let lengthBounds: ClosedRange<Int>

    /// Whether every value has the same length (aiming at a length then makes no choice but
    /// the target's own draw, so the emitter can serve length hints too).
    var isFixedLength: Bool { lengthBounds.lowerBound == lengthBounds.upperBound }

    /// Sets with at most this many members keep a table of them (one look-up per character).
    static let memberTableLimit = 1024

    /// The emitter for `program`, or nil when it uses something only the walker handles.
    static func make(_ program: RegexProgram, unboundedCap: Int, owner: FlatRegexStorage) -> FlatRegexEmitter? {
        guard !program.hasBackreferences else { return nil }
        var builder = FlatRegexBuilder()
        for node in program.nodes {
            guard builder.add(node, unboundedCap: unboundedCap) else { return nil }
        }
        return owner.keep(builder, root: program.root,
                          lengthBounds: program.minLength[program.root]...program.maxLength[program.root])
    }

    init(nodes: UnsafeBufferPointer<FlatRegexNode>, children: UnsafeBufferPointer<Int>, bytes: UnsafeBufferPointer<UInt8>,
         sets: UnsafeBufferPointer<FlatCharSet>, members: UnsafeBufferPointer<UInt32>, root: Int,
         lengthBounds: ClosedRange<Int>) {
        self.lengthBounds = lengthBounds
        self.nodes = nodes
        self.children = children
        self.bytes = bytes
        self.sets = sets
        self.members = members
        self.root = root
    }

    /// `RegexGenerator.append` for a free-form value (`lengthWithin` nil) or a pattern of fixed
    /// length, with the same draws as the walk.
    @discardableResult
    func append(to output: inout [UInt8], random: inout SeededRandom, lengthWithin: ClosedRange<Int>?) -> LengthRedraws {
        var redraws = LengthRedraws()
        guard let lengthWithin else {
            _ = emit(to: &output, random: &random)
            return redraws
        }
        let start = output.count
        for attempt in 1...RegexGenerator.lengthAttempts {
            _ = RegexGenerator.target(within: lengthWithin, bounds: lengthBounds, random: &random)
            let produced = emit(to: &output, random: &random)
            if lengthWithin.contains(produced) || attempt == RegexGenerator.lengthAttempts { break }
            redraws.count(produced, missing: lengthWithin)
            output.removeSubrange(start...)
        }
        return redraws
    }

    /// Appends a value for the whole pattern; returns how many scalars it has.
    func emit(to output: inout [UInt8], random: inout SeededRandom) -> Int {
        emit(root, to: &output, random: &random)
    }

    private func emit(_ index: Int, to output: inout [UInt8], random: inout SeededRandom) -> Int {
        let node = nodes[index]
        switch node.kind {
        case .literal:
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[node.a..<(node.a + node.b)]))
            return node.c
        case .charSet:
            RegexUTF8.append(pick(node.a, random: &random), to: &output)
            return 1
        case .sequence:
            var produced = 0
            for child in node.a..<(node.a + node.b) { produced += emit(children[child], to: &output, random: &random) }
            return produced
        case .alternation:
            return emit(children[node.a + random.int(in: 0...(node.b - 1))], to: &output, random: &random)
        case .repetition:
            let count = random.int(in: node.b...node.c)
            let body = nodes[node.a]
            if body.kind == .charSet {
                for _ in 0..<count { RegexUTF8.append(pick(body.a, random: &random), to: &output) }
                return count
            }
            var produced = 0
            for _ in 0..<count { produced += emit(node.a, to: &output, random: &random) }
            return produced
        case .group:
            return emit(node.a, to: &output, random: &random)
        case .empty:
            return 0
        }
    }

    /// A uniformly chosen member of set `index`, drawn as `RegexCharSet.pick` draws it.
    @inline(__always)
    private func pick(_ index: Int, random: inout SeededRandom) -> UInt32 {
        let set = sets[index]
        let chosen = random.int(in: 0...(set.count - 1))
        if set.tableStart >= 0 { return members[set.tableStart + chosen] }
        // Ranges as (first, cumulative count) pairs: the first range whose count exceeds `chosen`.
        var low = 0
        var high = set.rangeCount - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(members[set.rangeStart + 2 * middle + 1]) > chosen { high = middle } else { low = middle + 1 }
        }
        let before = low == 0 ? 0 : Int(members[set.rangeStart + 2 * (low - 1) + 1])
        return members[set.rangeStart + 2 * low] + UInt32(chosen - before)
    }
}

/// One node of a ``FlatRegexEmitter``; the fields' meaning depends on `kind`.
struct FlatRegexNode {
    enum Kind: UInt8 {
        /// `bytes[a..<a+b]`, `c` scalars.
        case literal
        /// A member of `sets[a]`.
        case charSet
        /// `children[a..<a+b]` one after another.
        case sequence
        /// One of `children[a..<a+b]`.
        case alternation
        /// Node `a` repeated `b...c` times.
        case repetition
        /// Node `a` (a capturing group no back reference reads).
        case group
        /// Nothing (`^`, `$`, lookarounds the pattern is filtered for anyway).
        case empty
    }

    var kind: Kind
    var a = 0
    var b = 0
    var c = 0
}

/// A character set of a ``FlatRegexEmitter``: a member table (`tableStart >= 0`) or ranges.
struct FlatCharSet {
    var count: Int
    var tableStart: Int
    var rangeStart: Int
    var rangeCount: Int
}

/// Lays out a program's nodes in order (children before parents, as the program has them).
struct FlatRegexBuilder {
    var nodes: [FlatRegexNode] = []
    var children: [Int] = []
    var bytes: [UInt8] = []
    var sets: [FlatCharSet] = []
    var members: [UInt32] = []

    /// Adds the counterpart of `node`; false when the emitter cannot draw it as the walker does.
    mutating func add(_ node: RegexNode, unboundedCap: Int) -> Bool {
        switch node {
        case .literal(let literal, let scalarCount):
            nodes.append(FlatRegexNode(kind: .literal, a: bytes.count, b: literal.count, c: scalarCount))
            bytes.append(contentsOf: literal)
        case .charSet(let set):
            guard !set.isEmpty else { return false }
            nodes.append(FlatRegexNode(kind: .charSet, a: sets.count))
            sets.append(layOut(set))
        case .sequence(let list):
            nodes.append(FlatRegexNode(kind: .sequence, a: children.count, b: list.count))
            children.append(contentsOf: list)
        case .alternation(let list), .conditional(let list):
            guard !list.isEmpty else { return false }
            nodes.append(FlatRegexNode(kind: .alternation, a: children.count, b: list.count))
            children.append(contentsOf: list)
        case .repetition(let body, let low, let high):
            let most = high ?? saturatingAdd(low, unboundedCap)
            guard low <= most else { return false }
            nodes.append(FlatRegexNode(kind: .repetition, a: body, b: low, c: most))
        case .capture(let body, _):
            nodes.append(FlatRegexNode(kind: .group, a: body))
        case .backreference:
            return false
        case .assertion(let kind):
            if case .wordBoundary = kind { return false }
            nodes.append(FlatRegexNode(kind: .empty))
        }
        return true
    }

    private mutating func layOut(_ set: RegexCharSet) -> FlatCharSet {
        if set.count <= FlatRegexEmitter.memberTableLimit {
            let start = members.count
            for range in set.ranges { members.append(contentsOf: range) }
            return FlatCharSet(count: set.count, tableStart: start, rangeStart: -1, rangeCount: 0)
        }
        let start = members.count
        var total: UInt32 = 0
        for range in set.ranges {
            total += range.upperBound - range.lowerBound + 1
            members.append(range.lowerBound)
            members.append(total)
        }
        return FlatCharSet(count: set.count, tableStart: -1, rangeStart: start, rangeCount: set.ranges.count)
    }
}

/// Owns the memory of the emitters made with it and frees it with itself.
final class FlatRegexStorage: @unchecked Sendable {
    private var blocks: [UnsafeMutableRawPointer] = []

    /// Copies the builder's arrays into memory owned by this object.
    func keep(_ builder: FlatRegexBuilder, root: Int, lengthBounds: ClosedRange<Int>) -> FlatRegexEmitter {
        FlatRegexEmitter(nodes: copy(builder.nodes), children: copy(builder.children), bytes: copy(builder.bytes),
                         sets: copy(builder.sets), members: copy(builder.members), root: root,
                         lengthBounds: lengthBounds)
    }

    func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        // In bounds: the emitter gets a buffer of exactly `array.count` initialized elements; the block lives
        // as long as this storage, which the emitter's owner keeps.
        let memory = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = memory.initialize(from: array)
        blocks.append(UnsafeMutableRawPointer(memory.baseAddress!))
        return UnsafeBufferPointer(start: memory.baseAddress, count: array.count)
    }

    deinit {
        for block in blocks { block.deallocate() }
    }
}
