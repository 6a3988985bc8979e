import BundleKit
import Foundation
import IconLintTestSupport
import Testing

@Suite struct AssetCatalogTests {
    @Test(arguments: [64, 2])
    func listsIconRenditionsWithoutDecompressing(perPage: Int) throws {
        var writer = CARWriter.appIcon
        writer.perPage = perPage  // 2: several leaves under an inner page
        let catalog = try AssetCatalogFile(bytes: writer.bytes())
        #expect(catalog.header.coreUIVersion == 802)
        #expect(catalog.header.mainVersion == "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-802")
        #expect(catalog.keyFormat.count == writer.keyFormat.count)
        #expect(catalog.renditions.count == 7)
        let icons = catalog.iconRenditions
        #expect(
            icons.map(\.fileName) == [
                "Icon-60@2x.png", "Icon-60@3x.png", "Icon-76@2x.png", "Icon-76-dark@2x.png",
                "Icon-1024.png",
            ])
        #expect(icons.allSatisfy { $0.name == "AppIcon" && $0.pixelFormat == "ARGB" && $0.compression == "lzfse" })
        #expect(icons.map(\.idiom) == [.phone, .phone, .pad, .pad, .marketing])
        #expect(icons.map(\.scale) == [2, 3, 2, 2, 1])
        #expect(icons.map(\.width) == [120, 180, 152, 152, 1024])
        #expect(icons.map(\.appearance) == ["any", "any", "any", "dark", "any"])
        #expect(icons.map(\.isOpaque) == [true, true, true, true, false])
        #expect(icons.allSatisfy { $0.payloadLength == 24 })
        let logo = try #require(catalog.renditions.first { $0.name == "Logo" })
        #expect(!logo.isIcon && logo.pixelFormat == "GA8 " && logo.compression == "deepmap2" && logo.idiom == .universal)
        let set = try #require(catalog.renditions.first { $0.layout == 1010 })
        #expect(set.name == "AppIcon" && set.part == 218 && set.pixelFormat == "" && set.compression == nil)
    }

    @Test func readsFromAFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.write("Assets.car", CARWriter.appIcon.bytes())
        #expect(try AssetCatalogFile(path: path).iconRenditions.count == 5)
        #expect { try AssetCatalogFile(path: scratch.url.path) } throws: { ($0 as? CARError)?.kind == "io" }
    }

    @Test func notABOMAndNotACatalogAreNamed() throws {
        #expect(throws: CARError.notBOM(detail: "the file is empty")) { try AssetCatalogFile(bytes: []) }
        #expect(throws: CARError.notBOM(detail: "no BOMStore header")) {
            try AssetCatalogFile(bytes: [137, 80, 78, 71] + [UInt8](repeating: 0, count: 60))
        }
        var bom = BOMWriter()
        bom.variable("Paths", [1, 2, 3])
        #expect(throws: CARError.notCAR(detail: "no CARHEADER")) { try AssetCatalogFile(bytes: bom.bytes()) }
    }

    @Test func everyTruncationIsRefusedWithOneLine() throws {
        let bytes = CARWriter.appIcon.bytes()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            do {
                _ = try AssetCatalogFile(bytes: Array(bytes.prefix(length)))
                Issue.record("a catalog cut at \(length) of \(bytes.count) bytes was accepted")
            } catch {
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func cyclicTreePagesAreDetected() throws {
        // A leaf whose forward link points back at itself.
        var bom = CARWriter.appIcon.store()
        let leaf = try #require(Self.firstLeaf(of: "RENDITIONS", in: bom))
        bom.blocks[Int(leaf)].replaceSubrange(4..<8, with: be32(leaf))
        #expect(throws: CARError.cyclicTree(name: "RENDITIONS")) { try AssetCatalogFile(bytes: bom.bytes()) }
        // An inner page whose first child is itself.
        var writer = CARWriter.appIcon
        writer.perPage = 2
        var inner = writer.store()
        let root = try #require(Self.root(of: "RENDITIONS", in: inner))
        inner.blocks[Int(root)].replaceSubrange(12..<16, with: be32(root))
        #expect(throws: CARError.cyclicTree(name: "RENDITIONS")) { try AssetCatalogFile(bytes: inner.bytes()) }
    }

    @Test func absurdRenditionSizesAreRefused() throws {
        var writer = CARWriter.appIcon
        writer.renditions[1].width = 4_000_000_000
        #expect { try AssetCatalogFile(bytes: writer.bytes()) } throws: { error in
            (error as? CARError)?.kind == "too-large" && "\(error)".contains("Icon-60@2x.png")
        }
        writer = CARWriter.appIcon
        writer.renditions[2].scaleFactor = 90000
        #expect { try AssetCatalogFile(bytes: writer.bytes()) } throws: { ($0 as? CARError)?.kind == "too-large" }
    }

    @Test func offsetsOutsideTheFileAreCorrupt() throws {
        var bytes = CARWriter.appIcon.bytes()
        // The block index's offset (header bytes 16..<20) pointed past the end.
        bytes.replaceSubrange(16..<20, with: be32(UInt32(bytes.count + 10)))
        #expect { try AssetCatalogFile(bytes: bytes) } throws: { ($0 as? CARError)?.kind == "corrupt" }
        // A rendition declaring more payload than it holds.
        var writer = CARWriter.appIcon.store()
        let csi = try #require(writer.blocks.firstIndex { $0.starts(with: Array("ISTC".utf8)) })
        writer.blocks[csi].replaceSubrange(180..<184, with: le32(1 << 30))
        #expect { try AssetCatalogFile(bytes: writer.bytes()) } throws: { ($0 as? CARError)?.kind == "corrupt" }
        // A key shorter than the KEYFORMAT.
        var short = CARWriter.appIcon.store()
        let key = try #require(Self.firstKey(of: "RENDITIONS", in: short))
        short.blocks[Int(key)].removeLast(4)
        #expect { try AssetCatalogFile(bytes: short.bytes()) } throws: { ($0 as? CARError)?.kind == "corrupt" }
    }

    /// Random damage never crashes, hangs or allocates without bound: it is read or refused.
    @Test func randomDamageIsReadOrRefused() throws {
        let original = CARWriter.appIcon.bytes()
        var generator = SplitMix64(seed: 14)
        var refused = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            do { _ = try AssetCatalogFile(bytes: bytes) } catch {
                refused += 1
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(refused > 0)
    }

    static func root(of name: String, in bom: BOMWriter) -> UInt32? {
        guard let tree = bom.variables.first(where: { $0.0 == name })?.1 else { return nil }
        let header = bom.blocks[Int(tree)]
        return header[8..<12].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func firstLeaf(of name: String, in bom: BOMWriter) -> UInt32? {
        var page = root(of: name, in: bom)
        while let id = page, bom.blocks[Int(id)][1] == 0 {
            page = bom.blocks[Int(id)][12..<16].reduce(0) { $0 << 8 | UInt32($1) }
        }
        return page
    }

    static func firstKey(of name: String, in bom: BOMWriter) -> UInt32? {
        guard let leaf = firstLeaf(of: name, in: bom) else { return nil }
        return bom.blocks[Int(leaf)][16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
