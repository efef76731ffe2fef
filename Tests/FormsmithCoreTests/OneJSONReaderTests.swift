import Foundation
import XCTest
@testable import FormsmithCore

/// Issue 31, item 2: the product reads JSON one way, with the engine's parser (its exact
/// numbers and limits). `coverage` read sets through `JSONSerialization`, so it dropped
/// non-object elements and let `1.0` pass an integer field; this keeps it from coming back.
final class OneJSONReaderTests: XCTestCase {
    /// The repository root (where Package.swift is).
    private static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    func testNoSourceFileUsesJSONSerialization() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
        var checked = 0
        var uses: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            checked += 1
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                if code.contains("JSONSerialization") { uses.append("Sources/\(relative):\(number + 1)") }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the sources were not found under \(sources.path)")
        XCTAssertEqual(uses, [], "read JSON with the engine's parser (FoundationJSON for Foundation objects)")
    }

    func testFoundationObjectsKeepWholeNumbersExactlyAndKindsApart() throws {
        let object = try XCTUnwrap(FoundationJSON.object(Array(
            #"{"a": 9007199254740993, "b": 18446744073709551615, "c": 1.5, "d": true, "e": null, "f": ["x"], "a2": -3}"#.utf8))
            as? [String: Any])
        XCTAssertEqual((object["a"] as? NSNumber)?.int64Value, 9_007_199_254_740_993)
        XCTAssertEqual((object["b"] as? NSNumber)?.uint64Value, UInt64.max)
        XCTAssertEqual((object["c"] as? NSNumber)?.doubleValue, 1.5)
        XCTAssertEqual(object["d"] as? Bool, true)
        XCTAssertTrue(object["e"] is NSNull)
        XCTAssertEqual(object["f"] as? [String], ["x"])
        XCTAssertEqual(SummaryReader.count(object["a2"]), nil)
        XCTAssertEqual(SummaryReader.count(object["a"]), 9_007_199_254_740_993)
        XCTAssertEqual(SummaryReader.count(object["d"]), nil)
        XCTAssertNil(FoundationJSON.object(Array("{\"a\": 1,}".utf8)))
    }
}
