/// A compiled asset catalog (`Assets.car`): its header and its renditions, listed from the
/// BOM container without decompressing any pixel payload.
///
/// The CAR layer (little-endian, inside the big-endian BOM): CARHEADER ("RATC"), KEYFORMAT
/// ("tmfk": the attribute ids that make up every rendition key), FACETKEYS (asset name →
/// attributes, among them the identifier that links an asset to its renditions),
/// APPEARANCEKEYS (appearance name → id), and the RENDITIONS B-tree: key = one UInt16 per
/// KEYFORMAT attribute, value = a CSI header ("ISTC": flags, width, height, scale × 100,
/// pixel format, layout, name, TLV length, payload length), its TLVs, then the payload.
public struct AssetCatalogFile: Sendable {
    public let header: CARHeader
    /// The attribute ids of every rendition key, in key order.
    public let keyFormat: [CARAttribute]
    /// Every rendition, in the RENDITIONS tree's order.
    public let renditions: [CARRendition]
    /// The file, for the payloads that can be decoded.
    let bytes: [UInt8]

    /// The app icon images (part 220): name, idiom, size, scale, appearance, opaque flag.
    public var iconRenditions: [CARRendition] { renditions.filter(\.isIcon) }

    public init(path: String, limits: CARLimits = .default) throws(CARError) {
        let file: OpenFile
        switch OpenFile.open(path) {
        case .success(let opened): file = opened
        case .failure(let error): throw .io(path: path, reason: error.reason)
        }
        guard file.size <= UInt64(limits.maxFileBytes) else {
            throw .limitExceeded(detail: "\(file.size) bytes, above the limit of \(limits.maxFileBytes)")
        }
        guard let bytes = file.read(at: 0, count: Int(file.size)) else { throw .io(path: path, reason: "read error") }
        try self.init(bytes: bytes, limits: limits)
    }

    public init(bytes: [UInt8], limits: CARLimits = .default) throws(CARError) {
        guard bytes.count <= limits.maxFileBytes else {
            throw .limitExceeded(detail: "\(bytes.count) bytes, above the limit of \(limits.maxFileBytes)")
        }
        self.bytes = bytes
        let store = try BOMStore(bytes: bytes, limits: limits)
        guard let headerBlock = try store.variable("CARHEADER") else { throw .notCAR(detail: "no CARHEADER") }
        header = try Self.header(headerBlock)
        guard let keyBlock = try store.variable("KEYFORMAT") else { throw .notCAR(detail: "no KEYFORMAT") }
        keyFormat = try Self.keyFormat(keyBlock)
        guard store.variables["RENDITIONS"] != nil else { throw .notCAR(detail: "no RENDITIONS tree") }

        var facets: [UInt16: String] = [:]
        for (key, value) in try store.tree("FACETKEYS", limits: limits) {
            guard let count = value.le16(4), let pairs = value.window(6, Int(count) * 4) else {
                throw .corrupt(detail: "a FACETKEYS entry is shorter than its attribute count")
            }
            let name = String(decoding: key.all, as: UTF8.self)
            for pair in 0..<Int(count) where pairs.le16(pair * 4) == CARAttribute.identifier.rawValue {
                facets[pairs.le16(pair * 4 + 2)!] = name
            }
        }
        var appearances: [UInt16: String] = [:]
        for (key, value) in try store.tree("APPEARANCEKEYS", limits: limits) {
            guard let id = value.le16(0) else { throw .corrupt(detail: "an APPEARANCEKEYS entry has no id") }
            appearances[id] = String(decoding: key.all, as: UTF8.self)
        }
        var renditions: [CARRendition] = []
        for (key, value) in try store.tree("RENDITIONS", limits: limits) {
            renditions.append(
                try Self.rendition(
                    key: key, value: value, keyFormat: keyFormat, facets: facets,
                    appearances: appearances, limits: limits))
        }
        self.renditions = renditions
    }

    private static func header(_ block: ByteWindow) throws(CARError) -> CARHeader {
        guard block.slice(0, 4)?.elementsEqual("RATC".utf8) == true else {
            throw .notCAR(detail: "the CARHEADER does not start with RATC")
        }
        guard block.count >= 436, let coreUI = block.le32(4), let storage = block.le32(8),
            let count = block.le32(16), let main = block.cString(20, 128), let version = block.cString(148, 256)
        else {
            throw .corrupt(detail: "the CARHEADER is \(block.count) bytes, shorter than its 436")
        }
        return CARHeader(
            coreUIVersion: coreUI, storageVersion: storage, renditionCount: count,
            mainVersion: main.trimmingNewlines, versionString: version.trimmingNewlines,
            schemaVersion: block.le32(424) ?? 0, keySemantics: block.le32(432) ?? 0)
    }

    private static func keyFormat(_ block: ByteWindow) throws(CARError) -> [CARAttribute] {
        guard block.slice(0, 4)?.elementsEqual("tmfk".utf8) == true, let count = block.le32(8) else {
            throw .corrupt(detail: "the KEYFORMAT does not start with tmfk")
        }
        guard count <= 64, let ids = block.window(12, Int(count) * 4) else {
            throw .corrupt(detail: "the KEYFORMAT declares \(count) attributes in \(block.count) bytes")
        }
        return (0..<Int(count)).map { CARAttribute(rawValue: UInt16(truncatingIfNeeded: ids.le32($0 * 4)!)) }
    }

