import Foundation

/// A source project of a rule example: root-relative paths and what each file is. Grown from a
/// baseline by small edits, so that an example says only what differs:
/// `.baseline.replacing("App/Icons/Dark@3x.png", .png(180, 170))`.
public struct ExampleTree: Sendable, Equatable {
    public var files: [String: ExampleFile]

    public init(_ files: [String: ExampleFile]) { self.files = files }

    /// The tree with `path` holding `file` (added or replaced).
    public func replacing(_ path: String, _ file: ExampleFile) -> ExampleTree {
        mutating { $0.files[path] = file }
    }

    /// The tree with more files.
    public func adding(_ files: [String: ExampleFile]) -> ExampleTree {
        mutating { $0.files.merge(files) { _, new in new } }
    }

    /// The tree without `paths`.
    public func removing(_ paths: String...) -> ExampleTree {
        mutating { tree in for path in paths { tree.files[path] = nil } }
    }

    /// The tree with the property list at `path` edited (an XML plist).
    public func editingPlist(_ path: String = "App/Info.plist", _ change: (inout ExampleValue) -> Void) -> ExampleTree {
        mutating { tree in
            guard case .plist(var value) = tree.files[path] else { return }
            change(&value)
            tree.files[path] = .plist(value)
        }
    }

    public func mutating(_ change: (inout ExampleTree) -> Void) -> ExampleTree {
        var copy = self
        change(&copy)
        return copy
    }

    /// Writes every file under `folder`.
    public func write(in folder: URL) throws {
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try file.bytes).write(to: url)
        }
    }
}

extension ExampleTree {
    /// An iPhone app without a project file: an Info.plist
    /// whose CFBundleIcons name loose files (primary `AppIcon60x60`, alternate `Dark`) at
    /// @2x and @3x, and a catalog holding the 1024 App Store icon, as real apps' do.
    public static var baseline: ExampleTree {
        ExampleTree([
            "App/Info.plist": .plist(.infoPlist(icons: .icons())),
            "App/Icons/AppIcon60x60@2x.png": .png(120, 120),
            "App/Icons/AppIcon60x60@3x.png": .png(180, 180),
            "App/Icons/Dark@2x.png": .png(120, 120, color: [20, 20, 30]),
            "App/Icons/Dark@3x.png": .png(180, 180, color: [20, 20, 30]),
        ]).adding(marketingCatalog)
    }

    static let catalog = "App/Assets.xcassets"

    /// The catalog of the baseline: one single-size AppIcon set with its 1024 image.
    public static var marketingCatalog: [String: ExampleFile] {
        [
            "\(catalog)/Contents.json": .json(.catalogInfo),
            "\(catalog)/AppIcon.appiconset/Contents.json": .json(.singleSizeSet()),
            "\(catalog)/AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
        ]
    }

    /// An app whose primary icon is the catalog's AppIcon set (CFBundleIconName), without loose
    /// files; `set` holds the files under App/Assets.xcassets.
    public static func catalogApp(_ set: [String: ExampleFile]) -> ExampleTree {
        var files: [String: ExampleFile] = [
            "App/Info.plist": .plist(.infoPlist(icons: ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]])),
            "\(catalog)/Contents.json": .json(.catalogInfo),
        ]
        for (path, file) in set { files["\(catalog)/\(path)"] = file }
        return ExampleTree(files)
    }

    /// The catalog app with the single-size AppIcon set Xcode 14 and later create.
    public static var catalogBaseline: ExampleTree {
        catalogApp([
            "AppIcon.appiconset/Contents.json": .json(.singleSizeSet()), "AppIcon.appiconset/AppIcon.png": .png(1024, 1024),
        ])
    }
}

extension ExampleValue {
    /// An iOS app's Info.plist as Xcode's template writes it, with `icons` as CFBundleIcons.
    public static func infoPlist(icons: ExampleValue? = nil, ipad: ExampleValue? = nil, extra: [(String, ExampleValue)] = [])
        -> ExampleValue
    {
        var plist: ExampleValue = [
            "CFBundleDevelopmentRegion": "en", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)",
            "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
            "LSRequiresIPhoneOS": true, "UILaunchStoryboardName": "LaunchScreen",
        ]
        plist["CFBundleIcons"] = icons
        plist["CFBundleIcons~ipad"] = ipad
        for (key, value) in extra { plist[key] = value }
        return plist
    }

    /// CFBundleIcons naming loose files: the primary's, and each alternate's (default: `Dark`).
    public static func icons(
        primary: [String] = ["AppIcon60x60"], alternates: [(String, [String])] = [("Dark", ["Dark"])],
        prerendered: ExampleValue = false
    ) -> ExampleValue {
        func entry(_ files: [String], _ prerendered: ExampleValue) -> ExampleValue {
            ["CFBundleIconFiles": .array(files.map(ExampleValue.string)), "UIPrerenderedIcon": prerendered]
        }
        return [
            "CFBundlePrimaryIcon": entry(primary, prerendered),
            "CFBundleAlternateIcons": .dictionary(alternates.map { ($0.0, entry($0.1, false)) }),
        ]
    }

    /// An asset catalog's own Contents.json.
    public static let catalogInfo: ExampleValue = ["info": ["author": "xcode", "version": 1]]

    /// A set's Contents.json listing `images`.
    public static func contents(_ images: [ExampleValue]) -> ExampleValue {
        ["images": .array(images), "info": ["author": "xcode", "version": 1]]
    }

    /// The single-size app icon set (one 1024 universal image; optional dark and tinted ones).
    public static func singleSizeSet(_ filename: String = "AppIcon.png", dark: String? = nil, tinted: String? = nil)
        -> ExampleValue
    {
        var images: [ExampleValue] = [["filename": .string(filename), "idiom": "universal", "platform": "ios", "size": "1024x1024"]]
        for (appearance, file) in [("dark", dark), ("tinted", tinted)] {
            guard let file else { continue }
            images.append([
                "appearances": [["appearance": "luminosity", "value": .string(appearance)]], "filename": .string(file),
                "idiom": "universal", "platform": "ios", "size": "1024x1024",
            ])
        }
        return contents(images)
    }
}
