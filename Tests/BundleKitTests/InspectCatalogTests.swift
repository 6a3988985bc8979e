import Foundation
import IconLintTestSupport
import Testing

/// `iconlint inspect` on compiled catalogs, run as a user would (the built executable).
@Suite struct InspectCatalogTests {
    static let executable = IconLintBinary.path ?? "iconlint"

    static func inspect(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.environment = TestCache.environment
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["inspect"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test func listsIconRenditionsOfACatalogRecognisedByContent() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Not named .car: recognised by its BOMStore header.
        let path = try scratch.write("compiled-catalog", CARWriter.appIcon.bytes())
        let text = try Self.inspect([path])
        #expect(text.status == 0 && text.stderr.isEmpty)
        #expect(text.stdout.contains("catalog     CoreUI-802, storage version 17, 7 renditions, 5 app icon images"))
        #expect(text.stdout.contains("icon        AppIcon  iphone  180 × 180  @3x  any  opaque  ARGB  lzfse  Icon-60@3x.png"))
        #expect(text.stdout.contains("icon        AppIcon  ipad  152 × 152  @2x  dark  opaque  ARGB  lzfse  Icon-76-dark@2x.png"))
        #expect(text.stdout.contains("icon        AppIcon  marketing  1024 × 1024  @1x  any  not marked opaque  ARGB  lzfse  Icon-1024.png"))
        #expect(!text.stdout.contains("logo@2x.png"))

        let json = try Self.inspect(["--json", path])
        #expect(json.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let catalog = try #require(reports.first?["catalog"] as? [String: Any])
        let icons = try #require(catalog["icons"] as? [[String: Any]])
        #expect(icons.count == 5)
        #expect(icons.last?["idiom"] as? String == "marketing" && icons.last?["opaque"] as? Bool == false)
        #expect(icons.last?["width"] as? Int == 1024 && icons.last?["scale"] as? Int == 1)
    }

    /// Each icon rendition's alpha: decoded from LZFSE or LZVN chunks, or why not.
    @Test func printsTheAlphaOfEachIconRendition() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let disc = IconPixels.bgra(width: 60, height: 60, disc: true, noise: 0)
        let opaque = IconPixels.bgra(width: 60, height: 60, disc: false, noise: 0)
        var writer = CARWriter()
        writer.renditions = [
            .init(name: "AppIcon", fileName: "disc.png", idiom: 1, scale: 1, width: 60, height: 60, opaque: false),
            .init(name: "AppIcon", fileName: "opaque.png", idiom: 2, scale: 1, width: 60, height: 60, compression: 3),
            .init(name: "AppIcon", fileName: "deep.png", idiom: 1, scale: 2, width: 60, height: 60, compression: 11),
        ]
        writer.renditions[0].chunks = LZVNWriter.chunks(disc, width: 60, height: 60) { LZVNWriter.lzfse($0) }
        writer.renditions[1].chunks = LZVNWriter.chunks(opaque, width: 60, height: 60) { LZVNWriter.lzvn($0) }
        let transparent = disc.enumerated().filter { $0.offset % 4 == 3 && $0.element < 255 }.count
        let text = try Self.inspect([try scratch.write("Assets.car", writer.bytes())])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("              alpha       lowest 0, \(transparent) of 3600 pixels below 255"), "\(text.stdout)")
        #expect(lines.contains("              alpha       every pixel opaque"))
        #expect(lines.contains("              alpha       not decoded: compressed as deepmap2"))
        let json = try Self.inspect(["--json", scratch.url.path + "/Assets.car"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let icons = try #require((reports.first?["catalog"] as? [String: Any])?["icons"] as? [[String: Any]])
        #expect(icons.map { $0["minAlpha"] as? Int } == [0, 255, nil])
        #expect(icons.map { $0["transparentPixels"] as? Int } == [transparent, 0, nil])
        #expect(icons.last?["alphaNotRead"] as? String == "not decoded: compressed as deepmap2")
    }

    @Test func hostileCatalogsAreRefusedWithOneLineEach() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = CARWriter.appIcon
        var cyclic = good.store()
        let leaf = try #require(AssetCatalogTests.firstLeaf(of: "RENDITIONS", in: cyclic))
        cyclic.blocks[Int(leaf)].replaceSubrange(4..<8, with: be32(leaf))
        var absurd = good
        absurd.renditions[5].width = 3_000_000_000
        let files = [
            ("truncated.car", Array(good.bytes().prefix(700)), "corrupt"),
            ("cyclic.car", cyclic.bytes(), "corrupt"),
            ("absurd.car", absurd.bytes(), "too-large"),
        ]
        var paths: [String] = []
        for (name, bytes, _) in files { paths.append(try scratch.write(name, bytes)) }
        let output = try Self.inspect(paths)
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty)
        let errors = output.stdout.split(separator: "\n").filter { $0.hasPrefix("  error") }
        #expect(errors.count == 3)
        for ((name, _, kind), line) in zip(files, errors) {
            #expect(line.hasPrefix("  error       \(kind): "), "\(name): \(line)")
        }
    }
}
