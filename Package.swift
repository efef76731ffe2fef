// swift-tools-version: 6.0
import PackageDescription

/// `swift package generate-documentation` (the DocC reference of FormsmithCore) needs
/// swift-docc-plugin, which the tool and the library never use: it is a dependency only when
/// FORMSMITH_DOCS is set (`FORMSMITH_DOCS=1 swift package generate-documentation --target
/// FormsmithCore`), so that building Formsmith, or a package that depends on it, fetches two
/// packages and not four.
let documentationPlugin: [Package.Dependency] = Context.environment["FORMSMITH_DOCS"] == nil ? [] : [
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
]

let package = Package(
    name: "Formsmith",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "formsmith", targets: ["formsmith"]),
        .library(name: "FormsmithCore", targets: ["FormsmithCore"]),
        // For tests and the fuzz package only (the formsmith binary never links it): the
        // reference validator and the random rule files of the differential test.
        .library(name: "FormsmithReference", targets: ["FormsmithReference"]),
        // The seeded differential campaign (docs/contributing.md): the engine against the reference.
        .executable(name: "formsmith-diff-campaign", targets: ["DifferentialCampaign"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // XLSForm workbooks (.xlsx) are zip archives: `formsmith import xlsform` and `--rules FORM.xlsx`.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ] + documentationPlugin,
    targets: [
        // The system PCRE2 library (Debian: libpcre2-dev, Homebrew: pcre2).
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // The Z3 SMT solver (Debian: libz3-dev, Homebrew: z3): the constraint model of a form's
        // cross-field rules, behind Sources/FormsmithCore/Solver.
        .systemLibrary(
            name: "CZ3",
            pkgConfig: "z3",
            providers: [.apt(["libz3-dev"]), .brew(["z3"])]
        ),
        // glibc's malloc_trim (a no-op elsewhere), to keep memory flat in parallel runs.
        .systemLibrary(name: "CSystemMemory"),
        // What one value is checked with, knowing nothing of rules: regexes (PCRE2 and the
        // pattern syntax), input masks, checksums.
        .target(name: "FormsmithValues", dependencies: ["CPCRE2"]),
        // The engine: rules, readers, checks, validation, reporting, generation.
        .target(
            name: "FormsmithCore",
            dependencies: ["FormsmithValues", "CPCRE2", "CSystemMemory", "CZ3", "Yams", "ZIPFoundation"]
        ),
        // The command-line interface: argument parsing and exit codes.
        .target(
            name: "FormsmithCLI",
            dependencies: [
                "FormsmithCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "formsmith", dependencies: ["FormsmithCLI"]),
        // A second validator written apart from the engine (a recursive walk over a plain JSON
        // tree), random rule files and questionnaires: the oracle of the differential test.
        .target(name: "FormsmithReference", dependencies: ["FormsmithCore", "FormsmithValues"]),
        .executableTarget(name: "DifferentialCampaign", dependencies: ["FormsmithCore", "FormsmithReference"]),
        // Fixtures/ holds input files the tests read from the repository (broken inputs, fuzz finds).
        .testTarget(name: "FormsmithCoreTests", dependencies: ["FormsmithCore", "FormsmithReference"], exclude: ["Fixtures"]),
        .testTarget(name: "FormsmithCLITests", dependencies: ["FormsmithCLI", "formsmith"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
