/// Writes minimal BOM stores and compiled asset catalogs for the tests (actool does not run
/// on Linux). The shapes follow what real Assets.car files hold: a 512-byte big-endian
/// BOMStore header, blocks, the block index and the variables; little-endian CAR records.
struct BOMWriter {
    /// Block 0 is the null block.
    var blocks: [[UInt8]] = [[]]
    var variables: [(String, UInt32)] = []

    @discardableResult
    mutating func add(_ data: [UInt8]) -> UInt32 {
        blocks.append(data)
        return UInt32(blocks.count - 1)
    }

    mutating func variable(_ name: String, _ data: [UInt8]) {
        variables.append((name, add(data)))
    }

    /// A B-tree of `pairs` with `perPage` entries per leaf, leaves linked forward and back,
    /// and one inner page above them when there is more than one leaf.
    mutating func tree(_ name: String, _ pairs: [(key: [UInt8], value: [UInt8])], perPage: Int = 64) {
        var leaves: [(id: UInt32, lastKey: UInt32, entries: [(UInt32, UInt32)])] = []
        for start in stride(from: 0, to: max(pairs.count, 1), by: perPage) {
            var entries: [(UInt32, UInt32)] = []
            for pair in pairs[start..<min(start + perPage, pairs.count)] {
                let value = add(pair.value), key = add(pair.key)
                entries.append((value, key))
            }
            leaves.append((add([]), entries.last?.1 ?? 0, entries))  // page content filled below
        }
        for (position, leaf) in leaves.enumerated() {
            let forward = position + 1 < leaves.count ? leaves[position + 1].id : 0
            let backward = position > 0 ? leaves[position - 1].id : 0
            blocks[Int(leaf.id)] = Self.page(leaf: true, forward: forward, backward: backward, leaf.entries)
        }
        var root = leaves[0].id
        if leaves.count > 1 {
            root = add(Self.page(leaf: false, forward: 0, backward: 0, leaves.map { ($0.id, $0.lastKey) }))
        }
        variable(name, Array("tree".utf8) + be32(1) + be32(root) + be32(4096) + be32(UInt32(pairs.count)) + [0])
    }

    static func page(leaf: Bool, forward: UInt32, backward: UInt32, _ entries: [(UInt32, UInt32)]) -> [UInt8] {
        var out = be16(leaf ? 1 : 0) + be16(UInt16(entries.count)) + be32(forward) + be32(backward)
        for (value, key) in entries { out += be32(value) + be32(key) }
        return out
    }

    func bytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 512)
        var addresses: [(UInt32, UInt32)] = []
        for block in blocks {
            addresses.append(block.isEmpty ? (0, 0) : (UInt32(out.count), UInt32(block.count)))
            out += block
        }
        let indexOffset = out.count
        out += be32(UInt32(blocks.count))
        for (address, length) in addresses { out += be32(address) + be32(length) }
        let indexLength = out.count - indexOffset
        let variablesOffset = out.count
        out += be32(UInt32(variables.count))
        for (name, block) in variables { out += be32(block) + [UInt8(name.utf8.count)] + Array(name.utf8) }
        let variablesLength = out.count - variablesOffset
        let header =
            Array("BOMStore".utf8) + be32(1) + be32(UInt32(blocks.count)) + be32(UInt32(indexOffset))
            + be32(UInt32(indexLength)) + be32(UInt32(variablesOffset)) + be32(UInt32(variablesLength))
        out.replaceSubrange(0..<header.count, with: header)
        return out
    }
}

struct CARWriter {
    struct Rendition {
        var name: String
        var fileName: String
        var idiom: UInt16 = 1
        var scale: UInt16 = 2
        var width: UInt32
        var height: UInt32
        var appearance: UInt16 = 0
        var opaque = true
        var part: UInt16 = 220
        var index: UInt16 = 0
        var layout: UInt16 = 12
        var pixelFormat = "ARGB"
        var compression: UInt32 = 4
        var payload: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        var scaleFactor: UInt32?
        /// Rows in "KCBC" chunks, as Xcode 10 and later write bitmaps (then `payload` is unused).
        var chunks: [(rows: UInt32, data: [UInt8])]? = nil
        /// An internal reference's link (layout 1003): a rectangle (y from the bottom) of the
        /// packed atlas whose key pairs are given.
        var link: (x: UInt32, y: UInt32, width: UInt32, height: UInt32, key: [(UInt16, UInt16)])? = nil
    }

    /// The attribute order of a real Xcode 10-era catalog, scale and idiom first.
    var keyFormat: [UInt16] = [7, 13, 12, 15, 16, 26, 27, 9, 8, 25, 24, 4, 20, 21, 23, 22, 17, 1, 2, 10, 6]
    var renditions: [Rendition] = []
    var appearances: [(String, UInt16)] = [("UIAppearanceAny", 0), ("UIAppearanceDark", 1), ("ISAppearanceTintable", 6)]
    var perPage = 64

