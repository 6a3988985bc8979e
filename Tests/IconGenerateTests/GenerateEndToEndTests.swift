import Foundation
import IconLintTestSupport
import PNGKit
import Testing

/// Runs the built `iconlint` as a user would, on a copy of Fixtures/Generate/SampleApp.
@Suite struct GenerateEndToEndTests {
    static let root = Repository.root

    /// The `iconlint` executable next to this test bundle.
    static var executable: String? { IconLintBinary.path }

    /// The built iconlint, run as a user would (the runner GenerateSafetyTests shares).
    static func iconlint(_ arguments: [String]) throws -> GenerateSafetyTests.Run {
        try GenerateSafetyTests.iconlint(arguments)
    }

    /// A copy of the sample project and a transparent-cornered 1024 source beside it.
    static func project() throws -> (scratch: Scratch, app: String, source: String) {
        let scratch = try Scratch("generate")
        try FileManager.default.copyItem(
            atPath: root.appendingPathComponent("Fixtures/Generate/SampleApp").path,
            toPath: scratch.path + "/SampleApp")
        let source = try scratch.source("icon.png", side: 1024, opaque: false)
        return (scratch, scratch.path + "/SampleApp/SampleApp", source)
    }

    @Test func generatesAnAppIconSetThatLintsClean() throws {
        let (scratch, app, source) = try Self.project()
        let catalog = app + "/Assets.xcassets"
        let run = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", catalog, "--all-sizes",
            "--background", "#ffffff",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let set = catalog + "/AppIcon.appiconset"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as! [String: Any]
        for entry in json["images"] as! [[String: String]] {
            let points = Double(entry["size"]!.split(separator: "x")[0])!
            let scale = Double(entry["scale"]!.dropLast())!
            let image = try PNGReader().decode(.file(set + "/" + entry["filename"]!))
            #expect(image.width == Int(points * scale) && image.height == image.width, "\(entry)")
            #expect(!image.header.hasAlphaChannel, "\(entry)")
        }
        // What generate writes passes lint: the set is the app's primary icon (CFBundleIconName).
        let plist = app + "/Info.plist"
        let entries = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app, "--style", "legacy",
            "--background", "#ffffff", "--plist", plist, "--idiom", "iphone",
        ])
        #expect(entries.status == 0, "\(entries.stderr)")
        try Self.declareIconName("AppIcon", in: plist)
        let lint = try Self.iconlint(["lint", "--strict", scratch.path + "/SampleApp"])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("No problems found in 1 app target"), "\(lint.stdout)")
    }

    /// Adds CFBundleIconName to the primary icon, as Xcode's generated Info.plist has it.
    static func declareIconName(_ name: String, in plist: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: plist))
        var root = try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: Any]
        var icons = root["CFBundleIcons"] as? [String: Any] ?? [:]
        var primary = icons["CFBundlePrimaryIcon"] as? [String: Any] ?? [:]
        primary["CFBundleIconName"] = name
        icons["CFBundlePrimaryIcon"] = primary
        root["CFBundleIcons"] = icons
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0).write(to: URL(fileURLWithPath: plist))
    }

    @Test func generatesAlternateIconsThatLintClean() throws {
        let (scratch, app, source) = try Self.project()
        let plist = app + "/Info.plist"
        let primary = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app, "--style", "legacy",
            "--background", "white", "--plist", plist,
        ])
        #expect(primary.status == 0, "\(primary.stderr)")
        for name in ["Dark", "Retro"] {
            let run = try Self.iconlint([
                "generate", source, "--name", name, "--alternate", "--out", app + "/AlternateIcons",
                "--style", "legacy", "--background", "black", "--plist", plist,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let root =
            try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plist)), format: nil)
            as! [String: Any]
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            let alternates = (root[key] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any]
            #expect(Set(alternates?.keys.map { $0 } ?? []) == ["Dark", "Retro"], "\(key): both alternates, each kept")
        }
        // Loose files alone give the App Store no 1024 icon (ITMS-90704): the catalog must hold it.
        let missing = try Self.iconlint(["lint", "--strict", scratch.path + "/SampleApp"])
        #expect(missing.status == 1 && missing.stdout.contains("[marketing-icon-missing]"), "\(missing.stdout)")
        let marketing = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app + "/Assets.xcassets",
            "--background", "white",
        ])
        #expect(marketing.status == 0, "\(marketing.stderr)")
        let lint = try Self.iconlint(["lint", "--strict", scratch.path + "/SampleApp"])
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test func legacyStylePrintsThePlistEntries() throws {
        let (scratch, app, source) = try Self.project()
        let run = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app, "--style", "legacy",
            "--background", "white", "--idiom", "iphone",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("<key>CFBundleIcons</key>") && !run.stdout.contains("CFBundleIcons~ipad"))
        #expect(try PNGReader().header(.file(app + "/AppIcon60x60@3x.png")).width == 180)
        _ = scratch
    }

    @Test func plistOptionEditsInfoPlistInPlace() throws {
        let (scratch, app, source) = try Self.project()
        let plist = app + "/Info.plist"
        let before = try String(contentsOfFile: plist, encoding: .utf8)
        let run = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app, "--style", "legacy",
            "--background", "white", "--plist", plist,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let after = try String(contentsOfFile: plist, encoding: .utf8)
        #expect(after.hasPrefix(before.components(separatedBy: "</dict>\n</plist>")[0]))
        let parsed = try PropertyListSerialization.propertyList(from: Data(after.utf8), format: nil) as! [String: Any]
        let ipad = (parsed["CFBundleIcons~ipad"] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any]
        #expect(ipad?["CFBundleIconFiles"] as? [String] == ["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"])
        // A second run replaces the entries instead of adding them again.
        let again = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", app, "--style", "legacy",
            "--background", "white", "--plist", plist, "--force",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: plist, encoding: .utf8) == after)
        _ = scratch
    }

    @Test func exitCodesSayWhatWentWrong() throws {
        let (scratch, app, source) = try Self.project()
        let usage = try Self.iconlint(["generate", source, "--name", "A", "--out", app, "--filter", "bicubic"])
        #expect(usage.status == 2 && usage.stderr.contains("--filter must be one of lanczos3, mitchell, box"))
        let transparent = try Self.iconlint(["generate", source, "--name", "A", "--out", app])
        #expect(transparent.status == 1 && transparent.stderr.contains("--background"))
        #expect(transparent.stderr.split(separator: "\n").count == 1)
        // A folder of sources: names are the stems; one bad file fails alone.
        let folder = scratch.path + "/icons"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try scratch.source("icons/one.png", side: 200, opaque: true)
        _ = try scratch.source("icons/two.png", side: 300, opaque: true, height: 200)
        let folderRun = try Self.iconlint([
            "generate", folder, "--out", scratch.path + "/sized", "--style", "sizes",
            "--sizes", "120,180",
        ])
        #expect(folderRun.status == 1 && folderRun.stderr.contains("two.png") && folderRun.stderr.contains("square"))
        #expect(scratch.files("sized") == ["one-120.png", "one-180.png"])
    }
}
