import Foundation
import Testing

@testable import IconLintCore

@Suite struct SynchronizedFolderProjectTests {
    let project = XcodeProjectReader.read(projectPath: "Synced.xcodeproj", root: projectFixture("Synced"))

    @Test func readsTheProjectWithoutProblems() {
        #expect(project.problems == [])
        #expect(project.targets.map(\.name) == ["Synced", "SyncedWidgetExtension"])
        #expect(project.applicationTargets.map(\.name) == ["Synced"])
    }

    @Test func synchronizedFolderMinusItsExceptions() throws {
        let resources = try #require(project.targets.first).resources
        #expect(resources.folders == ["Synced"])
        #expect(resources.synchronizedFolders == ["Synced"])
        #expect(resources.excluded == ["Synced/Icons/Draft@2x.png", "Synced/Info.plist", "Synced/Unused"])
        // Another target's folder hands one file to the app through an exception naming the app.
        #expect(resources.files == ["SyncedWidget/Shared@2x.png"])
        #expect(resources.assetCatalogs == ["Synced/Assets.xcassets"])
        #expect(resources.iconBundles == ["Synced/Dawn.icon"])
        #expect(!resources.contains("Synced/Dawn.icon/icon.json"))
        #expect(resources.contains("Synced/Icons/Sunset@2x.png"))
        #expect(resources.contains("SyncedWidget/Shared@2x.png"))
        #expect(!resources.contains("Synced/Icons/Draft@2x.png"))
        #expect(!resources.contains("Synced/Unused/Old.xcassets/Contents.json"))
        #expect(!resources.contains("Synced/Info.plist"))
        #expect(!resources.contains("Synced/App.swift"))
        #expect(!resources.contains("Synced/Assets.xcassets/Night.appiconset/Contents.json"))
        #expect(!resources.contains("SyncedWidget/WidgetOnly@2x.png"))
        #expect(!resources.contains("Synced"))
    }

    @Test func widgetKeepsItsOwnFolder() throws {
        let widget = project.targets[1].resources
        #expect(widget.synchronizedFolders == ["SyncedWidget"])
        #expect(widget.excluded == [])
        #expect(widget.assetCatalogs == ["SyncedWidget/Assets.xcassets"])
        #expect(widget.contains("SyncedWidget/WidgetOnly@2x.png"))
        #expect(widget.contains("SyncedWidget/Shared@2x.png"))
    }

    @Test func xcconfigAnchoredInASynchronizedFolder() throws {
        let release = try #require(project.targets.first?.configuration(named: "Release")).settings
        #expect(release.list("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES") == ["Night"])
        #expect(
            release.source("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
                == .xcconfig(location: Location(file: "Synced/Config/App.xcconfig", line: 2)))
        #expect(release.bool("GENERATE_INFOPLIST_FILE"))
        #expect(release.value("INFOPLIST_KEY_UIApplicationSceneManifest_Generation") == "YES")
        #expect(release.path("INFOPLIST_FILE") == "Synced/Info.plist")
    }
}

@Suite struct FlutterProjectTests {
    let root = projectFixture("Flutter")

    @Test func workspaceListsRunnerAndPods() {
        let workspace = WorkspaceReader.read(workspacePath: "ios/Runner.xcworkspace", root: root)
        #expect(workspace.problems == [])
        #expect(workspace.path == "ios/Runner.xcworkspace")
        #expect(workspace.projects == ["ios/Runner.xcodeproj", "ios/Pods/Pods.xcodeproj"])
        #expect(WorkspaceReader.projects(inWorkspace: "ios/Runner.xcworkspace", root: root) == workspace.projects)
    }

    @Test func embeddedWorkspaceNamesItsProject() {
        let projects = WorkspaceReader.projects(inWorkspace: "ios/Runner.xcodeproj/project.xcworkspace", root: root)
        #expect(projects == ["ios/Runner.xcodeproj"])
    }

    @Test func runnerTarget() throws {
        let project = XcodeProjectReader.read(projectPath: "ios/Runner.xcodeproj", root: root)
        #expect(project.problems == [])
        let runner = try #require(project.applicationTargets.first)
        #expect(runner.name == "Runner")
        #expect(runner.configurations.map(\.name) == ["Debug", "Release", "Profile"])
        let profile = try #require(runner.configuration(named: "Profile")).settings
        #expect(profile.path("INFOPLIST_FILE") == "ios/Runner/Info.plist")
        #expect(profile.value("CURRENT_PROJECT_VERSION") == "7")
        #expect(profile.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(profile.value("TARGETED_DEVICE_FAMILY") == "1,2")
        #expect(profile.value("EXCLUDED_ARCHS") == nil)
        #expect(profile.list("LD_RUNPATH_SEARCH_PATHS") == ["@executable_path/Frameworks"])
        #expect(runner.resources.assetCatalogs == ["ios/Runner/Assets.xcassets"])
        #expect(runner.resources.files.contains("ios/Flutter/AppFrameworkInfo.plist"))
        #expect(runner.resources.files.contains("ios/Runner/Base.lproj/LaunchScreen.storyboard"))
        #expect(!runner.resources.contains("android/app/src/main/res/mipmap-hdpi/ic_launcher.png"))
    }
}

@Suite struct BrokenProjectTests {
    let root = projectFixture("Broken")

