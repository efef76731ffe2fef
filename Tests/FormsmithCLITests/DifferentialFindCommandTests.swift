import Foundation
import XCTest

/// Disagreements the differential test (DifferentialTests, against the reference validator)
/// found, reduced to small cases and checked through the binary: report and exit code.
final class DifferentialFindCommandTests: ScratchFolderTestCase {
    /// A section written twice in one object is a `duplicate-field` violation like any repeated
    /// key, and only the first is read: the engine read both objects and reported a second
    /// that was not an object as `type`, hiding the first's empty required field.
    func testASectionWrittenTwiceIsADuplicateAndOnlyTheFirstIsRead() throws {
        let rules = try write("rules.yaml", """
            id: twice
            sections:
              owner:
                fields:
                  name: {type: string}
                  age: {type: integer, optional: true}
            """)
        let data = try write("data.jsonl", """
            {"owner": {}, "owner": 12}
            {"owner": {"name": "Ann"}, "owner": {"age": "x"}}
            {"owner": {"name": "Ann"}, "owner": null}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, run.stdout)
        XCTAssertTrue(lines[0].contains(#""line":1"#) && lines[0].contains(#"{"field":"owner.name","rule":"required""#)
                      && lines[0].contains(#""field":"owner","rule":"duplicate-field""#)
                      && !lines[0].contains(#""rule":"type""#), run.stdout)
        // The second object is not read: its age of the wrong type is not reported.
        XCTAssertTrue(lines[1].contains(#""line":2"#) && lines[1].contains(#""field":"owner","rule":"duplicate-field""#)
                      && !lines[1].contains("owner.age"), run.stdout)
        XCTAssertTrue(lines[2].contains(#""line":3"#) && lines[2].contains(#""field":"owner","rule":"duplicate-field""#),
                      run.stdout)
        XCTAssertTrue(lines[3].contains(#""records":3,"valid":0,"invalid":3"#), run.stdout)
    }

    /// A `parent` defect planted in an inner list's item whose parent is a field of the
    /// enclosing item emptied the enclosing list's item with the inner item's index: past the
    /// end of its storage (a trap in a debug build, another item's value or worse in a release
    /// one). Found by the differential test once lists inside list items were given to it.
    func testAParentDefectInAnInnerItemEmptiesTheParentOfItsOwnEnclosingItem() throws {
        let rules = try write("rules.yaml", """
            id: parent-in-enclosing-item
            sections:
              b:
                type: list
                fields:
                  d: {type: integer, optional: true}
                  c:
                    type: list
                    fields:
                      z: {type: integer, parent: "b[].d"}
            """)
        let output = path("generated.jsonl")
        let generate = try Formsmith.run(["generate", "--rules", rules, "--today", "2026-11-22", "--count", "60",
                                          "--seed", "2", "--invalid-rate", "1", "--output", output])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let labels = try String(contentsOfFile: output + ".labels.jsonl", encoding: .utf8)
        let parentLabels = labels.split(separator: "\n").filter { $0.contains(#""rule":"parent""#) }
        XCTAssertFalse(parentLabels.isEmpty, labels)
        // Each questionnaire breaks exactly its label: validation reports it and nothing else.
        let validate = try Formsmith.run(["validate", "--rules", rules, "--today", "2026-11-22", "--report", "jsonl", output])
        XCTAssertEqual(validate.status, 1, validate.stderr)
        for label in parentLabels {
            guard let field = label.split(separator: "\"").drop(while: { $0 != "field" }).dropFirst(2).first else {
                XCTFail("a label without a field: \(label)")
                continue
            }
            XCTAssertTrue(field.hasPrefix("b[") && field.contains("].c["), String(label))
            XCTAssertTrue(validate.stdout.contains(#"{"field":"\#(field)","rule":"parent""#), "\(field)\n\(validate.stdout)")
        }
    }

    /// A member the rules do not declare is reported under its name, cut to its first 100
    /// characters and "…" when longer (docs/rules.md, "The file"). FuzzDifferential found the
    /// reference validator naming the whole 118-character key where the engine cut it; the
    /// documents said nothing, so the cut is now written down and both follow it.
    func testAnUnknownMemberWithALongNameIsReportedByItsFirstHundredCharacters() throws {
        let rules = try write("rules.yaml", """
            id: long-key
            fields:
              name: {type: string}
            sections:
              answers:
                fields:
                  recommend: {type: integer, optional: true}
            """)
        let long = "con" + String(repeating: "u", count: 110) + "sent"
        let exact = String(repeating: "ж", count: 100)
        let data = try write("data.jsonl", """
            {"name": "Ann", "\(long)": true, "answers": {"\(exact)": 1, "\(exact)x": 2}}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let shown = "con" + String(repeating: "u", count: 97) + "…"
        XCTAssertTrue(run.stdout.contains(#"{"field":"\#(shown)","rule":"unknown-field""#), run.stdout)
        XCTAssertFalse(run.stdout.contains("uuuusent"), run.stdout)
        // Exactly 100 characters: the whole name; 101: the first 100 and "…".
        XCTAssertTrue(run.stdout.contains(#"{"field":"answers.\#(exact)","rule":"unknown-field""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"{"field":"answers.\#(exact)…","rule":"unknown-field""#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#""records":1,"valid":0,"invalid":1"#), run.stdout)
    }

    /// A `cases:` entry's size limit applies to every readable file of an attachment, whatever
    /// is wrong with the file's other members: a malformed `sha256` (a `type` violation of that
    /// member) made the engine skip the field's cases, so a 10 MB file passed a case's
    /// `maxSize: 2MB`. Found by the differential test once random forms had attachments.
    func testACaseSizeLimitHoldsForAFileWithAMalformedMember() throws {
        let rules = try write("rules.yaml", """
            id: case-size
            fields:
              kind: {type: string}
              scans: {type: attachment, multiple: true, cases: [{when: "kind == 'small'", maxSize: 2MB}]}
              scan: {type: attachment, optional: true, cases: [{when: "kind == 'small'", maxSize: 2MB}]}
            """)
        let big = #""name": "a.pdf", "mediaType": "application/pdf", "size": 10000001"#
        let data = try write("data.jsonl", """
            {"kind": "small", "scans": [{\(big), "sha256": "g"}, {\(big)}], "scan": {\(big), "url": "no url"}}
            {"kind": "large", "scans": [{\(big), "sha256": "g"}]}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, run.stdout)
        for expected in [#"{"field":"scans[0].sha256","rule":"type""#, #"{"field":"scans[0]","rule":"max-size""#,
                         #"{"field":"scans[1]","rule":"max-size""#, #"{"field":"scan.url","rule":"type""#,
                         #"{"field":"scan","rule":"max-size""#] {
            XCTAssertTrue(lines[0].contains(expected), "\(expected) in \(lines[0])")
        }
        XCTAssertEqual(lines[0].components(separatedBy: #""rule":"#).count - 1, 5, lines[0])
        // Without the case, only the malformed member.
        XCTAssertTrue(lines[1].contains(#"{"field":"scans[0].sha256","rule":"type""#) && !lines[1].contains("max-size"),
                      lines[1])
        XCTAssertTrue(lines[2].contains(#""records":2,"valid":0,"invalid":2"#), run.stdout)
    }

    /// The `hostname` format refuses a name whose last label is all digits (RFC 1123 2.1:
    /// the highest-level label is never numeric, so `10.0.0.1` is no host name), as the engine
    /// always did; docs/rules.md did not say so and the reference accepted `0` and
    /// `79927398713` (the seeded campaign's first disagreements, forms 45 and 104). The same
    /// rule holds for an e-mail domain and a URL's host.
    func testAHostNameWhoseLastLabelIsAllDigitsIsRefused() throws {
        let rules = try write("rules.yaml", """
            id: hosts
            fields:
              host: {type: string, format: hostname}
              mail: {type: string, format: email, optional: true}
            """)
        let data = try write("data.jsonl", """
            {"host": "0"}
            {"host": "79927398713"}
            {"host": "mail.ru.1"}
            {"host": "10.0.0.1"}
            {"host": "1c.ru"}
            {"host": "123.example", "mail": "anna@mail.123"}
            {"host": "localhost", "mail": "anna@1c.ru"}

            """)
        let run = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", data])
        XCTAssertEqual(run.status, 1, run.stderr)
        // One line per invalid record (lines 5 and 7 are valid), then the summary.
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, run.stdout)
        guard lines.count == 6 else { return }
        for (index, line) in [1, 2, 3, 4].enumerated() {
            XCTAssertTrue(lines[index].contains(#""line":\#(line),"#) && lines[index].contains(#""field":"host","rule":"format""#)
                          && lines[index].contains("the last label of it is all digits"), lines[index])
        }
        XCTAssertTrue(lines[4].contains(#""line":6,"#) && lines[4].contains(#""field":"mail","rule":"format""#)
                      && lines[4].contains("the last label of the domain is all digits")
                      && !lines[4].contains(#""field":"host""#), lines[4])
        XCTAssertTrue(lines[5].contains(#""records":7,"valid":2,"invalid":5"#), lines[5])
    }

    /// A CSV cell `[]` for an attachment taking several files is no file, as JSON's `[]` is not
    /// filled: `required` in both readings, at the top level, in the first of two list items
    /// and in the first item of a list inside the second (a gap item, like `{}`). The CSV
    /// binding took any non-empty cell as present, so the CSV row passed; found while random
    /// forms learned attachments.
    func testAnEmptyArrayCellIsNoFileAsInJSON() throws {
        let rules = try write("rules.yaml", """
            id: empty-files
            fields:
              scans: {type: attachment, multiple: true}
              drivers:
                type: list
                fields:
                  name: {type: string}
                  docs: {type: attachment, multiple: true}
                  licences:
                    type: list
                    optional: true
                    fields:
                      files: {type: attachment, multiple: true}
            """)
        let file = #"[{"name":"a.pdf","mediaType":"application/pdf","size":100}]"#
        let cell = "\"" + file.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let json = try write("data.jsonl", #"{"scans":[],"drivers":[{"name":"a","docs":[]},{"name":"b","docs":"#
                             + file + #","licences":[{"files":[]},{"files":"# + file + "}]}]}\n")
        let csv = try write("data.csv", """
            scans,drivers.0.name,drivers.0.docs,drivers.1.name,drivers.1.docs,drivers.1.licences.0.files,drivers.1.licences.1.files
            [],a, [ ] ,b,\(cell),[],\(cell)

            """)
        let expected = #"[{"field":"scans","rule":"required","message":"is required"},"#
            + #"{"field":"drivers[0].docs","rule":"required","message":"is required"},"#
            + #"{"field":"drivers[1].licences[0].files","rule":"required","message":"is required"}]"#
        for data in [json, csv] {
            let run = try Formsmith.run(["validate", "--rules", rules, "--report", "jsonl", data])
            XCTAssertEqual(run.status, 1, run.stderr)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, run.stdout)
            XCTAssertTrue(lines.first?.hasSuffix(#""errors":"# + expected + "}") ?? false, "\(data): \(run.stdout)")
        }
    }
}
