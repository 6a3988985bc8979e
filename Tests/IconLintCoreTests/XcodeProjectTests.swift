import Foundation
import Testing

@testable import IconLintCore

/// `Fixtures/Projects/<name>`, found from this file rather than the working directory.
func projectFixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Projects").appendingPathComponent(name).path
}

@Suite struct ClassicProjectTests {
    let root = projectFixture("Classic")
    var project: XcodeProject { XcodeProjectReader.read(projectPath: "Classic.xcodeproj", root: root) }

    func settings(_ configuration: String, target: String = "Classic") throws -> BuildSettings {
        let target = try #require(project.targets.first { $0.name == target })
        return try #require(target.configuration(named: configuration)).settings
    }

    @Test func readsTargetsInProjectOrderWithTheirKinds() throws {
        let project = self.project
        #expect(project.path == "Classic.xcodeproj")
        #expect(project.problems == [])
        #expect(project.targets.map(\.name) == ["Classic", "ClassicWidgetExtension", "ClassicTests"])
        #expect(project.targets.map(\.kind) == [.application, .appExtension, .test])
        #expect(project.targets.map(\.isApplication) == [true, false, false])
        #expect(project.applicationTargets.map(\.name) == ["Classic"])
        #expect(project.targets[0].productType == "com.apple.product-type.application")
        #expect(project.targets[0].configurations.map(\.name) == ["Debug", "Release", "Beta"])
    }

