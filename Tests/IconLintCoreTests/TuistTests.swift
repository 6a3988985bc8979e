import Foundation
import Testing

@testable import IconLintCore

/// Tuist repositories (`Project.swift`, `Tuist/ProjectDescriptionHelpers`, no .xcodeproj), read
/// statically into the project `tuist generate` would write (`Fixtures/Tuist`, written by
/// scripts/make-fixtures): each case's whole report is recorded beside it, its point asserted here.
@Suite("Tuist manifests")
struct TuistTests {
    static let cases = [
        "AlternateNotIncluded", "PlistIconFileMissing", "PrimaryWithout1024", "EssentialDefaults", "HelperTemplate",
        "HelperNotLiteral", "InterpolatedIconName", "XcconfigSettings", "CommittedProjectWins",
        // A field trial's shapes: overloads, `??`, a String enum's rawValue, a struct constant, a list name with a space.
        "ModularHelpers", "TargetsJoined", "BuilderStruct",
    ]

    static func lint(_ name: String) throws -> LintResult { try ProjectFixtures.lint("Tuist/\(name)") }

    @Test("the whole report is the recorded one", arguments: cases)
    func recordedReport(_ name: String) throws {
        var result = try Self.lint(name)
        result.root = "."
        try Snapshot.assertText(ReporterKind.xcode.render(result), at: ProjectFixtures.path("Tuist/\(name).expected.txt"))
    }

    @Test func anAlternateTheSettingsDoNotNameIsNotIncluded() throws {
        let hits = try Self.lint("AlternateNotIncluded").diagnostics
        #expect(hits.contains { $0.rule == .appiconsetNotIncluded && $0.location.file.hasSuffix("Sunrise.appiconset") }, "\(hits.map(\.message))")
        #expect(!hits.contains { $0.location.file.hasSuffix("Midnight.appiconset") }, "\(hits.map(\.message))")
    }

    @Test func aFileTheManifestsInfoPlistNamesIsLookedFor() throws {
        let hits = try Self.lint("PlistIconFileMissing").diagnostics
        #expect(hits.map(\.rule) == [.iconFileMissing], "\(hits.map(\.message))")
        // The finding points at the manifest's own line for the entry "Neon".
        #expect(hits.first?.location.file == "Project.swift" && hits.first?.location.line == 16, "\(hits.map(\.location))")
    }

    @Test func essentialDefaultsWriteNoIconName() throws {
        #expect(try Self.lint("EssentialDefaults").diagnostics.map(\.rule) == [.marketingIconMissing])
        // Tuist's recommended defaults name AppIcon: the same catalog is the primary there.
        #expect(try Self.lint("PrimaryWithout1024").diagnostics.map(\.rule) == [.appiconsetSlotMissing])
    }

