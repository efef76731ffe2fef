/// What binding could not do with a member of a JSON object; the validator words it.
enum BindingProblem {
    /// A member the rules do not declare (key and value tape nodes) in key table `table`.
    case unknownMember(key: Int, value: Int, table: Int, item: Int)
    /// A field's second member in the same object (value node; key table `table`, `entry`).
    case duplicate(value: Int, table: Int, entry: Int, item: Int)
    /// A section whose value is neither an object nor null; its fields are already marked broken.
    case notAnObject(value: Int, table: Int, entry: Int, item: Int)
}

/// Binding the members of a parsed JSON object (on a tape) to slots through the plan's key tables.
extension RecordBinding {
    /// Binds the members of the object at node `index` of a parsed record (`nodes`, its tape) to
    /// the slots of its fields, with the plan's key table `table` (0 for the questionnaire).
    /// `item` is the list item index for item tables, -1 for the top level. Members that cannot
    /// be bound go to `problem`, in order.
    func bindObject(_ index: Int, table: Int, item: Int, nodes: UnsafeBufferPointer<JSONNode>,
                    bytes: UnsafeBufferPointer<UInt8>, problem: (BindingProblem) -> Void) {
        let keys = plan.keyIndex
        let listID = keys.tables[table].listID
        // The slots this object's fields go to: looked up once, not per member (the storage is
        // not resized while an object is bound).
        let slots = listID >= 0 ? lists[listID].slots : rootSlots
        let first = listID >= 0 ? item * keys.tables[table].slotsPerItem : 0
        let members = Int(nodes[index].childCount) / 2
        var child = index + 1
        var hint = -1
        // Section members seen in this object, one bit per entry (mod 64): a set bit sends a
        // section member to the exact look for an earlier member of the same name.
        var seenSections: UInt64 = 0
        var member = 0
        // The usual member (a field's name, its slot still empty) is bound in this loop; every
        // other (unknown, repeated, a section) goes to `bindOtherMember`, kept out of the loop
        // so that the loop holds its few values in registers.
        while member < members {
            member &+= 1
            let keyIndex = child
            // In range: node indices come from the tape (`next` is an `Int32`), so `&+` cannot overflow.
            let valueIndex = child &+ 1
            child = Int(nodes[valueIndex].next)
            let entry = keyEntry(keyIndex, in: table, from: hint, keys: keys, nodes: nodes, bytes: bytes)
            if entry >= 0 {
                hint = entry &+ 1
                if !keys.entries[entry].isSection {
                    let slot = first &+ keys.entries[entry].target
                    if case .absent = slots[slot] {
                        // `valueIndex` is below the tape's node count, which fits an `Int32` (`next`).
                        slots[slot] = .json(Int32(truncatingIfNeeded: valueIndex))
                        continue
                    }
                }
            }
            bindOtherMember(object: index, key: keyIndex, entry: entry, table: table, item: item,
                            seenSections: &seenSections, nodes: nodes, bytes: bytes, problem: problem)
        }
    }

    /// A member that is not a field's first value in its empty slot: an unknown name
    /// (`entry` -1), a field's second member, or a section (bound recursively, or reported).
    @inline(never)
    private func bindOtherMember(object index: Int, key keyIndex: Int, entry: Int, table: Int, item: Int,
                                 seenSections: inout UInt64, nodes: UnsafeBufferPointer<JSONNode>,
                                 bytes: UnsafeBufferPointer<UInt8>, problem: (BindingProblem) -> Void) {
        let valueIndex = keyIndex + 1
        guard entry >= 0 else {
            problem(.unknownMember(key: keyIndex, value: valueIndex, table: table, item: item))
            return
        }
        let keys = plan.keyIndex
        let target = keys.entries[entry].target
        if !keys.entries[entry].isSection {
            // A field whose slot is already filled.
            problem(.duplicate(value: valueIndex, table: table, entry: entry, item: item))
            return
        }
        // A section written twice: the second is a duplicate and is not read (README, Limits).
        let bit: UInt64 = 1 << UInt64(entry & 63)
        if seenSections & bit != 0,
           isRepeated(entry, before: keyIndex, in: index, table: table, keys: keys, nodes: nodes, bytes: bytes) {
            problem(.duplicate(value: valueIndex, table: table, entry: entry, item: item))
            return
        }
        seenSections |= bit
        switch nodes[valueIndex].kind {
        case .object: bindObject(valueIndex, table: target, item: item, nodes: nodes, bytes: bytes, problem: problem)
        case .null: break
        default:
            let layout = plan.keys.layouts[plan.keys.tables[table].layout]
            guard case .section = layout.members[plan.keys.entries[entry].member].target else { break }
            problem(.notAnObject(value: valueIndex, table: table, entry: entry, item: item))
            markBroken(plan.keys.layouts[plan.keys.tables[target].layout].allFieldIDs, item: item)
        }
    }

