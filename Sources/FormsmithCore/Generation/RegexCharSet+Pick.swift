import FormsmithValues

/// Drawing from a character set: what the generator needs of it.
extension RegexCharSet {
    /// A uniformly chosen member; the set must not be empty.
    func pick(using random: inout SeededRandom) -> UInt32 {
        let index = random.int(in: 0...(count - 1))
        var low = 0
        var high = cumulative.count - 1
        while low < high {  // the first range whose cumulative count exceeds `index`
            let middle = (low + high) / 2
            if cumulative[middle] > index { high = middle } else { low = middle + 1 }
        }
        let before = low == 0 ? 0 : cumulative[low - 1]
        return ranges[low].lowerBound + UInt32(index - before)
    }
}
