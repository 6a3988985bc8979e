import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore

/// XcodeGen specs read as the project `xcodegen generate` writes (`Fixtures/XcodeGen`, written
/// by scripts/make-fixtures): each fixture's whole report is recorded beside it, and the model
/// the reader builds is checked where a wrong reading would stay silent.
@Suite("XcodeGen specs")
struct XcodeGenTests {
    static let cases = ["Defects", "Traps", "EnvironmentIcon", "BesideProject"]

    static func lint(_ name: String) throws -> LintResult { try ProjectFixtures.lint("XcodeGen/\(name)") }

    static func project(_ name: String) throws -> XcodeProject {
        let index = FileScanner.scan(root: ProjectFixtures.path("XcodeGen/\(name)"))
        return try XcodeGenProjectReader.read(specPath: "project.yml", index: index, budget: ExpansionBudget()).get()
    }

    @Test("the whole report is the recorded one", arguments: cases)
    func recordedReport(_ name: String) throws {
        var result = try Self.lint(name)
        result.root = "."
        try Snapshot.assertText(ReporterKind.xcode.render(result), at: ProjectFixtures.path("XcodeGen/\(name).expected.txt"))
    }

    @Test func aDefectPerRuleFamilyAtTheSpecsLines() throws {
        let hits = try Self.lint("Defects").diagnostics
        let neon = try #require(hits.first { $0.rule == .appiconsetNotIncluded && $0.message.contains("Neon") })
        #expect(neon.message.contains("(project.yml, line 20)"), "\(neon.message)")
        #expect(!hits.contains { $0.rule == .appiconsetNotIncluded && $0.message.contains("\"Dark\"") })
        #expect(hits.contains { $0.rule == .iconFileMissing && $0.location.file == "project.yml" && $0.location.line == 30 })
        #expect(hits.contains { $0.rule == .marketingIconMissing && $0.message.contains("SunbeamClip") })
        #expect(hits.contains { $0.rule == .appiconsetNotFound && $0.location.file == "project.yml" && $0.message.contains("SunbeamLite") })
        #expect(!hits.contains { $0.message.contains("SunbeamTests") })
    }

    @Test func presetsIncludesAnchorsAndXcconfigsAreReadAsXcodeGenDoes() throws {
        let project = try Self.project("Traps")
        let target = try #require(project.target(named: "Lumen"))
        #expect(target.isApplication)
        #expect(target.configurations.map(\.name) == ["Beta", "Debug", "Release"])
        for configuration in target.configurations {
            let settings = configuration.settings
            // The xcconfig's name, not the preset's AppIcon: presets give way to xcconfig keys.
            #expect(settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon-Lumen")
            #expect(settings.source("ASSETCATALOG_COMPILER_APPICON_NAME")?.location?.file == "Lumen/Config/App.xcconfig")
            // From the include file's settings group, through an anchor and a merge key.
            #expect(settings.bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"))
            #expect(settings.value("TARGETED_DEVICE_FAMILY") == "1")
            #expect(settings.source("TARGETED_DEVICE_FAMILY")?.location?.file == "configs/shared.yml")
            #expect(settings.path("INFOPLIST_FILE") == "Lumen/Info.plist")
        }
        #expect(target.configuration(named: "Beta")?.settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.lumen.beta")
        #expect(target.configuration(named: "Release")?.settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.lumen")
        // `../${target_name}` in the include file is relative to configs/.
        #expect(target.resources.assetCatalogs == ["Lumen/Assets.xcassets"])
        #expect(target.resources.folders == ["Shared/Art"])
        #expect(target.resources.sources.sorted() == ["Lumen/IconPicker.swift", "Lumen/LumenApp.swift"])
        #expect(!target.resources.files.contains("Lumen/README.md"))
        #expect(target.generatedInfoPlists["Lumen/Info.plist"]?.root["CFBundlePackageType"] as? String == "APPL")
    }

