import Foundation
import XCTest

/// ODK Central OData JSON responses (`{"@odata.context": …, "value": [...]}`) through the
/// binary: groups as nested objects, `null` for an unanswered question, numbers as numbers, a
/// geopoint as GeoJSON, a `select_multiple` space-separated, repeats expanded inline
/// (`$expand=*`) or only linked (`NAME@odata.navigationLink`), records named by
/// `meta.instanceID` (else `__id`). The responses are written here in the shape Central's
/// `lib/data/odata.js` gives; every verdict is worked out by hand from the form's rows.
extension ODKCentralExportCommandTests {
    /// The submissions of `main`/`people` (the Central CSV export) as Central's OData gives them.
    private var odata: String {
        """
        {"@odata.context": "https://central.example/v1/projects/1/forms/site.svc/$metadata#Submissions",
         "value": [
          {"__id": "uuid:00000000-0000-4000-8000-000000006131", "__system": {"submissionDate": "2024-05-01T10:00:00.000Z", "reviewState": "approved"},
           "site": "S1", "hh": {"size": 3, "crops": "maize beans",
             "loc": {"type": "Point", "coordinates": [36.8, -1.5, 1700], "properties": {"accuracy": 5}}},
           "people@odata.navigationLink": "Submissions('uuid%3Aa1')/people",
           "people": [{"__id": "h1", "pname": "Ann", "page": 30}],
           "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006131"}},
          {"__id": "uuid:00000000-0000-4000-8000-000000006132", "__system": {}, "site": null,
           "hh": {"size": 0, "crops": "maize rice", "loc": {"type": "Point", "coordinates": [36.8, 95]}},
           "people@odata.navigationLink": "Submissions('uuid%3Aa2')/people",
           "people": [{"__id": "h2", "pname": null, "page": 130}],
           "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006132"}},
          {"__id": "uuid:00000000-0000-4000-8000-000000006133", "__system": {}, "site": "S,3", "hh": {"size": 2, "crops": null, "loc": null},
           "people@odata.navigationLink": "Submissions('uuid%3Aa3')/people",
           "people": [{"__id": "h3", "pname": "Cy", "page": 119}, {"__id": "h4", "pname": "Di", "page": 120}],
           "meta": {"instanceID": null}}
         ]}
        """
    }

