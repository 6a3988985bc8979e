import Foundation
import Testing

@testable import IconLintCore

/// .NET MAUI apps read from their .csproj (issue 21): the MSBuild reader's bounds and
/// conditions, and what the Truths fixtures of that kind report.
@Suite(".NET MAUI projects")
struct DotNetProjectTests {
    static func parse(_ text: String) -> Result<MSBuildProjectFile, MSBuildProjectFile.Failure> {
        MSBuildProjectFile.parse(Data(text.utf8))
    }

    @Test func itemsAndPropertiesKeepTheirConditionsAndLines() throws {
        let text = """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup Condition="'$(Configuration)|$(Platform)'=='Release|iPhone'">
                <IncludeAllAppIcons>true</IncludeAllAppIcons>
              </PropertyGroup>
              <ItemGroup>
                <AlternateAppIcon Include="Dark" Condition="'$(TargetFramework)'=='net8.0-ios'" />
                <MauiIcon Include="Resources\\appicon.svg">
                  <ForegroundFile>Resources\\fg.svg</ForegroundFile>
                </MauiIcon>
              </ItemGroup>
            </Project>
            """
        let project = try Self.parse(text).get()
        #expect(project.properties.map(\.name) == ["IncludeAllAppIcons"])
        #expect(project.properties.first?.conditions == ["'$(Configuration)|$(Platform)'=='Release|iPhone'"])
        #expect(project.items.map(\.type) == ["AlternateAppIcon", "MauiIcon"])
        #expect(project.items.first?.line == 6)
        #expect(project.items.first?.conditions == ["'$(TargetFramework)'=='net8.0-ios'"])
        #expect(project.items.last?.metadata["ForegroundFile"] == "Resources\\fg.svg")
    }

    @Test func simpleConditionsAreEvaluatedForTheIOSReleaseBuild() {
        let build = MSBuildCondition.iOSRelease(targetFrameworks: ["net8.0-android", "net8.0-ios"])
        #expect(build.evaluate("'$(Configuration)|$(Platform)'=='Release|iPhone'") == .holds)
        #expect(build.evaluate(" '$(Configuration)|$(Platform)' == 'Release|AnyCPU' ") == .holds)
        #expect(build.evaluate("'$(Configuration)|$(Platform)'=='Debug|iPhone'") == .fails)
        #expect(build.evaluate("'$(TargetFramework)'=='net8.0-ios'") == .holds)
        #expect(build.evaluate("'$(TargetFramework)' != 'net8.0-ios'") == .fails)
        #expect(build.evaluate("'$(TargetFramework)'=='net8.0-android'") == .fails)
        #expect(build.evaluate("$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'") == .holds)
        #expect(build.evaluate("$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'") == .fails)
        #expect(build.evaluate("$(TargetFramework.Contains('-ios'))") == .holds)
        #expect(build.evaluate("$(TargetFramework.Contains('-android'))") == .fails)
        #expect(build.evaluate("$([MSBuild]::IsOSPlatform('osx'))") == .unknown)
        #expect(build.evaluate("'$(UseDarkIcons)'=='true'") == .unknown)
        #expect(build.evaluate("'$(Configuration)'=='Release' and '$(Platform)'=='iPhone'") == .holds)
        #expect(build.evaluate("'$(TargetFramework)'=='net8.0-ios' AND '$(Configuration)' == 'Debug'") == .fails)
        #expect(build.evaluate("'$(Configuration)'=='Debug' or '$(Configuration)'=='Release'") == .holds)
        #expect(build.evaluate("'$(Configuration)'=='Debug' or '$(UseDarkIcons)'=='true'") == .unknown)
        #expect(build.evaluate("('$(Configuration)'=='Release' or '$(A)'=='b') and '$(Platform)'=='iPhone'") == .unknown)
        #expect(build.evaluate("'$(Configuration)' == 'Release and more'") == .fails)
    }

    @Test func hostileProjectsAreRefusedWithAReason() {
        let entities = """
            <?xml version="1.0"?>
            <!DOCTYPE Project [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <Project><PropertyGroup><A>&lol2;</A></PropertyGroup></Project>
            """
        guard case .failure(.refused(let why)) = Self.parse(entities) else {
            Issue.record("a document type was not refused")
            return
        }
        #expect(why.contains("document type"))
        let deep = "<Project>" + String(repeating: "<A>", count: 100) + String(repeating: "</A>", count: 100) + "</Project>"
        guard case .failure(.refused(let depth)) = Self.parse(deep) else {
            Issue.record("a deep document was not refused")
            return
        }
        #expect(depth.contains("deep"))
        let many = "<Project><ItemGroup>" + String(repeating: "<X Include=\"a\" />", count: 100_001) + "</ItemGroup></Project>"
        guard case .failure(.refused(let count)) = Self.parse(many) else {
            Issue.record("a document of too many elements was not refused")
            return
        }
        #expect(count.contains("elements"))
        let malformed = Self.parse("<Project><ItemGroup></Project>")
        guard case .failure(.malformed) = malformed else {
            Issue.record("malformed XML was read: \(malformed)")
            return
        }
    }

