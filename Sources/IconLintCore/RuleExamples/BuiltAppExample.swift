import Foundation

/// A built app of a rule example, as Xcode writes one: a binary Info.plist and CgBI PNGs at
/// the top of the bundle. (It has no Assets.car: catalog renditions are BundleKitTests'.)
public struct BuiltAppExample: Sendable {
    public var plist: ExampleValue
    /// Bundle-relative paths.
    public var files: [String: ExampleFile]
    public var name = "Sunrise.app"
    public var plistName = "Info.plist"

    public init(plist: ExampleValue, files: [String: ExampleFile]) {
        self.plist = plist
        self.files = files
    }

    public func mutating(_ change: (inout BuiltAppExample) -> Void) -> BuiltAppExample {
        var copy = self
        change(&copy)
        return copy
    }

    public func editingPlist(_ change: (inout ExampleValue) -> Void) -> BuiltAppExample {
        mutating { change(&$0.plist) }
    }

    /// Writes the `.app` folder under `folder` and returns its path.
    public func write(in folder: URL) throws -> String {
        let app = folder.appendingPathComponent(name)
        var all = files
        all[plistName] = .binaryPlist(plist)
        try ExampleTree(all).write(in: app)
        return app.path
    }

    /// An iPhone and iPad app built with the iOS 10 SDK, before catalog icons: its primary
    /// icon from loose files only (`AppIcon60x60`, `AppIcon76x76`, `AppIcon83.5x83.5`).
    public static var looseIcons: BuiltAppExample {
        let plist: ExampleValue = [
            "CFBundleIdentifier": "com.example.sunrise", "CFBundleExecutable": "Sunrise", "CFBundlePackageType": "APPL",
            "DTPlatformName": "iphoneos", "DTSDKName": "iphoneos10.3", "DTXcode": "0830", "UIDeviceFamily": [1, 2],
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]],
            "CFBundleIcons~ipad": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"]]],
        ]
        return BuiltAppExample(
            plist: plist,
            files: [
                "PkgInfo": .text("APPL????"), "Sunrise": .bytes([0xCF, 0xFA, 0xED, 0xFE]),
                "AppIcon60x60@2x.png": .cgbi(120, 120), "AppIcon60x60@3x.png": .cgbi(180, 180),
                "AppIcon76x76@2x~ipad.png": .cgbi(152, 152), "AppIcon83.5x83.5@2x~ipad.png": .cgbi(167, 167),
            ])
    }
}
