import Foundation
import IconLintCore
import Testing

/// Which .iconlint.json governs a PATH, and PATHs given more than once.
@Suite("Configuration search and PATHs")
struct ConfigurationSearchTests {
    /// A repository (a `.git` folder) holding icon-file-missing's triggering example as `Repo/App`.
    static func repository() throws -> String {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Repo/.git", withIntermediateDirectories: true)
        _ = try CLI.example(.iconFileMissing, "alternate-files-gone", at: folder + "/Repo/App")
        return folder
    }

    @Test func theConfigurationIsFoundUpwardToTheRepositoryRoot() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plist = folder + "/Repo/App/App/Info.plist"
        #expect(try CLI.run(["lint", plist]).status == 1)
        try Data(#"{"disabled": ["icon-file-missing"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Repo/.iconlint.json"))
        let quiet = try CLI.run(["lint", plist])
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
        // Above the repository's root nothing is looked for.
        try FileManager.default.removeItem(atPath: folder + "/Repo/.iconlint.json")
        try Data(#"{"disabled": ["icon-file-missing"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/.iconlint.json"))
        #expect(try CLI.run(["lint", plist]).status == 1)
    }

    @Test func eachPathUsesItsOwnConfiguration() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: folder + "/Repo/App", toPath: folder + "/Repo/Other")
        try Data(#"{"disabled": ["icon-file-missing"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Repo/Other/.iconlint.json"))
        let output = try CLI.run(["lint", "--reporter", "xcode", folder + "/Repo/App", folder + "/Repo/Other"])
        #expect(output.stdout.contains("Repo/App/") && !output.stdout.contains("Repo/Other/"), "\(output.stdout)")
    }

    @Test func aPathGivenTwiceIsLintedOnce() throws {
        let path = try CLI.example(.iconFileMissing, "alternate-files-gone")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let once = try CLI.run(["lint", "--reporter", "xcode", path])
        let twice = try CLI.run(["lint", "--reporter", "xcode", path, path + "/"])
        #expect(twice.stdout == once.stdout)
    }

    @Test func aServiceConfigurationPlistIsNotAnApp() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLI.example(.iconFileMissing, "files-present", at: folder + "/App")
        let google = try PropertyListSerialization.data(
            fromPropertyList: ["API_KEY": "x", "BUNDLE_ID": "com.example.app", "PLIST_VERSION": "1", "IS_GCM_ENABLED": true],
            format: .xml, options: 0)
        try google.write(to: URL(fileURLWithPath: folder + "/App/App/GoogleService-Info.plist"))
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 0 && output.stdout.contains("1 app target"), "\(output.stdout)")
    }
}