    @Test func alternatesSpeakMSBuildAtTheProjectLine() throws {
        let hits = try TruthsTests.lint("MauiAlternateIcons").diagnostics
        #expect(hits.map(\.rule) == [.appiconsetNotFound, .appiconsetNotIncluded], "\(hits.map(\.message))")
        let notFound = try #require(hits.first { $0.rule == .appiconsetNotFound })
        #expect(notFound.location.file.hasSuffix("Calculator.csproj") && notFound.location.line == 15)
        #expect(notFound.message.contains("<AlternateAppIcon Include=\"Retro\">"))
        let notIncluded = try #require(hits.first { $0.rule == .appiconsetNotIncluded })
        #expect(notIncluded.message.contains("add <AlternateAppIcon Include=\"Light\" /> to an ItemGroup of Calculator.csproj"))
        #expect(!hits.contains { $0.message.contains("ASSETCATALOG_COMPILER") })
    }

    @Test func aMissingMauiIconImageStopsTheBuild() throws {
        let hits = try TruthsTests.lint("MauiIconMissing").diagnostics
        #expect(hits.map(\.rule) == [.mauiIconMissing], "\(hits.map(\.message))")
        #expect(hits.first?.location.line == 10 && hits.first?.message.contains("appiconfg.svg") == true)
    }

