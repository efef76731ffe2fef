import Foundation
import XCTest

/// `generate --shape xform-xml` into a folder an earlier run wrote: the files this run writes
/// are replaced; `submission-N.xml` files it would not write (more submissions before, another
/// zero-padding) make it refuse, naming them, with nothing written: left beside the new ones
/// they would be posted as if generated now.
final class XFormStaleSubmissionCommandTests: ScratchFolderTestCase {
    private func generate(_ form: String, count: Int, seed: Int) throws -> (status: Int32, stderr: String) {
        let run = try Formsmith.run(["generate", "--rules", form, "--count", String(count), "--seed", String(seed),
                                     "--shape", "xform-xml", "--output", path("subs")])
        return (run.status, run.stderr)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path("subs")).sorted()
    }

    func testFilesOfAnEarlierRunThisOneWouldNotReplaceAreRefusedByName() throws {
        let form = try write("visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |

            """)
        XCTAssertEqual(try generate(form, count: 3, seed: 1).status, 0)
        let before = try String(contentsOfFile: path("subs/submission-1.xml"), encoding: .utf8)
        // The same three names: replaced, nothing refused.
        let again = try generate(form, count: 3, seed: 2)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try listing(), ["submission-1.xml", "submission-2.xml", "submission-3.xml"])
        let replaced = try String(contentsOfFile: path("subs/submission-1.xml"), encoding: .utf8)
        XCTAssertNotEqual(replaced, before)
        // Two submissions would leave submission-3.xml of the earlier run: refused, nothing written.
        let fewer = try generate(form, count: 2, seed: 3)
        XCTAssertEqual(fewer.status, 2, fewer.stderr)
        XCTAssertTrue(fewer.stderr.contains("formsmith: --shape xform-xml: \(path("subs")) already holds 1 submission file "
                                            + "this run would not replace (submission-3.xml), from an earlier run: it would "
                                            + "be taken for submissions of this one. Nothing written; remove it or give "
                                            + "another --output folder"), fewer.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("subs/submission-1.xml"), encoding: .utf8), replaced)
        // Twelve are written submission-01.xml … submission-12.xml: all three earlier names are stale.
        let more = try generate(form, count: 12, seed: 3)
        XCTAssertEqual(more.status, 2, more.stderr)
        XCTAssertTrue(more.stderr.contains("already holds 3 submission files this run would not replace (submission-1.xml, "
                                           + "submission-2.xml, submission-3.xml)"), more.stderr)
        XCTAssertEqual(try listing(), ["submission-1.xml", "submission-2.xml", "submission-3.xml"])
        // Other files of the folder are not the command's: they stay and do not stop it.
        try write("subs/notes.txt", "kept\n")
        try FileManager.default.removeItem(atPath: path("subs/submission-3.xml"))
        let kept = try generate(form, count: 2, seed: 4)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(try listing(), ["notes.txt", "submission-1.xml", "submission-2.xml"])
    }

    /// A folder the run may write in but not list (mode 733 for another user): its stale files
    /// cannot be looked for, so the run is refused naming the folder and why, nothing written
    /// (it used to be taken for an empty folder and written to).
    func testAFolderThatCannotBeListedIsRefusedNamingIt() throws {
        let form = try write("visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |

            """)
        try FileManager.default.createDirectory(atPath: path("subs"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: form)
        try FileManager.default.setAttributes([.posixPermissions: 0o733], ofItemAtPath: path("subs"))
        let run = try Formsmith.runUnprivileged(["generate", "--rules", form, "--count", "2", "--seed", "1",
                                                 "--shape", "xform-xml", "--output", path("subs")], directory: folder)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: --shape xform-xml: cannot list the folder \(path("subs")) to look "
                                          + "for submission files of an earlier run: Permission denied. Nothing written; "
                                          + "give the user running formsmith read permission on it, or give another "
                                          + "--output folder"), run.stderr)
        XCTAssertEqual(try listing(), [])
    }

    /// The folder's name is written escaped: an escape sequence or a line break in it cannot
    /// act on the terminal or forge a line of the output.
    func testTheFolderIsNamedWithItsControlCharactersEscaped() throws {
        let form = try write("visit.md", """
            | survey | | | |
            | | type | name | required |
            | | text | site | yes |

            """)
        let hostile = path("subs\u{1B}[2J\nformsmith: all fine")
        try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
        try write("subs\u{1B}[2J\nformsmith: all fine/submission-3.xml", "<old/>\n")
        let run = try Formsmith.run(["generate", "--rules", form, "--count", "2", "--seed", "1",
                                     "--shape", "xform-xml", "--output", hostile])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("formsmith: --shape xform-xml: \(path("subs"))\\u{1B}[2J\\u{A}formsmith: all fine "
                                          + "already holds 1 submission file this run would not replace (submission-3.xml)"),
                      run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\nformsmith: all fine"), run.stderr)
    }
}