    @Test func anEnvironmentVariableLeavesTheSettingUnknown() throws {
        let result = try Self.lint("EnvironmentIcon")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.hasPrefix("project.yml:9: target Beacon: ASSETCATALOG_COMPILER_APPICON_NAME uses ${APP_ICON}") })
    }

    @Test func aCommittedProjectWinsOverTheSpecBesideIt() throws {
        let result = try Self.lint("BesideProject")
        #expect(result.appTargetCount == 1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("target App differs from App.xcodeproj") && $0.contains("\"AppIcon-Next\"") })
    }

    @Test func anAliasBombIsRefusedWithOneLine() {
        #expect {
            try Self.lint("AliasBomb")
        } throws: { error in
            let text = "\(error)"
            return text.contains("project.yml (XcodeGen)") && text.contains("alias bomb") && text.contains("`xcodegen generate`")
                && !text.contains("\n")
        }
    }

    @Test func whatXcodeGenIgnoresIsANoteNotASetting() throws {
        let folder = try ScratchFolder("xcodegen")
        try folder.write(
            "project.yml",
            """
            name: Kite
            targets:
              Kite:
                type: application
                platform: iOS
                sources: [Kite]
                resources:
                  - Art/Icons.xcassets
                settings:
                  ASSETCATALOG_COMPILER_APPICON_NAME: KiteIcon
                  base:
                    INFOPLIST_FILE: Kite/Info.plist
            """)
        let plist = #"<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string></dict></plist>"#
        try folder.write("Kite/Info.plist", plist)
        let index = FileScanner.scan(root: folder.path)
        let project = try XcodeGenProjectReader.read(specPath: "project.yml", index: index, budget: ExpansionBudget()).get()
        // Ignored beside `base`: the preset's AppIcon stands.
        #expect(project.target(named: "Kite")?.configurations.first?.settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(project.notes.contains { $0.hasPrefix("project.yml:10: ASSETCATALOG_COMPILER_APPICON_NAME sits beside `base`") })
        #expect(project.notes.contains { $0.hasPrefix("project.yml:8: target Kite lists Art/Icons.xcassets under `resources:`") })
    }

    @Test func settingGroupsThatNameEachOtherOverAndOverAreRefused() throws {
        let folder = try ScratchFolder("xcodegen")
        var lines = ["name: Fan", "settingGroups:"]
        for level in 0..<12 {
            let next = level < 11 ? "[" + Array(repeating: "g\(level + 1)", count: 8).joined(separator: ", ") + "]" : "[]"
            lines.append("  g\(level):\n    groups: \(next)\n    base: {A: x}")
        }
        lines += ["targets:", "  Fan:", "    type: application", "    platform: iOS", "    settings:", "      groups: [g0]"]
        try folder.write("project.yml", lines.joined(separator: "\n") + "\n")
        let index = FileScanner.scan(root: folder.path)
        let started = Date()
        guard case .failure(let failure) = XcodeGenProjectReader.read(specPath: "project.yml", index: index, budget: ExpansionBudget()) else {
            return #expect(Bool(false))
        }
        #expect(failure.message.contains("setting groups"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    // MARK: The YAML layer

    static func parse(_ text: String) -> Result<YAMLNode, YAMLParser.Failure> {
        YAMLParser.parse(Data(text.utf8), file: "t.yml")
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let root = try Self.parse(
            """
            base: &base
              A: one
              B: two
            list: &names [x, y]
            child:
              <<: *base
              B: mine
            many:
              <<: [*base, {C: three}]
            again: *names
            quoted:
              "<<": literal
            """
        ).get()
        #expect(root["child"]?["A"]?.string == "one")
        #expect(root["child"]?["B"]?.string == "mine")
        #expect(root["child"]?.pair("B")?.keyLine == 7)
        #expect(root["many"]?["C"]?.string == "three")
        #expect(root["again"]?.stringList == ["x", "y"])
        #expect(root["quoted"]?["\"<<\""]?.string == "literal")
    }

    @Test func scalarsResolveAsYAML11() throws {
        let root = try Self.parse("a: YES\nb: 'YES'\nc: 2\nd: 5.0\ne: ~\nf: \"1,2\"\ng: off\n").get()
        #expect(root["a"]?.settingText == "YES")
        #expect(root["a"]?.propertyListValue as? Bool == true)
        #expect(root["b"]?.propertyListValue as? String == "YES")
        #expect(root["c"]?.settingText == "2")
        #expect(root["d"]?.settingText == "5.0")
        #expect(root["e"]?.settingText == nil)
        #expect(root["f"]?.settingText == "1,2")
        #expect(root["g"]?.settingText == "NO")
    }

    @Test func boundsAndErrorsAreOneSentenceWithALine() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        guard case .failure(let depth) = Self.parse("a: " + deep) else { return #expect(Bool(false)) }
        #expect(depth.message.contains("nests more than 128"))
        guard case .failure(let syntax) = Self.parse("a: [1, 2\nb: c\n") else { return #expect(Bool(false)) }
        #expect(syntax.message.hasPrefix("not valid YAML") && syntax.line != nil)
        guard case .failure(let alias) = Self.parse("a: *nowhere\n") else { return #expect(Bool(false)) }
        #expect(alias.message.contains("names no anchor"))
        guard case .failure(let documents) = Self.parse("a: 1\n---\nb: 2\n") else { return #expect(Bool(false)) }
        #expect(documents.message.contains("more than one YAML document"))
    }

    @Test func mergeKeysThatCopyWithoutEndAreRefused() {
        // Each level merges the one before under twenty new keys: quadratic copying.
        var lines = ["m0: &m0 {k0: v}"]
        for level in 1..<1500 {
            lines.append("m\(level): &m\(level)\n  <<: *m\(level - 1)\n  k\(level): v")
        }
        guard case .failure(let failure) = Self.parse(lines.joined(separator: "\n")) else { return #expect(Bool(false)) }
        #expect(failure.message.contains("merge keys") || failure.message.contains("expands to more than"), "\(failure.message)")
    }

    // MARK: Globs and spec merging

    @Test func globsMatchAsBashWithGlobstar() {
        #expect(XcodeGenGlob("**/*.md").matches("README.md"))
        #expect(XcodeGenGlob("**/*.md").matches("a/b/README.md"))
        #expect(!XcodeGenGlob("*.md").matches("a/README.md"))
        #expect(XcodeGenGlob("Icons/Icon-[0-9]*.png").matches("Icons/Icon-60@2x.png"))
        #expect(XcodeGenGlob("{Dev,Beta}/**").matches("Beta/x/y.png"))
        #expect(!XcodeGenGlob("[!A]*").matches("Apple"))
        #expect(XcodeGenGlob(String(repeating: "*", count: 300) + "x").matches(String(repeating: "a", count: 300)) == false)
    }

    @Test func includesMergeAndReplaceAsXcodeGenDoes() throws {
        let folder = try ScratchFolder("xcodegen")
        try folder.write(
            "project.yml",
            """
            include:
              - path: specs/base.yml
            targets:
              App:
                sources:REPLACE: [Main]
                settings:
                  base:
                    B: mine
            """)
        try folder.write(
            "specs/base.yml",
            """
            targets:
              App:
                type: application
                platform: [iOS, tvOS]
                sources: [Old]
                settings:
                  base:
                    A: one
                    B: theirs
                    C: ${platform}
            """)
        let spec = try XcodeGenSpec.load(path: "project.yml", root: folder.path).get()
        let targets = try #require(spec.root["targets"]?.pairs)
        #expect(targets.map(\.key) == ["App_iOS", "App_tvOS"])
        let app = targets[0].value
        #expect(app["sources"]?.stringList == ["Main"])
        #expect(app["settings"]?["base"]?["A"]?.string == "one")
        #expect(app["settings"]?["base"]?["B"]?.string == "mine")
        #expect(app["settings"]?["base"]?["C"]?.string == "iOS")
        #expect(app["settings"]?["base"]?["PRODUCT_NAME"]?.string == "App")
        #expect(spec.pathBase(of: app["settings"]!["base"]!["A"]!) == "specs")
    }
}

extension ScratchFolder {
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: file(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
