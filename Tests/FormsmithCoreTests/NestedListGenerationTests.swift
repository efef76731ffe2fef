@testable import FormsmithCore
import Foundation
import XCTest

/// Generating lists inside list items: `max-items` and `min-items` defects at every level (extra
/// items built validly with their own inner items, CSV columns for them), and fixtures and
/// `--seed-data` records that pin values inside inner items.
final class NestedListGenerationTests: XCTestCase {
    /// What generating the nested-lists fixture form may discard: its assertion (documentCount
    /// equals the number of documents) is checked, not constructed: documentCount is drawn again
    /// at its driver (the item holds a list, so the item cannot be), and the questionnaire is
    /// rebuilt only if 20 draws all failed.
    static let assertionDiscards: Set<String> = ["drivers[] document-count", "drivers[].documentCount document-count"]
    /// And with defects: an extra driver drawn for a `max-items` defect is not aimed at the
    /// assertion either, so some break it too and that defect is dropped (counted).
    static let defectDiscards = assertionDiscards.union(["drivers max-items"])

    private func folded(_ labels: [GeneratedLabel]) -> Set<String> {
        Set(labels.map { ValidationSummary.foldIndices($0.field) + " " + $0.rule })
    }

    private let itemCountDefects = ["drivers max-items", "drivers[].papers.documents max-items",
                                    "drivers[].papers.documents[].pages max-items",
                                    "drivers[].papers.documents[].pages min-items"]

    func testItemCountDefectsAreLabelledAtEveryLevelInJSON() throws {
        let rules = try compileRules(NestedListTests.deepRules)
        let batch = try generate(rules, GenerationOptions(count: 400, seed: 8, invalidRate: 1))
        assertMatchesLabels(batch, rules, "deep item counts")
        let labelled = folded(batch.labels)
        for expected in itemCountDefects {
            XCTAssertTrue(labelled.contains(expected), "no \(expected) defect in \(labelled.sorted())")
        }
        // An extra item is a whole item: an extra driver has its own documents, an extra
        // document its pages when it has any.
        let objects = batch.objects
        for label in batch.labels where label.rule == RuleIdentifier.maxItems && label.field == "drivers" {
            let drivers = objects[label.index]["drivers"] as? [[String: Any]] ?? []
            XCTAssertEqual(drivers.count, 3, "\(label)")
            let documents = (drivers.last?["papers"] as? [String: Any])?["documents"] as? [[String: Any]]
            XCTAssertFalse(documents?.isEmpty ?? true, "the extra driver has no documents: \(drivers)")
        }
    }

    func testMaxItemsDefectsOfTheFixtureFormGiveExtraDriversTheirOwnDocuments() throws {
        let rules = try NestedListTests.rules()
        let batch = try generate(rules, GenerationOptions(count: 300, seed: 4, invalidRate: 1), filtered: true)
        assertDiscardsOnly(batch, Self.defectDiscards)
        assertMatchesLabels(batch, rules, "fixture item counts")
        let labelled = folded(batch.labels)
        XCTAssertTrue(labelled.contains("drivers max-items"), "\(labelled.sorted())")
        XCTAssertTrue(labelled.contains("drivers[].documents max-items"), "\(labelled.sorted())")
        XCTAssertTrue(batch.labels.contains { $0.field.hasPrefix("drivers[1].documents") && $0.rule == "max-items" }
                      || batch.labels.contains { $0.field.hasPrefix("drivers[2].documents") && $0.rule == "max-items" },
                      "no max-items defect on a later driver's documents")
    }

    func testMinItemsDefectsInsideInnerItemsAreLabelledInCSV() throws {
        let rules = try compileRules(NestedListTests.deepRules)
        let folder = try ScratchFolder()
        let csv = try generate(rules, GenerationOptions(count: 300, seed: 9, format: .csv, invalidRate: 1))
        let run = try runBatch([folder.write("deep.csv", csv.bytes)], rules: rules)
        XCTAssertEqual(outline(run.results).sorted(), csv.labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted())
        let labelled = folded(csv.labels)
        XCTAssertTrue(labelled.contains("drivers[].papers.documents[].pages min-items"), "\(labelled.sorted())")
        // A CSV header has no columns past a list's maxItems (the validator would report the header).
        XCTAssertFalse(labelled.contains { $0.hasSuffix(" max-items") }, "\(labelled.sorted())")
    }

