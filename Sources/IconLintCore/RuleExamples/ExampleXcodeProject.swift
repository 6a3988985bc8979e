import Foundation

/// The project.pbxproj of a rule example, as Xcode writes one: an app target (and its unit-test
/// target) with the same build settings in Debug and Release, the resources it copies, and
/// file references it does not copy. Object ids are stable (`00000001` + a counter), so the
/// recorded reports never change between runs.
public struct ExampleXcodeProject: Sendable {
    /// The app target's build settings.
    public var settings: [(String, ExampleValue)]
    /// Project-relative paths the app target copies (Copy Bundle Resources).
    public var resources: [String]
    /// Project-relative paths in the project that the app does not copy.
    public var references: [String]
    public var configurations = ["Debug", "Release"]
    /// The unit-test target Xcode's template adds (a project `npx expo prebuild` writes has none).
    public var tests = true

    public init(settings: [(String, ExampleValue)], resources: [String], references: [String], tests: Bool = true) {
        self.settings = settings
        self.resources = resources
        self.references = references
        self.tests = tests
    }

    /// The settings Xcode's app template sets that decide the icons, with `changes` applied
    /// (nil removes a setting; a new one goes last).
    public static func appSettings(_ changes: [(String, String?)] = []) -> [(String, ExampleValue)] {
        var settings: [(String, String?)] = [
            ("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"), ("INFOPLIST_FILE", "App/Info.plist"),
            ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app"), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("SDKROOT", "iphoneos"),
            ("TARGETED_DEVICE_FAMILY", "1"),
        ]
        for (key, value) in changes {
            if let index = settings.firstIndex(where: { $0.0 == key }) { settings[index].1 = value } else { settings.append((key, value)) }
        }
        return settings.compactMap { key, value in value.map { (key, .string($0)) } }
    }

    /// The file's text.
    public var pbxproj: String {
        var writer = Writer()
        let appSettings = ExampleValue.dictionary(settings)
        let testSettings: ExampleValue = ["INFOPLIST_FILE": "AppTests/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)"]
        let app = writer.target("App", kind: .app, settings: appSettings, resources: resources, references: references, configurations: configurations)
        var targets = [app]
        if tests {
            targets.append(
                writer.target("AppTests", kind: .tests, settings: testSettings, resources: [], references: [], configurations: configurations))
        }
        return writer.finish(targets: targets, configurations: configurations)
    }

    /// Allocates ids and keeps the objects in the order Xcode's fixtures list them.
    private struct Writer {
        enum Kind {
            case app, tests
        }

        var counter = 0
        var objects: [(String, ExampleValue)] = []
        var references: [(path: String, id: String)] = []
        var products: [String] = []

        mutating func newID() -> String {
            counter += 1
            let hex = String(counter, radix: 16, uppercase: true)
            return "00000001" + String(repeating: "0", count: 16 - hex.count) + hex
        }

        mutating func fileReference(_ path: String) -> String {
            let id = newID()
            let type = Self.fileTypes[(path as NSString).pathExtension] ?? "file"
            objects.append((id, ["isa": "PBXFileReference", "lastKnownFileType": .string(type), "path": .string(path), "sourceTree": "SOURCE_ROOT"]))
            if !references.contains(where: { $0.path == path }) { references.append((path, id)) }
            return references.first { $0.path == path }!.id
        }

        mutating func configurationList(_ settings: ExampleValue, configurations: [String]) -> String {
            var ids: [ExampleValue] = []
            for name in configurations {
                let id = newID()
                objects.append((id, ["isa": "XCBuildConfiguration", "buildSettings": settings, "name": .string(name)]))
                ids.append(.string(id))
            }
            let id = newID()
            objects.append(
                (
                    id,
                    [
                        "isa": "XCConfigurationList", "buildConfigurations": .array(ids), "defaultConfigurationIsVisible": "0",
                        "defaultConfigurationName": "Release",
                    ]
                ))
            return id
        }

