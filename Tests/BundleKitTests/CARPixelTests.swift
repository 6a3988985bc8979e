import BundleKit
import Foundation
import Testing

/// `AssetCatalogFile.alpha`: the pixels of icon renditions, in every shape the real catalogs
/// showed (one zlib stream, KCBC chunks of LZFSE or raw LZVN), and the ones it refuses.
@Suite struct CARPixelTests {
    static let disc = IconPixels.bgra(width: 60, height: 60, disc: true, noise: 5)
    static let transparent = disc.enumerated().filter { $0.offset % 4 == 3 && $0.element < 255 }.count

    static func catalog(_ change: (inout CARWriter.Rendition) -> Void) throws -> (AssetCatalogFile, CARRendition) {
        var rendition = CARWriter.Rendition(name: "AppIcon", fileName: "Icon-60.png", idiom: 1, scale: 1, width: 60, height: 60, opaque: false)
        change(&rendition)
        var writer = CARWriter()
        writer.renditions = [rendition]
        let file = try AssetCatalogFile(bytes: writer.bytes())
        return (file, try #require(file.iconRenditions.first))
    }

    /// Rows padded as CoreUI pads them: 60 pixels are 240 bytes, stored in 256.
    static func padded(_ bgra: [UInt8], width: Int, to stride: Int) -> [UInt8] {
        var out: [UInt8] = []
        let rowBytes = width * 4
        for row in 0..<(bgra.count / rowBytes) {
            out += bgra[(row * rowBytes)..<((row + 1) * rowBytes)]
            out += [UInt8](repeating: 0, count: stride - rowBytes)
        }
        return out
    }

    @Test(arguments: [(4, 240), (4, 256), (3, 240), (3, 256), (2, 256)])
    func decodesChunksAndPaddedRows(compression: UInt32, stride: Int) throws {
        let rows = Self.padded(Self.disc, width: 60, to: stride)
        let (file, rendition) = try Self.catalog { r in
            r.compression = compression
            if compression == 2 {
                r.payload = ZipWriter.rawDeflate(rows)
            } else {
                r.chunks = LZVNWriter.chunks(rows, width: stride / 4, height: 60) { compression == 3 ? LZVNWriter.lzvn($0) : LZVNWriter.lzfse($0) }
            }
        }
        let alpha = try file.alpha(rendition).get()
        #expect(alpha == CARAlpha(lowest: 0, transparentPixels: Self.transparent, pixels: 3600))
        #expect(Self.transparent > 300 && Self.transparent < 1000)
    }

    @Test func saysWhatItDoesNotDecode() throws {
        let cases: [(change: (inout CARWriter.Rendition) -> Void, problem: CARPixelProblem)] = [
            ({ $0.compression = 11 }, .notDecoded("compressed as deepmap2")),
            ({ $0.compression = 8 }, .notDecoded("compressed as palette-img")),
            ({ $0.compression = 1 }, .notDecoded("compressed as rle")),
            ({ $0.pixelFormat = "GA8 " }, .notDecoded("in pixel format GA8 ")),
            ({ $0.layout = 1003 }, .notDecoded("a reference without a link (no INLK)")),
        ]
        for (change, problem) in cases {
            let (file, rendition) = try Self.catalog(change)
            #expect(file.alpha(rendition) == .failure(problem))
        }
    }

    @Test func damagedBitmapsAreOneLineEach() throws {
        let good = LZVNWriter.chunks(Self.disc, width: 60, height: 60) { LZVNWriter.lzfse($0) }
        let cases: [(chunks: [(rows: UInt32, data: [UInt8])], says: String)] = [
            (Array(good.prefix(2)), "the chunks hold 40 rows of 60"),
            (good.map { ($0.rows + 1, $0.data) }, "chunk 3 of 3 declares 21 rows; 18 remain"),
            (good.enumerated().map { $0.offset == 1 ? ($0.element.rows, Array($0.element.data.dropLast(6))) : $0.element }, "chunk 2: truncated LZFSE stream"),
            ([(60, LZVNWriter.lzfse(Array(Self.disc.prefix(1000))))], "chunk 1 decodes to 1000 bytes, not 60 rows of 60 pixels"),
            ([(60, Array("bvxn".utf8) + le32(1 << 30) + le32(0) + Array("bvx$".utf8))], "more than the 18180 bytes expected"),
        ]
        for (chunks, says) in cases {
            let (file, rendition) = try Self.catalog {
                $0.compression = 4
                $0.chunks = chunks
            }
            guard case .failure(.damaged(let detail)) = file.alpha(rendition) else {
                Issue.record("\(says): decoded")
                continue
            }
            #expect(detail.contains(says), "\(detail)")
            #expect(!detail.contains("\n"))
        }
        // A chunk count above the rows, and more chunks than the record holds.
        var writer = CARWriter()
        var chunked = CARWriter.Rendition(name: "AppIcon", fileName: "Icon-60.png", idiom: 1, scale: 1, width: 60, height: 60, compression: 4)
        chunked.chunks = good
        writer.renditions = [chunked]
        var bytes = writer.bytes()
        let record = try #require(try AssetCatalogFile(bytes: bytes).iconRenditions.first?.bitmap)
        for (count, problem) in [
            (61, "the bitmap declares 61 chunks for 60 rows"), (4, "chunk 4 of 4 does not fit the bitmap's \(record.count) bytes"),
        ] {
            bytes.replaceSubrange((record.lowerBound + 12)..<(record.lowerBound + 16), with: le32(UInt32(count)))
            let file = try AssetCatalogFile(bytes: bytes)
            #expect(file.alpha(try #require(file.iconRenditions.first)) == .failure(.damaged(problem)))
        }
    }

    /// Small icons in a packed atlas, as actool writes them for Flutter's and most apps' sets:
    /// each an internal reference whose link names a rectangle of the atlas, y from the bottom.
    @Test func referencesAreJudgedFromTheirRectangleOfTheAtlas() throws {
        // A 100 × 90 atlas: an opaque 40 × 40 square at the top left, a disc at the bottom
        // right, transparent padding around them.
        var pixels = [UInt8](repeating: 0, count: 100 * 90 * 4)
        let opaque = IconPixels.bgra(width: 40, height: 40, disc: false, noise: 0)
        let disc = IconPixels.bgra(width: 40, height: 40, disc: true, noise: 0)
        for row in 0..<40 {
            pixels.replaceSubrange(((2 + row) * 400 + 8)..<((2 + row) * 400 + 168), with: opaque[(row * 160)..<((row + 1) * 160)])
            pixels.replaceSubrange(((48 + row) * 400 + 240)..<((48 + row) * 400 + 400), with: disc[(row * 160)..<((row + 1) * 160)])
        }
        var writer = CARWriter()
        var atlas = CARWriter.Rendition(
            name: "ZZZZPackedAsset-2.1.0-gamut0", fileName: "ZZZZPackedAsset-2.1.0-gamut0", idiom: 1, scale: 2, width: 100, height: 90,
            part: 181, layout: 1004)
        atlas.chunks = LZVNWriter.chunks(pixels, width: 100, height: 90) { LZVNWriter.lzfse($0) }
        let key = writer.linkKey(atlas)
        func reference(_ file: String, x: UInt32, y: UInt32, side: UInt32 = 40, key: [(UInt16, UInt16)]) -> CARWriter.Rendition {
            var r = CARWriter.Rendition(name: "AppIcon", fileName: file, idiom: 1, scale: 2, width: side, height: side, layout: 1003)
            r.link = (x, y, side, side, key)
            return r
        }
        writer.renditions = [
            atlas, reference("square.png", x: 2, y: 90 - 2 - 40, key: key), reference("disc.png", x: 60, y: 2, key: key),
            reference("padding.png", x: 0, y: 0, key: key), reference("outside.png", x: 70, y: 60, key: key),
            reference("lost.png", x: 2, y: 2, key: [(2, 181), (12, 3)]),
        ]
        let file = try AssetCatalogFile(bytes: writer.bytes())
        let alpha = Dictionary(uniqueKeysWithValues: file.iconRenditions.map { ($0.fileName, file.alpha($0)) })
        let transparent = disc.enumerated().filter { $0.offset % 4 == 3 && $0.element < 255 }.count
        #expect(alpha["square.png"] == .success(CARAlpha(lowest: 255, transparentPixels: 0, pixels: 1600)))
        #expect(alpha["disc.png"] == .success(CARAlpha(lowest: 0, transparentPixels: transparent, pixels: 1600)))
        #expect(alpha["padding.png"] == .success(CARAlpha(lowest: 0, transparentPixels: 1600, pixels: 1600)))
        #expect(alpha["outside.png"] == .failure(.damaged("its rectangle (40 × 40 at 70, 60) lies outside its 100 × 90 atlas")))
        #expect(alpha["lost.png"] == .failure(.damaged("the packed atlas its link names is not in the catalog")))
    }

    /// Thousands of references into one 2048² atlas decode it once, not once each (a hostile
    /// catalog's cheapest way to multiply the work).
    @Test func referencesIntoOneAtlasDecodeItOnce() throws {
        var writer = CARWriter()
        var atlas = CARWriter.Rendition(
            name: "ZZZZPackedAsset-2.1.0-gamut0", fileName: "ZZZZPackedAsset-2.1.0-gamut0", idiom: 1, scale: 2, width: 2048, height: 2048,
            part: 181, layout: 1004)
        atlas.chunks = LZVNWriter.chunks([UInt8](repeating: 0xFF, count: 2048 * 2048 * 4), width: 2048, height: 2048) { LZVNWriter.lzfse($0) }
        let key = writer.linkKey(atlas)
        writer.renditions = [atlas]
        for index in 0..<3000 {
            var reference = CARWriter.Rendition(
                name: "AppIcon", fileName: "icon-\(index).png", idiom: 1, scale: 2, width: 40, height: 40, layout: 1003)
            reference.link = (UInt32(index % 2000), UInt32(index % 1000), 40, 40, key)
            writer.renditions.append(reference)
        }
        let file = try AssetCatalogFile(bytes: writer.bytes())
        let start = Date()
        let alphas = file.alphas(file.iconRenditions)
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(alphas.count == 3000 && alphas.allSatisfy { $0 == .success(CARAlpha(lowest: 255, transparentPixels: 0, pixels: 1600)) })
    }

    /// Catalogs the asset-catalog fuzz target found (Fixtures/Fuzz/asset-catalog), as it runs them.
    @Test func fuzzFindingsStayFixed() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz/asset-catalog")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            guard let file = try? AssetCatalogFile(bytes: bytes) else { continue }
            for rendition in file.iconRenditions { _ = file.alpha(rendition) }
        }
    }

    /// A claimed 4096² icon is not decoded at all: the icon limits bound the work.
    @Test func aRenditionAboveTheIconLimitsIsNotDecoded() throws {
        let (file, rendition) = try Self.catalog {
            $0.width = 4096
            $0.height = 4096
            $0.compression = 4
        }
        #expect(file.alpha(rendition) == .failure(.damaged("4096 × 4096 pixels, outside 1…2048")))
    }
}
