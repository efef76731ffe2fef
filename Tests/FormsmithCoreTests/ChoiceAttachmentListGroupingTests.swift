@testable import FormsmithCore
import Foundation
import XCTest

/// Enum, multi-choice and boolean fields hold only choice checks (``ValueCheck/choice(_:)``),
/// attachments only attachment checks and lists only list checks, in their own checks and in
/// each of their cases: the shipped rule sets, the fixtures with lists inside lists and cases,
/// and a form written here whose every field's kinds are listed by hand.
final class ChoiceAttachmentListGroupingTests: XCTestCase {
    /// A form with every choice, attachment and list kind, in fields, cases and lists inside lists.
    /// (A case of an enum or multi-choice field repeats `values`: the compiler asks every case
    /// of such a field for them.)
    static let form = """
        id: grouping
        fields:
          kind: {type: enum, values: [private, business], const: private}
          band: {type: enum, values: [3, 6, 12]}
          consent: {type: boolean, const: true}
          plain: {type: boolean}
          channels:
            type: multi-choice
            values: [web, app, phone]
            minItems: 1
            maxItems: 2
            cases:
              - when: "kind == 'business'"
                values: [web, app]
                maxItems: 1
          tier:
            type: enum
            values: [basic, plus]
            cases:
              - when: "kind == 'business'"
                values: [basic, plus]
                const: plus
          scan:
            type: attachment
            mediaTypes: [application/pdf, image/*]
            extensions: [pdf, jpg]
            minSize: 1KB
            maxSize: 10MB
            cases:
              - when: "kind == 'business'"
                mediaTypes: [application/pdf]
                maxSize: 5MB
          documents:
            type: attachment
            multiple: true
            minItems: 1
            maxItems: 3
            cases:
              - when: "kind == 'business'"
                maxItems: 2
        sections:
          drivers:
            type: list
            minItems: 1
            maxItems: 4
            cases:
              - when: "kind == 'business'"
                maxItems: 2
            fields:
              agreed: {type: boolean, const: true}
              licences:
                type: list
                maxItems: 2
                fields:
                  category: {type: multi-choice, values: [A, B, C], maxItems: 2}
                  photo: {type: attachment, mediaTypes: [image/jpeg], maxSize: 2MB}
        """

    /// The case of ``ValueCheck`` each field type's checks must all be, nil for other types.
    private static func expectedCase(_ type: FieldType) -> String? {
        switch type {
        case .enumeration, .multiChoice, .boolean: "choice"
        case .attachment: "attachment"
        case .list: "list"
        default: nil
        }
    }

    private static func caseName(_ check: ValueCheck) -> String {
        switch check {
        case .choice: "choice"
        case .attachment: "attachment"
        case .list: "list"
        default: "other (\(check.kind))"
        }
    }

    /// Asserts every check of every choice, attachment and list field (and of its cases) is of
    /// its type's case; returns how many such checks there were.
    @discardableResult
    private func assertGrouped(_ rules: CompiledRuleSet, _ name: String) -> Int {
        var seen = 0
        for field in rules.fields {
            guard let expected = Self.expectedCase(field.type) else { continue }
            let groups = [("its checks", field.checks)] + field.cases.enumerated().map { ("case \($0.offset + 1)", $0.element.checks) }
            for (place, checks) in groups {
                for check in checks {
                    seen += 1
                    XCTAssertEqual(Self.caseName(check), expected, "\(name): \(field.path) (\(field.type)), \(place)")
                }
            }
        }
        return seen
    }

    func testTheShippedRuleSetsAndTheNestedFixturesGroupChoiceAttachmentAndListChecks() throws {
        var total = 0
        for name in ["osago-policy", "payment-order", "customer-survey"] {
            let rules = try RulesLoader.load(path: repositoryRoot.appendingPathComponent("Rules/\(name).yaml").path,
                                             today: testToday)
            total += assertGrouped(rules, name)
        }
        let fixtures = ["nested-lists/rules.yaml", "nested-shapes/three-deep.yaml", "nested-shapes/inner-wider.yaml",
                        "nested-shapes/inner-narrower.yaml", "export/conditions.yaml", "cover/nested-groups.yaml"]
        for fixture in fixtures {
            let path = repositoryRoot.appendingPathComponent("Tests/FormsmithCLITests/Fixtures/\(fixture)").path
            total += assertGrouped(try RulesLoader.load(path: path, today: testToday), fixture)
        }
        XCTAssertGreaterThan(total, 10, "the rule sets should hold choice, attachment and list checks")
    }

