@testable import FormsmithCore
@testable import FormsmithValues  // the readers and parsers it drives are package-internal
import Foundation

/// Shared helpers of the fuzz targets: the shipped rule sets, compiled once per process, and
/// an invariant check that stops the fuzzer with a readable message.
public enum FuzzSupport {
    /// The repository root: `FORMSMITH_ROOT` when set, else found from this file's path.
    public static let repositoryRoot: String = {
        if let root = ProcessInfo.processInfo.environment["FORMSMITH_ROOT"] { return root }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Fuzz/Sources/FuzzSupport/this file
        return url.path
    }()

    /// The reference date every target uses (the date the sample data was written for).
    public static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// The shipped rule sets (`Rules/*.yaml`), compiled for `today`. A rule set that does not
    /// load stops the process: the fuzz target would test nothing.
    public static let shippedRules: [CompiledRuleSet] = ["osago-policy", "payment-order", "customer-survey"].map { name in
        let path = repositoryRoot + "/Rules/\(name).yaml"
        do {
            return try RulesLoader.load(path: path, today: today)
        } catch {
            fatalError("fuzz setup: cannot load \(path): \(error); set FORMSMITH_ROOT to the repository")
        }
    }

    /// The fuzz input as a buffer (libFuzzer may pass a null pointer for the empty input).
    public static func buffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0)
    }

    /// Stops the run (libFuzzer saves the input as a crash) when `condition` is false. Inlinable,
    /// so that the targets (other modules) test the condition in place and build the message
    /// only when it fails (a call with two closures cost FuzzCSV several percent).
    @inlinable @inline(__always)
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("fuzz invariant broken: \(message())") }
    }
}
