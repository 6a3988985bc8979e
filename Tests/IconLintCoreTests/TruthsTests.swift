import Foundation
import IconLintCore
import Testing

/// What public apps taught: each case a small project in the shape of a real one
/// (`Fixtures/Truths`, written by scripts/make-fixtures), with its whole report recorded
/// beside it and the point of the case asserted here.
@Suite("Truths from real projects")
struct TruthsTests {
    static let cases = [
        "CaseOnDevice", "CatalogPrimaryWithEntries", "DesignFileOutsideTarget", "IPadSuggestion", "IPhoneOnly",
        "InclusionPerConfiguration", "LiteralEntryHidesThe3x", "MergeConflict", "NoCatalogInTarget", "NothingConfigured",
        "OneSetTwoRoles", "OtherPlatformsInTheSet", "SizesInOneList", "TintedRoundingNoise", "UnscaledIPadProFile",
        "LeftoverSetBesideLooseFiles", "UnassignedRecord", "NoHomeScreenSize", "PreprocessedInfoPlist",
        "EmptyTemplateSet", "IncludeAllWithStaleName",
        // Issue 20: lists the build replaces, entries with a device modifier, 1024-point masters, a JPEG in a set.
        "ReactNativeTemplatePrimary", "StalePrimaryList", "DeviceNamedEntries", "OversizedAlternate", "JPEGInIconSet",
        // Issue 20: a variant the target does not copy, defects of a set that is not included.
        "VariantOutsideTarget", "NotIncludedSetDefects",
        // A field trial's new patterns: a stale list under include-all.
        "StaleListUnderIncludeAll", "RunScriptEmbedsAlternates", "MauiGeneratedIcon", "GitLFSPointers",
        // Shared art beside ios/, linted at the repository's root and at ios/.
        "ReactNativeSharedArt", "ReactNativeSharedArt-ios",
        // A new-user trial: a names list differing in case only, under include-all.
        "CaseOnlyListUnderIncludeAll",
        // Issue 20: an optional xcconfig that is not in the repository.
        "OptionalOverridesInclude",
        // Issue 20: Info.plist preprocessing with Xcode's flags, and a header a Run Script writes.
        "PreprocessorFlags", "PreprocessorCutsURL", "GeneratedPlistHeader",
        // Issue 20.7: a Bool member and a static alias that pick the primary's case.
        "DefaultIconByFlag",
        // Issue 20.8: names that reach the call through a table of literals.
        "IconTableObjectiveC", "IconTableSwift",
        // Issue 20: a prefix header a build step writes, a catalog beside the project (linted at
        // the root and at App/), a names list differing in case only, React Native tables.
        "MissingPlistPrefixHeader", "SharedBrandCatalog", "SharedBrandCatalog-App", "CaseOnlyAlternateName",
        "ReactNativeIconTable", "ReactNativeIconTableDeclared",
        // A trial of 14 apps: alternates named by their set, iPad-size files of an iPhone
        // alternate, xcconfigs named in another letter case, a dependency's prefix header, a
        // Flutter repository's root.
        "AlternateNamedBySet", "AlternateNamedBySetNotCompiled", "AlternateAtIPadSizes", "AlternateAt3xBetweenSizes",
        "XCConfigOtherCase", "DependencyWritesPrefixHeader", "FlutterRootWithMacOS", "SharedXCConfigWithMacTarget",
        // Issue 21: .NET MAUI projects read from their .csproj.
        "MauiAlternateIcons", "MauiIconMissing", "MauiComputedCondition",
        "XamarinAppIcons", "XamarinCatalogNotListed", "XamarinLooseAlternate", "DotNetAppIconTwice",
    ]

    /// Cases that lint a folder inside a fixture (their report is recorded beside the fixture).
    static let subfolders = ["ReactNativeSharedArt-ios": "ReactNativeSharedArt/ios", "SharedBrandCatalog-App": "SharedBrandCatalog/App"]