    /// Whether a member of the object at node `object` before the key at node `keyIndex` names
    /// the key table entry `entry`.
    private func isRepeated(_ entry: Int, before keyIndex: Int, in object: Int, table: Int, keys: KeyIndex,
                            nodes: UnsafeBufferPointer<JSONNode>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var earlier = object + 1
        while earlier < keyIndex {
            if keyEntry(earlier, in: table, from: -1, keys: keys, nodes: nodes, bytes: bytes) == entry { return true }
            earlier = Int(nodes[earlier + 1].next)
        }
        return false
    }

    /// The key table entry of the member name at tape node `keyIndex`, or -1.
    @inline(__always)
    private func keyEntry(_ keyIndex: Int, in table: Int, from hint: Int, keys: KeyIndex,
                          nodes: UnsafeBufferPointer<JSONNode>,
                          bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let key = nodes[keyIndex]
        // In range: a string node's `start...end` lies inside the record, so neither `&+` nor `&-` overflows.
        let length = key.end &- key.start
        guard !key.hasEscapes, let base = bytes.baseAddress, key.start &+ 16 <= bytes.count else {
            return keyEntryAway(key, in: table, from: hint, keys: keys, bytes: bytes)
        }
        // A load for each of the first two 8 bytes, the bytes past a short key masked off.
        // In bounds: both loads lie below `key.start + 16 <= bytes.count`, checked above; the key
        // itself is `start..<end` inside the record.
        let first = UnsafeRawPointer(base + key.start).loadUnaligned(as: UInt64.self)
        let prefix = length >= 8 ? first : first & ((1 &<< (UInt64(truncatingIfNeeded: length) &* 8)) &- 1)
        var second: UInt64 = 0
        if length > 8 {
            let next = UnsafeRawPointer(base + (key.start &+ 8)).loadUnaligned(as: UInt64.self)
            second = length >= 16 ? next : next & ((1 &<< (UInt64(truncatingIfNeeded: length &- 8) &* 8)) &- 1)
        }
        return keys.find(UnsafeBufferPointer(start: base + key.start, count: length), prefix: prefix, second: second,
                         in: table, from: hint)
    }

    /// ``keyEntry(_:in:from:keys:nodes:bytes:)`` for a name with escapes or within 16 bytes of
    /// the record's end (its words read byte by byte).
    @inline(never)
    private func keyEntryAway(_ key: JSONNode, in table: Int, from hint: Int, keys: KeyIndex,
                              bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard key.hasEscapes else { return entry(of: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end])) }
        var buffer: [UInt8] = []
        JSONStrings.unescape(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), into: &buffer)
        return buffer.withUnsafeBufferPointer { entry(of: $0) }

        func entry(of name: UnsafeBufferPointer<UInt8>) -> Int {
            keys.find(name, prefix: KeyTables.prefix(of: name),
                      second: name.count > 8 ? KeyTables.prefix(of: UnsafeBufferPointer(rebasing: name[8...])) : 0,
                      in: table, from: hint)
        }
    }
}
