import Foundation
import Testing

/// Repositories that generate their .xcodeproj (XcodeGen, Tuist) and commit none. An XcodeGen
/// spec is read as the project it generates (issue 21); a spec iconlint cannot read (Tuist's, or
/// a project.yml that does not parse) stops the run with one line naming the spec and its
/// generate command, since the Info.plist alone would be judged without its build settings
/// (issue 20, item 6).
@Suite("Generated project specs")
struct GeneratedSpecTests {
    /// An app folder in the shape Tuist and XcodeGen repositories have: the app's Info.plist
    /// and an asset catalog, no .xcodeproj.
    static func makeApp(in folder: String, app: String = "App") throws {
        let manager = FileManager.default
        let set = folder + "/\(app)/Resources/Assets.xcassets/AppIcon.appiconset"
        try manager.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleExecutable</key><string>$(EXECUTABLE_NAME)</string>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundlePackageType</key><string>APPL</string>
            </dict></plist>

            """
        try Data(plist.utf8).write(to: URL(fileURLWithPath: folder + "/\(app)/Info.plist"))
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func aTuistManifestWithoutAProjectIsReadFromTheManifest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeApp(in: folder)
        try Self.write(
            """
            import ProjectDescription

            let project = Project(
                name: "App",
                targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "com.example.app",
                            infoPlist: .file(path: "App/Info.plist"), resources: ["App/Resources/**"],
                            settings: .settings(base: ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"]))
                ]
            )

            """, to: folder + "/Project.swift")
        let output = try CLI.run(["lint", folder])
        // Linted with the manifest's settings: the set's empty 1024 slot is found.
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("appiconset-slot-missing"), "\(output.stdout)")
        #expect(!output.stderr.contains("generate"), "\(output.stderr)")
    }

    @Test func aTuistManifestComputedAtGenerationStopsTheRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeApp(in: folder)
        try Self.write(
            """
            import ProjectDescription

            let project = Project(name: "App", targets: Environment.targets.map { makeTarget($0) })

            """, to: folder + "/Project.swift")
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.isEmpty, "\(output.stdout)")
        #expect(
            output.stderr.hasPrefix(
                "iconlint: \(folder): Project.swift (Tuist) describes the app of App/Info.plist, but no .xcodeproj is generated yet and iconlint cannot read it (Project.swift: line 3: the targets "
            ),
            "\(output.stderr)")
        #expect(output.stderr.hasSuffix("run `tuist generate` first, then lint again\n"), "\(output.stderr)")
    }

    @Test func anXcodeGenSpecAboveTheAppIsReadAsItsProject() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeApp(in: folder + "/ios")
        try Self.write(
            """
            name: App
            options:
              bundleIdPrefix: com.example
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                info:
                  path: App/Info.plist

            """, to: folder + "/ios/project.yml")
        // The preset's AppIcon is the catalog's empty set: the App Store image is missing.
        let output = try CLI.run(["lint", folder, "--reporter", "xcode"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("ios/App/Resources/Assets.xcassets/AppIcon.appiconset"), "\(output.stdout)")
        #expect(output.stdout.contains("[appiconset-slot-missing]"), "\(output.stdout)")
    }

    @Test func anXcodeGenSpecThatDoesNotParseStopsTheRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeApp(in: folder + "/ios")
        try Self.write("name: App\ntargets:\n  App:\n    type: application\n\tplatform: iOS\n", to: folder + "/ios/project.yml")
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stderr.hasPrefix(
                "iconlint: \(folder): ios/project.yml (XcodeGen) describes the app of ios/App/Info.plist, but no .xcodeproj is generated yet and iconlint cannot read it (ios/project.yml:5: not valid YAML"
            ), "\(output.stderr)")
        #expect(output.stderr.hasSuffix("run `xcodegen generate` first, then lint again\n"), "\(output.stderr)")
        #expect(output.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func aTuistWorkspaceWithNoAppPlistNamesTheManifest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(
            "import ProjectDescription\n\nlet workspace = Workspace(name: \"App\", projects: [\"Projects/*\"])\n",
            to: folder + "/Workspace.swift")
        try Self.write(
            "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [])\n", to: folder + "/Projects/App/Project.swift")
        let output = try CLI.run(["lint", folder])
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("Workspace.swift (Tuist) describes the project but no .xcodeproj is generated yet: run `tuist generate` first"),
            "\(output.stderr)")
    }

    /// Traps: a spec beside a committed .xcodeproj is the project's (the project is linted);
    /// a YAML file or Swift file named like a spec that is none stops nothing.
    @Test func aSpecBesideACommittedProjectOrANonSpecStopsNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeApp(in: folder)
        // project.yml of another tool (no targets:), and a Project.swift that is app code.
        try Self.write("name: docs\nnav:\n  - index.md\n", to: folder + "/project.yml")
        try Self.write("import Foundation\n\nstruct Project { var name: String }\n", to: folder + "/App/Project.swift")
        let output = try CLI.run(["lint", folder])
        #expect(output.status != 2, "\(output.stderr)")
        #expect(!output.stderr.contains("generate"), "\(output.stderr)")
    }
}
