import Foundation
import XCTest

/// Attachment answers of server exports through the binary: ODK Central's CSV and OData and
/// KoboToolbox's JSON write an image or file question's answer as the file's bare name, which
/// is read as a reference whose media type is the one its extension names (its size and content
/// not checkable, and said once per run with the count). Native JSON keeps its meaning: there a
/// name is not an attachment. Every verdict is worked out by hand from the form's rows.
final class ExportAttachmentCommandTests: ScratchFolderTestCase {
    /// site (required); photo (image: required, image/*); doc (file: any type, optional).
    private func writeForm() throws -> String {
        try write("visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |
            | | image | photo | yes |
            | | file | doc | |

            """)
    }

    /// The verdicts of the four submissions, the same in every export shape:
    /// 1 photo.jpg is image/jpeg, an image/*: valid; 2 notes.pdf is application/pdf, not an
    /// image/*: media-type; 3 no photo on a required image: required; 4 PHOTO.JPG (the extension
    /// compared without case) valid, and doc scan.xyz, an extension naming no known type, passes
    /// a file question that allows every type.
    private func expected(_ input: String) -> String {
        """
        \(input):2 (id uuid:00000000-0000-4000-8000-000000006132)
          photo: has media type application/pdf; allowed: image/* [media-type] (value "application/pdf")
        \(input):3 (id uuid:00000000-0000-4000-8000-000000006133)
          photo: is required [required]

        4 questionnaires: 2 valid, 2 invalid, 0 unreadable
        """
    }

    /// Four file names were read (photo 1, 2, 4 and doc 4; none for the empty photo 3), one of
    /// them (scan.xyz) with an extension that names no media type.
    private let notice = "formsmith: 4 attachment answers of the exports given as a file name, not a file: the name and "
        + "the media type its extension names are checked; not checkable from a name: the file's size (minSize, "
        + "maxSize) and the real media type of its content; 1 of them with an extension that names no media type "
        + "Formsmith knows, whose media type is not checked either"

    /// An export does not tell a file's size: a field's `minSize`/`maxSize` is not checked for
    /// its answers and the run counts them as "size unknown" (a size used to be made up, the
    /// field's smallest, so that the checks passed). The other checks stay (media type), and a
    /// native reference without a size is still wrong.
    func testAnExportFilesSizeIsUnknownAndCountedNotMadeUp() throws {
        let rules = try write("scans.yaml", """
            id: scans
            fields:
              site: {type: string}
              scan: {type: attachment, mediaTypes: [application/pdf], minSize: 1KB, maxSize: 10MB}
              photo: {type: attachment, optional: true}

            """)
        let export = try write("scans.json", """
            [{"site": "S1", "scan": "a.pdf", "photo": "p.jpg", "_uuid": "00000000-0000-4000-8000-000000006141", "_id": 1},
             {"site": "S2", "scan": "b.png", "_uuid": "00000000-0000-4000-8000-000000006142", "_id": 2}]
            """)
        let native = try write("native.jsonl", #"{"site": "S3", "scan": {"name": "c.pdf", "mediaType": "application/pdf"}}"# + "\n")
        let run = try Formsmith.run(["validate", "--rules", rules, export, native])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(export):2 (id 00000000-0000-4000-8000-000000006142)\n"
                                          + "  scan: has media type image/png; allowed: application/pdf "
                                          + "[media-type] (value \"image/png\")\n\(native):1\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("\(native):1\n  scan.size: is required: an attachment gives the file's size "
                                          + "in bytes, a whole number of 0 or more [required]"), run.stdout)
        XCTAssertFalse(run.stdout.contains("[min-size]") || run.stdout.contains("[max-size]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("3 questionnaires: 1 valid, 2 invalid, 0 unreadable"), run.stdout)
        // Three file names (a.pdf, p.jpg, b.png); two on scan, which has minSize and maxSize.
        XCTAssertTrue(run.stderr.contains("formsmith: 3 attachment answers of the exports given as a file name, not a "
                                          + "file: the name and the media type its extension names are checked; not "
                                          + "checkable from a name: the file's size (minSize, maxSize) and the real media "
                                          + "type of its content; 2 of them on a field with minSize or maxSize: size "
                                          + "unknown, that rule not checked for them"), run.stderr)
        // explain says it of the field's size rule too.
        let explained = try Formsmith.run(["explain", "--rules", rules, "scan"])
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("each file is 1 KB to 10 MB (1000 to 10000000 bytes); not checkable for "
                                                + "an answer read from a server export (a file name, size unknown: "
                                                + "counted in the run's notice)"), explained.stdout)
    }

    func testAnODKCentralCSVExportChecksFileNamesByTheirExtension() throws {
        let form = try writeForm()
        let export = try write("visit.csv", """
            SubmissionDate,site,photo,doc,meta-instanceID,KEY
            2024-05-01T10:00:00.000Z,S1,photo.jpg,,uuid:00000000-0000-4000-8000-000000006131,uuid:00000000-0000-4000-8000-000000006131
            2024-05-01T11:00:00.000Z,S2,notes.pdf,,uuid:00000000-0000-4000-8000-000000006132,uuid:00000000-0000-4000-8000-000000006132
            2024-05-01T12:00:00.000Z,S3,,,uuid:00000000-0000-4000-8000-000000006133,uuid:00000000-0000-4000-8000-000000006133
            2024-05-01T13:00:00.000Z,S4,PHOTO.JPG,scan.xyz,uuid:00000000-0000-4000-8000-000000006134,uuid:00000000-0000-4000-8000-000000006134

            """)
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(expected(export)), run.stdout)
        XCTAssertTrue(run.stderr.contains(notice), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "attachment answer").count, 2, "said once: \(run.stderr)")
    }

    func testAKoboExportChecksFileNamesByTheirExtension() throws {
        let form = try writeForm()
        let export = try write("visit.json", """
            [{"site": "S1", "photo": "photo.jpg", "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006131", "_id": 1},
             {"site": "S2", "photo": "notes.pdf", "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006132", "_id": 2},
             {"site": "S3", "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006133", "_id": 3},
             {"site": "S4", "photo": "PHOTO.JPG", "doc": "scan.xyz", "meta/instanceID": "uuid:00000000-0000-4000-8000-000000006134", "_id": 4}]
            """)
        let run = try Formsmith.run(["validate", "--input-format", "kobo-json", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(expected(export)), run.stdout)
        XCTAssertTrue(run.stderr.contains(notice), run.stderr)
    }

    func testAnODataResponseChecksFileNamesByTheirExtension() throws {
        let form = try writeForm()
        let export = try write("visit-odata.json", """
            {"@odata.context": "https://central.example/v1/projects/1/forms/visit.svc/$metadata#Submissions",
             "value": [
              {"__id": "uuid:00000000-0000-4000-8000-000000006131", "site": "S1", "photo": "photo.jpg", "doc": null, "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006131"}},
              {"__id": "uuid:00000000-0000-4000-8000-000000006132", "site": "S2", "photo": "notes.pdf", "doc": null, "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006132"}},
              {"__id": "uuid:00000000-0000-4000-8000-000000006133", "site": "S3", "photo": null, "doc": null, "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006133"}},
              {"__id": "uuid:00000000-0000-4000-8000-000000006134", "site": "S4", "photo": "PHOTO.JPG", "doc": "scan.xyz", "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006134"}}]}
            """)
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(expected(export)), run.stdout)
        XCTAssertTrue(run.stderr.contains(notice), run.stderr)
    }

    /// Two exports in one run: the notice is said once, with the answers of both (1 + 1).
    func testTheNoticeIsSaidOnceForTheRunWithEveryExportCounted() throws {
        let form = try writeForm()
        let csv = try write("visit.csv", """
            site,photo,meta-instanceID,KEY
            S1,a.png,uuid:00000000-0000-4000-8000-000000006331,uuid:00000000-0000-4000-8000-000000006331

            """)
        let odata = try write("visit-odata.json", """
            {"@odata.context": "https://central.example/v1/projects/1/forms/visit.svc/$metadata#Submissions",
             "value": [{"__id": "uuid:00000000-0000-4000-8000-000000006f31", "site": "S1", "photo": "b.jpeg", "meta": {"instanceID": "uuid:00000000-0000-4000-8000-000000006f31"}}]}
            """)
        let run = try Formsmith.run(["validate", "--rules", form, csv, odata])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "attachment answer").count, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: 2 attachment answers of the exports given as a file name, not a "
                                          + "file: the name and the media type its extension names are checked; not "
                                          + "checkable from a name: the file's size (minSize, maxSize) and the real "
                                          + "media type of its content\n"), run.stderr)
    }

    /// An export without a file name says nothing about attachments; native JSON Lines keep
    /// their meaning: a name where a reference belongs is a type violation, as before.
    func testNoNoticeWithoutFileNamesAndNativeInputKeepsItsMeaning() throws {
        let form = try writeForm()
        let csv = try write("visit.csv", """
            site,photo,meta-instanceID,KEY
            S1,,uuid:00000000-0000-4000-8000-000000006331,uuid:00000000-0000-4000-8000-000000006331

            """)
        let export = try Formsmith.run(["validate", "--rules", form, csv])
        XCTAssertEqual(export.status, 1, export.stderr)
        XCTAssertFalse(export.stderr.contains("attachment answer"), export.stderr)
        let native = try write("visit.jsonl", #"{"site": "S1", "photo": "photo.jpg"}"# + "\n")
        let run = try Formsmith.run(["validate", "--rules", form, native])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("""
            \(native):1
              photo: must be an object describing the file, such as {"name": "scan.pdf", "mediaType": \
            "application/pdf", "size": 482133}, not a string [type] (value "photo.jpg")
            """), run.stdout)
        XCTAssertFalse(run.stderr.contains("attachment answer"), run.stderr)
    }

    /// Generated submissions are valid by construction: written in the Kobo and Central CSV
    /// shapes (attachments as file names) they read back valid, every photo and file counted in
    /// the notice rather than reported as a `type` violation.
    func testGeneratedExportsWithAttachmentsReadBackValid() throws {
        let form = try writeForm()
        for (shape, output) in [("kobo-json", "gen.json"), ("odk-csv", "gen.csv")] {
            let generated = try Formsmith.run(["generate", "--rules", form, "--count", "20", "--seed", "5",
                                               "--optional-rate", "1", "--shape", shape, "--output", path(output)])
            XCTAssertEqual(generated.status, 0, generated.stderr)
            let run = try Formsmith.run(["validate", "--input-format", shape, "--rules", form, path(output)])
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains("20 questionnaires: 20 valid, 0 invalid, 0 unreadable"), run.stdout)
            // photo (required) and doc (optional, filled at --optional-rate 1): 40 file names.
            XCTAssertTrue(run.stderr.contains("formsmith: 40 attachment answers of the exports given as a file name"),
                          run.stderr)
        }
    }

    /// An audio question answered as phones record: `rec.m4a` is audio/mp4 and `clip.3gp`
    /// audio/3gpp (3gp names video/3gpp too; the type the field allows is taken), both audio/*;
    /// `rec.jpg` is image/jpeg, not audio/* (media-type). None is counted as an unknown extension.
    func testPhoneAudioExtensionsAreCheckedByTheirType() throws {
        let form = try write("voice.md", """
            | survey | | | |
            | | type | name | required |
            | | audio | voice | yes |

            """)
        let export = try write("voice.json", """
            [{"_uuid": "v1", "voice": "rec.m4a"}, {"_uuid": "v2", "voice": "clip.3gp"}, {"_uuid": "v3", "voice": "rec.jpg"}]
            """)
        let run = try Formsmith.run(["validate", "--rules", form, export])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("""
            \(export):3 (id v3)
              voice: has media type image/jpeg; allowed: audio/* [media-type] (value "image/jpeg")

            3 questionnaires: 2 valid, 1 invalid, 0 unreadable
            """), run.stdout)
        XCTAssertTrue(run.stderr.contains("formsmith: 3 attachment answers of the exports given as a file name"), run.stderr)
        XCTAssertFalse(run.stderr.contains("names no media type"), run.stderr)
    }
}
