import Foundation
import IconLintTestSupport
import PNGKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `generate` run as a user would: nothing clobbered, nothing lost, nothing half-written.
@Suite struct GenerateSafetyTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built iconlint in `folder` (the current folder when nil).
    static func iconlint(_ arguments: [String], in folder: String? = nil) throws -> Run {
        let process = Process()
        process.environment = TestCache.environment
        process.executableURL = URL(fileURLWithPath: try #require(GenerateEndToEndTests.executable, "build iconlint first"))
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Every entry below `folder` (files and folders, hidden ones too) with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [] {
            result[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return result
    }

    /// An opaque 8-bit source of `channels` channels (3: RGB, 4: RGBA with alpha 255), one colour.
    static func flat(_ scratch: Scratch, _ name: String, side: Int, channels: Int, rgb: (UInt8, UInt8, UInt8)) throws -> String {
        var samples: [UInt8] = []
        samples.reserveCapacity(side * side * channels)
        for _ in 0..<(side * side) {
            samples += [rgb.0, rgb.1, rgb.2]
            if channels == 4 { samples.append(255) }
        }
        let bytes = try PNGWriter(compressionLevel: 1).encode(
            bytes: samples, width: side, height: side, channels: channels,
            color: PNGColorInfo())
        let path = scratch.path + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    @Test func aRelativeOutWithAOneLetterFolderIsWritten() throws {
        let scratch = try Scratch("generate")
        _ = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        for out in ["A/Assets.xcassets", "x/y", "D"] {
            let run = try Self.iconlint(["generate", "icon.png", "--name", "AppIcon", "--out", out], in: scratch.path)
            #expect(run.status == 0, "\(out): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: scratch.path + "/\(out)/AppIcon.appiconset/AppIcon-1024.png"), "\(out)")
        }
    }

    @Test func anEmptyOutIsAUsageError() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        for extra in [[], ["--dry-run"], ["--style", "sizes", "--sizes", "20"]] {
            let run = try Self.iconlint(["generate", source, "--name", "T", "--out", ""] + extra, in: scratch.path)
            #expect(run.status == 2, "\(extra): \(run.stderr)")
            #expect(run.stderr.hasPrefix("iconlint: --out is empty") && run.stdout.isEmpty)
        }
        #expect(scratch.files() == ["icon.png"])
    }

    static let legacy = ["--style", "legacy", "--background", "white"]

    @Test func thePlistIsCheckedBeforeAnyPNGIsWritten() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let bad = [
            ("broken.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>A</key>"),
            ("openstep.plist", "{ CFBundleName = App; }"),
        ]
        for (name, text) in bad {
            try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path + "/" + name))
            let run = try Self.iconlint(
                ["generate", source, "--name", "AppIcon", "--out", "out", "--plist", name] + Self.legacy,
                in: scratch.path)
            #expect(run.status == 1, "\(name): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"), "no PNG written for \(name)")
            #expect(try String(contentsOfFile: scratch.path + "/" + name, encoding: .utf8) == text)
        }
        // A bare file name is in the current folder.
        try FileManager.default.copyItem(
            atPath: GenerateEndToEndTests.root.path + "/Fixtures/Generate/SampleApp/SampleApp/Info.plist",
            toPath: scratch.path + "/Info.plist")
        let run = try Self.iconlint(
            ["generate", source, "--name", "AppIcon", "--out", "out", "--plist", "Info.plist"] + Self.legacy,
            in: scratch.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: scratch.path + "/Info.plist", encoding: .utf8).contains("AppIcon60x60"))
    }

    @Test func replacingAnEntryNeedsForceAndKeepsCommentsAndOrder() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let plist = scratch.path + "/Info.plist"
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIcons</key>
            \t<dict>
            \t\t<!-- alternates first, as the team keeps them -->
            \t\t<key>CFBundleAlternateIcons</key>
            \t\t<dict>
            \t\t\t<key>Blue</key>
            \t\t\t<dict>
            \t\t\t\t<key>UIPrerenderedIcon</key>
            \t\t\t\t<true/>
            \t\t\t\t<key>CFBundleIconFiles</key>
            \t\t\t\t<array><string>OldBlue</string></array>
            \t\t\t</dict>
            \t\t</dict>
            \t\t<key>CFBundlePrimaryIcon</key>
            \t\t<dict>
            \t\t\t<key>CFBundleIconName</key>
            \t\t\t<string>AppIcon</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        try Data(original.utf8).write(to: URL(fileURLWithPath: plist))
        let arguments =
            [
                "generate", source, "--name", "Blue", "--alternate", "--idiom", "iphone", "--out", scratch.path + "/alt",
                "--plist", plist,
            ] + Self.legacy
        let refused = try Self.iconlint(arguments)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("CFBundleAlternateIcons → Blue") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: plist, encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/alt"))

        let forced = try Self.iconlint(arguments + ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let edited = try String(contentsOfFile: plist, encoding: .utf8)
        let expected = original.replacingOccurrences(
            of: "\t\t\t\t<array><string>OldBlue</string></array>",
            with: "\t\t\t\t<array>\n\t\t\t\t\t<string>Blue60x60</string>\n\t\t\t\t</array>"
        )
        .replacingOccurrences(of: "\t\t\t\t<key>CFBundleIconFiles</key>\n", with: "")
        .replacingOccurrences(of: "\t\t\t\t<array>\n", with: "\t\t\t\t<key>CFBundleIconFiles</key>\n\t\t\t\t<array>\n")
        #expect(edited == expected, "only the files' array changed:\n\(edited)")
    }

    /// A batch of sources interrupted once some icons are written: exit 128 + signal, soon, and
    /// the output folder exactly as before (new files gone, replaced files back, no temporaries).
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedBatchRollsBack(_ signal: Int32) throws {
        let scratch = try Scratch("generate")
        let first = try Self.flat(scratch, "sources/Icon000.png", side: 512, channels: 3, rgb: (10, 120, 200))
        for index in 1..<80 {
            try FileManager.default.copyItem(atPath: first, toPath: scratch.path + String(format: "/sources/Icon%03d.png", index))
        }
        let out = scratch.path + "/out"
        let arguments = [
            "generate", scratch.path + "/sources", "--out", out, "--style", "sizes",
            "--sizes", "16,20,29,32,40,58,60,64,76,80,87,120,128,152,167,180,256",
        ]
        for force in [false, true] {
            if force {
                // Earlier outputs that the interrupted --force run replaces and must put back.
                _ = try Self.flat(scratch, "other/Icon000.png", side: 512, channels: 3, rgb: (200, 10, 10))
                #expect(
                    try Self.iconlint([
                        "generate", scratch.path + "/other/Icon000.png", "--name", "Icon000", "--out", out,
                        "--style", "sizes", "--sizes", "16,20",
                    ]).status == 0)
            } else {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
            }
            let before = Self.snapshot(out)
            let process = Process()
            process.environment = TestCache.environment
            process.executableURL = URL(fileURLWithPath: try #require(GenerateEndToEndTests.executable))
            process.arguments = arguments + (force ? ["--force"] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until some icon is written, so there is something to roll back.
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline
                && Self.snapshot(out).keys.filter({ $0.hasSuffix(".png") && !$0.contains(".iconlint-") }).count <= (force ? 2 : 0)
            {
                usleep(2_000)
            }
            #expect(process.isRunning, "the batch ended before the signal; make it longer")
            let sent = Date()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let stopped = Date().timeIntervalSince(sent)
            #expect(
                process.terminationReason == .exit && process.terminationStatus == 128 + signal,
                "exit \(process.terminationStatus)")
            #expect(stopped < 2, "a generous bound: it stopped \(stopped) s after the signal")
            let after = Self.snapshot(out)
            #expect(after.keys.sorted() == before.keys.sorted(), "force \(force): the folder holds what it held")
            #expect(after == before, "force \(force): every file has its old bytes")
        }
    }

    @Test func plainSizesOfAnOpaqueSourceHaveNoAlpha() throws {
        let scratch = try Scratch("generate")
        let rgba = try Self.flat(scratch, "rgba.png", side: 256, channels: 4, rgb: (10, 120, 200))
        let rgb = try Self.flat(scratch, "rgb.png", side: 256, channels: 3, rgb: (10, 120, 200))
        let transparent = try scratch.source("transparent.png", side: 256, opaque: false)
        for (source, alpha) in [(rgba, false), (rgb, false), (transparent, true)] {
            let name = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            let run = try Self.iconlint([
                "generate", source, "--name", name, "--out", scratch.path + "/out",
                "--style", "sizes", "--sizes", "64,256",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            for size in [64, 256] {
                let header = try PNGReader().header(.file(scratch.path + "/out/\(name)-\(size).png"))
                #expect(header.hasAlphaChannel == alpha, "\(name)-\(size)")
            }
        }
    }

    @Test func regeneratingWithForceLeavesExactlyTheSet() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let set = scratch.path + "/Assets.xcassets/AppIcon.appiconset"
        let all = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", scratch.path + "/Assets.xcassets",
            "--all-sizes",
        ])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set).count == 14)
        // A file iconlint did not write: kept, and said so.
        try Data("sketch".utf8).write(to: URL(fileURLWithPath: set + "/sketch.png"))
        let single = try Self.iconlint([
            "generate", source, "--name", "AppIcon", "--out", scratch.path + "/Assets.xcassets",
            "--force",
        ])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set).sorted() == ["AppIcon-1024.png", "Contents.json", "sketch.png"])
        #expect(single.stdout.contains("removed \(set)/AppIcon-120.png"))
        #expect(single.stderr.contains("kept \(set)/sketch.png"))
    }

    @Test func aColouredTintedSourceIsMadeGrey() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let tinted = try scratch.source("tinted.png", side: 1024, opaque: false)
        let run = try Self.iconlint(["generate", source, "--name", "AppIcon", "--out", scratch.path, "--tinted", tinted])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the tinted source is coloured") && run.stderr.contains("linear light"), "\(run.stderr)")
        let image = try PNGReader().decode(.file(scratch.path + "/AppIcon.appiconset/AppIcon-1024-tinted.png"))
        #expect(image.header.hasAlphaChannel, "alpha kept")
        var coloured = 0
        for i in stride(from: 0, to: image.bytes.count, by: 4) where image.bytes[i + 3] > 0 {
            if image.bytes[i] != image.bytes[i + 1] || image.bytes[i + 1] != image.bytes[i + 2] { coloured += 1 }
        }
        #expect(coloured == 0)
        // A grey source is written as it is, without a note.
        let grey = try Self.flat(scratch, "grey.png", side: 1024, channels: 4, rgb: (90, 90, 90))
        let quiet = try Self.iconlint(["generate", source, "--name", "Other", "--out", scratch.path, "--tinted", grey])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aFolderOfLegacySourcesIsOneSnippetEachOrAUsageError() throws {
        let scratch = try Scratch("generate")
        _ = try Self.flat(scratch, "icons/Blue.png", side: 256, channels: 3, rgb: (10, 20, 200))
        _ = try Self.flat(scratch, "icons/Red.png", side: 256, channels: 3, rgb: (200, 20, 10))
        let primaries = try Self.iconlint(["generate", scratch.path + "/icons", "--out", scratch.path + "/out"] + Self.legacy)
        #expect(primaries.status == 2)
        #expect(primaries.stderr.contains("--alternate"), "\(primaries.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
        let alternates = try Self.iconlint(
            ["generate", scratch.path + "/icons", "--out", scratch.path + "/out", "--alternate"]
                + Self.legacy)
        #expect(alternates.status == 0, "\(alternates.stderr)")
        #expect(alternates.stdout.contains("Add to Info.plist (Blue)") && alternates.stdout.contains("Add to Info.plist (Red)"))
        #expect(alternates.stdout.contains("<key>Blue</key>") && alternates.stdout.contains("<key>Red</key>"))
    }

    // MARK: Nothing outside --out and the --plist file is written or removed (issue 19).
    // The "outside" files are other scratch files beside the checkout (ws/), never real ones.

    /// A committed Info.plist that links out of the tree is refused before anything is
    /// written; a link that stays in the tree still works, and the file it names is edited.
    @Test func aPlistLinkedOutOfTheTreeIsRefused() throws {
        let scratch = try Scratch("generate")
        let fixture = GenerateEndToEndTests.root.path + "/Fixtures/Generate/SampleApp/SampleApp/Info.plist"
        let ws = scratch.path + "/ws"
        try FileManager.default.createDirectory(atPath: ws + "/App", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/outside", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture, toPath: scratch.path + "/outside/Info.plist")
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/outside/Info.plist"))
        _ = try Self.flat(scratch, "ws/icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        try FileManager.default.createSymbolicLink(atPath: ws + "/Info.plist", withDestinationPath: "../outside/Info.plist")
        let arguments = ["generate", "icon.png", "--name", "AppIcon", "--out", "out", "--force"] + Self.legacy
        let refused = try Self.iconlint(arguments + ["--plist", "Info.plist"], in: ws)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "iconlint: --plist Info.plist: Info.plist is a symbolic link that leads out of the current folder (to \(scratch.path)/outside/Info.plist); name the real path instead\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/outside/Info.plist")) == before, "not edited")
        #expect(!FileManager.default.fileExists(atPath: ws + "/out"), "no PNG written")
        // Through a linked folder too.
        try FileManager.default.createSymbolicLink(atPath: ws + "/Linked", withDestinationPath: "../outside")
        let folder = try Self.iconlint(arguments + ["--plist", "Linked/Info.plist"], in: ws)
        #expect(folder.status == 2 && folder.stderr.contains("Linked is a symbolic link that leads out"), "\(folder.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/outside/Info.plist")) == before)

        try FileManager.default.copyItem(atPath: fixture, toPath: ws + "/App/Info.plist")
        try FileManager.default.createSymbolicLink(atPath: ws + "/Inside.plist", withDestinationPath: "App/Info.plist")
        let inside = try Self.iconlint(arguments + ["--plist", "Inside.plist"], in: ws)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(try String(contentsOfFile: ws + "/App/Info.plist", encoding: .utf8).contains("AppIcon60x60"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: ws + "/Inside.plist") == "App/Info.plist")
    }

    /// A committed `.appiconset` that is a link to a folder outside: with --force nothing is
    /// written into it, and the file its own Contents.json names is not removed.
    @Test func aSymlinkedAppIconSetIsNotWrittenIntoOrEmptied() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let outside = scratch.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data(#"{"images": [{"filename": "AppIcon-120.png", "idiom": "iphone", "scale": "2x", "size": "60x60"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: outside + "/Contents.json"))
        try Data("someone's file".utf8).write(to: URL(fileURLWithPath: outside + "/AppIcon-120.png"))
        let before = Self.snapshot(outside)
        try FileManager.default.createDirectory(atPath: scratch.path + "/Assets.xcassets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path + "/Assets.xcassets/AppIcon.appiconset", withDestinationPath: "../outside")
        for extra in [["--force"], [], ["--force", "--dry-run"]] {
            let run = try Self.iconlint(
                ["generate", source, "--name", "AppIcon", "--out", scratch.path + "/Assets.xcassets"] + extra)
            #expect(run.status == 1, "\(extra): \(run.stderr)")
            #expect(
                run.stderr
                    == "iconlint: cannot write \(scratch.path)/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png: \(scratch.path)/Assets.xcassets/AppIcon.appiconset is a symbolic link, and no link below --out is followed\n",
                "\(extra)")
            #expect(!run.stdout.contains("removed"), "\(run.stdout)")
            #expect(Self.snapshot(outside) == before, "\(extra): the folder outside is as it was")
        }
    }

    /// Stale-file removal reads the set's own folder: a name in Contents.json with `../` names
    /// nothing, and a link in the set (even one named like an output) is kept, never followed.
    @Test func staleRemovalFollowsNoLink() throws {
        let scratch = try Scratch("generate")
        let source = try Self.flat(scratch, "icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        let out = scratch.path + "/ws/Assets.xcassets"
        let set = out + "/AppIcon.appiconset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: URL(fileURLWithPath: scratch.path + "/ws/outside.png"))
        try Data("outside 120".utf8).write(to: URL(fileURLWithPath: scratch.path + "/outside-120.png"))
        try FileManager.default.createSymbolicLink(atPath: set + "/AppIcon-120.png", withDestinationPath: "../../../outside-120.png")
        try Data(
            #"{"images": [{"filename": "../../outside.png"}, {"filename": "AppIcon-120.png"}, {"filename": "AppIcon-1024.png"}]}"#.utf8
        ).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let run = try Self.iconlint(["generate", source, "--name", "AppIcon", "--out", out, "--force"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: scratch.path + "/ws/outside.png", encoding: .utf8) == "outside")
        #expect(try String(contentsOfFile: scratch.path + "/outside-120.png", encoding: .utf8) == "outside 120")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: set + "/AppIcon-120.png") == "../../../outside-120.png",
            "the link is kept")
        #expect(!run.stdout.contains("removed"), "\(run.stdout)")
        #expect(run.stderr.contains("kept \(set)/AppIcon-120.png"), "\(run.stderr)")
    }

    /// --out inside the current folder that a link carries out of it is refused; --out named
    /// outside the current folder is the user's own choice, links and all.
    @Test func anOutLinkedOutOfTheTreeIsRefused() throws {
        let scratch = try Scratch("generate")
        _ = try Self.flat(scratch, "ws/icon.png", side: 1024, channels: 3, rgb: (10, 120, 200))
        try FileManager.default.createDirectory(atPath: scratch.path + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/ws/Assets.xcassets", withDestinationPath: "../outside")
        let refused = try Self.iconlint(["generate", "icon.png", "--name", "AppIcon", "--out", "Assets.xcassets"], in: scratch.path + "/ws")
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("iconlint: --out Assets.xcassets: Assets.xcassets is a symbolic link that leads out"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/outside").isEmpty)
        let absolute = try Self.iconlint(["generate", scratch.path + "/ws/icon.png", "--name", "AppIcon", "--out", scratch.path + "/ws/Assets.xcassets"])
        #expect(absolute.status == 0, "named outside the current folder: \(absolute.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/outside/AppIcon.appiconset/AppIcon-1024.png"))
    }
}
