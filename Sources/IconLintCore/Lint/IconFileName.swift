import Foundation

/// An icon file name split the way iOS reads it: `Base@2x~ipad.png`.
struct IconFileName: Sendable, Hashable {
    var base: String
    var scale: Int?
    var device: String?
    var hasExtension: Bool
    /// `Base~ipad@2x.png`: the device modifier before the scale, which iOS never finds.
    var modifierMisordered: Bool

    init(_ name: String) {
        var rest = name
        hasExtension = rest.lowercased().hasSuffix(".png")
        if hasExtension { rest.removeLast(4) }
        var scale: Int?
        var device: String?
        var scaleStep: Int?
        var deviceStep: Int?
        // Up to two trailing modifiers, in either order.
        for step in 0..<2 {
            if scale == nil, let match = rest.range(of: #"@[1-3]x$"#, options: .regularExpression) {
                scale = Int(rest[match].dropFirst().dropLast())
                scaleStep = step
                rest.removeSubrange(match)
            } else if device == nil, let match = rest.range(of: #"~(ipad|iphone)$"#, options: [.regularExpression, .caseInsensitive]) {
                device = rest[match].dropFirst().lowercased()
                deviceStep = step
                rest.removeSubrange(match)
            }
        }
        // `~ipad@2x`: the scale was the last suffix, the device before it.
        let misordered = (scaleStep ?? -1) == 0 && (deviceStep ?? -1) == 1
        base = rest
        self.scale = scale
        self.device = device
        modifierMisordered = misordered
    }

    /// True when this candidate is the entry itself, written out literally.
    func isLiteralEntry(_ entry: String) -> Bool {
        IconFileName(entry).isLiteral
    }

    /// True when an Info.plist entry names one file exactly instead of a base name.
    var isLiteral: Bool { hasExtension || scale != nil || device != nil }

    /// Points named by the base (`AppIcon60x60`, `Icon-83.5`), when it is a known icon size.
    var namedPoints: Double? {
        // Sizes are written `60x60` (as Xcode names them) or after a separator, `Icon-60`;
        // digits glued to a word (`Icon020`, `Pride2`) are part of a name.
        var text: String?
        if let match = base.range(of: #"[1-9]\d*(\.5)?x[1-9]\d*(\.5)?$"#, options: .regularExpression) {
            let parts = base[match].split(separator: "x")
            if parts.count == 2, parts[0] == parts[1] { text = String(parts[0]) }
        } else if let match = base.range(of: #"[-_ ][1-9]\d*(\.5)?$"#, options: .regularExpression) {
            text = String(base[match].dropFirst())
        }
        guard let text, let value = Double(text) else { return nil }
        // Int(exactly:): a name like `Icon-99999999999999999999` must not trap converting 1e20.
        let pixels = Int(exactly: value)
        return Self.knownPoints.contains(value) || (scale == nil && pixels.map(Self.knownPixels.contains) == true) ? value : nil
    }

    /// Pixels the name promises: points × scale, or the bare number of an unscaled name.
    var namedPixels: Int? {
        guard let points = namedPoints else { return nil }
        return Int((points * Double(scale ?? 1)).rounded())
    }

    static let knownPoints: Set<Double> = [20, 29, 40, 50, 57, 60, 72, 76, 83.5, 1024]
    static let knownPixels: Set<Int> = [20, 29, 40, 50, 57, 58, 60, 72, 76, 80, 87, 100, 114, 120, 144, 152, 167, 180, 1024]

    /// The file names iOS tries for an entry in CFBundleIconFiles for `idiom`.
    static func candidates(for entry: String, idiom: Idiom) -> [String] {
        let parsed = IconFileName(entry)
        if parsed.isLiteral { return [parsed.hasExtension ? entry : entry + ".png"] }
        switch idiom {
        case .ipad:
            return ["\(entry).png", "\(entry)@2x.png", "\(entry)~ipad.png", "\(entry)@2x~ipad.png"]
        default:
            return [
                "\(entry).png", "\(entry)@2x.png", "\(entry)@3x.png", "\(entry)~iphone.png", "\(entry)@2x~iphone.png",
                "\(entry)@3x~iphone.png",
            ]
        }
    }
}

extension IconFileName {
    /// base|scale|device: the file this name stands for, whatever its extension.
    var variantKey: String { [base, String(scale ?? 1), device ?? ""].joined(separator: "|") }

    /// The same name at another scale, as a file name (`Icon@3x~ipad.png`).
    func renamed(scale: Int) -> String {
        "\(base)\(scale == 1 ? "" : "@\(scale)x")\(device.map { "~" + $0 } ?? "").png"
    }

    /// The base without a trailing icon size (`Blue-60` → `Blue`, `AppIcon60x60` → `AppIcon`),
    /// to build suggested file names from the entry's own name and iOS's suffixes.
    var stem: String {
        guard namedPoints != nil else { return base }
        var text = base
        if let match = text.range(of: #"[1-9]\d*(\.5)?x[1-9]\d*(\.5)?$"#, options: .regularExpression) {
            text.removeSubrange(match)
        } else if let match = text.range(of: #"[-_ ][1-9]\d*(\.5)?$"#, options: .regularExpression) {
            text.removeSubrange(match)
        }
        return text.isEmpty ? base : text
    }

    /// The files iOS tries for an entry, quoted for a message: `"Dark.png", "Dark@2x.png", "Dark@3x.png"`.
    static func suggestedFiles(for entry: String, idiom: Idiom) -> String {
        let tried = candidates(for: entry, idiom: idiom)
        let shown = IconFileName(entry).isLiteral ? [tried[0]] : Array(tried.prefix(idiom == .ipad ? 4 : 3))
        return shown.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

extension IconFileName {
    /// Pixel sizes an iOS icon file can have at a scale: the classic set's slots (iPhone
    /// 20/29/40/60 pt at @2x and @3x, iPad 20/29/40/76 pt at @1x and @2x and 83.5 pt at @2x),
    /// the sizes of iOS 6 and earlier (57, 72, 50 pt at @1x and @2x) and the 1024 App Store image.
    static func iconPixels(scale: Int) -> Set<Int> {
        var sizes = Set(IconGeometry.classicSlots.filter { $0.scale == scale }.map(\.pixels))
        if scale <= 2 { sizes.formUnion([57, 72, 50].map { $0 * scale }) }
        if scale == 1 { sizes.insert(1024) }
        return sizes
    }

    /// Whether a file of this name may be `pixels` wide: a name with a scale suffix must be an
    /// icon size at that scale; iOS picks a file without one by its pixels (QA1686), so any icon
    /// size at any scale fits.
    func fits(pixels: Int) -> Bool {
        if let scale { return Self.iconPixels(scale: scale).contains(pixels) }
        return (1...3).contains { Self.iconPixels(scale: $0).contains(pixels) }
    }
}
