// swift-tools-version:6.0
// libFuzzer targets for iconlint. Not part of the normal build: built and run by
// scripts/fuzz with `-sanitize=fuzzer,address` into its own scratch path.
// Each target is an executable whose main.swift hands its harness to libFuzzer through
// FuzzSupport.runFuzzer (LLVMFuzzerRunDriver).
import PackageDescription

let package = Package(
    name: "iconlint-fuzz",
    dependencies: [.package(name: "iconlint", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzPNGHeader", dependencies: [.product(name: "PNGKit", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzPNGDecode", dependencies: [.product(name: "PNGKit", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzInfoPlist", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzContentsJSON", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzPBXProj", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzXCConfig", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzAssetCatalog", dependencies: [.product(name: "BundleKit", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzZip", dependencies: [.product(name: "BundleKit", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzLZFSE", dependencies: [.product(name: "BundleKit", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzSourceScan", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzPBXDifferential", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzProjectEdit", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzInfoPlistPreprocess", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzXcodeGen", dependencies: [.product(name: "IconLintCore", package: "iconlint"), "FuzzSupport"]),
        .executableTarget(name: "FuzzBinaryPlist", dependencies: [.product(name: "IconSupport", package: "iconlint"), "FuzzSupport"]),
    ]
)