    func read(_ name: String) -> XcodeProject {
        XcodeProjectReader.read(projectPath: name, root: root)
    }

    @Test func missingProjectFile() {
        let project = read("Nowhere.xcodeproj")
        #expect(project.targets.isEmpty)
        #expect(project.problems.map(\.kind) == [.projectUnreadable])
        #expect(project.problems.first?.location.file == "Nowhere.xcodeproj/project.pbxproj")
    }

    @Test func truncatedProjectFile() {
        let project = read("Truncated.xcodeproj")
        #expect(project.targets.isEmpty)
        #expect(project.problems.map(\.kind) == [.projectUnreadable])
        #expect(project.problems.first?.message.contains("not a valid property list") == true)
    }

    @Test func parserLineIsKept() {
        let project = read("Unbalanced.xcodeproj")
        #expect(project.problems.map(\.kind) == [.projectUnreadable])
        #expect(project.problems.first?.location == Location(file: "Unbalanced.xcodeproj/project.pbxproj", line: 14))
        #expect(project.problems.first?.message.contains("Expected terminating ')'") == true)
    }

    @Test func mergeConflictMarkers() {
        let project = read("Conflict.xcodeproj")
        #expect(project.problems.count == 1)
        #expect(project.problems.first?.location == Location(file: "Conflict.xcodeproj/project.pbxproj", line: 13))
        #expect(project.problems.first?.message.contains("merge-conflict markers") == true)
    }

    func summary(_ project: XcodeProject) -> [String] {
        project.problems.map { "\($0.kind.rawValue) \($0.location.file):\($0.location.line.map(String.init) ?? "-")" }
    }

    @Test func wrongTypesBecomeProblemsNotCrashes() throws {
        let project = read("WrongTypes.xcodeproj")
        let file = "WrongTypes.xcodeproj/project.pbxproj"
        #expect(
            Set(summary(project))
                == Set([
                    "malformed-object \(file):38",  // a target that is a string
                    "malformed-object \(file):12",  // children not a list
                    "dangling-reference \(file):20",  // configuration list that is a group
                    "malformed-object \(file):21",  // buildPhases a dictionary
                    "malformed-object \(file):33",  // name a list
                    "malformed-object \(file):70",  // buildSettings a string
                    "malformed-object \(file):76",  // a setting that is a dictionary
                    "malformed-object \(file):80",  // a setting name with a space
                    "malformed-object \(file):64",  // fileRef a list
                ]))
        #expect(project.problems.count == 9)
        // What could be read is kept: the target with a list for a name falls back to its id.
        #expect(project.targets.map(\.name) == ["App", "0B0000000000000000000D02"])
        let odd = try #require(project.targets.last?.configuration(named: "Release")).settings
        #expect(odd.path("INFOPLIST_FILE") == "Odd/Info.plist")
        #expect(odd.value("ASSETCATALOG_COMPILER_APPICON_NAME") == nil)
    }

    @Test func danglingReferencesAndGroupCycles() {
        let project = read("Dangling.xcodeproj")
        let file = "Dangling.xcodeproj/project.pbxproj"
        #expect(
            Set(summary(project))
                == Set([
                    "dangling-reference \(file):21",  // missing group child
                    "group-cycle \(file):38",  // Inner lists Loop
                    "dangling-reference \(file):67",  // missing target
                    "dangling-reference \(file):111",  // missing configuration
                    "dangling-reference \(file):87",  // missing xcconfig reference
                    "dangling-reference \(file):50",  // missing build phase
                    "dangling-reference \(file):11",  // missing fileRef
                    "dangling-reference \(file):54",  // a PBXGroup where a synchronized folder belongs
                ]))
        #expect(project.problems.count == 8)
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets.first?.configurations.map(\.name) == ["Release"])
        #expect(project.targets.first?.configurations.first?.settings.value("SDKROOT") == "iphoneos")
        #expect(project.targets.first?.resources.files == ["Loop/Icon@2x.png"])
    }

    @Test func includeCycleAndMissingXcconfigs() throws {
        let project = read("IncludeCycle.xcodeproj")
        #expect(
            summary(project) == [
                "xcconfig-include-cycle Config/Cycle-B.xcconfig:2",
                "xcconfig-missing Config/Cycle-B.xcconfig:3",
                // What a missing file could set is unknown, so each is noted too.
                "unresolved Config/Cycle-B.xcconfig:3",
                "unresolved Config/Cycle-B.xcconfig:4",
                "xcconfig-malformed Config/Cycle-B.xcconfig:5",
                "xcconfig-malformed Config/Cycle-B.xcconfig:6",
                "xcconfig-missing IncludeCycle.xcodeproj/project.pbxproj:57",
                "unresolved IncludeCycle.xcodeproj/project.pbxproj:-",
            ])
        #expect(project.problems[0].message.contains("Config/Cycle-A.xcconfig → Config/Cycle-B.xcconfig → Config/Cycle-A.xcconfig"))
        // Settings before and after the cycle still count.
        let release = try #require(project.targets.first?.configuration(named: "Release")).settings
        #expect(release.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "A B")
        #expect(release.referencesUndefinedVariable("ASSETCATALOG_COMPILER_APPICON_NAME") == [])
    }
}
