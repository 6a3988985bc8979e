// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "iconlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "iconlint", targets: ["iconlint"]),
        .library(name: "PNGKit", targets: ["PNGKit"]),
        .library(name: "IconLintCore", targets: ["IconLintCore"]),
        .library(name: "IconGenerate", targets: ["IconGenerate"]),
        .library(name: "IconResample", targets: ["IconResample"]),
        .library(name: "IconSupport", targets: ["IconSupport"]),
        .library(name: "BundleKit", targets: ["BundleKit"]),
        // `swift package iconlint` (reads) and `swift package iconlint-generate` (writes) in a
        // package that depends on this one.
        .plugin(name: "IconLintPlugin", targets: ["IconLintPlugin"]),
        .plugin(name: "IconLintGeneratePlugin", targets: ["IconLintGeneratePlugin"]),
        .plugin(name: "IconLintFixPlugin", targets: ["IconLintFixPlugin"]),
    ],
    targets: [
        // System libraries: found through pkg-config, installed by scripts/iconlint and scripts/test.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libyaml: XcodeGen's project.yml is read through it (IconLintCore/YAML).
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Every libpng call lives here; libpng's longjmp never crosses a Swift frame.
        .target(name: "CPNGShim", dependencies: ["CLibPNG", "CZlib"]),
        .target(name: "PNGKit", dependencies: ["CPNGShim", "CZlib"]),
        // Readers for built products: a minimal zip reader (.ipa) and the BOM/CAR reader
        // (Assets.car). Bounded reads, every offset checked, nothing extracted to disk.
        .target(name: "BundleKit", dependencies: ["CZlib", "IconSupport"]),
        // What lint, generate and the built-product readers share: atomic writes, temporary
        // files, bounded reads, the one property-list reader, concurrency, icon geometry.
        .target(name: "IconSupport"),
        // Info.plist reading (the size and XML guards, each key's line) and the Info.plist
        // preprocessor with its #if expression evaluator.
        .target(name: "PlistKit", dependencies: ["IconSupport"]),
        // The Xcode project reader: pbxproj (OpenStep), the object graph, build settings and
        // xcconfigs, workspaces, each target's resources.
        .target(name: "XcodeProjectKit", dependencies: ["PlistKit", "IconSupport"]),
        // The alternate-icon source scan: one lexer and call finder per language (Swift, Objective-C,
        // Dart, JavaScript/TypeScript), one resolver of what each call can pass.
        .target(name: "SourceScan", dependencies: ["IconSupport"]),
        .target(
            name: "IconLintCore",
            dependencies: ["PNGKit", "IconSupport", "PlistKit", "XcodeProjectKit", "SourceScan", "BundleKit", "IconResample", "CLibYAML"]),
        // The resampler's inner loops (AVX2 + FMA where the CPU has them, portable C elsewhere).
        .target(name: "CResample"),
        // The resampler: a PNG decoded once, resized in linear light to many sizes; what `generate`
        // and the html report's thumbnails share.
        .target(name: "IconResample", dependencies: ["PNGKit", "CResample"]),
        // The pipeline behind `iconlint generate`: icon layouts, the Info.plist editor; writes through IconSupport.
        .target(name: "IconGenerate", dependencies: ["IconResample", "PNGKit", "IconSupport"]),
        // `iconlint fix`: resolves the rules' planned corrections (Correctable, in IconLintCore) to
        // bytes with the resampler and the Info.plist editor, and writes them in one transaction.
        .target(name: "IconFix", dependencies: ["IconLintCore", "IconGenerate", "IconSupport", "PNGKit"]),
        .executableTarget(name: "iconlint", dependencies: ["IconLintCore", "IconGenerate", "IconFix", "PNGKit", "BundleKit"]),
        .plugin(
            name: "IconLintPlugin",
            capability: .command(
                intent: .custom(verb: "iconlint", description: "Lint the package's iOS app icons with iconlint.")),
            dependencies: ["iconlint"]
        ),
        .plugin(
            name: "IconLintGeneratePlugin",
            capability: .command(
                intent: .custom(verb: "iconlint-generate", description: "Resize source images into icon variants inside the package."),
                permissions: [.writeToPackageDirectory(reason: "iconlint generate writes the icons it makes into the package.")]),
            dependencies: ["iconlint"]
        ),
        .plugin(
            name: "IconLintFixPlugin",
            capability: .command(
                intent: .custom(verb: "iconlint-fix", description: "Repair the icon problems iconlint has a safe correction for."),
                permissions: [.writeToPackageDirectory(reason: "iconlint fix writes the corrected icons and Info.plists into the package.")]),
            dependencies: ["iconlint"]
        ),
        // What the test targets share (fixture paths, scratch folders, the built binary, record-or-compare,
        // the seeded generator); only test targets depend on it.
        .target(name: "IconLintTestSupport", path: "Tests/IconLintTestSupport"),
        .testTarget(name: "PNGKitTests", dependencies: ["PNGKit", "CZlib", "IconLintTestSupport"]),
        // BuiltApps/ holds the recorded reports of built apps, read from #filePath, not bundled.
        .testTarget(name: "BundleKitTests", dependencies: ["BundleKit", "CZlib", "IconLintCore", "IconLintTestSupport"], exclude: ["BuiltApps"]),
        // Snapshots/ holds the reporters' golden files, RuleExamples/ the report of each rule's examples:
        // read from #filePath, not bundled.
        .testTarget(
            name: "IconLintCoreTests", dependencies: ["IconLintCore", "PlistKit", "XcodeProjectKit", "SourceScan", "PNGKit", "IconLintTestSupport"],
            exclude: ["Snapshots", "RuleExamples"]),
        .testTarget(name: "IconLintCLITests", dependencies: ["IconLintCore", "CZlib", "IconLintTestSupport"]),
        .testTarget(name: "IconGenerateTests", dependencies: ["IconGenerate", "IconResample", "PNGKit", "IconLintTestSupport"]),
        .testTarget(name: "IconFixTests", dependencies: ["IconFix", "IconLintCore", "IconGenerate", "IconLintTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "IconSupportTests", dependencies: ["IconSupport", "IconLintTestSupport"]),
        // The integrations as users run them: the GitHub Action's script, the SwiftPM plugins (in a
        // client package), the pre-commit hook (pre-commit from PyPI), the Xcode Run Script phase.
        .testTarget(name: "IntegrationTests", dependencies: ["IconLintCore", "IconLintTestSupport"]),
    ]
)
