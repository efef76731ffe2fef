@testable import FormsmithCore
import XCTest

/// The same rules, seed, today and options give the same bytes on any number of jobs; a
/// different seed gives different data. Output formats and their record positions.
final class GenerationDeterminismTests: XCTestCase {
    private let count = BatchGenerator.chunkSize * 3 + 17

    func testSameSeedGivesByteIdenticalOutputForAnyNumberOfJobs() throws {
        let rules = try shippedRules("osago-policy")
        for format in GenerationFormat.allCases {
            let one = try generate(rules, GenerationOptions(count: count, seed: 99, format: format, invalidRate: 0.2,
                                                            jobs: 1))
            for jobs in [2, 4] {
                let many = try generate(rules, GenerationOptions(count: count, seed: 99, format: format,
                                                                 invalidRate: 0.2, jobs: jobs))
                XCTAssertEqual(one.bytes, many.bytes, "\(format) with \(jobs) jobs")
                XCTAssertEqual(one.labels, many.labels, "\(format) with \(jobs) jobs")
            }
        }
    }

    func testDifferentSeedsGiveDifferentQuestionnaires() throws {
        let rules = try shippedRules("payment-order")
        let first = try generate(rules, GenerationOptions(count: 50, seed: 1)).lines
        let second = try generate(rules, GenerationOptions(count: 50, seed: 2)).lines
        XCTAssertEqual(zip(first, second).filter { $0 == $1 }.count, 0)
        XCTAssertEqual(Set(first).count, 50)
    }

    func testRecordDependsOnlyOnSeedAndPosition() throws {
        let rules = try shippedRules("customer-survey")
        let short = try generate(rules, GenerationOptions(count: 10, seed: 5)).lines
        let long = try generate(rules, GenerationOptions(count: 700, seed: 5)).lines
        XCTAssertEqual(Array(long.prefix(10)), short)
    }

    func testRecordIDsAreUniqueAndNumberedInOrder() throws {
        let batch = try generate(try shippedRules("osago-policy"), GenerationOptions(count: 30, seed: 3))
        XCTAssertEqual(batch.objects.compactMap { $0["id"] as? String },
                       (1...30).map { "Q-" + String(repeating: "0", count: 7 - String($0).count) + String($0) })
        let survey = try generate(try shippedRules("customer-survey"), GenerationOptions(count: 2, seed: 3))
        XCTAssertEqual(survey.objects.compactMap { $0["id"] as? String }, ["CS-0000001", "CS-0000002"])
    }

    func testJSONArrayHoldsOneQuestionnairePerLineAndLabelsPointAtThem() throws {
        let rules = try shippedRules("customer-survey")
        let batch = try generate(rules, GenerationOptions(count: 40, seed: 2, format: .json, invalidRate: 0.5))
        let lines = batch.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines.last, "]")
        XCTAssertEqual(lines.count, 42)
        let array = try JSONSerialization.jsonObject(with: Data(batch.bytes)) as? [Any]
        XCTAssertEqual(array?.count, 40)
        for label in batch.labels {
            XCTAssertEqual(label.line, label.index + 2)
            XCTAssertTrue(lines[label.line - 1].contains("\"\(label.id ?? "")\""))
        }
        let empty = try generate(rules, GenerationOptions(count: 0, seed: 2, format: .json))
        XCTAssertEqual(empty.text, "[]\n")
    }

    func testCSVHasOneColumnPerPathWithIndexedListItems() throws {
        let rules = try shippedRules("osago-policy")
        let batch = try generate(rules, GenerationOptions(count: 20, seed: 4, format: .csv, invalidRate: 0.3))
        let rows = batch.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let header = rows[0].split(separator: ",").map(String.init)
        XCTAssertEqual(Array(header.prefix(3)), ["id", "insurant.lastName", "insurant.firstName"])
        XCTAssertTrue(header.contains("vehicle.plate"))
        XCTAssertEqual(header.filter { $0.hasPrefix("drivers.") }.count, 5 * 5)
        XCTAssertEqual(header.last, "drivers.4.licenseIssued")
        XCTAssertFalse(header.contains("drivers"))
        XCTAssertEqual(rows.count, 21)
        for label in batch.labels {
            XCTAssertEqual(label.line, label.index + 2)
            XCTAssertTrue(rows[label.line - 1].hasPrefix(label.id ?? "-"))
            XCTAssertNotEqual(label.rule, RuleIdentifier.unknownField)
        }
    }

    func testCSVCellsAreQuotedAsRFC4180AndMultiChoiceJoined() throws {
        var output: [UInt8] = []
        RecordCSVWriter.appendCell(Array("a,b".utf8)[...], to: &output)
        output.append(UInt8(ascii: ","))
        RecordCSVWriter.appendCell(Array("say \"hi\"".utf8)[...], to: &output)
        output.append(UInt8(ascii: ","))
        RecordCSVWriter.appendCell(Array("line\nbreak".utf8)[...], to: &output)
        output.append(UInt8(ascii: ","))
        RecordCSVWriter.appendCell(Array("plain".utf8)[...], to: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "\"a,b\",\"say \"\"hi\"\"\",\"line\nbreak\",plain")

        let rules = try shippedRules("customer-survey")
        let batch = try generate(rules, GenerationOptions(count: 30, seed: 6, format: .csv))
        let header = batch.text.prefix { $0 != "\n" }
        XCTAssertEqual(header, "id,consent,respondent.email,respondent.country,answers.recommend,answers.improve,"
                       + "answers.channels,answers.channelsOther,answers.lastPurchase")
        XCTAssertTrue(batch.text.contains(";"), "some multi-choice cell joins several values with ';'")
    }
}

/// Memory stays flat with a slow destination: workers wait for the writer instead of holding
/// every generated chunk (a 10,000,000-record soak run to a busy disk once held 3 GB).
final class GenerationBoundedMemoryTests: XCTestCase {
    func testASlowWriterBoundsTheChunksWaitingToBeWritten() throws {
        let rules = try compileRules("""
            id: bounded
            fields:
              name: {type: string, regex: '^[a-z]{3,8}$'}
              age: {type: integer, min: 18, max: 99}
            """)
        let jobs = 2
        let count = BatchGenerator.chunkSize * 40
        let generator = try BatchGenerator(rules: rules, options: GenerationOptions(count: count, seed: 3, jobs: jobs))
        var written = 0
        let commit = try generator.runCommitting(write: { bytes in
            written += bytes.count
            usleep(30_000)  // a destination far slower than generating
        }, label: { _ in })
        XCTAssertEqual(commit.summary.count, count)
        XCTAssertGreaterThan(written, 0)
        XCTAssertLessThanOrEqual(commit.mostPending, BatchGenerator.chunksAheadPerJob * jobs,
                                 "chunks must not pile up behind a slow writer")
    }
}