    static func lint(_ name: String) throws -> LintResult { try ProjectFixtures.lint("Truths/\(subfolders[name] ?? name)") }

    @Test("the whole report is the recorded one", arguments: cases)
    func recordedReport(_ name: String) throws {
        var result = try Self.lint(name)
        result.root = "."
        try Snapshot.assertText(ReporterKind.xcode.render(result), at: ProjectFixtures.path("Truths/\(name).expected.txt"))
    }

    @Test func cleanShapesStayClean() throws {
        // iPhone-only targets under a universal project, notification sizes in one list, a design
        // file outside the target, Xcode's empty and stale primary lists, watch/mac slots in the set.
        // Found in a field trial on public apps: tinted images with rounding noise, an iPad Pro file
        // without a scale suffix, a leftover set beside the loose files that provide the alternate.
        for name in [
            "IPhoneOnly", "SizesInOneList", "DesignFileOutsideTarget", "CatalogPrimaryWithEntries", "OtherPlatformsInTheSet",
            "TintedRoundingNoise", "UnscaledIPadProFile", "LeftoverSetBesideLooseFiles",
            // A second trial: Xcode's empty template set, include-all with a stale listed name.
            "EmptyTemplateSet", "IncludeAllWithStaleName",
            // A third: primary lists that actool rewrites (React Native's `[""]`, a stale entry in another case).
            "ReactNativeTemplatePrimary", "StalePrimaryList",
        ] {
            let result = try Self.lint(name)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map(\.message))")
        }
    }

    @Test func sharedArtBesideTheProjectFolderIsCheckedLikeAnyOther() throws {
        // ../images/icons/*.png of ios/App.xcodeproj: in the bundle, and their facts are read.
        let hits = try Self.lint("ReactNativeSharedArt").diagnostics
        #expect(!hits.contains { $0.rule == .iconFileMissing || $0.rule == .iconFileNotInTarget }, "\(hits.map(\.message))")
        #expect(hits.contains { $0.rule == .iconHasTransparency && $0.location.file == "images/icons/windmill@3x.png" })
        #expect(hits.contains { $0.rule == .pathCaseMismatch && $0.message.contains("windmill@2x~iPad.png") })
    }

    @Test func sharedArtOutsideTheLintedFolderIsANoteNotAMissingFile() throws {
        let result = try Self.lint("ReactNativeSharedArt-ios")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("../images/icons/windmill@2x.png") && $0.contains("outside the linted folder") })
    }

    @Test func caseMismatchOfAnIconFileIsAnErrorOnTheDevice() throws {
        let hits = try Self.lint("CaseOnDevice").diagnostics
        #expect(!hits.isEmpty && hits.allSatisfy { $0.rule == .pathCaseMismatch && $0.severity == .error })
    }

    @Test func inclusionIsJudgedPerConfiguration() throws {
        let hits = try Self.lint("InclusionPerConfiguration").diagnostics
        #expect(hits.map(\.rule) == [.appiconsetNotIncluded, .appiconsetNotIncluded])
        #expect(hits.allSatisfy { $0.configurations == ["QA", "Staging"] })
    }

    @Test func aSetIsJudgedByItsRoleInEachConfiguration() throws {
        let hits = try Self.lint("OneSetTwoRoles").diagnostics
        #expect(hits.map(\.rule) == [.marketingIconAlpha], "\(hits.map(\.message))")
        #expect(hits.first?.configurations == ["Beta", "Debug"])
    }

    @Test func aMergeConflictIsReportedOnceAndThePlistStillLinted() throws {
        let hits = try Self.lint("MergeConflict").diagnostics
        #expect(hits.filter { $0.rule == .projectUnreadable }.count == 1)
        #expect(hits.first { $0.rule == .projectUnreadable }?.location.line == 6)
        #expect(hits.contains { $0.rule == .iconFileMissing && $0.icon == "Dark" })
    }

    @Test func noIconConfiguredIsMarketingIconMissingNotAGuess() throws {
        let hits = try Self.lint("NothingConfigured").diagnostics
        #expect(hits.map(\.rule) == [.marketingIconMissing], "\(hits.map(\.message))")
    }

    @Test func suggestionsAreBuiltFromTheEntryName() throws {
        let hits = try Self.lint("IPadSuggestion").diagnostics
        #expect(hits.map(\.rule) == [.alternateIconSizeMissing])
        #expect(hits.allSatisfy { $0.message.contains("icon-red-83.5@2x~ipad.png") && !$0.message.contains("7683.5") })
    }

    @Test func messagesSayTheRealCause() throws {
        let hidden = try Self.lint("LiteralEntryHidesThe3x").diagnostics
        #expect(hidden.map(\.rule) == [.iconNameHasSuffix], "one defect, one finding: \(hidden.map(\.message))")
        let noCatalog = try Self.lint("NoCatalogInTarget").diagnostics
        #expect(noCatalog.map(\.rule) == [.appiconsetNotFound])
        #expect(noCatalog.allSatisfy { $0.message.contains("actool never runs") && !$0.message.contains("actool fails") })
    }

    @Test func aPreprocessedInfoPlistIsReadAsXcodeReadsIt() throws {
        // Not unreadable: the directives are evaluated per configuration, and the defect inside
        // the Debug branch is found for Debug only.
        let hits = try Self.lint("PreprocessedInfoPlist").diagnostics
        #expect(hits.map(\.rule) == [.iconFileMissing], "\(hits.map(\.message))")
        #expect(hits.first?.icon == "Debug" && hits.first?.configurations == ["Debug"])
        #expect(hits.first?.location.line == 23)
    }

    @Test func aQuotedDefinitionStaysOneDefinition() throws {
        // `TITLE="My DEBUG"` defines TITLE only, as the shell passes it to cc -D: DEBUG stays
        // undefined, so the Debug-only alternate is not compiled into the Info.plist.
        let folder = try AppScopeTests.assemble(["App": "Truths/PreprocessedInfoPlist"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pbxproj = folder + "/App/App.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        #expect(text.contains("\"DEBUG=1 BETA=2\""))
        try text.replacingOccurrences(of: "\"DEBUG=1 BETA=2\"", with: #""TITLE=\"My DEBUG\"""#)
            .write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let hits = try Linter.lint(LintOptions(path: folder + "/App")).diagnostics
        #expect(hits.isEmpty, "\(hits.map(\.message))")
    }

    @Test func xcodesUnassignedRecordIsAnUnassignedChild() throws {
        let hits = try Self.lint("UnassignedRecord").diagnostics
        #expect(hits.map(\.rule) == [.appiconsetUnassignedChild], "\(hits.map(\.message))")
    }

    @Test func anAlternateWithoutAnyHomeScreenSizeIsStillMissingThem() throws {
        let hits = try Self.lint("NoHomeScreenSize").diagnostics
        #expect(hits.map(\.rule) == [.alternateIconSizeMissing])
        #expect(hits.first?.message.contains("lacks 120×120 and 180×180") == true)
    }

    @Test func anEntryWithADeviceModifierIsABaseName() throws {
        // `BlueLemonade~ipad` reaches `BlueLemonade~ipad@2x.png`: no missing file, no rename
        // advice that would break it; the 167 advice keeps the entry's own form.
        let result = try Self.lint("DeviceNamedEntries")
        #expect(result.diagnostics.map(\.rule) == [.alternateIconSizeMissing], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.message.contains("add BlueLemonade-83.5~ipad@2x.png (167×167), then list \"BlueLemonade-83.5~ipad\"") == true)
        // `PinkLemonade~ipad` with only `PinkLemonade@2x~ipad.png`: not known to resolve, so a note, not an error.
        #expect(result.notes.contains { $0.contains("\"PinkLemonade~ipad\" was not checked") }, "\(result.notes)")
    }

    @Test func oversizedAlternateFilesLackTheHomeScreenSizesOnEveryDevice() throws {
        // One defect per device, App Store Connect's warning: the 2048 px @2x is not also an error.
        let hits = try Self.lint("OversizedAlternate").diagnostics
        #expect(hits.map(\.rule) == [.alternateIconSizeMissing, .alternateIconSizeMissing], "\(hits.map(\.message))")
        #expect(hits.compactMap(\.idiom).sorted { $0.rawValue < $1.rawValue } == [.ipad, .iphone])
        // The advice names the entry's own device's sizes and the file there: 120 for an iPhone @2x file.
        let iPhone = hits.first { $0.idiom == .iphone }?.message ?? ""
        #expect(iPhone.contains("a 120×120 Big@2x.png (the one there is 2048×2048)") && !iPhone.contains("152"), "\(iPhone)")
    }

    @Test func anAlternateNamedByItsCompiledSetIsNoMalformedEntry() throws {
        // 'Golden' = {CFBundleIconName = AppIconGolden}: compiled in Debug (listed) and Release
        // (include-all). actool's own shape (key = set name) needs no note; another key does.
        let result = try Self.lint("AlternateNamedBySet")
        #expect(!result.diagnostics.contains { $0.rule == .iconEntryMalformed }, "\(result.diagnostics.map(\.message))")
        // The code's "Golden" is a declared name.
        #expect(!result.diagnostics.contains { $0.rule == .unknownAlternateIconName })
        #expect(result.notes.filter { $0.contains("'Golden'") && $0.contains("was not checked") }.count == 1, "\(result.notes)")
        #expect(!result.notes.contains { $0.contains("'AppIconSilver'") })
    }

    @Test func anAlternateNamedByASetTheBuildLacksIsStillAnError() throws {
        let hits = try Self.lint("AlternateNamedBySetNotCompiled").diagnostics.filter { $0.rule == .iconEntryMalformed }
        #expect(hits.compactMap(\.icon).sorted() == ["AppIconSilver", "Bronze", "Golden"], "\(hits.map(\.message))")
        #expect(hits.allSatisfy { $0.severity == .error })
        #expect(hits.contains { $0.icon == "Golden" && $0.message.contains("no build setting compiles") })
        #expect(hits.contains { $0.icon == "AppIconSilver" && $0.message.contains("hold no app icon set of that name") })
        #expect(hits.contains { $0.icon == "Bronze" && $0.message.contains("neither CFBundleIconFiles nor CFBundleIconName") })
    }

    @Test func anIPadSizeFileOfAnIPhoneAlternateIsOneWarning() throws {
        // 76/152/228 px: App Store Connect only warns (ITMS-90890) and iOS scales; one finding an alternate.
        let hits = try Self.lint("AlternateAtIPadSizes").diagnostics
        #expect(hits.map(\.rule) == [.alternateIconSizeMissing, .alternateIconSizeMissing], "\(hits.map(\.message))")
        #expect(hits.allSatisfy { $0.severity == .warning && $0.message.contains("(the one there is 228×228)") })
        // A 170 px @3x fits no size and is no larger than every one: wrong for its name, icon-size-mismatch's.
        let between = try Self.lint("AlternateAt3xBetweenSizes").diagnostics
        #expect(between.filter { $0.rule == .iconSizeMismatch }.count == 2, "\(between.map(\.message))")
        #expect(between.filter { $0.rule == .alternateIconSizeMissing }.allSatisfy { !$0.message.contains("180×180") })
    }

    @Test func anXCConfigInOtherLetterCaseIsReadAndNamed() throws {
        // `#include "Version.public.xcconfig"` of Version.Public.xcconfig, a configuration based
        // on app.release.xcconfig for App.release.xcconfig: read as macOS does, so Sustainer is
        // listed; each reference is a path-case-mismatch warning, and nothing is "not in the repository".
        let result = try Self.lint("XCConfigOtherCase")
        let hits = result.diagnostics
        #expect(hits.map(\.rule) == [.pathCaseMismatch, .pathCaseMismatch], "\(hits.map(\.message))")
        #expect(hits.allSatisfy { $0.severity == .warning })
        #expect(hits.contains { $0.location.file == "config/App.debug.xcconfig" && $0.location.line == 1 })
        #expect(hits.contains { $0.location.file == "App.xcodeproj/project.pbxproj" && $0.message.contains("config/App.release.xcconfig") })
        #expect(result.notes.isEmpty, "\(result.notes)")
        // An include that is really absent stays a note, not a case mismatch.
        let absent = try Self.lint("OptionalOverridesInclude")
        #expect(!absent.diagnostics.contains { $0.rule == .pathCaseMismatch })
        #expect(absent.notes.contains { $0.contains("App.overrides.xcconfig, which is not in the repository") }, "\(absent.notes)")
    }

    @Test func aPrefixHeaderADependencyWritesIsNamedAsWritten() throws {
        let notes = try Self.lint("DependencyWritesPrefixHeader").notes
        #expect(
            notes.contains {
                $0.contains("INFOPLIST_PREFIX_HEADER $(BUILT_PRODUCTS_DIR)/infoplisticons.h is not in the repository")
                    && $0.contains("the Run Script phase \"Add icons to Info.plist\" of target \"App pre\", which this one depends on")
            }, "\(notes)")
        #expect(!notes.contains { $0.contains("../") })
        // The app's own phase is named as before, with no dependency.
        let own = try Self.lint("GeneratedPlistHeader").notes
        #expect(own.contains { $0.contains("the Run Script phase \"Write build info\" writes it") }, "\(own)")
    }

    @Test func aFlutterRepositorysRootNotesOnlyWhatConcernsTheIOSApp() throws {
        // Not the macOS Runner's ephemeral xcconfig, not GeneratedPluginRegistrant.m (written by
        // `flutter pub get`); a source missing for no known reason is still noted.
        let result = try Self.lint("FlutterRootWithMacOS")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes == ["ios/Runner/Secrets.swift: cannot read the file: no such file"], "\(result.notes)")
        // An xcconfig a macOS target and the iOS app both read (the macOS one first, through a
        // cached include) still notes its missing include for the app.
        let shared = try Self.lint("SharedXCConfigWithMacTarget")
        #expect(shared.notes.contains { $0.hasPrefix("Config/Shared.xcconfig: line 3: #include? \"Local.overrides.xcconfig\"") }, "\(shared.notes)")
    }

    @Test func aJPEGInAnIconSetIsNotTheUploadsLooseFileCheck() throws {
        let hits = try Self.lint("JPEGInIconSet").diagnostics
        #expect(hits.map(\.rule) == [.iconNotPNG], "\(hits.map(\.message))")
        #expect(hits.allSatisfy { !$0.message.contains("ITMS-90022") })
    }

    @Test func aVariantTheTargetDoesNotCopyIsOutsideTheTarget() throws {
        // Dark@2x.png is copied, Dark@3x.png lies beside it: not a size to add, a file to add to the target.
        let hits = try Self.lint("VariantOutsideTarget").diagnostics
        #expect(hits.map(\.rule) == [.iconFileNotInTarget], "\(hits.map(\.message))")
        #expect(hits.first?.message.contains("App/Icons/Dark@3x.png exists but target App does not copy it") == true)
        #expect(hits.allSatisfy { !$0.message.contains("add Dark@3x.png") })
    }

    @Test func aSetThatIsNotIncludedIsExaminedToo() throws {
        let hits = try Self.lint("NotIncludedSetDefects").diagnostics
        #expect(hits.filter { $0.rule == .appiconsetNotIncluded }.compactMap(\.icon).sorted() == ["Neon", "Retro"])
        #expect(hits.contains { $0.rule == .appiconsetFileMissing && $0.icon == "Retro" }, "\(hits.map(\.message))")
        #expect(hits.contains { $0.rule == .appiconsetSizeMismatch && $0.icon == "Neon" })
        #expect(hits.contains { $0.rule == .iconHasTransparency && $0.icon == "Neon" })
    }

    @Test func aStaleListUnderIncludeAllIsANoteNotAnError() throws {
        // `"og, joy"` names `og,` and `joy`, neither a set; include-all compiles every set anyway,
        // and a shipping app builds so in all four configurations.
        let result = try Self.lint("StaleListUnderIncludeAll")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.filter { $0.contains("\"og, joy\" is not reported") }.count == 1, "\(result.notes)")
    }

    @Test func aRunScriptPhaseThatEmbedsAlternatesIsNamedNotFailed() throws {
        let result = try Self.lint("RunScriptEmbedsAlternates")
        #expect(!result.diagnostics.contains { $0.rule == .appiconsetNotIncluded }, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("Run Script phase \"Embed Alternate Icons\"") && $0.contains("Apple and Panda") })
        // The embedded sets' own images are still checked.
        #expect(result.diagnostics.map(\.rule) == [.appiconsetSizeMismatch])
    }

    @Test func aRunScriptPhaseThatOnlyReadsTheCatalogEmbedsNothing() throws {
        // A code generator given the catalog as input (no icons in its name or script, nothing
        // written into the product) does not put alternates into the bundle.
        let folder = try AppScopeTests.assemble(["App": "Truths/RunScriptEmbedsAlternates"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pbxproj = folder + "/App/App.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        try text.replacingOccurrences(of: "embed-alternate-icons", with: "swiftgen")
            .replacingOccurrences(of: "Embed Alternate Icons", with: "SwiftGen")
            .write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let hits = try Linter.lint(LintOptions(path: folder + "/App")).diagnostics
        #expect(hits.filter { $0.rule == .appiconsetNotIncluded }.compactMap(\.icon).sorted() == ["Apple", "Panda"], "\(hits.map(\.message))")
    }

    @Test func aMauiAppsGeneratedSetIsANoteNotAMissingIcon() throws {
        let result = try Self.lint("MauiGeneratedIcon")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(
            result.notes.contains { $0.contains("which the .NET MAUI build generates from <MauiIcon Include=\"Resources\\appicon.svg\">") },
            "\(result.notes)")
    }

    @Test func aMauiIconOfAnotherNameIsNamedInTheNote() throws {
        let folder = try AppScopeTests.assemble(["App": "Truths/MauiGeneratedIcon"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csproj = folder + "/App/src/Calculator/Calculator.csproj"
        let text = try String(contentsOfFile: csproj, encoding: .utf8)
        try text.replacingOccurrences(of: "Resources\\appicon.svg", with: "Resources\\brand.svg")
            .write(toFile: csproj, atomically: true, encoding: .utf8)
        let resources = folder + "/App/src/Calculator/Resources"
        try FileManager.default.moveItem(atPath: resources + "/appicon.svg", toPath: resources + "/brand.svg")
        let result = try Linter.lint(LintOptions(path: folder + "/App"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("generates brand.appiconset") }, "\(result.notes)")
    }

    @Test func gitLFSPointersAreNamedAsSuch() throws {
        let hits = try Self.lint("GitLFSPointers").diagnostics
        #expect(hits.count == 3 && hits.allSatisfy { $0.rule == .iconNotPNG }, "\(hits.map(\.message))")
        #expect(hits.allSatisfy { $0.message.contains("is a Git LFS pointer") && $0.message.contains("git lfs pull") })
        #expect(hits.allSatisfy { !$0.message.contains("export") })
    }

    @Test func documentationSnippetsAreNotApps() {
        #expect(throws: ConfigurationError.self) { try Self.lint("DocumentationSnippet") }
    }

    @Test func anInfoPlistPathIsLintedAsItsTargetBuildsIt() throws {
        // `iconlint lint $INFOPLIST_FILE` from a build phase: the project above it knows the settings.
        let whole = try ProjectFixtures.lint("Example").diagnostics
        let plist = try ProjectFixtures.lint("Example/Sunrise/Info.plist").diagnostics
        #expect(plist.map(\.message) == whole.map(\.message))
        #expect(plist.allSatisfy { $0.target == "Sunrise" })
    }

    @Test func excludeHidesFindingsAndNothingElse() throws {
        let all = try ProjectFixtures.lint("Example").diagnostics
        var configuration = LintConfiguration()
        configuration.excluded = [PathPattern("Sunrise/Info.plist")]
        let rest = try ProjectFixtures.lint("Example", configuration: configuration).diagnostics
        #expect(rest == all.filter { $0.location.file != "Sunrise/Info.plist" })
        #expect(rest.count < all.count)
    }

    @Test func aCaseAMemberMarksAsTheDefaultPassesNil() throws {
        // `icon.isDefault ? nil : icon.rawValue` with `isDefault` true for `.black` (the primary
        // set "BlackIcon"), `icon != AppIconChoice.defaultIcon` with a static alias of `.black`:
        // only the real miss is reported.
        let hits = try Self.lint("DefaultIconByFlag").diagnostics
        #expect(hits.map(\.rule) == [.unknownAlternateIconName], "\(hits.map(\.message))")
        #expect(hits.allSatisfy { $0.message.contains("\"GoldIcon\"") && !$0.message.contains("\"BlackIcon\"") })
    }

    @Test func namesReachTheCallThroughATable() throws {
        // Objective-C rows `@{ @"iconName": @"originalLight" }` (the set is originalWhite); a
        // table read from a plist at run time says nothing.
        let objectiveC = try Self.lint("IconTableObjectiveC").diagnostics
        #expect(objectiveC.map(\.icon) == ["originalLight"], "\(objectiveC.map(\.message))")
        // A record table of struct literals; the dictionary table's names are all declared, and
        // a table another method appends to is unknown.
        let swift = try Self.lint("IconTableSwift").diagnostics
        #expect(swift.map(\.icon) == ["NightIcon", "Retro"], "\(swift.map(\.message))")
        #expect((objectiveC + swift).allSatisfy { $0.rule == .unknownAlternateIconName })
    }

    @Test func entriesAMissingPrefixHeaderCouldChangeAreNotChecked() throws {
        // SEASONAL_ICON and HAS_PRIDE_ICON are the generated header's: not icon-file-missing for
        // "SEASONAL_ICON", not unknown-alternate-icon-name for the code's "Pride" (its entry is
        // inside #ifdef HAS_PRIDE_ICON). The rest is linted: Dark lacks its @3x file.
        let result = try Self.lint("MissingPlistPrefixHeader")
        #expect(result.diagnostics.map(\.rule) == [.alternateIconSizeMissing], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.icon == "Dark")
        #expect(
            result.notes.contains {
                $0.contains("INFOPLIST_PREFIX_HEADER App/Generated/InfoPlist.h is not in the repository")
                    && $0.contains("were not checked: alternate icon 'Seasonal' (iPhone, CFBundleIcons) entry \"SEASONAL_ICON\" (line 43)")
                    && $0.contains("#ifdef HAS_PRIDE_ICON (line 46) tests HAS_PRIDE_ICON")
            }, "\(result.notes)")
        #expect(result.notes.contains { $0.contains("unknown-alternate-icon-name was not checked") })
    }

    @Test func withTheHeaderInPlaceTheEntriesAreChecked() throws {
        // The build step has run: the header names a season without files, and Pride is built.
        let folder = try AppScopeTests.assemble(["App": "Truths/MissingPlistPrefixHeader"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App/App/Generated", withIntermediateDirectories: true)
        try "#define SEASONAL_ICON Spring\n#define BUILD_NUMBER 1\n#define HAS_PRIDE_ICON 1\n"
            .write(toFile: folder + "/App/App/Generated/InfoPlist.h", atomically: true, encoding: .utf8)
        let result = try Linter.lint(LintOptions(path: folder + "/App"))
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(result.diagnostics.map(\.rule).sorted { $0.rawValue < $1.rawValue } == [.alternateIconSizeMissing, .iconFileMissing])
        #expect(result.diagnostics.contains { $0.rule == .iconFileMissing && $0.message.contains("entry \"Spring\"") })
    }

    @Test func aCatalogOutsideTheLintedFolderIsANoteNotAMissingSet() throws {
        // At the root the brand's catalog is read: Dark's 1000 px image, and Midnight in no list.
        let root = try Self.lint("SharedBrandCatalog").diagnostics
        #expect(root.map(\.rule).sorted { $0.rawValue < $1.rawValue } == [.appiconsetSizeMismatch, .unknownAlternateIconName])
        // At App/ it is not: no appiconset-not-found, no icon-file-missing for the primary list
        // the build rewrites, no unknown-alternate-icon-name for the listed Dark; Midnight, in no
        // list, is still a miss.
        let app = try Self.lint("SharedBrandCatalog-App")
        #expect(app.diagnostics.map(\.rule) == [.unknownAlternateIconName], "\(app.diagnostics.map(\.message))")
        #expect(app.diagnostics.first?.icon == "Midnight")
        #expect(app.notes.contains { $0.contains("copies ../Brands/Acme/Acme.xcassets, ../Brands/Acme/Sunset.icon, not read") }, "\(app.notes)")
        #expect(app.notes.contains { $0.contains("the app icon sets AppIcon and Dark were not checked") })
    }

    @Test func aCaseOnlyNameInTheAlternatesListIsOneFinding() throws {
        // Not also appiconset-not-included, nor unknown-alternate-icon-name for the set's own name.
        let hits = try Self.lint("CaseOnlyAlternateName").diagnostics
        #expect(hits.map(\.rule) == [.pathCaseMismatch], "\(hits.map(\.message))")
        #expect(hits.first?.message.contains("write 'AppIcon-blue' in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == true)
        let release = try Self.lint("CaseOnlyListUnderIncludeAll").diagnostics
        #expect(release.count == 2 && release.allSatisfy { $0.rule == .pathCaseMismatch && $0.configurations == ["Release"] })
    }

    @Test func namesReachChangeIconThroughAReactNativeTable() throws {
        // `APP_ICONS.map((icon) => …handleSelect(icon)…)` and `changeIcon(icon.iconName)` in the handler.
        let hits = try Self.lint("ReactNativeIconTable").diagnostics
        #expect(hits.map(\.rule) == [.unknownAlternateIconName], "\(hits.map(\.message))")
        #expect(hits.first?.icon == "Midnight" && hits.first?.location.file == "src/screens/AppIconScreen.tsx")
        #expect(try Self.lint("ReactNativeIconTableDeclared").diagnostics.isEmpty)
    }

    @Test func aDeclaredTableIsSilentBecauseItIsRead() throws {
        // The same picker asking for a set the build lacks is reported: the silence is the table's.
        let folder = try AppScopeTests.assemble(["App": "Truths/ReactNativeIconTableDeclared"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/App/src/components/IconPicker.js"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        #expect(text.contains("name: 'Sunset'"))
        try text.replacingOccurrences(of: "name: 'Sunset'", with: "name: 'Sunrise'").write(toFile: source, atomically: true, encoding: .utf8)
        let hits = try Linter.lint(LintOptions(path: folder + "/App")).diagnostics
        #expect(hits.map(\.rule) == [.unknownAlternateIconName] && hits.first?.icon == "Sunrise", "\(hits.map(\.message))")
    }
}