    @Test func trapsStaySilent() throws {
        for name in ["HelperTemplate", "HelperNotLiteral", "InterpolatedIconName", "XcconfigSettings"] {
            let result = try Self.lint(name)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map(\.message))")
            #expect(result.appTargetCount == 1, "\(name)")
        }
    }

    @Test func whatIsComputedIsANoteNamingWhatAndWhere() throws {
        let helper = try Self.lint("HelperNotLiteral").notes
        #expect(helper.contains { $0.contains("Project.swift: line 15") && $0.contains("Tuist/ProjectDescriptionHelpers/Flavor.swift:8") }, "\(helper)")
        let interpolated = try Self.lint("InterpolatedIconName").notes
        #expect(interpolated.contains { $0.contains("line 17") && $0.contains("interpolated") }, "\(interpolated)")
    }

    @Test func modularHelpersAreFollowedToTheSettingsTheyHold() throws {
        let result = try Self.lint("ModularHelpers")
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(result.appTargetCount == 1)
        // The list's " Snow" is no set: the finding is on the helper's own line.
        let notFound = result.diagnostics.filter { $0.rule == .appiconsetNotFound }
        #expect(notFound.map(\.location.file) == ["Tuist/ProjectDescriptionHelpers/Modules.swift"], "\(result.diagnostics.map(\.message))")
        #expect(notFound.first?.location.line == 25)
        #expect(!result.diagnostics.contains { $0.message.contains("Rain.appiconset") })
    }

    @Test func aCommittedProjectWinsAndTheManifestsDisagreementIsNoted() throws {
        let result = try Self.lint("CommittedProjectWins")
        #expect(result.diagnostics.map(\.rule) == [.appiconsetNotIncluded])
        #expect(
            result.notes.contains {
                $0.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES is \"Dark\" (the project has it unset)") && $0.contains("`tuist generate`")
            }, "\(result.notes)")
    }

    @Test func aProjectOnlyAHelperOfAnotherShapeDescribesStopsTheRun() throws {
        #expect {
            _ = try Self.lint("HelperOnlyProject")
        } throws: { error in
            let message = (error as? ConfigurationError)?.description ?? ""
            return message.contains("run `tuist generate` first") && message.contains("Project+Feature.swift:4")
        }
    }

    @Test func aGeneratedInfoPlistThatDisagreesWithTheCommittedOneIsNoted() throws {
        // The comparison XcodeGen's specs use: the Info.plist Tuist writes against the committed one.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iconlint-tuist-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = { (plist: String) in
            "import ProjectDescription\nlet project = Project(name: \"App\", targets: [\n"
                + "    .target(name: \"App\", destinations: [.iPhone], product: .app, bundleId: \"x\", infoPlist: \(plist))\n])\n"
        }
        let files = [
            "Project.swift": target(
                ".extendingDefault(with: [\"CFBundleIcons\": [\"CFBundleAlternateIcons\": [\"Dark\": [\"CFBundleIconFiles\": [\"Dark\"]]]]])"),
            "Committed/Project.swift": target(".file(path: \"App/Info.plist\")"),
            "Committed/App/Info.plist": Self.plist(""),
            "Same/Project.swift": target(".file(path: \"App/Info.plist\")"),
            "Same/App/Info.plist": Self.plist(
                "<key>CFBundleIcons</key><dict><key>CFBundleAlternateIcons</key><dict><key>Dark</key><dict>"
                    + "<key>CFBundleIconFiles</key><array><string>Dark</string></array></dict></dict></dict>"),
        ]
        for (path, text) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        let index = FileScanner.scan(root: ProjectPath.absolute(folder))
        let generated = try #require(TuistProjectReader.read("Project.swift", index: index).project)
        let committed = try #require(TuistProjectReader.read("Committed/Project.swift", index: index).project)
        let spec = ProjectSpec(path: "Project.swift", tool: "Tuist", command: "tuist generate")
        let notes = GeneratedProjectReader.disagreements(spec: spec, generated, committed: committed, committedPath: "App.xcodeproj", root: index.root)
        #expect(notes.count == 1, "\(notes)")
        #expect(
            notes.first?.contains(
                "infoPlist: .extendingDefault(with:) declares CFBundleIcons for Derived/InfoPlists/App-Info.plist differently from the committed plist")
                == true,
            "\(notes)")
        // A committed Info.plist declaring the same icons differs only in where it lies.
        let same = try #require(TuistProjectReader.read("Same/Project.swift", index: index).project)
        let sameNotes = GeneratedProjectReader.disagreements(spec: spec, generated, committed: same, committedPath: "App.xcodeproj", root: index.root)
        #expect(sameNotes.count == 1 && sameNotes.allSatisfy { $0.contains("INFOPLIST_FILE") && !$0.contains("CFBundleIcons") }, "\(sameNotes)")
    }

    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundlePackageType</key><string>APPL</string>\(entries)</dict></plist>\n"
    }

    // MARK: The reader alone

    static func read(_ files: [String: String]) throws -> (project: XcodeProject?, notes: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iconlint-tuist-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        let index = FileScanner.scan(root: ProjectPath.absolute(folder))
        return TuistProjectReader.read("Project.swift", index: index)
    }

    @Test func settingsKeepXcodesOrderAndTheirLines() throws {
        let read = try Self.read([
            "Project.swift": """
            import ProjectDescription

            let shared: SettingsDictionary = ["ASSETCATALOG_COMPILER_APPICON_NAME": "Base"]

            let project = Project(
                name: "App",
                settings: .settings(base: shared, configurations: [.debug(name: "Debug"), .release(name: "Beta"), .release(name: "Release")]),
                targets: [
                    .target(
                        name: "App", destinations: .iOS, product: .app, bundleId: "x",
                        settings: .settings(
                            base: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": .array(["A", "B C"])],
                            configurations: [.release(name: "Beta", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "Beta"])]
                        )
                    ),
                ]
            )

            """
        ])
        let target = try #require(read.project?.targets.first)
        #expect(target.isApplication)
        #expect(target.configurations.map(\.name) == ["Debug", "Beta", "Release"])
        // Tuist's recommended AppIcon sits in the target's settings: it outranks the project's "Base".
        #expect(target.configuration(named: "Debug")?.settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(target.configuration(named: "Beta")?.settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "Beta")
        #expect(target.configuration(named: "Beta")?.settings.source("ASSETCATALOG_COMPILER_APPICON_NAME")?.location?.line == 13)
        #expect(target.configuration(named: "Release")?.settings.list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["A", "B C"])
        #expect(target.configuration(named: "Release")?.settings.value("TARGETED_DEVICE_FAMILY") == "1,2")
        #expect(read.notes.isEmpty, "\(read.notes)")
    }

    @Test func mergingKeepsTheLaterValueAndACodeSigningHelperSetsNoIcon() throws {
        let read = try Self.read([
            "Project.swift": """
            import ProjectDescription
            let base: SettingsDictionary = ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "NO"]
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: [.iPhone], product: .app, bundleId: "x",
                        settings: .settings(base: base.merging(["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": true]) { _, new in new }
                            .automaticCodeSigning(devTeam: "T")))
            ])
            """
        ])
        let settings = try #require(read.project?.targets.first?.configurations.first?.settings)
        #expect(settings.bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"))
        #expect(settings.value("TARGETED_DEVICE_FAMILY") == "1")
    }

    @Test func anUnknownMethodOrEnvironmentIsUnknownNotGuessed() throws {
        let read = try Self.read([
            "Project.swift": """
            import ProjectDescription
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: [.iPhone], product: .app, bundleId: "x",
                        settings: .settings(base: SettingsDictionary().appIcon(Environment.icon.getString(default: "AppIcon"))))
            ])
            """
        ])
        let configuration = try #require(read.project?.targets.first?.configurations.first)
        #expect(configuration.unknownSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] != nil)
        #expect(configuration.settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == nil)
        #expect(read.notes.contains { $0.contains("line 4") && $0.contains("appIcon") }, "\(read.notes)")
    }

    @Test func anImplicitMemberIsOneOfTheExpectedTypesOwn() throws {
        // `.default` of a helper's `Project.Options` is not the target's `InfoPlist.default`;
        // `.shared` of `extension ProjectDescription.Settings` is the settings' own.
        let read = try Self.read([
            "Tuist/ProjectDescriptionHelpers/Options.swift": """
            import ProjectDescription
            extension Project.Options {
                public static let `default` = Self.options(automaticSchemesOptions: .disabled)
            }
            extension ProjectDescription.Settings {
                public static let shared = Settings.settings(base: ["ASSETCATALOG_COMPILER_APPICON_NAME": "Brand"])
            }
            """,
            "Project.swift": """
            import ProjectDescription
            let project = Project(name: "App", options: .default, targets: [
                .target(name: "App", destinations: [.iPhone], product: .app, bundleId: "x", infoPlist: .default, settings: .shared)
            ])
            """,
        ])
        let target = try #require(read.project?.targets.first)
        #expect(target.generatedInfoPlists["Derived/InfoPlists/App-Info.plist"]?.root["CFBundlePackageType"] as? String == "APPL")
        #expect(target.configurations.first?.settings.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "Brand")
        #expect(read.notes.isEmpty, "\(read.notes)")
    }

    @Test func globsMatchAsTuistDoes() {
        let match = { (pattern: String, path: String) in
            TuistManifest.matches(pattern.split(separator: "/").map(String.init)[...], path.split(separator: "/").map(String.init)[...])
        }
        #expect(match("Resources/**", "Resources/Assets.xcassets"))
        #expect(match("Resources/**", "Resources/a/b/c.png"))
        #expect(match("Sources/**/*.swift", "Sources/App.swift"))
        #expect(!match("Sources/*.swift", "Sources/Views/A.swift"))
        #expect(!match("Resources/**", "Other/a.png"))
    }

    @Test func constantsInALoopAreUnknown() throws {
        let read = try Self.read([
            "Project.swift": """
            import ProjectDescription
            let a = b
            let b = a
            let project = Project(name: "App", targets: [.target(name: "App", destinations: [.iPhone], product: .app, bundleId: "x",
                settings: .settings(base: a))])
            """
        ])
        let configuration = try #require(read.project?.targets.first?.configurations.first)
        #expect(configuration.unknownSettings.keys.sorted() == tuistIconSettingNames.sorted())
        #expect(read.notes.contains { $0.contains("line 3") && $0.contains("refers back to itself") }, "\(read.notes)")
    }

    @Test func nestingPastTheBoundGivesTheManifestUp() throws {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let read = try Self.read([
            "Project.swift": """
            import ProjectDescription
            let nested = \(deep)
            let project = Project(name: "App", targets: [.target(name: "App", destinations: [.iPhone], product: .app, bundleId: "x",
                resources: nested)])
            """
        ])
        #expect(read.project == nil)
        #expect(read.notes.contains { $0.contains("more work than iconlint allows") }, "\(read.notes)")
    }

    @Test func targetListsJoinedWithPlusAreReadAsFarAsTheyAreLiteral() throws {
        let result = try Self.lint("TargetsJoined")
        #expect(result.diagnostics.map(\.rule) == [.appiconsetNotIncluded], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.icon == "Sunrise")
        #expect(result.notes.contains { $0.contains("a target `[\"Share\", \"Today\"].map()` is computed by a function") })
    }

    @Test func aBuilderStructsMethodIsReadWithItsInitializersArguments() throws {
        let hits = try Self.lint("BuilderStruct").diagnostics
        #expect(hits.map(\.rule) == [.appiconsetNotFound] && hits.first?.icon == "Frost", "\(hits.map(\.message))")
    }
}