    // MARK: - Pinned values inside inner items

    private static let pinned = #"{"drivers": [{"documents": [{"type": "passport", "number": "4509 123456"}, "#
        + #"{"type": "license"}]}, {"documents": [{"type": "license", "number": "77AB 000001"}]}]}"#

    private func assertPinned(_ object: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        let drivers = object["drivers"] as? [[String: Any]] ?? []
        let documents = drivers.map { $0["documents"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(documents.map(\.count), [2, 1], "\(object)", file: file, line: line)
        guard documents.map(\.count) == [2, 1] else { return }
        XCTAssertEqual(documents[0][0]["number"] as? String, "4509 123456", file: file, line: line)
        XCTAssertEqual(documents[0][1]["type"] as? String, "license", file: file, line: line)
        XCTAssertEqual(documents[1][0]["number"] as? String, "77AB 000001", file: file, line: line)
    }

    func testAFixtureKeepsValuesInsideInnerItems() throws {
        let rules = try NestedListTests.rules()
        var options = GenerationOptions(count: 20, seed: 2)
        options.fixture = try GenerationFixture(json: Array(Self.pinned.utf8))
        let batch = try generate(rules, options, filtered: true)
        assertDiscardsOnly(batch, Self.assertionDiscards)
        assertMatchesLabels(batch, rules, "fixture")
        for object in batch.objects { assertPinned(object) }
        XCTAssertEqual(Set(batch.objects.compactMap { value($0, "drivers") as? [[String: Any]] }
            .compactMap { ($0[0]["documents"] as? [[String: Any]])?[1]["number"] as? String }).count > 1, true,
                       "the unpinned number of the second document should vary")
    }

    func testAFixtureKeepsValuesThreeListsDeep() throws {
        let rules = try compileRules(NestedListTests.deepRules)
        var options = GenerationOptions(count: 10, seed: 3)
        options.fixture = try GenerationFixture(json: Array(
            #"{"drivers": [{"papers": {"documents": [{"pages": [{"number": 7}, {"number": 8}]}]}}]}"#.utf8))
        let batch = try generate(rules, options)
        assertMatchesLabels(batch, rules, "deep fixture")
        for object in batch.objects {
            let pages = (((object["drivers"] as? [[String: Any]])?.first?["papers"] as? [String: Any])?["documents"]
                as? [[String: Any]])?.first?["pages"] as? [[String: Any]]
            XCTAssertEqual(pages?.map { $0["number"] as? Int }, [7, 8], "\(object)")
        }
    }

    func testSeedDataRecordsKeepInnerItemValuesAndReportThoseThatBreakARule() throws {
        let rules = try NestedListTests.rules()
        let folder = try ScratchFolder()
        let bad = #"{"drivers": [{"documents": [{"type": "license", "issued": "2999-01-01", "number": "77AB 000002"}]}]}"#
        _ = try folder.write("renewals.jsonl", Self.pinned + "\n" + bad + "\n")
        let path = try folder.write("seed.yaml", "records: renewals.jsonl\n")
        let seedData = try SeedData(path: path)
        let tables = try SeedDataTables(seedData, rules: rules)
        XCTAssertEqual(tables.notices.count, 1, "\(tables.notices)")
        XCTAssertTrue(tables.notices.first?.hasPrefix(folder.path("renewals.jsonl") + ":2:59: warning: \"2999-01-01\" "
                                                    + "breaks the rule max of 'drivers[0].documents[0].issued'") ?? false,
                      "\(tables.notices)")
        var options = GenerationOptions(count: 12, seed: 5)
        options.seedData = seedData
        let batch = try generate(rules, options, filtered: true)
        assertDiscardsOnly(batch, Self.assertionDiscards)
        assertMatchesLabels(batch, rules, "seed-data records")
        for (index, object) in batch.objects.enumerated() {
            if index % 2 == 0 {
                assertPinned(object)
                continue
            }
            let document = ((object["drivers"] as? [[String: Any]])?.first?["documents"] as? [[String: Any]])?.first
            XCTAssertEqual(document?["number"] as? String, "77AB 000002", "\(object)")
            XCTAssertNotEqual(document?["issued"] as? String, "2999-01-01", "\(object)")
        }
    }
}
