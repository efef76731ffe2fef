// swift-tools-version: 6.0
// Coverage-guided fuzz targets (libFuzzer) for Formsmith's readers and parsers.
// Build and run them with Fuzz/run.sh; see the "Fuzzing" section of the README.
import PackageDescription

/// One executable per fuzz target. Its single file defines only `LLVMFuzzerTestOneInput` (so it is
/// compiled as a library file); `swift build --sanitize=fuzzer` links libFuzzer's `main`.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "FormsmithCore", package: "Formsmith")]
    )
}

let package = Package(
    name: "FormsmithFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Formsmith", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "FormsmithCore", package: "Formsmith")]),
        // End-to-end targets: a reader and what consumes its output (validation, compiling).
        fuzzTarget("FuzzJSON"),
        fuzzTarget("FuzzRules"),
        fuzzTarget("FuzzGenerate"),
        // Fast targets, one reader or parser each (tens of thousands of inputs per second).
        fuzzTarget("FuzzJSONParser"),
        fuzzTarget("FuzzCSV"),
        fuzzTarget("FuzzRulesReader"),
        fuzzTarget("FuzzRuleTree"),
        fuzzTarget("FuzzMask"),
        fuzzTarget("FuzzExpression"),
        fuzzTarget("FuzzAgreement"),
        // The engine against the reference validator on random forms (FormsmithReference).
        .executableTarget(
            name: "FuzzDifferential",
            dependencies: ["FuzzSupport", .product(name: "FormsmithCore", package: "Formsmith"),
                           .product(name: "FormsmithReference", package: "Formsmith")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