    @Test func aComputedConditionIsANoteNotAFinding() throws {
        let result = try TruthsTests.lint("MauiComputedCondition")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.notes.contains { $0.contains("cannot evaluate the condition of <AlternateAppIcon Include=\"Dark\"> (line 10") })
    }

    @Test func anImageAssetCatalogOutsideTheAppFolderIsRead() throws {
        let folder = try AppScopeTests.assemble(["App": "Truths/MauiAlternateIcons"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/App"
        try FileManager.default.moveItem(
            atPath: app + "/Platforms/iOS/Resources/Assets.xcassets", toPath: app + "/Resources/Icons.xcassets")
        let unread = try Linter.lint(LintOptions(path: app)).diagnostics
        #expect(unread.filter { $0.rule == .appiconsetNotFound }.compactMap(\.icon).sorted() == ["Dark", "Retro"], "\(unread.map(\.message))")
        let csproj = app + "/Calculator.csproj"
        let text = try String(contentsOfFile: csproj, encoding: .utf8)
        try text.replacingOccurrences(
            of: "<AlternateAppIcon Include=\"Dark\" />",
            with: "<ImageAsset Include=\"Resources\\Icons.xcassets\\**\\*\" />\n\t\t<AlternateAppIcon Include=\"Dark\" />"
        ).write(toFile: csproj, atomically: true, encoding: .utf8)
        let hits = try Linter.lint(LintOptions(path: app)).diagnostics
        #expect(hits.map(\.rule) == [.appiconsetNotFound, .appiconsetNotIncluded], "\(hits.map(\.message))")
        #expect(hits.compactMap(\.icon) == ["Retro", "Light"])
    }

    @Test func theInfoPlistsDeviceFamilyDecidesIPadSlots() throws {
        // An alternate with iPhone slots only, in an app whose UIDeviceFamily holds 2 (iPad).
        let folder = try AppScopeTests.assemble(["App": "Truths/MauiAlternateIcons"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let set = folder + "/App/Platforms/iOS/Resources/Assets.xcassets/Dark.appiconset"
        let slots = [("60x60", "2x", 120), ("60x60", "3x", 180)].map { size, scale, pixels in
            "{\"filename\": \"Dark\(pixels).png\", \"idiom\": \"iphone\", \"size\": \"\(size)\", \"scale\": \"\(scale)\"}"
        }
        let marketing = "{\"filename\": \"Dark.png\", \"idiom\": \"ios-marketing\", \"size\": \"1024x1024\", \"scale\": \"1x\"}"
        try "{\"images\": [\((slots + [marketing]).joined(separator: ", "))], \"info\": {\"version\": 1, \"author\": \"xcode\"}}"
            .write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        for pixels in [120, 180] {
            try FileManager.default.copyItem(atPath: set + "/Dark.png", toPath: set + "/Dark\(pixels).png")
        }
        let hits = try Linter.lint(LintOptions(path: folder + "/App")).diagnostics
        #expect(hits.contains { $0.rule == .appiconsetSlotMissing && $0.icon == "Dark" && $0.message.contains("76") }, "\(hits.map(\.message))")
    }

    @Test func everyBuildTheProjectDeclaresIsEvaluated() throws {
        let text = """
            <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Debug|iPhoneSimulator' "><MtouchArch>x86_64</MtouchArch></PropertyGroup>
              <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Release|iPhone' "><MtouchArch>ARM64</MtouchArch></PropertyGroup>
              <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'AppStore|iPhone' "><MtouchArch>ARM64</MtouchArch></PropertyGroup>
              <ItemGroup Condition="'$(Configuration)' == 'Beta'"><AlternateAppIcon Include="Beta" /></ItemGroup>
            </Project>
            """
        let project = try Self.parse(text).get()
        #expect(!project.isSDKStyle)
        let builds = DotNetBuild.declared(in: project)
        #expect(builds.map(\.name) == ["Debug|iPhoneSimulator", "Release|iPhone", "AppStore|iPhone", "Beta"])
        let beta = try #require(builds.last)
        #expect(beta.evaluation(for: project).evaluate(["'$(Configuration)' == 'Beta'"]) == .holds)
        #expect(builds[0].evaluation(for: project).evaluate(["'$(Configuration)' == 'Beta'"]) == .fails)
    }

    /// A project naming thousands of configurations (a pull request controls it) is evaluated
    /// for the first `maxBuilds`; the rest are named as omitted, for the reader's note.
    @Test func buildsAreBoundedAndTheRestNamed() throws {
        let groups = (0..<5_000).map { "  <PropertyGroup Condition=\"'$(Configuration)|$(Platform)' == 'C\($0)|P\($0 % 7)'\"><A>x</A></PropertyGroup>" }
        let text = "<Project Sdk=\"Microsoft.NET.Sdk\">\n" + groups.joined(separator: "\n") + "\n</Project>\n"
        let project = try Self.parse(text).get()
        var omitted: [String] = []
        let builds = DotNetBuild.declared(in: project, omitted: &omitted)
        #expect(builds.count == DotNetBuild.maxBuilds)
        #expect(builds.count + omitted.count == 5_002)
        #expect(builds.prefix(3).map(\.name) == ["Debug", "Release", "C0|P0"])
    }

    @Test func aFindingOfTheReleaseBuildOnlySaysSo() throws {
        // IncludeAllAppIcons holds for Debug|iPhone only: Release is what ships, and what fails.
        let hits = try TruthsTests.lint("MauiAlternateIcons").diagnostics
        #expect(hits.allSatisfy { $0.configurations == ["Release"] }, "\(hits.map(\.configurations))")
    }

    @Test func aXamarinAppsPrimarySetIsTheOneXSAppIconAssetsNames() throws {
        let right = try TruthsTests.lint("XamarinAppIcons")
        #expect(right.diagnostics.isEmpty, "\(right.diagnostics.map(\.message))")
        let unlisted = try TruthsTests.lint("XamarinCatalogNotListed").diagnostics
        #expect(unlisted.map(\.rule) == [.appiconsetNotFound] && unlisted.first?.location.line == 19, "\(unlisted.map(\.message))")
        #expect(unlisted.first?.message.contains("<ImageAsset> items of Todo.iOS/Todo.iOS.csproj") == true)
    }

    @Test func aLooseIconFileThatIsNoBundleResourceIsNamedInMSBuild() throws {
        let hits = try TruthsTests.lint("XamarinLooseAlternate").diagnostics
        #expect(hits.map(\.rule) == [.iconFileNotInTarget], "\(hits.map(\.message))")
        #expect(hits.first?.message.contains("add <BundleResource Include=\"Resources\\Dark@3x.png\" />") == true)
    }

    @Test func wildcardsMatchAsMSBuildDoes() {
        #expect(DotNetIconInputs.matches("App/Resources/Icons/a.png", pattern: "App/Resources/**/*.png"))
        #expect(DotNetIconInputs.matches("App/Resources/a.png", pattern: "App/Resources/**/*.png"))
        #expect(!DotNetIconInputs.matches("App/Resources/Icons/a.png", pattern: "App/Resources/*.png"))
        #expect(DotNetIconInputs.path(of: "Resources\\Dark%402x.png", in: "App") == "App/Resources/Dark@2x.png")
    }

    @Test func theMauiIconOfTheIOSBuildIsTheOneItsConditionSelects() {
        let text = """
            <Project Sdk="Microsoft.NET.Sdk">
              <ItemGroup>
                <MauiIcon Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'" Include="Resources\\AppIcon\\droid.svg" />
                <MauiIcon Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'" Include="Resources\\AppIcon\\appicon.svg" />
              </ItemGroup>
            </Project>
            """
        #expect(MauiIconSource.iOSInclude(Data(text.utf8)) == "Resources\\AppIcon\\appicon.svg")
        let unknown = text.replacingOccurrences(of: "== 'android'", with: "== '$(Other)'")
        #expect(MauiIconSource.iOSInclude(Data(unknown.utf8)) == "")
    }
}