    /// The form above, field by field: the kinds worked out by hand from what it declares, in the
    /// order kinds compile (values, mediaType, fileExtension, size, itemCount, constant).
    func testEachFieldAndCaseHoldsTheKindsItDeclaresUnderItsTypesCase() throws {
        let rules = try compileRules(Self.form)
        XCTAssertEqual(assertGrouped(rules, "form"), 26)
        let expected: [String: [[CheckKind]]] = [
            "kind": [[.values, .constant]],
            "band": [[.values]],
            "consent": [[.constant]],
            "plain": [[]],
            "channels": [[.values, .itemCount], [.values, .itemCount]],
            "tier": [[.values], [.values, .constant]],
            "scan": [[.mediaType, .fileExtension, .size], [.mediaType, .size]],
            "documents": [[.itemCount], [.itemCount]],
            "drivers": [[.itemCount], [.itemCount]],
            "drivers[].agreed": [[.constant]],
            "drivers[].licences": [[.itemCount]],
            "drivers[].licences[].category": [[.values, .itemCount]],
            "drivers[].licences[].photo": [[.mediaType, .size]],
        ]
        for (path, groups) in expected {
            guard let field = rules.fields.first(where: { $0.path == path }) else {
                XCTFail("no field \(path)")
                continue
            }
            let actual = [field.checks.map(\.kind)] + field.cases.map { $0.checks.map(\.kind) }
            XCTAssertEqual(actual, groups, path)
        }
    }

    /// What the protocols give the generator, worked out by hand: the listed values (integers for
    /// an integer enum), the constant, and the files' domain narrowed by a case.
    func testTheDomainsTheChecksNarrow() throws {
        let rules = try compileRules(Self.form)
        func field(_ path: String) -> CompiledField { rules.fields.first { $0.path == path }! }

        let kind = ChoiceDomain(field("kind").checks)
        XCTAssertEqual(kind.stringValues, ["private", "business"])
        XCTAssertEqual(kind.constant, .string("private"))
        XCTAssertEqual(ChoiceDomain(field("band").checks).integers, [3, 6, 12])
        XCTAssertEqual(ChoiceDomain(field("consent").checks).constant, .boolean(true))
        XCTAssertNil(ChoiceDomain(field("plain").checks).strings)
        let channels = ChoiceDomain(field("channels").checks + field("channels").cases[0].checks).count
        XCTAssertEqual([channels.min, channels.max], [1, 1])

        let scan = field("scan")
        let files = FileDomain(scan.checks + scan.cases[0].checks)
        XCTAssertEqual(files.mediaTypes.map { $0.map(\.description) }, [["application/pdf", "image/*"], ["application/pdf"]])
        XCTAssertEqual(files.extensions, [["pdf", "jpg"]])
        XCTAssertEqual(files.minimumSize, 1000)
        XCTAssertEqual(files.maximumSize, 5_000_000)
        let plan = AttachmentPlan(scan, caseChecks: scan.cases[0].checks)
        XCTAssertEqual(plan.kinds.map(\.mediaType), ["application/pdf"])
        XCTAssertEqual([plan.minimumSize, plan.maximumSize], [1000, 5_000_000])

        let drivers = ItemBounds(list: field("drivers").checks + field("drivers").cases[0].checks)
        XCTAssertEqual([drivers.min, drivers.max], [1, 2])
        XCTAssertEqual(ItemCountCheck.bounds(in: field("documents").checks).max, 3)
        XCTAssertEqual(ItemCountCheck.bounds(in: field("drivers[].licences[].category").checks).max, 2)
    }

    /// An attachment kind the fast step cannot say (one that leaves ``AttachmentCheck/add(to:)``
    /// to its default) makes the step pass nothing, so its fields go to the declarative checks;
    /// the shipped kinds keep their plain form.
    func testAnAttachmentCheckWithoutAPlainFormLeavesTheFieldToTheChecks() {
        struct NoPlainForm: AttachmentCheck {
            static let kind = CheckKind.size
            func narrow(_ domain: inout FileDomain) {}
        }
        let sized = AttachmentStep([.attachment(SizeCheck.Bounds(minimum: 10, maximum: nil))], isMultiple: false)
        XCTAssertFalse(sized.leavesToChecks)
        XCTAssertEqual(sized.minimumSize, 10)
        let mixed = AttachmentStep([.attachment(SizeCheck.Bounds(minimum: 10, maximum: nil)), .attachment(NoPlainForm())],
                                   isMultiple: false)
        XCTAssertTrue(mixed.leavesToChecks)
        // Passes nothing: not even looked at (no node to read).
        let nodes: [JSONNode] = []
        let bytes: [UInt8] = []
        if mixed.leavesToChecks { nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBufferPointer { bytes in XCTAssertFalse(mixed.passes(0, nodes, bytes)) }
        } }
    }
}