        mutating func target(
            _ name: String, kind: Kind, settings: ExampleValue, resources: [String], references paths: [String], configurations: [String]
        ) -> String {
            var files: [ExampleValue] = []
            for path in resources {
                let reference = fileReference(path)
                let id = newID()
                objects.append((id, ["isa": "PBXBuildFile", "fileRef": .string(reference)]))
                files.append(.string(id))
            }
            for path in paths { _ = fileReference(path) }
            let phase = newID()
            objects.append(
                (
                    phase,
                    [
                        "isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647", "files": .array(files),
                        "runOnlyForDeploymentPostprocessing": "0",
                    ]
                ))
            let product = newID()
            let suffix = kind == .app ? ".app" : ".xctest"
            objects.append(
                (
                    product,
                    [
                        "isa": "PBXFileReference", "explicitFileType": .string(kind == .app ? "wrapper.application" : "wrapper.cfbundle"),
                        "includeInIndex": "0", "path": .string(name + suffix), "sourceTree": "BUILT_PRODUCTS_DIR",
                    ]
                ))
            products.append(product)
            let id = newID()
            let list = configurationList(settings, configurations: configurations)
            let type = kind == .app ? "com.apple.product-type.application" : "com.apple.product-type.bundle.unit-test"
            objects.append(
                (
                    id,
                    [
                        "isa": "PBXNativeTarget", "buildConfigurationList": .string(list), "buildPhases": [.string(phase)], "buildRules": [],
                        "dependencies": [], "name": .string(name), "productName": .string(name), "productReference": .string(product),
                        "productType": .string(type),
                    ]
                ))
            return id
        }

        mutating func finish(targets: [String], configurations: [String]) -> String {
            let productsGroup = newID()
            objects.append(
                (
                    productsGroup,
                    ["isa": "PBXGroup", "children": .array(products.map(ExampleValue.string)), "name": "Products", "sourceTree": "<group>"]
                ))
            let main = newID()
            let children = references.map { ExampleValue.string($0.id) } + [.string(productsGroup)]
            objects.append((main, ["isa": "PBXGroup", "children": .array(children), "sourceTree": "<group>"]))
            let project = newID()
            let list = configurationList([:], configurations: configurations)
            objects.append(
                (
                    project,
                    [
                        "isa": "PBXProject", "buildConfigurationList": .string(list), "compatibilityVersion": "Xcode 14.0",
                        "developmentRegion": "en", "hasScannedForEncodings": "0", "knownRegions": ["en", "Base"],
                        "mainGroup": .string(main), "productRefGroup": .string(productsGroup), "projectDirPath": "", "projectRoot": "",
                        "targets": .array(targets.map(ExampleValue.string)),
                    ]
                ))
            let root: ExampleValue = [
                "archiveVersion": "1", "classes": [:], "objectVersion": "56", "objects": .dictionary(objects), "rootObject": .string(project),
            ]
            return "// !$*UTF8*$!\n" + root.openStep(indent: 1) + "\n"
        }

        static let fileTypes = [
            "png": "image.png", "plist": "text.plist.xml", "xcassets": "folder.assetcatalog", "swift": "sourcecode.swift",
            "xcconfig": "text.xcconfig",
        ]
    }
}

extension ExampleValue {
    /// The value in the OpenStep form of project.pbxproj, nested with tabs.
    func openStep(indent: Int) -> String {
        let tab = String(repeating: "\t", count: indent)
        let close = String(repeating: "\t", count: indent - 1)
        switch self {
        case .dictionary(let pairs):
            return "{\n" + pairs.map { "\(tab)\(Self.openStepQuoted($0.0)) = \($0.1.openStep(indent: indent + 1));\n" }.joined() + close + "}"
        case .array(let values):
            return "(\n" + values.map { "\(tab)\($0.openStep(indent: indent + 1)),\n" }.joined() + close + ")"
        case .string(let text): return Self.openStepQuoted(text)
        case .bool(let value): return value ? "YES" : "NO"
        case .int(let value): return "\(value)"
        }
    }

    /// Bare when Xcode writes it bare (letters, digits, `_$/.-`, not a `$(…)` reference), else quoted.
    static func openStepQuoted(_ text: String) -> String {
        let bare =
            !text.isEmpty && !text.hasPrefix("$(")
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_$/.-".unicodeScalars.contains($0)) }
        if bare { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