    /// The same three submissions as a Central CSV export, a Kobo JSON export and an OData
    /// response get the same report, line for line (the verdicts worked out by hand in
    /// `testTheMainFileAndItsRepeatFileAreJoinedAndRecordsNamedByInstanceID`): the OData file
    /// is found by its `@odata.context`, its third submission (instanceID null) named by `__id`.
    func testAnODataResponseOfTheSameSubmissionsGetsTheSameVerdictsAsCSVAndKobo() throws {
        let form = try writeForm()
        let export = try write("site.csv", main)
        try write("site-people.csv", people)
        let response = try write("site-odata.json", odata)
        let kobo = try write("site-kobo.json", """
            [{"site": "S1", "hh/size": "3", "hh/crops": "maize beans", "hh/loc": "-1.5 36.8 1700 5",
              "people": [{"people/pname": "Ann", "people/page": "30"}], "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006131"},
             {"hh/size": "0", "hh/crops": "maize rice", "hh/loc": "95 36.8",
              "people": [{"people/page": "130"}], "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006132"},
             {"site": "S,3", "hh/size": "2", "people": [{"people/pname": "Cy", "people/page": "119"},
              {"people/pname": "Di", "people/page": "120"}], "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006133"}]
            """)
        let csvRun = try Formsmith.run(["validate", "--rules", form, export])
        let koboRun = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, kobo])
        let odataRun = try Formsmith.run(["validate", "--rules", form, response])
        XCTAssertEqual(odataRun.status, 1, odataRun.stderr)
        XCTAssertTrue(odataRun.stdout.contains("""
            \(response):2 (id uuid:00000000-0000-4000-8000-000000006132)
              site: is required [required]
              hh.size: must be at least 1 [min] (value "0")
              hh.crops: 'rice' should be one of maize, beans [enum] (value "rice")
              hh.loc: must be a geopoint: latitude longitude [altitude [accuracy]] [regex] (value "95 36.8")
              people[0].pname: is required [required]
              people[0].page: must be less than 120 [max] (value "130")
            \(response):3 (id uuid:00000000-0000-4000-8000-000000006133)
              people[1].page: must be less than 120 [max] (value "120")

            3 questionnaires: 1 valid, 2 invalid, 0 unreadable
            """), odataRun.stdout)
        XCTAssertEqual(odataRun.stdout.replacingOccurrences(of: response, with: export), csvRun.stdout)
        XCTAssertEqual(koboRun.stdout.replacingOccurrences(of: kobo, with: export), csvRun.stdout)
        // Central's own keys are said, never checked as questions.
        XCTAssertTrue(odataRun.stderr.contains("\(response): 3 submissions of an ODK Central OData response, record N its "
                                               + "Nth submission\n\(response): server keys not checked: __id (7), __system (3)"),
                      odataRun.stderr)
        // The JSON report names each record by its instanceID too.
        let json = try Formsmith.run(["validate", "--report", "json", "--rules", form, response])
        XCTAssertTrue(json.stdout.contains(#""line":2,"id":"uuid:00000000-0000-4000-8000-000000006132","#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""line":3,"id":"uuid:00000000-0000-4000-8000-000000006133","#), json.stdout)
        // GeoJSON's [longitude, latitude] comes back as ODK's "latitude longitude": submission 2's
        // [36.8, 95] is read as latitude 95 (the value above), and submission 1's altitude and
        // accuracy keep their place (valid, no record 1 in the report).
        XCTAssertFalse(odataRun.stdout.contains("\(response):1"), odataRun.stdout)
    }

    /// A repeat inside a repeat, expanded; a repeat given only as a navigation link (its items
    /// are elsewhere: said and counted, read as none); names Central made OData identifiers
    /// (`first-name` written `first_name`); an entry that is not a submission; a key the form
    /// does not have. A response is recognised by its content whatever its name, as with `--input-format odata`.
    func testNestedRepeatsANavigationLinkOnlyRepeatAndEntriesThatAreNotSubmissions() throws {
        let form = try write("visits.md", """
            | survey | | | | |
            | | type | name | constraint | required |
            | | begin repeat | visit | | |
            | | date | vdate | | yes |
            | | begin repeat | member | | |
            | | text | first-name | | yes |
            | | integer | age | . <= 130 | |
            | | end repeat | | | |
            | | end repeat | | | |
            | | begin repeat | photos | | |
            | | text | caption | | yes |
            | | end repeat | | | |

            """)
        let response = try write("visits.txt", """
            {"@odata.context": "https://central.example/v1/projects/1/forms/visits.svc/$metadata#Submissions",
             "@odata.count": 9, "@odata.nextLink": "https://central.example/v1/projects/1/forms/visits.svc/Submissions?%24skip=4",
             "value": [
              {"__id": "uuid:00000000-0000-4000-8000-000000007631", "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000007631"},
               "visit@odata.navigationLink": "Submissions('uuid%3Av1')/visit",
               "visit": [
                 {"__id": "x1", "vdate": "2024-05-01", "member@odata.navigationLink": "m",
                  "member": [{"__id": "m1", "first_name": "Ann", "age": 30},
                             {"__id": "m2", "first_name": null, "age": 131}]},
                 {"__id": "x2", "vdate": null, "member": []}],
               "photos@odata.navigationLink": "Submissions('uuid%3Av1')/photos"},
              {"__id": "uuid:00000000-0000-4000-8000-000000007632", "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000007632"}, "visit": [],
               "photos@odata.navigationLink": "Submissions('uuid%3Av2')/photos"},
              "not a submission",
              {"__id": "uuid:00000000-0000-4000-8000-000000007634", "meta": {"instanceID": null}, "extra": 1}
             ]}
            """)
        let run = try Formsmith.run(["validate", "--input-format", "odata", "--rules", form, response])
        XCTAssertEqual(run.status, 1, run.stderr)
        // v1: the second visit has no date; the first visit's second member no name, aged 131.
        // v2: no visits, photos only linked: valid. Entry 3 a string. v4: `extra` is no question.
        XCTAssertTrue(run.stdout.contains("""
            \(response):1 (id uuid:00000000-0000-4000-8000-000000007631)
              visit[1].vdate: is required [required]
              visit[0].member[1].first-name: is required [required]
              visit[0].member[1].age: must be at most 130 [max] (value "131")
            \(response):3
              (questionnaire): a questionnaire must be a JSON object, not a string [type]
            \(response):4 (id uuid:00000000-0000-4000-8000-000000007634)
              extra: is not a field of this questionnaire [unknown-field] (value "1")

            4 questionnaires: 1 valid, 3 invalid, 0 unreadable
            """), run.stdout)
        XCTAssertTrue(run.stderr.contains("\(response): 1 entry of \"value\" not a submission object (record 3): each "
                                          + "reported as a questionnaire that is not an object"), run.stderr)
        // The photos of v1 and v2 are not in the file: never taken in silence for none.
        XCTAssertTrue(run.stderr.contains("\(response): photos: in 2 submissions only a link "
                                          + "(photos@odata.navigationLink), its items not in this file: read as none, "
                                          + "not checked; ask Central with $expand=* to check them"), run.stderr)
        // A page of a paged response: the rest is not in the file, and that is said.
        XCTAssertTrue(run.stderr.contains("\(response): one page of the response: the submissions after these are not in "
                                          + "this file, not checked (the next page: https://central.example/v1/projects/1/"
                                          + "forms/visits.svc/Submissions?%24skip=4)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(response): @odata.count says 9 submissions, the file holds 4: only those are "
                                          + "checked"), run.stderr)
        // Without --input-format the response is recognised by its @odata.context, whatever its name.
        let found = try Formsmith.run(["validate", "--rules", form, response])
        XCTAssertEqual(found.stdout, run.stdout)
    }

    /// A response that is not JSON or has no `value` array is one unreadable record naming why;
    /// a plain JSON questionnaire is not taken for a response.
    func testAFileThatIsNotAnODataResponseIsOneUnreadableRecord() throws {
        let form = try writeForm()
        let broken = try write("broken.json", #"{"@odata.context": "x", "value": [ {"site": "S1"}"#)
        let noValue = try write("novalue.json", #"{"@odata.context": "x", "results": []}"#)
        let plain = try write("plain.json", #"{"site": "S1", "hh": {"size": 3}}"#)
        let run = try Formsmith.run(["validate", "--rules", form, broken, noValue, plain])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(broken):1\n  unreadable: \(broken): not an ODK Central OData response: it is "
                                          + "not JSON at byte 49 (unexpected end of input"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\(noValue):1\n  unreadable: \(noValue): not an ODK Central OData response: "
                                          + "expected an object with a \"value\" array"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 0 invalid, 2 unreadable"), run.stdout)
    }

    /// Two names Central writes alike (`a-b` and `a_b` are both `a_b` in OData): the key is read
    /// as the first, and the run says that the second cannot be told apart (read as unanswered).
    func testTwoNamesCentralWritesAlikeAreSaid() throws {
        let form = try write("alike.md", """
            | survey | | | |
            | | type | name | constraint |
            | | integer | a-b | . <= 5 |
            | | integer | a_b | |

            """)
        let response = try write("alike.json", #"{"@odata.context": "x", "value": [{"__id": "uuid:00000000-0000-4000-8000-000000007a31", "a_b": 9}]}"#)
        let run = try Formsmith.run(["validate", "--rules", form, response])
        XCTAssertEqual(run.status, 1, run.stderr)
        // By hand: 9 is read as a-b (the first), which must be at most 5.
        XCTAssertTrue(run.stdout.contains("\(response):1 (id uuid:00000000-0000-4000-8000-000000007a31)\n  a-b: must be at most 5 [max] (value \"9\")\n"),
                      run.stdout)
        XCTAssertTrue(run.stderr.contains("\(response): a-b and a_b are both written a_b by Central: that key is read as a-b, "
                                          + "and a_b as unanswered"), run.stderr)
    }
}