    /// Appearance names as the lint rules speak of them.
    static func appearance(_ name: String) -> String {
        switch name {
        case "UIAppearanceAny", "NSAppearanceNameSystem": "any"
        case "UIAppearanceDark", "NSAppearanceNameDarkAqua": "dark"
        case "UIAppearanceLight", "NSAppearanceNameAqua": "light"
        case "ISAppearanceTintable": "tinted"
        default: name
        }
    }

    /// Bitmap payload compressions (the "MLEC" header's compression field).
    static func compression(_ code: UInt32) -> String {
        switch code {
        case 0: "none"
        case 1: "rle"
        case 2: "zip"
        case 3: "lzvn"
        case 4: "lzfse"
        case 5: "jpeg-lzfse"
        case 6: "blurred"
        case 7: "astc"
        case 8: "palette-img"
        case 9: "hevc"
        case 10: "deepmap-lzfse"
        case 11: "deepmap2"
        default: "compression \(code)"
        }
    }

    private static func rendition(
        key: ByteWindow, value: ByteWindow, keyFormat: [CARAttribute],
        facets: [UInt16: String], appearances: [UInt16: String],
        limits: CARLimits
    ) throws(CARError) -> CARRendition {
        guard key.count >= keyFormat.count * 2 else {
            throw .corrupt(detail: "a rendition key is \(key.count) bytes; the KEYFORMAT needs \(keyFormat.count * 2)")
        }
        var attributes: [CARAttribute: UInt16] = [:]
        for (position, attribute) in keyFormat.enumerated() {
            let number = key.le16(position * 2)!
            if number != 0 || attribute == .idiom || attribute == .appearance { attributes[attribute] = number }
        }
        guard value.count >= 184 else {
            throw .corrupt(detail: "a rendition's CSI header is \(value.count) bytes, shorter than its 184")
        }
        guard value.slice(0, 4)!.elementsEqual("ISTC".utf8) else {
            throw .corrupt(detail: "a rendition does not start with a CSI header (ISTC)")
        }
        let flags = value.le32(8)!
        let width = Int(value.le32(12)!), height = Int(value.le32(16)!), scaleFactor = Int(value.le32(20)!)
        let fileName = value.cString(40, 128)!
        let layout = value.le16(36)!
        guard width <= limits.maxSide, height <= limits.maxSide else {
            throw .limitExceeded(detail: "rendition '\(fileName.printable)' claims \(width) × \(height) pixels, above \(limits.maxSide)")
        }
        guard scaleFactor <= limits.maxScaleFactor else {
            throw .limitExceeded(detail: "rendition '\(fileName.printable)' claims a scale of \(scaleFactor / 100)×")
        }
        let tlvLength = Int(value.le32(168)!), payloadLength = Int(value.le32(180)!)
        guard let payload = value.window(from: 184).flatMap({ $0.window(from: tlvLength) }),
            payloadLength <= payload.count
        else {
            throw .corrupt(
                detail: "rendition '\(fileName.printable)' declares \(tlvLength) bytes of TLVs and \(payloadLength) of payload in \(value.count - 184)")
        }
        let format = value.le32(24)!
        var compression: String?
        var bitmap: Range<Int>?
        if payload.slice(0, 4)?.elementsEqual("MLEC".utf8) == true, let code = payload.le32(8) {
            // "MLEC", flags, compression, then the length of one stream or a count of chunks.
            compression = Self.compression(code)
            bitmap = payload.window(0, payloadLength)?.range
        }
        var link: CARLink?
        if layout == 1003, let tlvs = value.window(184, tlvLength) {
            var offset = 0
            while let type = tlvs.le32(offset), let length = tlvs.le32(offset + 4), let data = tlvs.window(offset + 8, Int(length)) {
                if type == 1010 { link = CARLink(data) }
                offset += 8 + Int(length)
            }
        }
        let appearanceID = attributes[.appearance] ?? 0
        let appearance = appearances[appearanceID].map(Self.appearance) ?? (appearanceID == 0 ? "any" : "appearance \(appearanceID)")
        let identifier = attributes[.identifier]
        return CARRendition(
            name: identifier.flatMap { facets[$0] } ?? fileName, fileName: fileName, attributes: attributes,
            width: width, height: height, scaleFactor: scaleFactor, appearance: appearance,
            isOpaque: flags & 0x8 != 0, pixelFormat: format == 0 ? "" : value.fourCC(24, reversed: true)!,
            layout: layout, compression: compression, payloadLength: payloadLength, flags: flags, bitmap: bitmap, link: link)
    }
}

extension String {
    fileprivate var trimmingNewlines: String {
        var text = self
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text
    }

    /// Names come from the file: control characters would break a one-line message.
    fileprivate var printable: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.prefix(200).map {
                    $0.properties.generalCategory == .control ? "?" : $0
                }))
    }
}

extension AssetCatalogFile {
    /// True when `path` is a regular file starting with "BOMStore": the way to tell an
    /// Assets.car by content, not by name. FIFOs and folders are never read.
    public static func hasBOMSignature(atPath path: String) -> Bool {
        guard case .success(let file) = OpenFile.open(path), let magic = file.read(at: 0, count: 8) else { return false }
        return magic.elementsEqual("BOMStore".utf8)
    }
}
