import BundleKit
import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// A built app as Xcode 16 writes one for an iPhone and iPad app whose primary icon
/// (`AppIcon`) and alternate (`Dark`) are app icon sets: a binary Info.plist naming them
/// (CFBundleIconName, and the loose `AppIcon60x60` files Xcode writes beside the catalog),
/// CgBI PNGs at the top of the bundle, and their renditions in Assets.car. Each scenario
/// changes it the way a real broken build is broken.
struct BuiltAppFixture {
    var plist: [String: Any]
    var files: [String: [UInt8]]
    /// Nil: the app has no Assets.car.
    var renditions: [CARWriter.Rendition]?
    var name = "Sunrise.app"
    var plistName = "Info.plist"

    static func icons(_ name: String, marketing: Bool) -> [CARWriter.Rendition] {
        var renditions = [
            CARWriter.Rendition(
                name: name, fileName: name, width: 0, height: 0, part: 218, layout: 1010, pixelFormat: "", scaleFactor: 0),
            CARWriter.Rendition(name: name, fileName: "\(name)-60@2x.png", idiom: 1, scale: 2, width: 120, height: 120, opaque: false),
            CARWriter.Rendition(name: name, fileName: "\(name)-60@3x.png", idiom: 1, scale: 3, width: 180, height: 180, opaque: false),
            CARWriter.Rendition(name: name, fileName: "\(name)-76@2x.png", idiom: 2, scale: 2, width: 152, height: 152, opaque: false),
            CARWriter.Rendition(name: name, fileName: "\(name)-83.5@2x.png", idiom: 2, scale: 2, width: 167, height: 167, opaque: false),
        ]
        if marketing {
            renditions.append(marketingRendition(name, payload: opaque1024))
        }
        return renditions
    }

    /// The App Store image as older Xcode versions store it: deflated premultiplied BGRA
    /// rows in one stream (`compression: 2`).
    static func marketingRendition(_ name: String, payload: [UInt8], compression: UInt32 = 2) -> CARWriter.Rendition {
        CARWriter.Rendition(
            name: name, fileName: "\(name)-1024.png", idiom: 6, scale: 1, width: 1024, height: 1024, opaque: false,
            compression: compression, payload: payload)
    }

    /// The App Store image as Xcode 10 and later store it: "KCBC" chunks of rows, each an
    /// LZFSE stream (`compression: 4`), or raw LZVN (`compression: 3`).
    static func chunkedMarketingRendition(_ name: String, bgra: [UInt8], compression: UInt32 = 4) -> CARWriter.Rendition {
        var rendition = marketingRendition(name, payload: [], compression: compression)
        rendition.chunks = LZVNWriter.chunks(bgra, width: 1024, height: 1024) {
            compression == 3 ? LZVNWriter.lzvn($0) : LZVNWriter.lzfse($0)
        }
        return rendition
    }

    static let opaque1024 = ZipWriter.rawDeflate(bgra1024(transparentCorner: false))

    static func pixels1024(transparentCorner: Bool) -> [UInt8] { ZipWriter.rawDeflate(bgra1024(transparentCorner: transparentCorner)) }

    /// A flat orange 1024, optionally with an 8 × 8 transparent corner.
    static func bgra1024(transparentCorner: Bool) -> [UInt8] {
        var bgra = [UInt8](repeating: 0, count: 1024 * 1024 * 4)
        for index in stride(from: 0, to: bgra.count, by: 4) {
            bgra[index] = 200
            bgra[index + 1] = 120
            bgra[index + 2] = 40
            bgra[index + 3] = 255
        }
        if transparentCorner {
            for y in 0..<8 { for x in 0..<8 { for c in 0..<4 { bgra[(y * 1024 + x) * 4 + c] = 0 } } }
        }
        return bgra
    }

