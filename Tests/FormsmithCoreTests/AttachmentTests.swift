@testable import FormsmithCore
import Foundation
import XCTest

/// Attachment fields end to end: the reference's shape, each check kind, JSON and CSV giving the
/// same violations, rule-file mistakes, sizes with units, and generation (valid by construction,
/// each labelled defect breaking exactly its rule, in JSON Lines and in CSV).
final class AttachmentTests: XCTestCase {
    static let rulesText = """
        id: attachments
        fields:
          id: {type: string, minLength: 1}
          scan:
            type: attachment
            mediaTypes: [application/pdf, image/jpeg, image/png]
            maxSize: 10MB
          photos:
            type: attachment
            multiple: true
            optional: true
            mediaTypes: image/*
            extensions: [jpg, jpeg, png, heic]
            minSize: 1KiB
            minItems: 2
            maxItems: 4
          consent:
            type: attachment
            requiredIf: "count(photos) > 2"
            visibleIf: present(photos)
            mediaTypes: application/pdf
        """

    private var rules: CompiledRuleSet!
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        rules = try compileRules(Self.rulesText)
        folder = try ScratchFolder()
    }

    private static let pdf = #"{"name":"scan.pdf","mediaType":"application/pdf","size":482133}"#
    private static let jpg = #"{"name":"IMG_4821.jpg","mediaType":"image/jpeg","size":2315904}"#
    private static let png = #"{"name":"side.PNG","mediaType":"image/png","size":1024}"#

    /// The violations (`field rule`) of a questionnaire with `members` (JSON text after `"id":"1"`).
    private func violations(_ members: String) -> [String] {
        let validator = RecordValidator(rules: rules)
        let record = #"{"id":"1""# + (members.isEmpty ? "" : "," + members) + "}"
        return Array(record.utf8).withUnsafeBufferPointer {
            pairs(validator.validate(json: $0, location: RecordLocation(file: "test", line: 1)))
        }
    }

    func testValidReferencesPass() {
        XCTAssertEqual(violations(#""scan":\#(Self.pdf)"#), [])
        XCTAssertEqual(violations(#""scan":\#(Self.jpg),"photos":[\#(Self.jpg),\#(Self.png)]"#), [])
        let variants = #"{"name":"scan.pdf","mediaType":"Application/PDF","size":0,"url":"https://files.example.org/a/scan.pdf","#
            + #""sha256":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}"#
        XCTAssertEqual(violations(#""scan":\#(variants)"#), [], "url, sha256 and any case of the media type")
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":null,"consent":null"#), [], "null is absent")
    }

    func testTheShapeOfAReferenceIsCheckedMemberByMember() {
        XCTAssertEqual(violations(#""scan":"scan.pdf""#), ["scan type"])
        XCTAssertEqual(violations(#""scan":{"name":"scan.pdf","mediaType":"application/pdf"}"#), ["scan.size required"])
        XCTAssertEqual(violations(#""scan":{"name":"a/scan.pdf","mediaType":"pdf","size":-1}"#),
                       ["scan.name type", "scan.mediaType type", "scan.size type"])
        XCTAssertEqual(violations(#""scan":{"name":"scan.pdf","mediaType":"application/pdf","size":1.5,"sha256":"abc"}"#),
                       ["scan.size type", "scan.sha256 type"])
        XCTAssertEqual(violations(#""scan":{"name":"scan.pdf","mediaType":"application/pdf","size":10,"url":"not a uri"}"#),
                       ["scan.url type"])
        XCTAssertEqual(violations(#""scan":{"name":"scan.pdf","mediaTyp":"application/pdf","size":10}"#),
                       ["scan.mediaTyp unknown-field", "scan.mediaType required"])
        // An unknown member does not hide the file's own checks.
        XCTAssertEqual(violations(#""scan":{"name":"scan.gif","mediaType":"image/gif","size":10,"thumb":"x"}"#),
                       ["scan.thumb unknown-field", "scan media-type"])
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":\#(Self.jpg)"#), ["photos type"])
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(Self.jpg),"b.jpg"]"#), ["photos[1] type"])
    }

    func testEachCheckKindReportsItsRule() {
        XCTAssertEqual(violations(#""scan":{"name":"clip.mp4","mediaType":"video/mp4","size":10}"#), ["scan media-type"])
        XCTAssertEqual(violations(#""scan":{"name":"scan.jpg","mediaType":"application/pdf","size":10}"#),
                       ["scan extension"], "a well-known extension must agree with the media type")
        XCTAssertEqual(violations(#""scan":{"name":"scan.pdf","mediaType":"application/pdf","size":10000001}"#),
                       ["scan max-size"])
        let gif = #"{"name":"a.gif","mediaType":"image/gif","size":5000}"#
        let tiny = #"{"name":"b.png","mediaType":"image/png","size":1023}"#
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(Self.jpg),\#(gif),\#(tiny)]"#),
                       ["photos[1] extension", "photos[2] min-size"])
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(Self.jpg)]"#), ["photos min-items"])
        let five = Array(repeating: Self.jpg, count: 5).joined(separator: ",")
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(five)],"consent":\#(Self.pdf)"#), ["photos max-items"])
    }

    func testAttachmentsAreOptionalAndConditionalLikeOtherFields() {
        XCTAssertEqual(violations(""), ["scan required"])
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"consent":\#(Self.pdf)"#), ["consent visibility"],
                       "hidden while there are no photos")
        let three = [Self.jpg, Self.jpg, Self.png].joined(separator: ",")
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(three)]"#), ["consent required"],
                       "required with more than two photos: count() counts the files")
        XCTAssertEqual(violations(#""scan":\#(Self.pdf),"photos":[\#(three)],"consent":\#(Self.pdf)"#), [])
    }

    func testCSVCellsHoldTheSameJSONAndGetTheSameViolations() throws {
        let cases = [
            (#""scan":\#(Self.pdf)"#, "scan", Self.pdf),
            (#""scan":{"name":"scan.jpg","mediaType":"application/pdf","size":10}"#, "scan",
             #"{"name":"scan.jpg","mediaType":"application/pdf","size":10}"#),
            (#""scan":{"name":"scan.pdf","mediaType":"application/pdf","size":99999999,"x":1}"#, "scan",
             #"{"name":"scan.pdf","mediaType":"application/pdf","size":99999999,"x":1}"#),
            (#""scan":\#(Self.pdf),"photos":[\#(Self.jpg)]"#, "scan,photos", Self.pdf + "\t[" + Self.jpg + "]"),
        ]
        for (json, header, cells) in cases {
            let row = cells.split(separator: "\t").map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            let text = "id," + header + "\n1," + row.joined(separator: ",") + "\n"
            let run = try runBatch([folder.write("data.csv", text)], rules: rules)
            let csv = run.results.filter { $0.location.line == 2 }.flatMap(pairs)
            XCTAssertEqual(csv, violations(json), text)
        }
        let plain = try runBatch([folder.write("plain.csv", "id,scan\n1,scan.pdf\n2,\"{\"\"name\"\":\"\n")], rules: rules)
        XCTAssertEqual(outline(plain.results), ["2: scan type", "3: scan type"],
                       "a cell that is not JSON is a type violation that says how to write it")
        XCTAssertTrue(plain.results[0].violations[0].message.contains("written as JSON in the cell"))
    }

    func testRuleFileMistakesAreReportedWithTheirPosition() {
        let problems = ruleProblems("""
            id: broken
            fields:
              a: {type: attachment, mediaTypes: [application/pdf, imagejpeg, "image/j peg"]}
              b: {type: attachment, minSize: 2MB, maxSize: 1MB}
              c: {type: attachment, maxSize: 10 MiBs}
              d: {type: attachment, mediaTypes: [application/pdf], extensions: [docx, xlsx]}
              e: {type: attachment, maxItems: 3}
              g: {type: string, maxSize: 1MB}
            """)
        XCTAssertEqual(problems.count, 7, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.contains { $0.hasPrefix("rules.yaml:3:") && $0.contains("'imagejpeg' is not a media type") })
        XCTAssertTrue(problems.contains { $0.hasPrefix("rules.yaml:3:") && $0.contains("'image/j peg' is not a media type") })
        XCTAssertTrue(problems.contains { $0.contains("minSize 2 MB is greater than maxSize 1 MB") })
        XCTAssertTrue(problems.contains { $0.contains("unknown size unit 'mibs'") })
        XCTAssertTrue(problems.contains {
            $0.hasPrefix("rules.yaml:6:") && $0.contains("every extension in 'extensions' is for files that mediaTypes does not allow")
        }, "extensions that mediaTypes all rule out leave no file that passes")
        // One dead extension among possible ones loads (lint warns: attachment-extension).
        XCTAssertNoThrow(try compileRules("id: x\nfields:\n  f: {type: attachment, mediaTypes: [application/pdf], extensions: [pdf, docx]}\n"))
        XCTAssertTrue(problems.contains { $0.contains("add 'multiple: true' to 'e'") })
        XCTAssertTrue(problems.contains { $0 == "rules.yaml:8:30: 'maxSize' does not apply to string field 'g'" })
        XCTAssertEqual(ruleProblems("id: x\nfields:\n  f: {type: string, multiple: true}\n"),
                       ["rules.yaml:3:31: 'multiple' applies only to attachment fields (several files); field 'f' is string"])
    }

    func testSizesAreReadWithDecimalAndBinaryUnits() throws {
        XCTAssertEqual(try ByteSize.parse("10MB").get(), 10_000_000)
        XCTAssertEqual(try ByteSize.parse("512 KiB").get(), 524_288)
        XCTAssertEqual(try ByteSize.parse("1.5mb").get(), 1_500_000)
        XCTAssertEqual(try ByteSize.parse("2000").get(), 2000)
        XCTAssertEqual(try ByteSize.parse("1GiB").get(), 1_073_741_824)
        for wrong in ["", "MB", "1.5B", "ten MB", "1..2KB", "99999999999GB"] {
            XCTAssertThrowsError(try ByteSize.parse(wrong).get(), wrong)
        }
        XCTAssertEqual(ByteSize.describe(14_680_064), "14.7 MB")
        XCTAssertEqual(ByteSize.describe(999), "999 bytes")
    }

    func testMediaTypePatternsMatchWildcardsWithoutRegardToCase() throws {
        let image = try MediaTypePattern.parse("Image/*").get()
        XCTAssertTrue(image.matches("image/heic"))
        XCTAssertFalse(image.matches("application/pdf"))
        XCTAssertTrue(try MediaTypePattern.parse("*/*").get().matches("video/mp4"))
        XCTAssertNotNil(MediaType.syntaxProblem("image/"))
        XCTAssertNil(MediaType.syntaxProblem("application/vnd.oasis.opendocument.text"))
    }

    // MARK: - Generation

    func testGeneratedAttachmentsAreValidAndEachLabelledDefectBreaksItsRule() throws {
        for seed: UInt64 in [1, 9, 2026] {
            let batch = try generate(rules, GenerationOptions(count: 300, seed: seed, invalidRate: 0.5, jobs: 2))
            assertMatchesLabels(batch, rules, "seed \(seed)")
        }
        let batch = try generate(rules, GenerationOptions(count: 600, seed: 5, invalidRate: 1))
        let seen = Set(batch.labels.map(\.rule))
        XCTAssertEqual(Set(["media-type", "extension", "min-size", "max-size", "min-items", "max-items", "type"])
                        .subtracting(seen), [])
        XCTAssertTrue(batch.labels.contains { $0.field.hasPrefix("photos[") }, "a defect in one file of several")
    }

    /// An attachment inside list items: checked per item, reported at the item's concrete path,
    /// generated valid and labelled-invalid like one at the top level.
    func testAttachmentsInsideListItems() throws {
        let rules = try compileRules("""
            id: drivers
            fields:
              drivers:
                type: list
                minItems: 1
                maxItems: 3
                fields:
                  name: {type: string, minLength: 1}
                  licenseScan:
                    type: attachment
                    mediaTypes: [application/pdf, image/jpeg]
                    maxSize: 5MB
            """)
        let validator = RecordValidator(rules: rules)
        let record = #"{"drivers":[{"name":"A","licenseScan":\#(Self.pdf)},"#
            + #"{"name":"B","licenseScan":{"name":"clip.mp4","mediaType":"video/mp4","size":9000000}}]}"#
        let found = Array(record.utf8).withUnsafeBufferPointer {
            pairs(validator.validate(json: $0, location: RecordLocation(file: "test", line: 1)))
        }
        XCTAssertTrue(found.contains("drivers[1].licenseScan media-type"), "\(found)")
        XCTAssertTrue(found.contains("drivers[1].licenseScan max-size"), "\(found)")
        XCTAssertFalse(found.contains { $0.hasPrefix("drivers[0]") }, "\(found)")
        let batch = try generate(rules, GenerationOptions(count: 300, seed: 4, invalidRate: 0.5, jobs: 2))
        assertMatchesLabels(batch, rules, "attachments in list items")
        XCTAssertTrue(batch.labels.contains { $0.field.hasPrefix("drivers[") && $0.field.contains("licenseScan") },
                      "a defect in an item's attachment")
    }

    func testGeneratedReferencesLookReal() throws {
        let batch = try generate(rules, GenerationOptions(count: 200, seed: 3, optionalRate: 1))
        var names = Set<String>()
        for object in batch.objects {
            let scan = try XCTUnwrap(object["scan"] as? [String: Any])
            let name = try XCTUnwrap(scan["name"] as? String)
            let size = try XCTUnwrap(scan["size"] as? Int)
            let type = try XCTUnwrap(scan["mediaType"] as? String)
            XCTAssertTrue(["application/pdf", "image/jpeg", "image/png"].contains(type), type)
            XCTAssertTrue(name.hasPrefix("scan") || name.hasPrefix("IMG_"), name)
            XCTAssertTrue((1000...10_000_000).contains(size), "\(size)")
            names.insert(name)
            let photos = try XCTUnwrap(object["photos"] as? [[String: Any]])
            XCTAssertTrue((2...4).contains(photos.count))
        }
        XCTAssertGreaterThan(names.count, 20, "file names vary")
    }

    /// A generated reference is written once into the record and read by both writers: the CSV
    /// cell of `scan` (and of the multiple `photos`) must hold the same reference as the JSON
    /// Lines questionnaire of the same seed and position, compared as parsed JSON.
    func testTheCSVCellHoldsTheSameReferenceAsTheJSONLinesQuestionnaire() throws {
        let json = try generate(rules, GenerationOptions(count: 60, seed: 21, optionalRate: 1, jobs: 1))
        var csv: [UInt8] = []
        _ = try BatchGenerator(rules: rules, options: GenerationOptions(count: 60, seed: 21, format: .csv, optionalRate: 1,
                                                                         jobs: 1))
            .run(write: { csv += $0 }, label: { _ in })
        var cells: [[String]] = []
        csv.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer)
            var row = CSVRow()
            while reader.next(into: &row) {
                cells.append(row.fields.prefix(row.fieldCount).map { field in
                    let text = String(decoding: buffer[field.start..<field.end], as: UTF8.self)
                    return field.hasEscapedQuotes ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
                })
            }
        }
        let header = try XCTUnwrap(cells.first)
        let scanColumn = try XCTUnwrap(header.firstIndex(of: "scan"))
        let photosColumn = try XCTUnwrap(header.firstIndex(of: "photos"))
        XCTAssertEqual(cells.count - 1, json.objects.count)
        var compared = 0
        for (object, row) in zip(json.objects, cells.dropFirst()) {
            for (name, column) in [("scan", scanColumn), ("photos", photosColumn)] {
                guard let member = object[name] else {
                    XCTAssertEqual(row[column], "", name)
                    continue
                }
                let cell = try JSONSerialization.jsonObject(with: Data(row[column].utf8))
                XCTAssertEqual(try canonical(cell), try canonical(member), name)
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 60 + 1, "every scan and some photos compared")
    }

    /// The JSON text of a parsed value with its keys sorted, to compare two parses.
    private func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    func testFileStemsAreTheFieldNameInHyphenatedWords() {
        let expected = ["registrationScan": "registration-scan", "scan": "scan", "ID_card": "i-d-card",
                        "photo2Front": "photo2-front", "_x": "-x", "": "file", "сканПаспорта": "скан-паспорта",
                        "scanÉtat": "scan-état"]
        for (name, stem) in expected {
            XCTAssertEqual(QuestionnaireBuilder.fileStem(name), stem, name)
        }
    }

    func testGeneratedCSVValidatesBackWithTheLabelledViolations() throws {
        let options = GenerationOptions(count: 200, seed: 12, format: .csv, invalidRate: 0.4)
        var bytes: [UInt8] = []
        var labels: [GeneratedLabel] = []
        let summary = try BatchGenerator(rules: rules, options: options).run(write: { bytes += $0 },
                                                                             label: { labels.append($0) })
        XCTAssertGreaterThan(summary.invalid, 40)
        let run = try runBatch([folder.write("generated.csv", bytes)], rules: rules)
        XCTAssertEqual(run.summary.invalid, labels.count)
        let expected = labels.map { "\($0.line): \($0.field) \($0.rule)" }.sorted()
        XCTAssertEqual(outline(run.results).sorted(), expected)
    }
}
