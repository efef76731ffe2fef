import FormsmithCore
import Foundation
import XCTest

/// The rules schema (`schemas/formsmith-rules.schema.json`) is generated from the loader's key
/// tables, shipped as generated, and describes every key.
final class RulesSchemaTests: XCTestCase {
    func testShippedSchemaIsTheGeneratedOne() throws {
        let shipped = try String(contentsOf: repositoryRoot.appendingPathComponent(RulesSchema.shippedPath),
                                 encoding: .utf8)
        XCTAssertEqual(shipped, RulesSchema.text(),
                       "regenerate it: swift run formsmith schema rules --output \(RulesSchema.shippedPath)")
    }

    func testEveryContextListsExactlyTheLoaderKeys() throws {
        let schema = RulesSchema.document()
        let definitions = try XCTUnwrap(schema["$defs"])
        let places: [(RuleContext, JSONValue?)] = [
            (.ruleSet, schema), (.library, definitions["library"]), (.section, definitions["section"]), (.field, definitions["definition"]),
            (.case, definitions["case"]), (.assertion, definitions["assertion"]),
            (.checksum, definitions["checksum"]?["anyOf"].flatMap { anyOf -> JSONValue? in
                guard case .array(let options) = anyOf else { return nil }
                return options.last
            }),
        ]
        XCTAssertEqual(Set(places.map(\.0)), Set(RuleContext.allCases))
        for (context, place) in places {
            guard case .object(let properties)? = place?["properties"] else {
                XCTFail("no properties for \(context)")
                continue
            }
            XCTAssertEqual(properties.map(\.0), RuleLanguage.keys(for: context), "\(context)")
            XCTAssertEqual(place?["additionalProperties"], .bool(false), "\(context) must refuse other keys")
            for (key, value) in properties {
                guard case .string(let description)? = value["description"] else {
                    XCTFail("\(context).\(key) has no description")
                    continue
                }
                XCTAssertFalse(description.isEmpty || description == "(undocumented)", "\(context).\(key)")
            }
        }
        XCTAssertEqual(RulesSchema.undocumentedKeys, [])
    }

    func testEnumsListTypesChecksumsAndRuleIdentifiers() throws {
        let definitions = try XCTUnwrap(RulesSchema.document()["$defs"])
        XCTAssertEqual(definitions["fieldType"]?["enum"],
                       .array(FieldType.allCases.map { .string($0.rawValue) }))
        XCTAssertEqual(definitions["checksumName"]?["enum"],
                       .array(ChecksumAlgorithm.allCases.map { .string($0.rawValue) }))
        guard case .object(let messages)? = definitions["messages"]?["properties"] else {
            return XCTFail("messages has no properties")
        }
        XCTAssertEqual(messages.map(\.0), RuleIdentifier.messageKeys)
    }

    /// The loader accepts the `$schema` key an editor needs.
    func testLoaderAcceptsSchemaKey() throws {
        let rules = try compileRules("""
            $schema: ../schemas/formsmith-rules.schema.json
            id: x
            fields:
              a: {type: string}
            """)
        XCTAssertEqual(rules.id, "x")
    }

    /// The fixture that both the loader and check-jsonschema accept uses every key, so the
    /// integration check covers the whole vocabulary.
    func testEveryKeyFixtureUsesEveryKey() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(
            "Tests/FormsmithCLITests/Fixtures/rules-schema/valid/every-key.yaml"), encoding: .utf8)
        for context in RuleContext.allCases {
            for key in RuleLanguage.keys(for: context) {
                XCTAssertTrue(text.contains(key + ":"), "every-key.yaml does not use '\(key)' (\(context))")
            }
        }
    }

    func testShippedRuleFilesPointEditorsAtTheSchema() throws {
        for name in ["osago-policy", "customer-survey", "payment-order"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Rules/\(name).yaml"),
                                  encoding: .utf8)
            XCTAssertTrue(text.contains("# yaml-language-server: $schema=../" + RulesSchema.shippedPath), name)
        }
        let library = try String(contentsOf: repositoryRoot.appendingPathComponent("Rules/lib/common.yaml"), encoding: .utf8)
        XCTAssertTrue(library.contains("# yaml-language-server: $schema=../../" + RulesSchema.shippedPath))
    }
}
