import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `generate --shape kobo-json`: generated submissions written as a KoboToolbox JSON export.
/// The values are pinned with `--fixture` (and `--optional-rate 0`), so the expected export is
/// written out by hand from Kobo's shape: `group/field` keys, repeat items keyed by their full
/// path, numbers as text, a select_multiple's names joined by spaces.
final class GenerateExportShapeCommandTests: ScratchFolderTestCase {
    private let fixtures = "Tests/FormsmithCLITests/Fixtures/xlsform/"

    func testGeneratedSubmissionsInKoboShapeWithRepeatsInsideAGroupAndARepeat() throws {
        let fixture = try write("fixture.json", """
            {"patient_id": "P0042", "age": 30, "sex": "m", "member_count": 1,
             "household": {"members": [{"member_name": "Ada", "vaccines": [{"vaccine_date": "2024-01-05"}]}]}}
            """)
        let run = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "2",
                                     "--seed", "1", "--shape", "kobo-json", "--fixture", fixture, "--optional-rate", "0"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // sex m hides the pregnancy group; nothing optional is filled beyond the fixture.
        let submission = #"{"age": "30", "household/members": [{"household/members/member_name": "Ada", "#
            + #""household/members/vaccines": [{"household/members/vaccines/vaccine_date": "2024-01-05"}]}], "#
            + #""member_count": "1", "patient_id": "P0042", "sex": "m"}"#
        XCTAssertEqual(run.stdout, "[\n\(submission),\n\(submission)\n]\n")
    }