    @Test func appIconNameDiffersPerConfiguration() throws {
        #expect(try settings("Debug").value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(try settings("Beta").value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon-Beta")
        #expect(try settings("Release").value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        // The widget inherits the project-level xcconfig too.
        #expect(
            try settings("Beta", target: "ClassicWidgetExtension").value("ASSETCATALOG_COMPILER_APPICON_NAME")
                == "AppIcon-Beta")
    }

    @Test func sourcesPointAtTheWinningLine() throws {
        #expect(
            try settings("Beta").source("ASSETCATALOG_COMPILER_APPICON_NAME")
                == .xcconfig(location: Location(file: "Config/Base.xcconfig", line: 7)))
        let pbxproj = try String(contentsOfFile: root + "/Classic.xcodeproj/project.pbxproj", encoding: .utf8)
        let line = try #require(pbxproj.components(separatedBy: "\n").firstIndex { $0.contains("$(ICON_FLAVOR)") }) + 1
        #expect(
            try settings("Release").source("ASSETCATALOG_COMPILER_APPICON_NAME")
                == .projectFile(
                    location: Location(file: "Classic.xcodeproj/project.pbxproj", line: line),
                    target: "Classic", configuration: "Release"))
        #expect(try settings("Debug").source("SRCROOT") == .builtin)
        #expect(try settings("Debug").source("NOT_SET") == nil)
    }

    @Test func alternateNamesKeepQuotedWordsAndInheritAcrossLevels() throws {
        #expect(try settings("Release").list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["Blue Icon", "Red"])
        #expect(try settings("Debug").list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["Blue Icon", "Red", "Green"])
        // Array-valued in the pbxproj.
        #expect(try settings("Beta").list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["Blue Icon", "Red", "Dark Mode"])
    }

    @Test func inheritedChainsThroughEveryLevel() throws {
        // Base.xcconfig includes Shared (-DSHARED); the project adds -DDEBUG; App.xcconfig
        // includes Shared again, which replaces it, then appends -DAPP.
        #expect(try settings("Debug").value("OTHER_SWIFT_FLAGS") == "-DSHARED -DAPP")
        #expect(try settings("Debug", target: "ClassicTests").value("OTHER_SWIFT_FLAGS") == "-DSHARED -DDEBUG")
        #expect(try settings("Debug").value("SWIFT_ACTIVE_COMPILATION_CONDITIONS") == "DEBUG ")
    }

    @Test func conditionsAreEvaluatedForADeviceBuild() throws {
        let debug = try settings("Debug")
        #expect(debug.value("CODE_SIGN_IDENTITY") == "iPhone Developer")
        #expect(debug.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")  // [sdk=iphonesimulator*] ignored
    }

    @Test func builtinsAndBooleans() throws {
        let release = try settings("Release")
        #expect(release.value("PRODUCT_NAME") == "Classic")
        #expect(try settings("Beta").value("PRODUCT_NAME") == "Classic Beta")
        #expect(release.value("CONFIGURATION") == "Release")
        #expect(release.value("SRCROOT") == ProjectPath.absolute(root))
        #expect(release.value("PROJECT_NAME") == "Classic")
        #expect(release.bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"))
        #expect(!(try settings("Debug").bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS")))
        #expect(release.value("TARGETED_DEVICE_FAMILY") == "1,2")
        #expect(try settings("Release", target: "ClassicTests").value("TARGETED_DEVICE_FAMILY") == "1")
        #expect(release.keys.contains("INFOPLIST_KEY_CFBundleDisplayName"))
    }

    @Test func undefinedVariablesAreNamed() throws {
        let release = try settings("Release")
        #expect(release.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(release.referencesUndefinedVariable("ASSETCATALOG_COMPILER_APPICON_NAME") == ["ICON_FLAVOR"])
        #expect(try settings("Debug").referencesUndefinedVariable("ASSETCATALOG_COMPILER_APPICON_NAME") == [])
    }

    @Test func pathsAreRootRelative() throws {
        #expect(try settings("Release").path("INFOPLIST_FILE") == "Classic/Info.plist")
        #expect(try settings("Release", target: "ClassicWidgetExtension").path("INFOPLIST_FILE") == "Widget/Info.plist")
        #expect(try settings("Release", target: "ClassicTests").path("INFOPLIST_FILE") == nil)
    }

    @Test func resourcesOfTheAppTarget() throws {
        let project = self.project
        let resources = try #require(project.targets.first).resources
        #expect(
            resources.files == [
                "Classic/Assets.xcassets", "Classic/Icons/BlueIcon@2x.png", "Classic/Icons/BlueIcon@3x.png",
                "Classic/Icons/RedIcon@2x.png", "Classic/Icons/RedIcon@3x.png",
                "Classic/en.lproj/InfoPlist.strings", "Classic/fr.lproj/InfoPlist.strings", "Shared/Logo.png",
                "Classic/Icons/PhoneIcon@2x.png", "Classic/AppIcon.icon",
            ])
        #expect(resources.iconBundles == ["Classic/AppIcon.icon"])
        #expect(!resources.contains("Classic/AppIcon.icon/icon.json"))
        #expect(!resources.contains("Classic/Icons/CatalystIcon@2x.png"))  // platformFilter = maccatalyst
        #expect(resources.folders == ["Resources/Sounds"])
        #expect(resources.assetCatalogs == ["Classic/Assets.xcassets"])
        #expect(resources.contains("Classic/Icons/BlueIcon@2x.png"))
        #expect(resources.contains("Resources/Sounds/chime.caf"))
        #expect(!resources.contains("Classic/Icons/GreenIcon@2x.png"))  // referenced, not in the phase
        #expect(!resources.contains("Classic/Icons/Stray@2x.png"))  // on disk only
        #expect(!resources.contains("Classic/Assets.xcassets/AppIcon.appiconset/Contents.json"))
        #expect(project.targets[1].resources.assetCatalogs == ["Widget/Assets.xcassets"])
        // The test target copies nothing; it compiles its tests.
        var tests = TargetResources()
        tests.sources = ["ClassicTests/ClassicTests.swift"]
        #expect(project.targets[2].resources == tests)
    }

    @Test func rootAboveTheProjectFolder() throws {
        let parent = ProjectPath.parent(root)
        let project = XcodeProjectReader.read(projectPath: "Classic/Classic.xcodeproj", root: parent)
        #expect(project.path == "Classic/Classic.xcodeproj")
        let release = try #require(project.targets.first?.configuration(named: "Release")).settings
        #expect(release.path("INFOPLIST_FILE") == "Classic/Classic/Info.plist")
        #expect(project.targets.first?.resources.folders == ["Classic/Resources/Sounds"])
    }
}
