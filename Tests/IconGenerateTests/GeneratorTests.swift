import Foundation
import IconLintTestSupport
import PNGKit
import Testing

@testable import IconGenerate
@testable import IconResample

/// A scratch folder per test, removed afterwards.
typealias Scratch = ScratchFolder

/// What the generate tests read from and write into a scratch folder.
extension ScratchFolder {
    /// Every file below the folder, relative, sorted (hidden temporaries included).
    func files(_ sub: String = "") -> [String] {
        let base = sub.isEmpty ? path : path + "/" + sub
        let all = FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? []
        return all.filter { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + name, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    /// Writes a PNG source and returns its path.
    func source(_ name: String, side: Int, opaque: Bool, height: Int? = nil, color: PNGColorInfo = PNGColorInfo()) throws -> String {
        let h = height ?? side
        var samples = [UInt8](repeating: 0, count: side * h * 4)
        for y in 0..<h {
            for x in 0..<side {
                let i = (y * side + x) * 4
                samples[i] = UInt8((x * 255) / max(side - 1, 1))
                samples[i + 1] = UInt8((y * 255) / max(h - 1, 1))
                samples[i + 2] = 90
                let inside = x > side / 8 && x < side - side / 8 && y > h / 8 && y < h - h / 8
                samples[i + 3] = opaque || inside ? 255 : 0
            }
        }
        let bytes = try PNGWriter(compressionLevel: 1).encode(bytes: samples, width: side, height: h, channels: 4, color: color)
        let file = path + "/" + name
        _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        return file
    }
}

@Suite struct GeneratorTests {
    func generator(
        _ out: String, style: IconStyle = .appiconset, allSizes: Bool = false,
        configure: (inout GenerateOptions) -> Void = { _ in }
    ) -> Generator {
        var options = GenerateOptions(outputDirectory: out, planner: IconPlanner(style: style, allSizes: allSizes))
        configure(&options)
        return Generator(options: options)
    }

    func header(_ path: String) throws -> PNGHeader { try PNGReader().header(.file(path)) }

    @Test func appiconsetHasXcodesSingleSizeForm() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 1024, opaque: true)
        let dark = try scratch.source("dark.png", side: 1024, opaque: false)
        let outcome = generator(scratch.path + "/out").run([IconSource(name: "AppIcon", path: source, dark: dark)])
        #expect(outcome[0].error == nil)
        #expect(
            scratch.files("out") == [
                "AppIcon.appiconset/AppIcon-1024-dark.png", "AppIcon.appiconset/AppIcon-1024.png",
                "AppIcon.appiconset/Contents.json",
            ])
        let set = scratch.path + "/out/AppIcon.appiconset"
        let primary = try header(set + "/AppIcon-1024.png")
        #expect(primary.width == 1024 && primary.colorType == .rgb)  // no alpha channel: ITMS-90717
        #expect(try header(set + "/AppIcon-1024-dark.png").colorType == .rgba)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as! [String: Any]
        let images = json["images"] as! [[String: Any]]
        #expect(images.count == 3)
        #expect(images[0]["filename"] as? String == "AppIcon-1024.png")
        #expect(images[0]["idiom"] as? String == "universal" && images[0]["platform"] as? String == "ios")
        #expect(images[0]["size"] as? String == "1024x1024")
        #expect((images[1]["appearances"] as? [[String: String]]) == [["appearance": "luminosity", "value": "dark"]])
        #expect(images[1]["filename"] as? String == "AppIcon-1024-dark.png")
        #expect((images[2]["appearances"] as? [[String: String]]) == [["appearance": "luminosity", "value": "tinted"]])
        #expect(images[2]["filename"] == nil)
        let info = json["info"] as? [String: Any]
        #expect(info?["author"] as? String == "xcode" && info?["version"] as? Int == 1 && info?.count == 2)
        let text = try String(contentsOfFile: set + "/Contents.json", encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"images\" : [\n    {\n      \"filename\" : \"AppIcon-1024.png\",\n"))
    }

    @Test func allSizesCoverEveryIdiomAndScale() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 1024, opaque: true)
        let outcome = generator(scratch.path + "/out", allSizes: true).run([IconSource(name: "AppIcon", path: source)])
        #expect(outcome[0].error == nil)
        let set = scratch.path + "/out/AppIcon.appiconset"
        let expected = [20, 29, 40, 58, 60, 76, 80, 87, 120, 152, 167, 180, 1024]
        #expect(scratch.files("out/AppIcon.appiconset") == (expected.map { "AppIcon-\($0).png" } + ["Contents.json"]).sorted())
        for size in expected {
            let h = try header(set + "/AppIcon-\(size).png")
            #expect(h.width == size && h.height == size && h.colorType == .rgb)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as! [String: Any]
        let images = json["images"] as! [[String: String]]
        #expect(images.count == 18)
        #expect(images.contains(["filename": "AppIcon-167.png", "idiom": "ipad", "scale": "2x", "size": "83.5x83.5"]))
        #expect(images.contains(["filename": "AppIcon-1024.png", "idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"]))
    }

    @Test func legacyNamesMatchXcodesBuild() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 512, opaque: true)
        let generator = generator(scratch.path, style: .legacy)
        let outcome = generator.run([IconSource(name: "Icon", path: source)])
        #expect(outcome[0].error == nil)
        let sizes = [
            "Icon60x60@2x.png": 120, "Icon60x60@3x.png": 180, "Icon76x76@2x~ipad.png": 152,
            "Icon83.5x83.5@2x~ipad.png": 167,
        ]
        for (name, size) in sizes { #expect(try header(scratch.path + "/" + name).width == size) }
        let xml = InfoPlistEntries.xml(outcome[0].plan)
        #expect(xml.contains("<key>CFBundleIcons</key>") && xml.contains("<key>CFBundleIcons~ipad</key>"))
        #expect(xml.contains("<string>Icon83.5x83.5</string>"))
    }

    @Test func neverOverwritesWithoutForce() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 256, opaque: true)
        let existing = scratch.path + "/Icon60x60@3x.png"
        _ = FileManager.default.createFile(atPath: existing, contents: Data("mine".utf8))
        let outcome = generator(scratch.path, style: .legacy).run([IconSource(name: "Icon", path: source)])
        #expect(outcome[0].error == .exists(path: existing))
        #expect(scratch.files() == ["Icon60x60@3x.png", "icon.png"])
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")

        let forced = generator(scratch.path, style: .legacy) { $0.force = true }.run([IconSource(name: "Icon", path: source)])
        #expect(forced[0].error == nil)
        #expect(try header(existing).width == 180)
    }

    @Test func aFailureMidWriteLeavesNothing() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 64, opaque: true)
        let sizes = [16, 20, 24, 32, 40, 48]
        func sized(_ configure: (inout GenerateOptions) -> Void = { _ in }) -> Generator {
            var options = GenerateOptions(
                outputDirectory: scratch.path + "/out/nested",
                planner: IconPlanner(style: .sizes, sizes: sizes))
            configure(&options)
            return Generator(options: options)
        }
        struct Injected: Error {}
        // A fresh output folder: nothing at all remains, not even the folders it made.
        var failing = sized()
        failing.beforeRename = { index in if index == 3 { throw Injected() } }
        #expect(failing.run([IconSource(name: "icon", path: source)])[0].error != nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
        #expect(scratch.files() == ["icon.png"])

        // Replacing existing files: the old ones come back byte for byte, no temporaries left.
        #expect(sized().run([IconSource(name: "icon", path: source)])[0].error == nil)
        let names = scratch.files("out")
        let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/out/" + $0)) }
        let other = try scratch.source("icon.png", side: 64, opaque: false)
        var replacing = sized { $0.force = true }
        replacing.beforeRename = { index in if index == 4 { throw Injected() } }
        #expect(replacing.run([IconSource(name: "icon", path: other)])[0].error != nil)
        #expect(scratch.files("out") == names)
        let after = try names.map { try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/out/" + $0)) }
        #expect(after == before)
    }

    @Test func transparencyNeedsABackground() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 1024, opaque: false)
        let refused = generator(scratch.path + "/out").run([IconSource(name: "AppIcon", path: source)])
        #expect(refused[0].error == .transparent(path: source))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))

        let white = RGBColor(red: 255, green: 255, blue: 255)
        let composited = generator(scratch.path + "/out") { $0.background = white }.run([IconSource(name: "AppIcon", path: source)])
        #expect(composited[0].error == nil)
        let image = try PNGReader().decode(.file(scratch.path + "/out/AppIcon.appiconset/AppIcon-1024.png"))
        #expect(image.header.colorType == .rgb)
        #expect(Array(image.bytes[0..<4]) == [255, 255, 255, 255])  // a transparent corner, now white
    }

    @Test func badSourcesFailWithOneLine() throws {
        let scratch = try Scratch("generate")
        let text = scratch.path + "/notes.png"
        _ = FileManager.default.createFile(atPath: text, contents: Data("these are notes, not a picture\n".utf8))
        let wide = try scratch.source("wide.png", side: 300, opaque: true, height: 200)
        let small = try scratch.source("small.png", side: 100, opaque: true)
        let good = try scratch.source("good.png", side: 256, opaque: true)
        let truncated = scratch.path + "/truncated.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        _ = FileManager.default.createFile(atPath: truncated, contents: bytes.prefix(bytes.count / 2))

        let g = generator(scratch.path + "/out", style: .legacy)
        let outcomes = g.run(
            ["notes": text, "wide": wide, "small": small, "truncated": truncated]
                .sorted { $0.key < $1.key }.map { IconSource(name: $0.key, path: $0.value) })
        let errors = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.source.name, $0.error) })
        guard case .source(_, .notPNG) = errors["notes"]! else {
            Issue.record("\(String(describing: errors["notes"]))")
            return
        }
        #expect(errors["wide"]! == .notSquare(path: wide, width: 300, height: 200))
        #expect(errors["small"]! == .upscale(path: small, side: 100, needed: 180))
        guard case .source(_, .corrupt) = errors["truncated"]! else {
            Issue.record("\(String(describing: errors["truncated"]))")
            return
        }
        for error in errors.values { #expect(!"\(error!)".contains("\n")) }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))

        let upscaled = generator(scratch.path + "/out", style: .legacy) { $0.allowUpscale = true }
            .run([IconSource(name: "small", path: small)])
        #expect(upscaled[0].error == nil)
    }

    @Test func colourChunksCarryOverAndOthersDrop() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 256, opaque: true, color: PNGColorInfo(srgbIntent: 0))
        let outcome = generator(scratch.path + "/out", style: .legacy).run([IconSource(name: "A", path: source)])
        #expect(outcome[0].error == nil)
        for name in ["A60x60@2x.png", "A83.5x83.5@2x~ipad.png"] {
            let h = try header(scratch.path + "/out/" + name)
            #expect(h.hasSRGB && h.srgbIntent == 0)
        }
        // gAMA, and a tEXt chunk that must not survive even at the source's own size.
        var bytes = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: try scratch.source(
                        "g.png", side: 256, opaque: false,
                        color: PNGColorInfo(gamma: 45455)))))
        let text = Array("tEXt".utf8) + Array("Comment\0hello".utf8)
        let length = UInt32(text.count - 4)
        let chunk = withUnsafeBytes(of: length.bigEndian) { Array($0) } + text + withUnsafeBytes(of: crc32(text).bigEndian) { Array($0) }
        bytes.insert(contentsOf: chunk, at: 33)
        _ = FileManager.default.createFile(atPath: scratch.path + "/g.png", contents: Data(bytes))
        var options = GenerateOptions(outputDirectory: scratch.path + "/plain", planner: IconPlanner(style: .sizes, sizes: [256, 64]))
        options.force = true
        #expect(Generator(options: options).run([IconSource(name: "g", path: scratch.path + "/g.png")])[0].error == nil)
        let same = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.path + "/plain/g-256.png")))
        #expect(ChunkScan.types(same) == ["IHDR", "gAMA", "IDAT", "IEND"])
        #expect(try header(scratch.path + "/plain/g-64.png").gamma == 45455)
    }

    @Test func anICCProfileReachesEveryOutput() throws {
        let scratch = try Scratch("generate")
        let source = GenerateEndToEndTests.root.appendingPathComponent("Fixtures/Generate/icc-profile.png").path
        let profile = try PNGReader().header(.file(source), withICCProfile: true).iccProfile
        #expect(profile?.count == 588)
        var options = GenerateOptions(outputDirectory: scratch.path, planner: IconPlanner(style: .sizes, sizes: [64, 29], hasBackground: true))
        options.background = RGBColor(red: 0, green: 0, blue: 0)  // opaque: RGB outputs, re-encoded
        #expect(Generator(options: options).run([IconSource(name: "p", path: source)])[0].error == nil)
        for size in [64, 29] {
            let header = try PNGReader().header(.file(scratch.path + "/p-\(size).png"), withICCProfile: true)
            #expect(header.iccProfile == profile && header.colorType == .rgb)
        }
    }

    @Test func sameSizeOutputIsTheSourceFile() throws {
        let scratch = try Scratch("generate")
        let source = try scratch.source("icon.png", side: 64, opaque: false)
        var options = GenerateOptions(outputDirectory: scratch.path + "/out", planner: IconPlanner(style: .sizes, sizes: [64, 32]))
        options.threads = 2
        #expect(Generator(options: options).run([IconSource(name: "icon", path: source)])[0].error == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/out/icon-64.png")) == Data(contentsOf: URL(fileURLWithPath: source)))
    }

    @Test func severalSourcesRunInParallel() throws {
        let scratch = try Scratch("generate")
        let sources = try (0..<5).map { IconSource(name: "s\($0)", path: try scratch.source("s\($0).png", side: 200, opaque: true)) }
        let progress = ProgressLog()
        var options = GenerateOptions(outputDirectory: scratch.path + "/out", planner: IconPlanner(style: .sizes, sizes: [120, 180]))
        options.threads = 2
        let outcomes = Generator(options: options).run(sources) { done, total in progress.add(done, total) }
        #expect(outcomes.allSatisfy { $0.error == nil })
        #expect(outcomes.map(\.source.name) == sources.map(\.name))
        #expect(scratch.files("out").count == 10)
        #expect(progress.calls.sorted() == [1, 2, 3, 4, 5])
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var calls: [Int] = []
    func add(_ done: Int, _ total: Int) {
        lock.lock()
        calls.append(done)
        lock.unlock()
    }
}
