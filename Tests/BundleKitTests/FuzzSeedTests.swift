import BundleKit
import Foundation
import IconLintTestSupport
import Testing

/// The fuzz targets' seeds (Fuzz/Seeds/asset-catalog, Fuzz/Seeds/zip, the writer's in
/// Fuzz/Seeds/lzfse) are what the test writers make: this fails when they drift, and
/// `ICONLINT_RECORD_SNAPSHOTS=1` rewrites them. The reference encoder's seeds
/// (Fuzz/make-lzfse-seeds) must decode.
@Suite struct FuzzSeedTests {
    static let seeds = Repository.root.appendingPathComponent("Fuzz/Seeds")

    static var expected: [(String, [UInt8])] {
        var paged = CARWriter.appIcon
        paged.perPage = 2
        var single = CARWriter()
        single.renditions = [.init(name: "AppIcon", fileName: "Icon-1024.png", idiom: 6, scale: 1, width: 1024, height: 1024)]
        var plain = ZipWriter()
        plain.add("Payload/", [], deflate: false)
        plain.add("Payload/App.app/Info.plist", Array("<plist><dict/></plist>".utf8))
        plain.add("Payload/App.app/AppIcon60x60@2x.png", Array(repeating: 7, count: 300), deflate: false)
        plain.add("Payload/App.app/Assets.car", single.bytes())
        // An icon as Xcode 10 and later store it: KCBC chunks, LZFSE (bvxn blocks) and raw LZVN.
        let disc = IconPixels.bgra(width: 64, height: 64, disc: true, noise: 0)
        var chunked = CARWriter()
        chunked.renditions = [
            .init(name: "AppIcon", fileName: "Icon-64.png", idiom: 1, scale: 2, width: 64, height: 64, opaque: false),
            .init(name: "AppIcon", fileName: "Icon-64-lzvn.png", idiom: 2, scale: 2, width: 64, height: 64, compression: 3),
        ]
        chunked.renditions[0].chunks = LZVNWriter.chunks(disc, width: 64, height: 64) { LZVNWriter.lzfse($0) }
        chunked.renditions[1].chunks = LZVNWriter.chunks(disc, width: 64, height: 64) { LZVNWriter.lzvn($0) }
        // Small icons packed in an atlas: internal references with INLK links.
        var packed = CARWriter()
        var atlas = CARWriter.Rendition(
            name: "ZZZZPackedAsset-2.1.0-gamut0", fileName: "ZZZZPackedAsset-2.1.0-gamut0", idiom: 1, scale: 2, width: 64, height: 64,
            part: 181, layout: 1004)
        atlas.chunks = LZVNWriter.chunks(disc, width: 64, height: 64) { LZVNWriter.lzfse($0) }
        packed.renditions = [atlas]
        for (file, x, y) in [("Icon-20@2x.png", 0, 24), ("Icon-29@2x.png", 24, 0)] {
            var reference = CARWriter.Rendition(name: "AppIcon", fileName: file, idiom: 1, scale: 2, width: 40, height: 40, layout: 1003)
            reference.link = (UInt32(x), UInt32(y), 40, 40, packed.linkKey(atlas))
            packed.renditions.append(reference)
        }
        var wide = plain
        wide.zip64 = true
        wide.comment = Array("zip64".utf8)
        return [
            ("asset-catalog/appicon.car", CARWriter.appIcon.bytes()), ("asset-catalog/appicon-paged.car", paged.bytes()),
            ("asset-catalog/marketing-only.car", single.bytes()), ("zip/app.ipa", plain.bytes()),
            ("zip/app-zip64.ipa", wide.bytes()), ("asset-catalog/lzfse-chunks.car", chunked.bytes()),
            ("asset-catalog/packed-atlas.car", packed.bytes()),
            ("lzfse/writer-lzvn.lzfse", LZVNWriter.lzfse(disc)), ("lzfse/writer-raw.lzfse", LZVNWriter.lzfse(Array(disc.prefix(300)), raw: true)),
        ]
    }

    @Test func seedsAreCurrent() throws {
        for (name, bytes) in Self.expected {
            try Golden.assertBytes(bytes, at: Self.seeds.appendingPathComponent(name).path, name: "Fuzz/Seeds/\(name)")
        }
    }

    @Test func referenceEncoderSeedsDecode() throws {
        let folder = Self.seeds.appendingPathComponent("lzfse")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("writer-") }.sorted()
        #expect(names == ["fse-icon-rows.lzfse", "fse-text.lzfse", "lzvn-text.lzfse", "raw-random.lzfse"])
        for name in names {
            let stream = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let size = try LZFSE.declaredSize(stream, atMost: 1 << 20)
            let output = try LZFSE.decode(stream, expectedSize: size)
            if name == "lzvn-text.lzfse" { #expect(output == Array(String(repeating: "the quick brown fox ", count: 20).utf8)) }
            if name == "fse-text.lzfse" { #expect(output == Array(String(repeating: "the quick brown fox jumps over the lazy dog ", count: 120).utf8)) }
        }
    }
}