    static var xcode16: BuiltAppFixture {
        func entry(_ name: String, _ files: [String]) -> [String: Any] {
            ["CFBundleIconFiles": files, "CFBundleIconName": name]
        }
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.sunrise", "CFBundleExecutable": "Sunrise", "CFBundlePackageType": "APPL",
            "DTPlatformName": "iphoneos", "DTSDKName": "iphoneos18.0", "DTXcode": "1600", "UIDeviceFamily": [1, 2],
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": entry("AppIcon", ["AppIcon60x60"]),
                "CFBundleAlternateIcons": ["Dark": entry("Dark", ["Dark60x60"])],
            ],
            "CFBundleIcons~ipad": [
                "CFBundlePrimaryIcon": entry("AppIcon", ["AppIcon60x60", "AppIcon76x76"]),
                "CFBundleAlternateIcons": ["Dark": entry("Dark", ["Dark60x60", "Dark76x76"])],
            ],
        ]
        var files: [String: [UInt8]] = ["PkgInfo": Array("APPL????".utf8), "Sunrise": [0xCF, 0xFA, 0xED, 0xFE]]
        for stem in ["AppIcon", "Dark"] {
            files["\(stem)60x60@2x.png"] = CgBIMaker.opaqueIcon(side: 120)
            files["\(stem)60x60@3x.png"] = CgBIMaker.opaqueIcon(side: 180)
            files["\(stem)76x76@2x~ipad.png"] = CgBIMaker.opaqueIcon(side: 152)
        }
        return BuiltAppFixture(
            plist: plist, files: files, renditions: icons("AppIcon", marketing: true) + icons("Dark", marketing: false))
    }

    /// The primary icon from loose files only, as builds before asset-catalog icons had it.
    static var looseIcons: BuiltAppFixture {
        xcode16.mutating { fixture in
            fixture.renditions = nil
            fixture.files["AppIcon83.5x83.5@2x~ipad.png"] = CgBIMaker.opaqueIcon(side: 167)
        }
    }

    func allFiles() throws -> [(String, [UInt8])] {
        var all = files
        all[plistName] = Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
        if let renditions {
            var car = CARWriter()
            car.renditions = renditions
            all["Assets.car"] = car.bytes()
        }
        return all.sorted { $0.key < $1.key }
    }

    /// Writes the app as an `.app` folder, an `.ipa` and an `.xcarchive` under `folder`.
    func write(in folder: URL) throws -> (app: String, ipa: String, archive: String) {
        let files = try allFiles()
        let app = folder.appendingPathComponent(name)
        let archive = folder.appendingPathComponent("Sunrise.xcarchive")
        for base in [app, archive.appendingPathComponent("Products/Applications/" + name)] {
            for (relative, bytes) in files {
                let url = base.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
        }
        var zip = ZipWriter()
        for (relative, bytes) in files { zip.add("Payload/\(name)/" + relative, bytes) }
        let ipa = folder.appendingPathComponent("Sunrise.ipa")
        try Data(zip.bytes()).write(to: ipa)
        return (app.path, ipa.path, archive.path)
    }

    func mutating(_ change: (inout BuiltAppFixture) -> Void) -> BuiltAppFixture {
        var copy = self
        change(&copy)
        return copy
    }

    func editingPlist(_ change: (inout [String: Any]) -> Void) -> BuiltAppFixture {
        mutating { change(&$0.plist) }
    }
}