    func testASelectMultipleAndAGroupAndTheExportReadsBackValid() throws {
        let form = try write("site.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | | begin group | hh | |
            | | integer | size | yes |
            | | select_multiple crops | crops | |
            | | end group | | |
            | | begin repeat | people | |
            | | text | pname | yes |
            | | end repeat | | |
            | choices | | | |
            | | list_name | name | |
            | | crops | maize | |
            | | crops | beans | |

            """)
        let fixture = try write("fixture.json", """
            {"site": "S1", "hh": {"size": 3, "crops": ["maize", "beans"]}, "people": [{"pname": "Ann"}],
             "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006631"}}
            """)
        let output = path("submissions.json")
        let run = try Formsmith.run(["generate", "--rules", form, "--count", "1", "--seed", "4", "--shape", "kobo-json",
                                     "--fixture", fixture, "--optional-rate", "0", "--output", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), """
            [
            {"hh/crops": "maize beans", "hh/size": "3", "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006631", "people": [{"people/pname": "Ann"}], "site": "S1"}
            ]

            """)
        // Read back as a Kobo export: valid, named by its instanceID.
        let check = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, output])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("1 questionnaire: 1 valid, 0 invalid, 0 unreadable"), check.stdout)

        // Random submissions of the form, in Kobo's shape, are valid read back (30 of them).
        let many = try Formsmith.run(["generate", "--rules", form, "--count", "30", "--seed", "9", "--shape", "kobo-json",
                                      "--output", path("many.json")])
        XCTAssertEqual(many.status, 0, many.stderr)
        let back = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, path("many.json")])
        XCTAssertTrue(back.stdout.contains("30 questionnaires: 30 valid, 0 invalid, 0 unreadable"), back.stdout)

        let refused = try Formsmith.run(["generate", "--rules", form, "--count", "1", "--shape", "odata"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--shape must be kobo-json, odk-csv or xform-xml"), refused.stderr)
    }

    /// `--shape odk-csv`: the main file and one file per repeat beside it, rows keyed as
    /// Central keys them (briefcase.js: the instanceID, then each group's name and each
    /// repeat's name with its 1-based position). No instanceID pinned: KEY is the placeholder uuid:00000000-0000-4000-8000-00000000000N.
    /// SubmissionDate: --today at noon UTC, one second later for each next submission.
    func testGeneratedSubmissionsInODKCentralCSVShape() throws {
        let fixture = try write("fixture.json", """
            {"patient_id": "P0042", "age": 30, "sex": "m", "member_count": 1,
             "household": {"members": [{"member_name": "Ada", "vaccines": [{"vaccine_date": "2024-01-05"}]}]}}
            """)
        let run = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "2",
                                     "--seed", "1", "--shape", "odk-csv", "--fixture", fixture, "--optional-rate", "0",
                                     "--output", path("clinic.csv")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("clinic.csv"), encoding: .utf8), """
            SubmissionDate,patient_id,age,sex,member_count,pregnancy-pregnant,pregnancy-weeks,meta-instanceID,meta-deprecatedID,KEY
            2024-06-01T12:00:00.000Z,P0042,30,m,1,,,,,uuid:00000000-0000-4000-8000-000000000001
            2024-06-01T12:00:01.000Z,P0042,30,m,1,,,,,uuid:00000000-0000-4000-8000-000000000002

            """)
        XCTAssertEqual(try String(contentsOfFile: path("clinic-members.csv"), encoding: .utf8), """
            member_name,member_age,PARENT_KEY,KEY
            Ada,,uuid:00000000-0000-4000-8000-000000000001,uuid:00000000-0000-4000-8000-000000000001/household/members[1]
            Ada,,uuid:00000000-0000-4000-8000-000000000002,uuid:00000000-0000-4000-8000-000000000002/household/members[1]

            """)
        XCTAssertEqual(try String(contentsOfFile: path("clinic-vaccines.csv"), encoding: .utf8), """
            vaccine_date,PARENT_KEY,KEY
            2024-01-05,uuid:00000000-0000-4000-8000-000000000001/household/members[1],uuid:00000000-0000-4000-8000-000000000001/household/members[1]/vaccines[1]
            2024-01-05,uuid:00000000-0000-4000-8000-000000000002/household/members[1],uuid:00000000-0000-4000-8000-000000000002/household/members[1]/vaccines[1]

            """)
        // Random submissions in this shape are valid read back (joined by PARENT_KEY).
        let many = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count",
                                      "25", "--seed", "3", "--shape", "odk-csv", "--output", path("many.csv")])
        XCTAssertEqual(many.status, 0, many.stderr)
        let back = try Formsmith.run(["validate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", path("many.csv")])
        XCTAssertTrue(back.stdout.contains("25 questionnaires: 25 valid, 0 invalid, 0 unreadable"), back.stdout + back.stderr)
        XCTAssertFalse(back.stderr.contains("whose PARENT_KEY is in no submission"), back.stderr)

        // An instanceID pinned for every submission is a KEY once only: later ones get the placeholder uuid:00000000-0000-4000-8000-00000000000N.
        let same = try write("same.json", #"{"patient_id": "P0042", "age": 30, "sex": "m", "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000000078"}}"#)
        let keyed = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", fixtures + "clinic.xlsx", "--count", "3",
                                       "--seed", "1", "--shape", "odk-csv", "--fixture", same, "--optional-rate", "0",
                                       "--output", path("same.csv")])
        XCTAssertEqual(keyed.status, 0, keyed.stderr)
        let keys = try String(contentsOfFile: path("same.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        XCTAssertEqual(keys, ["uuid:00000000-0000-4000-8000-000000000078", "uuid:00000000-0000-4000-8000-000000000002", "uuid:00000000-0000-4000-8000-000000000003"])

        let noOutput = try Formsmith.run(["generate", "--rules", fixtures + "clinic.xlsx", "--count", "1", "--shape", "odk-csv"])
        XCTAssertEqual(noOutput.status, 2)
        XCTAssertTrue(noOutput.stderr.contains("give --output FORMID.csv"), noOutput.stderr)
    }

    /// Two repeats of one name (a native rule file may have them in two sections; Central then
    /// names their files `FORMID-NAME~1.csv`, `~2`, in the form's order): written so, and read
    /// back by that order. By hand: a qty above 5 in the ~1 file is a violation of a.items, not
    /// of b.items (whose items have no qty).
    func testTwoRepeatsOfOneNameGetTildeNumberedFilesBothWays() throws {
        let rules = try write("dup.yaml", """
            formsmith: 1
            id: dup
            sections:
              a:
                fields:
                  items:
                    type: list
                    fields:
                      qty: {type: integer, max: 5}
              b:
                fields:
                  items:
                    type: list
                    fields:
                      label: {type: text}

            """)
        let fixture = try write("fixture.json", #"{"a": {"items": [{"qty": 2}]}, "b": {"items": [{"label": "x"}, {"label": "y"}]}}"#)
        let run = try Formsmith.run(["generate", "--today", "2024-06-01", "--rules", rules, "--count", "1", "--seed", "1",
                                     "--shape", "odk-csv", "--fixture", fixture, "--optional-rate", "0",
                                     "--output", path("dup.csv")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("dup.csv"), encoding: .utf8),
                       "SubmissionDate,KEY\n2024-06-01T12:00:00.000Z,uuid:00000000-0000-4000-8000-000000000001\n")
        XCTAssertEqual(try String(contentsOfFile: path("dup-items~1.csv"), encoding: .utf8),
                       "qty,PARENT_KEY,KEY\n2,uuid:00000000-0000-4000-8000-000000000001,uuid:00000000-0000-4000-8000-000000000001/a/items[1]\n")
        XCTAssertEqual(try String(contentsOfFile: path("dup-items~2.csv"), encoding: .utf8), """
            label,PARENT_KEY,KEY
            x,uuid:00000000-0000-4000-8000-000000000001,uuid:00000000-0000-4000-8000-000000000001/b/items[1]
            y,uuid:00000000-0000-4000-8000-000000000001,uuid:00000000-0000-4000-8000-000000000001/b/items[2]

            """)
        // A hand-written export: submission k1's a.items has qty 9; k2 has no row in the ~2 file,
        // so no b.items (required: the rule file does not make it optional).
        try write("hand.csv", "SubmissionDate,KEY\n,k1\n,k2\n")
        try write("hand-items~1.csv", "qty,PARENT_KEY,KEY\n9,k1,k1/a/items[1]\n3,k2,k2/a/items[1]\n")
        try write("hand-items~2.csv", "label,PARENT_KEY,KEY\nz,k1,k1/b/items[1]\n")
        let check = try Formsmith.run(["validate", "--rules", rules, path("hand.csv")])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("""
            \(path("hand.csv")):1 (id k1)
              a.items[0].qty: must be at most 5 [max] (value "9")
            \(path("hand.csv")):2 (id k2)
              b.items: is required [required]

            2 questionnaires: 0 valid, 2 invalid, 0 unreadable
            """), check.stdout)
    }

    /// Attachment questions are answered with their file's name in every export shape, as ODK
    /// and Kobo write them (the generated reference's `name`), in a repeat too.
    func testAttachmentsAreWrittenAsFileNamesInEveryShape() throws {
        let form = try write("ph.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | | image | photo | yes |
            | | begin repeat | people | |
            | | file | doc | yes |
            | | end repeat | | |

            """)
        let fixture = try write("fixture.json", """
            {"site": "S1", "photo": {"name": "p1.jpg", "mediaType": "image/jpeg", "size": 1000},
             "people": [{"doc": {"name": "d1.pdf", "mediaType": "application/pdf", "size": 20}}],
             "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006b31"}}
            """)
        let common = ["generate", "--today", "2024-06-01", "--rules", form, "--count", "1", "--seed", "2", "--fixture", fixture,
                      "--optional-rate", "0"]
        let kobo = try Formsmith.run(common + ["--shape", "kobo-json"])
        XCTAssertEqual(kobo.status, 0, kobo.stderr)
        XCTAssertEqual(kobo.stdout, """
            [
            {"meta/instanceID": "uuid:00000000-0000-4000-8000-000000006b31", "people": [{"people/doc": "d1.pdf"}], "photo": "p1.jpg", "site": "S1"}
            ]

            """)
        let csv = try Formsmith.run(common + ["--shape", "odk-csv", "--output", path("ph.csv")])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("ph.csv"), encoding: .utf8), """
            SubmissionDate,site,photo,meta-instanceID,meta-deprecatedID,KEY
            2024-06-01T12:00:00.000Z,S1,p1.jpg,uuid:00000000-0000-4000-8000-000000006b31,,uuid:00000000-0000-4000-8000-000000006b31

            """)
        XCTAssertEqual(try String(contentsOfFile: path("ph-people.csv"), encoding: .utf8),
                       "doc,PARENT_KEY,KEY\nd1.pdf,uuid:00000000-0000-4000-8000-000000006b31,uuid:00000000-0000-4000-8000-000000006b31/people[1]\n")
        let xml = try Formsmith.run(common + ["--shape", "xform-xml", "--output", path("phx")])
        XCTAssertEqual(xml.status, 0, xml.stderr)
        XCTAssertEqual(try XMLLeaves.read(path("phx") + "/submission-1.xml"), [
            "ph@id=ph", "ph/site=S1", "ph/photo=p1.jpg", "ph/people/doc=d1.pdf",
            "ph/meta/instanceID=uuid:00000000-0000-4000-8000-000000006b31", "ph/meta/deprecatedID=",
        ])
    }

    /// `--shape xform-xml`: one XForm instance document per submission in the --output folder,
    /// read back here with Foundation's XMLParser. The expected documents are written out by
    /// hand from the form (site.md: site; group hh with size, crops, loc; repeat people with
    /// pname, page; ODK's meta group) and the pinned values.
    func testGeneratedSubmissionsAsXFormInstanceDocuments() throws {
        let form = try write("site.md", """
            | survey | | | | |
            | | type | name | constraint | required |
            | | text | site | | yes |
            | | begin group | hh | | |
            | | integer | size | . >= 1 | yes |
            | | select_multiple crops | crops | | |
            | | geopoint | loc | | |
            | | end group | | | |
            | | begin repeat | people | | |
            | | text | pname | | yes |
            | | integer | page | . < 120 | |
            | | end repeat | | | |
            | choices | | | | |
            | | list_name | name | | |
            | | crops | maize | | |
            | | crops | beans | | |
            | settings | | | | |
            | | form_id | version | | |
            | | site_v | 2024-05 | | |

            """)
        let fixture = try write("fixture.json", """
            {"site": "S<1>&", "hh": {"size": 3, "crops": ["maize", "beans"], "loc": "-1.5 36.8 1700 5"},
             "people": [{"pname": "Ann", "page": 30}, {"pname": "Bo"}], "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006631"}}
            """)
        let folder = path("subs")
        let run = try Formsmith.run(["generate", "--rules", form, "--count", "2", "--seed", "4", "--shape", "xform-xml",
                                     "--fixture", fixture, "--optional-rate", "0", "--output", folder])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
                       ["submission-1.xml", "submission-2.xml"])
        // Root: the form_id with id and version; groups nest; a repeat item per element; an
        // unanswered question an empty element; choices space-separated; text escaped and read back.
        let expected = { (id: String) in [
            "site_v@id=site_v", "site_v@version=2024-05",
            "site_v/site=S<1>&", "site_v/hh/size=3", "site_v/hh/crops=maize beans", "site_v/hh/loc=-1.5 36.8 1700 5",
            "site_v/people/pname=Ann", "site_v/people/page=30", "site_v/people/pname=Bo", "site_v/people/page=",
            "site_v/meta/instanceID=\(id)", "site_v/meta/deprecatedID=",
        ] }
        XCTAssertEqual(try XMLLeaves.read(folder + "/submission-1.xml"), expected("uuid:00000000-0000-4000-8000-000000006631"))
        // The pinned instanceID is taken once: the second submission gets uuid:00000000-0000-4000-8000-000000000002.
        XCTAssertEqual(try XMLLeaves.read(folder + "/submission-2.xml"), expected("uuid:00000000-0000-4000-8000-000000000002"))

        // Labelled invalid ones: file N is line N of the labels. By hand from the form: a `min`
        // on hh.size is a size below 1; a `max` on people[i].page is a page of 120 or more in
        // the (i+1)th people element; a `type` defect cannot show in XML (text only) and is said.
        let invalid = try Formsmith.run(["generate", "--rules", form, "--count", "12", "--seed", "5", "--shape", "xform-xml",
                                         "--invalid-rate", "0.5", "--output", path("bad")])
        XCTAssertEqual(invalid.status, 0, invalid.stderr)
        let labels = try String(contentsOfFile: path("bad.labels.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(labels.isEmpty)
        var checked = 0
        var typeDefects = 0
        for label in labels {
            let object = try JSONSerialization.jsonObject(with: Data(label.utf8)) as! [String: Any]
            let line = object["line"] as! Int
            let field = object["field"] as! String
            let leaves = try XMLLeaves.read(path("bad") + "/" + String(format: "submission-%02d.xml", line))
            func values(_ leaf: String) -> [String] {
                leaves.filter { $0.hasPrefix("site_v/\(leaf)=") }.map { String($0.dropFirst("site_v/\(leaf)=".count)) }
            }
            switch (field, object["rule"] as! String) {
            case ("hh.size", "min"):
                XCTAssertLessThan(Int(values("hh/size")[0])!, 1, "\(line)")
                checked += 1
            case (let people, "max") where people.hasPrefix("people["):
                let item = Int(people.dropFirst("people[".count).prefix { $0 != "]" })!
                XCTAssertGreaterThanOrEqual(Int(values("people/page")[item])!, 120, "\(line)")
                checked += 1
            case (_, "type"):
                typeDefects += 1
            default:
                break
            }
        }
        XCTAssertGreaterThan(checked, 0, "no label of a kind checked here: \(labels)")
        if typeDefects > 0 {
            XCTAssertTrue(invalid.stderr.contains("\(typeDefects) labelled defect\(typeDefects == 1 ? "" : "s") of rule type"),
                          invalid.stderr)
        }

        let noFolder = try Formsmith.run(["generate", "--rules", form, "--count", "1", "--shape", "xform-xml"])
        XCTAssertEqual(noFolder.status, 2)
        XCTAssertTrue(noFolder.stderr.contains("give --output FOLDER"), noFolder.stderr)
    }
}

/// An XML document as `path=text` for each element without child elements (and `root@name=value`
/// for the root's attributes), in document order, read with Foundation's XMLParser.
private final class XMLLeaves: NSObject, XMLParserDelegate {
    private var stack: [String] = []
    private var text = ""
    private var hasChildren: [Bool] = []
    private(set) var leaves: [String] = []

    static func read(_ path: String) throws -> [String] {
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let reader = XMLLeaves()
        parser.delegate = reader
        guard parser.parse() else {
            throw NSError(domain: "XMLLeaves", code: 1, userInfo: [NSLocalizedDescriptionKey:
                "\(path): not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "?")"])
        }
        return reader.leaves
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if stack.isEmpty {
            for key in attributes.keys.sorted() { leaves.append("\(name)@\(key)=\(attributes[key]!)") }
        }
        if !hasChildren.isEmpty { hasChildren[hasChildren.count - 1] = true }
        stack.append(name)
        hasChildren.append(false)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if hasChildren.removeLast() == false { leaves.append(stack.joined(separator: "/") + "=" + text) }
        stack.removeLast()
        text = ""
    }
}
