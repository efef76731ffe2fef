import Foundation

extension RuleSet {
    /// The word lists the rule set reads (every field's `seed:` and `valuesFrom:`, cases
    /// included), as paths resolved from the file each is written in, as the compiler opens
    /// them; each once, in field order. The command line compares them with its outputs.
    public var wordListFiles: [String] {
        var paths: [String] = []
        func add(_ written: Located<String>?) {
            guard let written else { return }
            let folder = (written.location.file as NSString).deletingLastPathComponent
            let path = written.value.hasPrefix("/") || folder.isEmpty
                ? written.value : (folder as NSString).appendingPathComponent(written.value)
            if !paths.contains(path) { paths.append(path) }
        }
        for field in allFields {
            add(field.seed)
            add(field.constraints.valuesFrom)
            for condition in field.cases { add(condition.constraints.valuesFrom) }
        }
        return paths
    }
}
