/// Defects of string formats (regex and mask): a format miss that keeps every other check
/// (length, the other formats, check digits).
extension DefectPlanter {
    /// Characters tried in place of one character of the value.
    private static let replacements: [Unicode.Scalar] = ["#", "Z", "7", "ж", "_", "A", "x", "Ё", " ", "."]
    /// Edits tried before giving up on a value (each one dropped is counted).
    private static let editTries = 12

    /// A value that breaks the field's regex (or mask) but passes its other checks.
    func textEdit(_ rule: String, _ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress,
                  random: inout SeededRandom) -> GeneratedValue? {
        guard case .text = value else { return nil }
        let spec = textSpec(field, address)
        let companion = companionBytes(spec, address)
        let scalars = Array(String(decoding: builder.record.bytes(of: value), as: UTF8.self).unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        for attempt in 0..<Self.editTries {
            var edited = scalars
            let position = random.int(in: 0...(scalars.count - 1))
            if attempt == 0 {
                // First the edit that misses a pattern of letters, digits and separators while
                // keeping the rest: a hyphen inserted where check digits must stay valid (they
                // ignore hyphens), else a `#` (which no such pattern or mask slot takes) in place
                // of one character. The random edits below are for other patterns.
                if spec.checksum != nil {
                    edited.insert("-", at: position)
                } else {
                    edited[position] = edited[position] == "#" ? "_" : "#"
                }
            } else if attempt % 4 == 3, spec.checksum != nil {
                edited.insert("-", at: position)  // check digits ignore hyphens; formats do not
            } else {
                let replacement = Self.replacements[random.int(in: 0...(Self.replacements.count - 1))]
                guard edited[position] != replacement else {
                    builder.discards.addDefect(field: field.path, rule: rule)
                    continue
                }
                edited[position] = replacement
            }
            var bytes: [UInt8] = []
            for scalar in edited { JSONStrings.appendUTF8(scalar.value, to: &bytes) }
            if breaksOnly(rule, bytes, spec, companion) { return builder.record.appendText(bytes) }
            builder.discards.addDefect(field: field.path, rule: rule)
        }
        return nil
    }

    /// Whether `bytes` breaks the kind's format and nothing else of the spec.
    private func breaksOnly(_ rule: String, _ bytes: [UInt8], _ spec: TextSpec, _ companion: [UInt8]?) -> Bool {
        guard spec.acceptsLength(bytes) else { return false }
        let scratch = builder.scratch
        return bytes.withUnsafeBufferPointer { text in
            let regexMiss = spec.regexes.contains { !$0.matches(text, scratch: scratch).isMatch }
            let maskMiss = spec.masks.contains { !$0.matches(text, scratch: scratch).isMatch }
            if let checksum = spec.checksum {
                let valid = companion.map { other in
                    other.withUnsafeBufferPointer { checksum.algorithm.isValid(text, companion: $0) }
                } ?? (checksum.companion != nil || checksum.algorithm.isValid(text, companion: nil))
                if !valid { return false }
            }
            if case .constant = spec.source { return false }
            return rule == RuleIdentifier.regex ? regexMiss && !maskMiss : maskMiss && !regexMiss
        }
    }

    /// The value of the spec's checksum companion (the BIC), when it has one.
    private func companionBytes(_ spec: TextSpec, _ address: FieldAddress) -> [UInt8]? {
        guard let id = spec.checksum?.companion else { return nil }
        let item = rules.fields[id].listID == nil ? -1 : address.item
        let other = builder.record.value(at: FieldAddress(field: id, item: item), in: rules)
        guard case .text = other else { return nil }
        return Array(builder.record.bytes(of: other))
    }
}
