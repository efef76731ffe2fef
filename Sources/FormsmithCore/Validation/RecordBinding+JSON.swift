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
        var child = index + 1
        var hint = -1
        // Section members seen in this object, one bit per entry (mod 64): a set bit sends a
        // section member to the exact look for an earlier member of the same name.
        var seenSections: UInt64 = 0
        for _ in 0..<(nodes[index].childCount / 2) {
            let keyIndex = child
            let valueIndex = child + 1
            child = Int(nodes[valueIndex].next)
            let entry = keyEntry(keyIndex, in: table, from: hint, keys: keys, nodes: nodes, bytes: bytes)
            guard entry >= 0 else {
                problem(.unknownMember(key: keyIndex, value: valueIndex, table: table, item: item))
                continue
            }
            hint = entry + 1
            let target = keys.entries[entry].target
            if !keys.entries[entry].isSection {
                if case .absent = slots[first + target] {
                    slots[first + target] = .json(Int32(valueIndex))
                    continue
                }
                problem(.duplicate(value: valueIndex, table: table, entry: entry, item: item))
                continue
            }
            // A section written twice: the second is a duplicate and is not read (README, Limits).
            let bit: UInt64 = 1 << UInt64(entry & 63)
            if seenSections & bit != 0,
               isRepeated(entry, before: keyIndex, in: index, table: table, keys: keys, nodes: nodes, bytes: bytes) {
                problem(.duplicate(value: valueIndex, table: table, entry: entry, item: item))
                continue
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
        let length = key.end - key.start
        if !key.hasEscapes, let base = bytes.baseAddress, key.start + 8 <= bytes.count {
            // A load for each of the first two 8 bytes: the record's bytes go on past a key (at
            // least `":` and a value); a key ending within 16 bytes of the record's end has its
            // second word read byte by byte.
            // In bounds: the first load is below `key.start + 8 <= bytes.count`, the second below
            // `key.start + 16 <= bytes.count`, both checked; the key itself is `start..<end` inside the record.
            let first = UnsafeRawPointer(base + key.start).loadUnaligned(as: UInt64.self)
            let prefix = length >= 8 ? first : first & ((1 << (UInt64(length) * 8)) &- 1)
            let keyBytes = UnsafeBufferPointer(start: base + key.start, count: length)
            var second: UInt64 = 0
            if length > 8 {
                if key.start + 16 <= bytes.count {
                    let next = UnsafeRawPointer(base + key.start + 8).loadUnaligned(as: UInt64.self)
                    second = length >= 16 ? next : next & ((1 << (UInt64(length - 8) * 8)) &- 1)
                } else {
                    second = KeyTables.prefix(of: UnsafeBufferPointer(rebasing: keyBytes[8...]))
                }
            }
            return keys.find(keyBytes, prefix: prefix, second: second, in: table, from: hint)
        }
        var buffer: [UInt8] = []
        if key.hasEscapes {
            JSONStrings.unescape(UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), into: &buffer)
        } else {
            buffer = Array(bytes[key.start..<key.end])
        }
        return buffer.withUnsafeBufferPointer {
            keys.find($0, prefix: KeyTables.prefix(of: $0),
                      second: $0.count > 8 ? KeyTables.prefix(of: UnsafeBufferPointer(rebasing: $0[8...])) : 0,
                      in: table, from: hint)
        }
    }
}