    /// Identifiers link facets to renditions; one per asset name.
    func identifier(_ name: String) -> UInt16 {
        UInt16(truncatingIfNeeded: name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) } % 60000 + 1)
    }

    func key(_ r: Rendition) -> [UInt8] {
        let values: [UInt16: UInt16] = [
            7: r.appearance, 12: r.scale, 15: r.idiom, 9: r.index,
            17: identifier(r.name), 1: 85, 2: r.part,
        ]
        return keyFormat.flatMap { le16(values[$0] ?? 0) }
    }

    /// The (attribute, value) pairs of a rendition's key that are not 0, as a link names them.
    func linkKey(_ r: Rendition) -> [(UInt16, UInt16)] {
        zip(keyFormat, stride(from: 0, to: key(r).count, by: 2).map { UInt16(key(r)[$0]) | UInt16(key(r)[$0 + 1]) << 8 })
            .filter { $0.1 != 0 }
    }

    static func csi(_ r: Rendition) -> [UInt8] {
        var name = Array(r.fileName.utf8.prefix(127))
        name += [UInt8](repeating: 0, count: 128 - name.count)
        var tlv: [UInt8] = le32(1001) + le32(4) + le32(0)  // one TLV: a 4-byte slice count
        if let link = r.link {
            let pairs = link.key.flatMap { le16($0.0) + le16($0.1) } + le32(0)
            let inlk =
                Array("KLNI".utf8) + le32(0) + le32(link.x) + le32(link.y) + le32(link.width) + le32(link.height)
                + le16(12) + le32(UInt32(pairs.count)) + pairs
            tlv += le32(1010) + le32(UInt32(inlk.count)) + inlk
        }
        // A multi-size set's payload lists its sizes ("SISM"); a bitmap's starts with "MLEC".
        var payload =
            r.layout == 1003
            ? []
            : r.layout == 1010
                ? Array("SISM".utf8) + le32(1) + le32(0)
                : Array("MLEC".utf8) + le32(0) + le32(r.compression) + le32(UInt32(r.payload.count)) + r.payload
        if let chunks = r.chunks {
            payload = Array("MLEC".utf8) + le32(3) + le32(r.compression) + le32(UInt32(chunks.count))
            for chunk in chunks {
                payload += Array("KCBC".utf8) + le32(0) + le32(0) + le32(chunk.rows) + le32(UInt32(chunk.data.count)) + chunk.data
            }
        }
        let format = r.pixelFormat.isEmpty ? [0, 0, 0, 0] : Array(r.pixelFormat.utf8.reversed())
        var out = Array("ISTC".utf8) + le32(1) + le32(r.opaque ? 0x8 : 0) + le32(r.width) + le32(r.height)
        out += le32(r.scaleFactor ?? UInt32(r.scale) * 100) + format + le32(0)
        out += le32(0) + le16(r.layout) + le16(0) + name
        out += le32(UInt32(tlv.count)) + le32(0) + le32(0) + le32(UInt32(payload.count)) + tlv + payload
        return out
    }

    func header() -> [UInt8] {
        func field(_ text: String, _ size: Int) -> [UInt8] {
            let bytes = Array(text.utf8.prefix(size - 1))
            return bytes + [UInt8](repeating: 0, count: size - bytes.count)
        }
        return Array("RATC".utf8) + le32(802) + le32(17) + le32(0) + le32(UInt32(renditions.count))
            + field("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-802\n", 128) + field("Xcode 16 (synthetic)", 256)
            + [UInt8](repeating: 7, count: 16) + le32(0) + le32(2) + le32(0) + le32(2)
    }

    func store() -> BOMWriter {
        var bom = BOMWriter()
        bom.variable("CARHEADER", header())
        var facets: [String: [UInt8]] = [:]
        for r in renditions {
            facets[r.name] =
                le16(0) + le16(0) + le16(3) + le16(1) + le16(85) + le16(2) + le16(r.part)
                + le16(17) + le16(identifier(r.name))
        }
        bom.tree("FACETKEYS", facets.sorted { $0.key < $1.key }.map { (Array($0.key.utf8), $0.value) }, perPage: perPage)
        bom.tree("APPEARANCEKEYS", appearances.map { (Array($0.0.utf8), le16($0.1)) }, perPage: perPage)
        bom.variable("KEYFORMAT", Array("tmfk".utf8) + le32(0) + le32(UInt32(keyFormat.count)) + keyFormat.flatMap { le32(UInt32($0)) })
        bom.tree("RENDITIONS", renditions.map { (key($0), Self.csi($0)) }, perPage: perPage)
        return bom
    }

    func bytes() -> [UInt8] { store().bytes() }

    /// A small app icon set: iPhone 60 pt @2x/@3x, iPad 76 pt @2x (dark too), the App
    /// Store 1024 (with alpha), and one ordinary image that is not an icon.
    static var appIcon: CARWriter {
        var writer = CARWriter()
        writer.renditions = [
            Rendition(
                name: "AppIcon", fileName: "AppIcon", width: 0, height: 0, part: 218, layout: 1010,
                pixelFormat: "", scaleFactor: 0),
            Rendition(name: "AppIcon", fileName: "Icon-60@2x.png", idiom: 1, scale: 2, width: 120, height: 120, index: 2),
            Rendition(name: "AppIcon", fileName: "Icon-60@3x.png", idiom: 1, scale: 3, width: 180, height: 180, index: 2),
            Rendition(name: "AppIcon", fileName: "Icon-76@2x.png", idiom: 2, scale: 2, width: 152, height: 152, index: 3),
            Rendition(
                name: "AppIcon", fileName: "Icon-76-dark@2x.png", idiom: 2, scale: 2, width: 152, height: 152,
                appearance: 1, index: 3),
            Rendition(
                name: "AppIcon", fileName: "Icon-1024.png", idiom: 6, scale: 1, width: 1024, height: 1024,
                opaque: false, index: 6),
            Rendition(
                name: "Logo", fileName: "logo@2x.png", idiom: 0, scale: 2, width: 64, height: 32, part: 181,
                pixelFormat: "GA8 ", compression: 11),
        ]
        return writer
    }
}
