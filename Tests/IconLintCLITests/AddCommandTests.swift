import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// `iconlint add` on each route, iPhone-only and universal (Fixtures/Add): the result lints
/// clean, the Info.plist and project.pbxproj differ from the input only where intended, every
/// other file is byte-identical, and the output (dry run and run) is recorded in AddGoldens/.
@Suite("iconlint add")
struct AddCommandTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AddGoldens").path
    static let sources = CLI.fixtures + "/Add/Sources"

    /// A copy of a fixture in a scratch folder.
    static func copy(_ name: String) throws -> String {
        let folder = try CLI.temporaryFolder() + "/" + name
        try FileManager.default.copyItem(atPath: CLI.fixtures + "/Add/" + name, toPath: folder)
        return folder
    }

    /// Relative path → bytes of every file below `folder`.
    static func tree(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let path = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }

    @Test(arguments: [
        ("CatalogPhone", AlternateIconRoute.catalog, false), ("CatalogUniversal", .catalog, true),
        ("PlistPhone", .plist, false), ("PlistUniversal", .plist, true),
    ])
    func addsAndLintsClean(_ fixture: String, route: AlternateIconRoute, universal: Bool) throws {
        // The universal catalog app gets a dark variant too (the plist route has none).
        let dark = universal && route == .catalog
        let folder = try Self.copy(fixture)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let before = Self.tree(folder)
        var arguments = ["add", "Aurora", "--from", Self.sources + "/Aurora.png", folder]
        if dark { arguments += ["--dark", Self.sources + "/Aurora-Dark.png"] }
        let preview = try CLI.run(arguments + ["--dry-run"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(Self.tree(folder) == before, "--dry-run wrote something")
        let run = try CLI.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let after = Self.tree(folder)
        let added = after.keys.filter { before[$0] == nil }.sorted()
        let changed = before.keys.filter { after[$0] != before[$0] }.sorted()
        try Golden.assertText(
            "$ iconlint add Aurora --dry-run\n\(preview.stdout)\n$ iconlint add Aurora\n\(run.stdout)\nnew files:\n"
                + added.map { "  \($0)\n" }.joined() + "changed files:\n" + changed.map { "  \($0)\n" }.joined(),
            at: Self.goldens + "/\(fixture).txt")

        // Only the Info.plist (plist route) and the project file change.
        let pbxproj = "App.xcodeproj/project.pbxproj"
        #expect(changed == (route == .plist ? [pbxproj, "App/Info.plist"] : [pbxproj]))
        let original = [UInt8](before[pbxproj]!), edited = [UInt8](after[pbxproj]!)
        switch route {
        case .catalog:
            #expect(added.allSatisfy { $0.hasPrefix("App/Assets.xcassets/Aurora.appiconset/") })
            #expect(added.count == (dark ? 3 : 2))
            #expect(ProjectEditCheck.unintendedDifference(original: original, edited: edited, keys: [BuildSettingEdits.alternateNamesKey]) == nil)
            #expect(String(decoding: edited, as: UTF8.self).components(separatedBy: "Aurora").count - 1 == 2)
        case .plist:
            #expect(added.count == (universal ? 4 : 2) && added.allSatisfy { $0.hasPrefix("App/Icons/Aurora") })
            let ids = try Self.newObjects(original, edited)
            #expect(ids.count == 2 * added.count)
            #expect(ProjectEditCheck.unintendedDifference(original: original, edited: edited, addedObjects: ids) == nil)
            try Self.expectOnlyAlternateAdded(before["App/Info.plist"]!, after["App/Info.plist"]!, ipad: universal)
        }
        let lint = try CLI.run([folder])
        #expect(lint.status == 0 && lint.stdout.contains("No problems found"), "\(lint.stdout)")
    }

    static func newObjects(_ original: [UInt8], _ edited: [UInt8]) throws -> Set<String> {
        func objects(_ bytes: [UInt8]) throws -> Set<String> {
            let root = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
            return Set(((root?["objects"] as? [String: Any]) ?? [:]).keys)
        }
        return try objects(edited).subtracting(objects(original))
    }

    /// The edited Info.plist is the original plus CFBundleAlternateIcons → Aurora (and its ~ipad twin).
    static func expectOnlyAlternateAdded(_ old: Data, _ new: Data, ipad: Bool) throws {
        let before = try #require(try PropertyListSerialization.propertyList(from: old, format: nil) as? [String: Any])
        var after = try #require(try PropertyListSerialization.propertyList(from: new, format: nil) as? [String: Any])
        for key in ["CFBundleIcons"] + (ipad ? ["CFBundleIcons~ipad"] : []) {
            var icons = try #require(after[key] as? [String: Any])
            var alternates = try #require(icons["CFBundleAlternateIcons"] as? [String: Any])
            #expect(alternates.removeValue(forKey: "Aurora") != nil)
            icons["CFBundleAlternateIcons"] = alternates
            after[key] = icons
        }
        #expect(NSDictionary(dictionary: before).isEqual(to: after))
    }

    @Test func refusesANameTakenAndSeveralTargets() throws {
        let folder = try Self.copy("CatalogUniversal")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let before = Self.tree(folder)
        let taken = try CLI.run(["add", "Night", "--from", Self.sources + "/Aurora.png", folder])
        #expect(taken.status == 1 && taken.stderr.contains("already has an icon named Night"), "\(taken.stderr)")
        let missing = try CLI.run(["add", "Aurora", folder])
        #expect(missing.status == 2 && missing.stderr.contains("--from"))
        let small = try CLI.run(["add", "Aurora", "--from", CLI.fixtures + "/Add/PlistPhone/App/Icons/Night60x60@2x.png", folder])
        #expect(small.status == 1 && small.stderr.contains("nothing was written"), "\(small.stderr)")
        #expect(Self.tree(folder) == before)
        // Two app targets: named, and the run stops with exit 2 until --target chooses.
        let both = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: both) }
        for name in ["CatalogPhone", "PlistPhone"] { try FileManager.default.copyItem(atPath: CLI.fixtures + "/Add/" + name, toPath: both + "/" + name) }
        let several = try CLI.run(["add", "Aurora", "--from", Self.sources + "/Aurora.png", both])
        #expect(several.status == 2 && several.stderr.contains("choose one with --target"), "\(several.stderr)")
    }
}
