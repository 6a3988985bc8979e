/// A rendition attribute id of the KEYFORMAT (CoreUI's theme attributes).
public struct CARAttribute: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let element = CARAttribute(rawValue: 1)
    public static let part = CARAttribute(rawValue: 2)
    public static let size = CARAttribute(rawValue: 3)
    public static let direction = CARAttribute(rawValue: 4)
    public static let value = CARAttribute(rawValue: 6)
    public static let appearance = CARAttribute(rawValue: 7)
    public static let dimension1 = CARAttribute(rawValue: 8)
    public static let dimension2 = CARAttribute(rawValue: 9)
    public static let state = CARAttribute(rawValue: 10)
    public static let scale = CARAttribute(rawValue: 12)
    public static let idiom = CARAttribute(rawValue: 15)
    public static let subtype = CARAttribute(rawValue: 16)
    public static let identifier = CARAttribute(rawValue: 17)

    public static func < (a: CARAttribute, b: CARAttribute) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch rawValue {
        case 1: "element"
        case 2: "part"
        case 3: "size"
        case 4: "direction"
        case 6: "value"
        case 7: "appearance"
        case 8: "dimension1"
        case 9: "dimension2"
        case 10: "state"
        case 12: "scale"
        case 15: "idiom"
        case 16: "subtype"
        case 17: "identifier"
        default: "attribute \(rawValue)"
        }
    }
}

/// The device family a rendition is for (the KEYFORMAT's idiom attribute).
public struct CARIdiom: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let universal = CARIdiom(rawValue: 0)
    public static let phone = CARIdiom(rawValue: 1)
    public static let pad = CARIdiom(rawValue: 2)
    public static let tv = CARIdiom(rawValue: 3)
    public static let car = CARIdiom(rawValue: 4)
    public static let watch = CARIdiom(rawValue: 5)
    /// The App Store (the 1024 "ios-marketing" image).
    public static let marketing = CARIdiom(rawValue: 6)

    /// The name Contents.json uses for it.
    public var description: String {
        switch rawValue {
        case 0: "universal"
        case 1: "iphone"
        case 2: "ipad"
        case 3: "tv"
        case 4: "car"
        case 5: "watch"
        case 6: "marketing"
        case 7: "mac"
        case 8: "vision"
        default: "idiom \(rawValue)"
        }
    }
}

/// One rendition of a compiled asset catalog, as its CSI header ("ISTC") and key describe
/// it. The pixel payload is decompressed only on request (`AssetCatalogFile.alpha`).
public struct CARRendition: Sendable, Equatable {
    /// The asset's name (its facet, e.g. "AppIcon"); the file name when no facet names it.
    public var name: String
    /// The name stored in the rendition, e.g. "Icon-60@3x.png".
    public var fileName: String
    /// The rendition's key, by attribute.
    public var attributes: [CARAttribute: UInt16]
    public var width: Int
    public var height: Int
    /// The scale × 100 as stored (100, 200, 300; 0 for renditions without pixels).
    public var scaleFactor: Int
    /// "any", "dark", "tinted", "light", or the catalog's own appearance name.
    public var appearance: String
    /// The CSI header's opaque flag: actool found no pixel below full alpha.
    public var isOpaque: Bool
    /// The pixel format as four characters ("ARGB", "GA8 ", "JPEG", "DATA"), "" when none.
    public var pixelFormat: String
    /// CoreUI's layout code (12 image, 1003 internal reference, 1010 multi-size set, …).
    public var layout: UInt16
    /// The payload's compression when it is a bitmap ("lzfse", "zip", "deepmap2", …).
    public var compression: String?
    /// Bytes of the payload after the CSI header and its TLVs.
    public var payloadLength: Int
    /// The raw CSI flags word.
    public var flags: UInt32
    /// Where the bitmap record ("MLEC": its header, then one stream or "KCBC" chunks of rows)
    /// lies in the catalog's bytes, for `AssetCatalogFile.alpha`.
    public var bitmap: Range<Int>? = nil
    /// For an internal reference (layout 1003): where its pixels lie in another rendition.
    public var link: CARLink? = nil

    public var idiom: CARIdiom { CARIdiom(rawValue: attributes[.idiom] ?? 0) }
    public var element: UInt16 { attributes[.element] ?? 0 }
    public var part: UInt16 { attributes[.part] ?? 0 }
    /// The scale as a whole factor (1, 2, 3), from the key or else the header.
    public var scale: Int { Int(attributes[.scale] ?? UInt16(clamping: (scaleFactor + 50) / 100)) }
    /// An app icon image (part 220), as opposed to its multi-size set record or other images.
    public var isIcon: Bool { part == CARRendition.iconPart }

    static let iconPart: UInt16 = 220
}

/// What the CARHEADER says about the tool that wrote the catalog.
public struct CARHeader: Sendable, Equatable {
    public var coreUIVersion: UInt32
    public var storageVersion: UInt32
    public var renditionCount: UInt32
    /// e.g. "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-802"
    public var mainVersion: String
    public var versionString: String
    public var schemaVersion: UInt32
    public var keySemantics: UInt32
}

/// Caps that keep a hostile catalog cheap: checked before anything is allocated for them.
public struct CARLimits: Sendable, Equatable {
    /// Bytes of the file (it is read into memory whole).
    public var maxFileBytes: Int
    public var maxBlocks: Int
    public var maxTreePages: Int
    public var maxRenditions: Int
    /// A rendition wider or taller than this is refused as absurd.
    public var maxSide: Int
    /// A scale factor above this (× 100) is refused as absurd.
    public var maxScaleFactor: Int

    public init(
        maxFileBytes: Int = 1 << 30, maxBlocks: Int = 4_000_000, maxTreePages: Int = 1_000_000,
        maxRenditions: Int = 1_000_000, maxSide: Int = 16384, maxScaleFactor: Int = 1000
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxBlocks = maxBlocks
        self.maxTreePages = maxTreePages
        self.maxRenditions = maxRenditions
        self.maxSide = maxSide
        self.maxScaleFactor = maxScaleFactor
    }

    public static let `default` = CARLimits()
}

/// An internal reference's link (its "INLK" TLV, type 1010): the rectangle of a packed atlas
/// (a "ZZZZPackedAsset" rendition, layout 1004) that holds its pixels, and the atlas's key.
/// The rectangle's y counts from the atlas's bottom edge, as CoreGraphics does.
public struct CARLink: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The atlas's key, by attribute; attributes not listed are 0.
    public var key: [CARAttribute: UInt16]

    /// "INLK", a reserved word, x, y, width, height, the layout (16 bits), the key's byte
    /// count (32 bits), then (attribute, value) pairs of 16 bits each, ending with (0, 0).
    init?(_ tlv: ByteWindow) {
        guard tlv.slice(0, 4)?.elementsEqual("KLNI".utf8) == true, let x = tlv.le32(8), let y = tlv.le32(12),
            let width = tlv.le32(16), let height = tlv.le32(20), let count = tlv.le32(26), let pairs = tlv.window(30, Int(count))
        else { return nil }
        (self.x, self.y, self.width, self.height) = (Int(x), Int(y), Int(width), Int(height))
        key = [:]
        for index in 0..<(pairs.count / 4) {
            let attribute = pairs.le16(index * 4)!, value = pairs.le16(index * 4 + 2)!
            if attribute == 0 { break }
            if value != 0 { key[CARAttribute(rawValue: attribute)] = value }
        }
    }
}
