import Foundation
import IconLintCore
import Testing

/// `swift package iconlint` in a client package that depends on this repository by path.
///
/// The client lives under .build/integration so its own .build survives between runs: the
/// first run builds iconlint once more (debug, for the plugin), a rerun only relinks when the
/// sources changed. The client has one empty library and asks for nothing but the plugins.
@Suite("SwiftPM plugin", .serialized)
struct SwiftPMPluginTests {
    static let client = Integration.persistent + "/plugin-client"

    /// The client package, written afresh except its .build; its projects are copies of the
    /// icon-file-missing examples (Broken lacks the Dark icon's files, Clean has them).
    static func prepareClient() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: client + "/Sources/Client", withIntermediateDirectories: true)
        for name in ["Broken", "Clean", "Generated", "art"] { try? manager.removeItem(atPath: client + "/" + name) }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Client",
                dependencies: [.package(path: "\(Integration.root)")],
                targets: [.target(name: "Client")]
            )

            """
        try write(manifest, to: client + "/Package.swift")
        try write("public let client = 1\n", to: client + "/Sources/Client/Client.swift")
        try Integration.copyFixture(.example(.iconFileMissing, "alternate-files-gone", inside: "App"), to: client + "/Broken/App")
        try Integration.copyFixture(.example(.iconFileMissing, "files-present", inside: "App"), to: client + "/Clean/App")
    }

    /// Writes only when the content changed, so SwiftPM sees an unchanged manifest on a rerun.
    static func write(_ text: String, to path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func swiftPackage(_ arguments: [String], scratch: String) async throws -> Integration.Output {
        try await Integration.run(["swift", "package"] + arguments, in: client, environment: Integration.environment(scratch: scratch))
    }

    @Test func lintThroughThePlugin() async throws {
        let scratch = try Integration.scratch("plugin")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Self.prepareClient()

        let clean = try await Self.swiftPackage(["iconlint", "lint", "Clean"], scratch: scratch)
        #expect(clean.status == 0, "\(clean.both)")
        #expect(clean.stdout.contains("No problems found in 1 app target."))

        // A usage error: iconlint's one line, and a failed command.
        let usage = try await Self.swiftPackage(["iconlint", "lint", "Clean", "--reporter", "html5"], scratch: scratch)
        #expect(usage.status != 0)
        #expect(usage.both.contains("iconlint: --reporter must be one of"))
        #expect(usage.stderr.contains("iconlint exited with status 2"))

        // No PATH: the whole client package (Broken is in it); options pass through; the image
        // cache goes to the plugin's work folder, not under $XDG_CACHE_HOME.
        let whole = try await Self.swiftPackage(["iconlint", "--reporter", "xcode"], scratch: scratch)
        #expect(whole.status != 0)
        #expect(whole.stdout.contains("\(Self.client)/Broken/App/Info.plist:40:1: error:"), "\(whole.both)")
        #expect(whole.stdout.contains("[icon-file-missing]"))
        #expect(!whole.stdout.contains("/Clean/"))
        #expect(whole.stderr.contains("iconlint exited with status 1"))
        #expect(!FileManager.default.fileExists(atPath: scratch + "/cache/iconlint"))
    }

    /// Writing into the package takes the permission flag, and only the generate verb asks for it.
    @Test func generateNeedsThePermissionFlag() async throws {
        let scratch = try Integration.scratch("plugin-generate")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Self.prepareClient()
        try FileManager.default.createDirectory(atPath: Self.client + "/art", withIntermediateDirectories: true)
        try Integration.copyFixture(
            .example(.iconFileMissing, "files-present", inside: "App/Assets.xcassets/AppIcon.appiconset/AppIcon.png"),
            to: Self.client + "/art/AppIcon.png")
        let generate = ["iconlint-generate", "art/AppIcon.png", "--out", "Generated", "--name", "AppIcon"]

        let refused = try await Self.swiftPackage(generate, scratch: scratch)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--allow-writing-to-package-directory"), "\(refused.both)")
        #expect(!FileManager.default.fileExists(atPath: Self.client + "/Generated"))

        let readOnly = try await Self.swiftPackage(["iconlint", "generate", "art/AppIcon.png", "--out", "Generated"], scratch: scratch)
        #expect(readOnly.status != 0)
        #expect(readOnly.stderr.contains("iconlint-generate"), "\(readOnly.both)")

        let allowed = try await Self.swiftPackage(["--allow-writing-to-package-directory"] + generate, scratch: scratch)
        #expect(allowed.status == 0, "\(allowed.both)")
        #expect(FileManager.default.fileExists(atPath: Self.client + "/Generated/AppIcon.appiconset/Contents.json"))
        #expect(FileManager.default.fileExists(atPath: Self.client + "/Generated/AppIcon.appiconset/AppIcon-1024.png"))
    }

    /// `iconlint-fix` repairs the package's project with the permission flag, and only then.
    @Test func fixNeedsThePermissionFlag() async throws {
        let scratch = try Integration.scratch("plugin-fix")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Self.prepareClient()
        try? FileManager.default.removeItem(atPath: Self.client + "/Fixable")
        try Integration.copyFixture("Fix/alternate-sizes/App", to: Self.client + "/Fixable/App")
        let made = Self.client + "/Fixable/App/Icons/Dark@2x.png"

        let refused = try await Self.swiftPackage(["iconlint-fix", "Fixable"], scratch: scratch)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--allow-writing-to-package-directory"), "\(refused.both)")
        #expect(!FileManager.default.fileExists(atPath: made))

        let readOnly = try await Self.swiftPackage(["iconlint", "fix", "Fixable"], scratch: scratch)
        #expect(readOnly.status != 0)
        #expect(readOnly.stderr.contains("iconlint-fix"), "\(readOnly.both)")

        let allowed = try await Self.swiftPackage(["--allow-writing-to-package-directory", "iconlint-fix", "Fixable"], scratch: scratch)
        #expect(allowed.status == 0, "\(allowed.both)")
        #expect(allowed.stdout.contains("fixed alternate-icon-size-missing"))
        #expect(FileManager.default.fileExists(atPath: made))
    }
}