@Suite("Linting built apps") struct BuiltAppLintTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        /// The rule ids the report must hold (each once per listed occurrence), in report order.
        var rules: [String]
        /// A note the report must carry.
        var note: String?
        var make: @Sendable () -> BuiltAppFixture
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "clean", rules: []) { .xcode16 },
        // Built without ASSETCATALOG_COMPILER_APPICON_NAME: no CFBundleIconName (ITMS-90713).
        Scenario(name: "no-icon-name", rules: ["icon-name-missing"]) {
            .xcode16.editingPlist { plist in
                for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
                    var icons = plist[key] as! [String: Any]
                    icons["CFBundlePrimaryIcon"] = ["CFBundleIconFiles": ["AppIcon60x60"]]
                    plist[key] = icons
                }
            }
        },
        // The set has no App Store image (ITMS-90704).
        Scenario(name: "no-marketing", rules: ["marketing-icon-missing"]) {
            .xcode16.mutating { $0.renditions = BuiltAppFixture.icons("AppIcon", marketing: false) + BuiltAppFixture.icons("Dark", marketing: false) }
        },
        // A transparent App Store image in a catalog whose pixels can be read (ITMS-90717).
        Scenario(name: "transparent-marketing", rules: ["marketing-icon-alpha"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                fixture.renditions?.append(BuiltAppFixture.marketingRendition("AppIcon", payload: BuiltAppFixture.pixels1024(transparentCorner: true)))
            }
        },
        // The App Store image as Xcode 10 and later store it: opaque LZFSE chunks pass, a
        // transparent corner in LZFSE or LZVN chunks is found (ITMS-90717).
        Scenario(name: "lzfse-marketing", rules: []) {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                fixture.renditions?.append(
                    BuiltAppFixture.chunkedMarketingRendition("AppIcon", bgra: BuiltAppFixture.bgra1024(transparentCorner: false)))
            }
        },
        Scenario(name: "lzfse-transparent-marketing", rules: ["marketing-icon-alpha"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                fixture.renditions?.append(
                    BuiltAppFixture.chunkedMarketingRendition("AppIcon", bgra: BuiltAppFixture.bgra1024(transparentCorner: true)))
            }
        },
        Scenario(name: "lzvn-transparent-marketing", rules: ["marketing-icon-alpha"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                fixture.renditions?.append(
                    BuiltAppFixture.chunkedMarketingRendition(
                        "AppIcon", bgra: BuiltAppFixture.bgra1024(transparentCorner: true), compression: 3))
            }
        },
        // A payload iconlint does not decode (deepmap2), or a damaged one: the report says the
        // check was not made, and why.
        Scenario(name: "deepmap-marketing", rules: [], note: "was not checked: its pixels are compressed as deepmap2") {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                fixture.renditions?.append(BuiltAppFixture.marketingRendition("AppIcon", payload: [1, 2, 3, 4, 5, 6, 7, 8], compression: 11))
            }
        },
        Scenario(name: "damaged-lzfse-marketing", rules: [], note: "was not checked: its pixels could not be decoded: chunk 2") {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
                var rendition = BuiltAppFixture.chunkedMarketingRendition("AppIcon", bgra: BuiltAppFixture.bgra1024(transparentCorner: false))
                rendition.chunks?[1].data.replaceSubrange(20..<24, with: [0x70, 0x70, 0x70, 0x70])
                fixture.renditions?.append(rendition)
            }
        },
        // No iPad Pro 167 (ITMS-90023).
        Scenario(name: "no-ipad-pro", rules: ["primary-icon-size-missing"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = fixture.renditions?.filter { !($0.name == "AppIcon" && $0.width == 167) }
            }
        },
        // A hand-declared alternate (loose files, no CFBundleIconName) whose files never made it
        // into the bundle: ITMS-90032 on upload, "The file doesn't exist" on the device.
        Scenario(name: "alternate-files-missing", rules: ["icon-file-missing", "icon-file-missing", "icon-file-missing"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = BuiltAppFixture.icons("AppIcon", marketing: true)
                for file in ["Dark60x60@2x.png", "Dark60x60@3x.png", "Dark76x76@2x~ipad.png"] { fixture.files[file] = nil }
            }.editingPlist { plist in
                for (key, files) in [("CFBundleIcons", ["Dark60x60"]), ("CFBundleIcons~ipad", ["Dark60x60", "Dark76x76"])] {
                    var icons = plist[key] as! [String: Any]
                    icons["CFBundleAlternateIcons"] = ["Dark": ["CFBundleIconFiles": files]]
                    plist[key] = icons
                }
            }
        },
        // An alternate from an app icon set, drawn from Assets.car through its CFBundleIconName:
        // loose copies are not needed.
        Scenario(name: "catalog-alternate-without-loose-files", rules: []) {
            .xcode16.mutating { fixture in
                for file in ["Dark60x60@2x.png", "Dark60x60@3x.png", "Dark76x76@2x~ipad.png"] { fixture.files[file] = nil }
            }
        },
        // A lowercase copy: found on macOS, never on the device.
        Scenario(name: "case-mismatch", rules: ["path-case-mismatch"]) {
            .xcode16.mutating { fixture in
                fixture.files["dark60x60@3x.png"] = fixture.files.removeValue(forKey: "Dark60x60@3x.png")
            }
        },
        // Loose files that are not what their names say.
        Scenario(name: "bad-loose-files", rules: ["icon-has-transparency", "icon-size-mismatch", "icon-not-square"]) {
            .xcode16.mutating { fixture in
                fixture.files["AppIcon60x60@2x.png"] = CgBIMaker.icon(width: 120, height: 120, transparentCorner: true)
                fixture.files["AppIcon60x60@3x.png"] = CgBIMaker.opaqueIcon(side: 120)
                fixture.files["Dark76x76@2x~ipad.png"] = CgBIMaker.icon(width: 152, height: 150)
            }
        },
        // The same defects in a copy downloaded from the App Store: thinned by design.
        Scenario(
            name: "app-store-download", rules: [],
            note: "is a copy downloaded from the App Store (SC_Info/, DTAppStoreToolsBuild), which Apple thinned for one device"
        ) {
            .xcode16.mutating { fixture in
                fixture.renditions = BuiltAppFixture.icons("AppIcon", marketing: false).filter { $0.idiom != 2 }
                fixture.files["SC_Info/Sunrise.sinf"] = [0, 0, 0, 1]
            }
        },
        Scenario(name: "simulator-build", rules: [], note: "is a simulator build (DTPlatformName iphonesimulator)") {
            .xcode16.mutating { fixture in
                fixture.renditions = BuiltAppFixture.icons("AppIcon", marketing: false).filter { $0.idiom != 2 }
            }.editingPlist { $0["DTPlatformName"] = "iphonesimulator" }
        },
        // A development build run on one iPhone: judged as an upload, with a word on thinning.
        Scenario(name: "device-thinned", rules: ["marketing-icon-missing"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = (BuiltAppFixture.icons("AppIcon", marketing: false) + BuiltAppFixture.icons("Dark", marketing: false))
                    .filter { $0.idiom == 1 && $0.scale == 3 }
            }.editingPlist { plist in
                plist["UIDeviceFamily"] = [1]
                plist["CFBundleIcons~ipad"] = nil
            }
        },
        // An iOS 10 SDK build predates CFBundleIconName and the catalog's App Store icon.
        Scenario(name: "ios10-sdk-loose-icons", rules: []) {
            BuiltAppFixture.looseIcons.editingPlist { plist in
                plist["DTSDKName"] = "iphoneos10.3"
                plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]]
                plist["CFBundleIcons~ipad"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"]]]
            }
        },
        // An iOS 8 SDK build predates the iPad Pro: its iPad icon needs no 167.
        Scenario(name: "ios8-sdk-no-ipad-pro", rules: []) {
            BuiltAppFixture.looseIcons.mutating { $0.files["AppIcon83.5x83.5@2x~ipad.png"] = nil }.editingPlist { plist in
                plist["DTSDKName"] = "iphoneos8.3"
                plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]]
                plist["CFBundleIcons~ipad"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"]]]
            }
        },
        // The same app built with the iOS 11 SDK: no catalog icon at all.
        Scenario(name: "ios11-sdk-loose-icons", rules: ["marketing-icon-missing"]) {
            BuiltAppFixture.looseIcons.editingPlist { plist in
                plist["DTSDKName"] = "iphoneos11.0"
                plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]]
                plist["CFBundleIcons~ipad"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"]]]
            }
        },
        // No icon at all: nothing in the Info.plist, nothing in a catalog (ITMS-90022/90023/90704).
        Scenario(name: "no-icon", rules: ["marketing-icon-missing", "primary-icon-size-missing", "primary-icon-size-missing"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = nil
                fixture.files = fixture.files.filter { !$0.key.hasSuffix(".png") }
            }.editingPlist { plist in
                plist["CFBundleIcons"] = nil
                plist["CFBundleIcons~ipad"] = nil
            }
        },
        // The Info.plist stored as info.plist: found on macOS, never on the device.
        Scenario(name: "lowercase-plist", rules: ["plist-unreadable"]) {
            .xcode16.mutating { $0.plistName = "info.plist" }
        },
        // A damaged catalog is reported once; the rest of the app is still linted.
        Scenario(name: "damaged-catalog", rules: ["icon-corrupt", "icon-has-transparency"]) {
            .xcode16.mutating { fixture in
                fixture.renditions = nil
                fixture.files["Assets.car"] = Array("BOMStore".utf8) + [0, 0, 0, 1] + [UInt8](repeating: 0xFF, count: 40)
                fixture.files["Dark60x60@3x.png"] = CgBIMaker.icon(width: 180, height: 180, transparentCorner: true)
            }
        },
    ]

    static func lint(_ path: String) throws -> LintResult {
        var options = LintOptions(path: path)
        options.cache = nil
        return try Linter.lint(options)
    }

    @Test(arguments: scenarios)
    func sameFindingsAsAppIpaAndArchive(_ scenario: Scenario) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (app, ipa, archive) = try scenario.make().write(in: scratch.url)
        let results = try [app, ipa, archive].map(Self.lint)
        let texts = results.map { ReporterKind.text.render($0) }
        // The same findings in every form; only the path of the app inside the product differs.
        #expect(texts[1].replacingOccurrences(of: "Payload/Sunrise.app/", with: "Sunrise.app/") == texts[0])
        #expect(texts[2].replacingOccurrences(of: "Products/Applications/Sunrise.app/", with: "Sunrise.app/") == texts[0])
        #expect(results[0].diagnostics.map(\.rule.rawValue) == scenario.rules, "\(texts[0])")
        if let note = scenario.note {
            #expect(results.allSatisfy { $0.notes.count == 1 && $0.notes[0].contains(note) })
        } else {
            #expect(results.allSatisfy { $0.notes.isEmpty })
        }
        #expect(results[1].diagnostics.allSatisfy { $0.location.file.hasPrefix("Payload/Sunrise.app/") })
        try Self.matchRecorded(texts[1], name: scenario.name)
    }

    /// The full text report of the `.ipa` form, recorded under BuiltApps/ (ICONLINT_RECORD_SNAPSHOTS=1 rewrites it).
    static func matchRecorded(_ text: String, name: String, filePath: String = #filePath) throws {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("BuiltApps/\(name).expected.txt")
        try Golden.assertText(text, at: url.path, name: "BuiltApps/\(name).expected.txt")
    }

    /// What makes a folder a built app, and what keeps a source folder one.
    @Test func builtAppsAreRecognisedByWhatOnlyABuildWrites() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var bare = BuiltAppFixture.xcode16
        bare.name = "bare"
        bare.files["PkgInfo"] = nil
        let (app, _, _) = try bare.write(in: scratch.url)
        // No PkgInfo, no _CodeSignature, no .app name: the Info.plist's DT keys say it.
        #expect(BuiltProduct.recognise(app) == .app)
        // The same folder with a project beside the plist is a source folder.
        try FileManager.default.createDirectory(atPath: app + "/Sunrise.xcodeproj", withIntermediateDirectories: true)
        #expect(BuiltProduct.recognise(app) == nil)
        // So is one with an asset catalog (a build compiles it into Assets.car), or with code.
        try FileManager.default.removeItem(atPath: app + "/Sunrise.xcodeproj")
        try FileManager.default.createDirectory(atPath: app + "/Assets.xcassets", withIntermediateDirectories: true)
        #expect(BuiltProduct.recognise(app) == nil)
        try FileManager.default.removeItem(atPath: app + "/Assets.xcassets")
        try Data().write(to: URL(fileURLWithPath: app + "/AppDelegate.swift"))
        #expect(BuiltProduct.recognise(app) == nil)
    }

    @Test func anAppFolderIsRecognisedByContentNotByName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var fixture = BuiltAppFixture.xcode16
        fixture.name = "Sunrise-build-42"
        let (app, _, _) = try fixture.write(in: scratch.url)
        let result = try Self.lint(app)
        #expect(result.diagnostics.isEmpty)
        #expect(result.appTargetCount == 1)
    }

    @Test func hostileProductsAreOneLineErrors() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let notZip = try scratch.write("Broken.ipa", Array("PK\u{3}\u{4}not really a zip".utf8))
        var zip = ZipWriter()
        zip.add("README.txt", Array("hello".utf8))
        let noPayload = try scratch.write("NoPayload.ipa", zip.bytes())
        var slip = ZipWriter()
        slip.add("Payload/App.app/Info.plist", [1])
        slip.add("Payload/App.app/../../../etc/cron.d/x", [1])
        let slipped = try scratch.write("Slip.ipa", slip.bytes())
        for path in [notZip, noPayload, slipped] {
            do {
                _ = try Self.lint(path)
                Issue.record("\(path) was linted")
            } catch let error as ConfigurationError {
                #expect(!error.description.contains("\n"))
                #expect(error.description.contains(URL(fileURLWithPath: path).lastPathComponent))
            }
        }
    }

    /// Files that lie about their size inside an otherwise sound .ipa are findings of one line
    /// each, and the rest of the app is still linted.
    @Test func bombsInsideAnIpaAreFindings() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var zip = ZipWriter()
        for (relative, bytes) in try BuiltAppFixture.xcode16.allFiles() where relative != "Assets.car" {
            zip.add("Payload/Sunrise.app/" + relative, bytes)
        }
        zip.entries.append(.init(name: "Payload/Sunrise.app/Assets.car", data: [UInt8](repeating: 0, count: 1 << 20), declaredSize: 1000))
        let result = try Self.lint(try scratch.write("Bomb.ipa", zip.bytes()))
        #expect(result.diagnostics.map(\.rule.rawValue) == ["icon-corrupt"])
        #expect(result.diagnostics.allSatisfy { !$0.message.contains("\n") && $0.location.file == "Payload/Sunrise.app/Assets.car" })
    }

    /// The html report shows a built app's icons from the loose CgBI files inside the .ipa,
    /// and carries the reader's notes.
    @Test func htmlReportShowsTheIconsInsideAnIpa() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (_, ipa, _) = try BuiltAppFixture.xcode16.mutating { fixture in
            fixture.renditions = fixture.renditions?.filter { $0.width != 1024 }
            fixture.renditions?.append(BuiltAppFixture.marketingRendition("AppIcon", payload: [1, 2, 3, 4], compression: 4))
        }.write(in: scratch.url)
        let html = ReporterKind.html.render(try Self.lint(ipa))
        // AppIcon and Dark: 60 pt @2x and @3x, and 76 pt @2x on iPad, each one decoded image.
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count - 1 >= 6)
        #expect(html.contains("note: the transparency of Payload/Sunrise.app/Assets.car: AppIcon"))
        #expect(html.contains("its pixels could not be decoded"))
        #expect(html.contains("setAlternateIconName(&quot;Dark&quot;)") || html.contains("setAlternateIconName(\"Dark\")"))
    }

    /// A built app committed inside a repository (an artifact folder) is linted as a built
    /// app, its findings named from the folder given: never as sources holding CgBI copies.
    @Test func aBuiltAppInsideAFolderIsLintedAsBuilt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repository = scratch.url.appendingPathComponent("repo")
        var fixture = BuiltAppFixture.xcode16.mutating { fixture in
            fixture.renditions = BuiltAppFixture.icons("AppIcon", marketing: false) + BuiltAppFixture.icons("Dark", marketing: false)
        }
        fixture.name = "Casinosoft"
        _ = try fixture.write(in: repository)
        try FileManager.default.removeItem(at: repository.appendingPathComponent("Sunrise.ipa"))
        try FileManager.default.removeItem(at: repository.appendingPathComponent("Sunrise.xcarchive"))
        let result = try Self.lint(repository.path)
        #expect(result.diagnostics.map(\.rule.rawValue) == ["marketing-icon-missing"])
        #expect(result.diagnostics.map(\.location.file) == ["Casinosoft/Assets.car"])
        #expect(result.appTargetCount == 1)
    }

    /// A note (checks skipped) reaches every reporter a CI job reads, so a green job says what
    /// it did not check; SARIF paths are relative to the workspace, as code scanning reads them.
    @Test func notesReachEveryCIReporter() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (_, ipa, _) = try BuiltAppFixture.xcode16.mutating { fixture in
            fixture.renditions = BuiltAppFixture.icons("AppIcon", marketing: false)
            fixture.files["SC_Info/Sunrise.sinf"] = [0, 0, 0, 1]
        }.write(in: scratch.url)
        let result = try Self.lint(ipa)
        let note = "is a copy downloaded from the App Store"
        let options = ReportOptions(workspace: scratch.url.path)
        #expect(ReporterKind.github.render(result, options: options).contains("::notice title=iconlint::Sunrise.app \(note)"))
        #expect(ReporterKind.xcode.render(result, options: options).contains("note: iconlint: Sunrise.app \(note)"))
        #expect(ReporterKind.junit.render(result, options: options).contains("<system-out>note: Sunrise.app \(note)"))
        let sarif = try JSONSerialization.jsonObject(with: Data(ReporterKind.sarif.render(result, options: options).utf8)) as? [String: Any]
        let run = (sarif?["runs"] as? [[String: Any]])?.first
        let notifications = (run?["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        #expect(((notifications?.first?["message"] as? [String: Any])?["text"] as? String)?.contains(note) == true)

        // A finding's SARIF path, relative to the workspace that holds the linted product.
        let (_, broken, _) = try BuiltAppFixture.xcode16.mutating { $0.renditions = BuiltAppFixture.icons("AppIcon", marketing: false) }
            .write(in: scratch.url.appendingPathComponent("build"))
        let log = ReporterKind.sarif.render(try Self.lint(broken), options: options)
        #expect(log.contains("\"uri\" : \"build/Sunrise.ipa/Payload/Sunrise.app/Assets.car\""))
    }
}
