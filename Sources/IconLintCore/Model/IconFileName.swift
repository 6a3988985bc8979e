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
        // By hand, not by regular expression: this runs for every entry and candidate of
        // every app, and Foundation's regular expressions were most of a lint's time.
        var rest = Substring(name)
        hasExtension = rest.count >= 4 && rest.suffix(4).lowercased() == ".png"
        if hasExtension { rest = rest.dropLast(4) }
        var scale: Int?
        var device: String?
        var scaleStep: Int?
        var deviceStep: Int?
        // Up to two trailing modifiers, in either order.
        for step in 0..<2 {
            if scale == nil, let (value, remainder) = Self.trailingScale(rest) {
                scale = value
                scaleStep = step
                rest = remainder
            } else if device == nil, let (value, remainder) = Self.trailingDevice(rest) {
                device = value
                deviceStep = step
                rest = remainder
            }
        }
        // `~ipad@2x`: the scale was the last suffix, the device before it.
        modifierMisordered = (scaleStep ?? -1) == 0 && (deviceStep ?? -1) == 1
        base = String(rest)
        self.scale = scale
        self.device = device
    }

    /// `@1x`…`@3x` at the end.
    private static func trailingScale(_ text: Substring) -> (Int, Substring)? {
        let tail = Array(text.utf8.suffix(3))
        guard tail.count == 3, tail[0] == UInt8(ascii: "@"), tail[2] == UInt8(ascii: "x"),
            (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(tail[1])
        else { return nil }
        return (Int(tail[1] - UInt8(ascii: "0")), text.dropLast(3))
    }

    /// `~ipad` or `~iphone` at the end, in any letter case.
    private static func trailingDevice(_ text: Substring) -> (String, Substring)? {
        for device in ["ipad", "iphone"]
        where text.count > device.count
            && text.suffix(device.count + 1).lowercased() == "~" + device
        {
            return (device, text.dropLast(device.count + 1))
        }
        return nil
    }

    /// A number `[1-9][0-9]*` with an optional `.5` ending `text`, and what comes before it.
    private static func trailingNumber(_ text: Substring) -> (String, Substring)? {
        var rest = text
        var half = ""
        if rest.hasSuffix(".5") {
            half = ".5"
            rest = rest.dropLast(2)
        }
        let digits = rest.reversed().prefix { $0.isASCII && $0.isNumber }
        guard let first = digits.last, first != "0" else { return nil }
        return (String(digits.reversed()) + half, rest.dropLast(digits.count))
    }

    /// The size a base name ends with: Xcode's `60x60` form (both sides equal), or a number
    /// after a separator (`Icon-60`, `Icon_83.5`, `Icon 20`); digits glued to a word
    /// (`Icon020`, `Pride2`) are part of a name. Returns the number and the name before it.
    static func sizeSuffix(_ base: String) -> (points: String, stem: Substring)? {
        let text = Substring(base)
        if let (right, beforeRight) = trailingNumber(text), beforeRight.hasSuffix("x"),
            let (left, stem) = trailingNumber(beforeRight.dropLast())
        {
            return left == right ? (left, stem) : nil
        }
        if let (number, before) = trailingNumber(text), let separator = before.last, "-_ ".contains(separator) {
            return (number, before.dropLast())
        }
        return nil
    }

    /// True when this candidate is the entry itself, written out literally.
    func isLiteralEntry(_ entry: String) -> Bool {
        IconFileName(entry).isLiteral
    }

    /// True when an Info.plist entry names one file exactly instead of a base name: it has an
    /// extension or a scale. A device modifier alone (`Dark~ipad`) leaves a base name: iOS
    /// appends the scale to what the entry says, so `Dark~ipad@2x.png` is its @2x file.
    var isLiteral: Bool { hasExtension || scale != nil }

    /// The name iOS appends the scale (and device) suffixes to for this entry: the entry itself
    /// when it is a base name (`Dark~ipad` stays whole), else its base (`Dark@2x.png` → `Dark`).
    var lookupBase: String { isLiteral ? base : base + (device.map { "~" + $0 } ?? "") }

    /// Points named by the base (`AppIcon60x60`, `Icon-83.5`), when it is a known icon size.
    var namedPoints: Double? {
        guard let (text, _) = Self.sizeSuffix(base), let value = Double(text) else { return nil }
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
        // `Dark~ipad`: the device is part of what the entry says; the scale comes after it.
        if parsed.device != nil { return (idiom == .ipad ? [1, 2] : [1, 2, 3]).map { "\(entry)\($0 == 1 ? "" : "@\($0)x").png" } }
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

    /// The pixel sizes of one device family's icons at a scale (its classic slots, the iOS 6
    /// sizes it had, and at @1x the 1024 App Store image): what advice for its files may name.
    static func iconPixels(scale: Int, idiom: Idiom) -> Set<Int> {
        let family: Idiom = idiom == .ipad ? .ipad : .iphone
        var sizes = Set(IconGeometry.classicSlots.filter { $0.scale == scale && $0.idiom == family }.map(\.pixels))
        if scale <= 2 { sizes.formUnion((family == .ipad ? [72, 50] : [57]).map { $0 * scale }) }
        if scale == 1 { sizes.insert(1024) }
        return sizes
    }

    /// The sizes to name for a file of this name that is `pixels` wide and fits no icon size,
    /// reached from an entry for `idiom`: the home-screen size of that device at the file's
    /// scale when the file is larger than every icon size there (a 1024 master saved as `@2x`),
    /// else the two nearest sizes of that device.
    func advisedPixels(for pixels: Int, idiom: Idiom) -> [Int] {
        let scale = self.scale ?? 1
        let fits = Self.iconPixels(scale: scale, idiom: idiom)
        let home = IconGeometry.homeScreen(idiom == .ipad ? .ipad : .iphone).filter { $0.scale == scale }.map(\.pixels)
        if let largest = fits.max(), pixels > largest, !home.isEmpty { return home.sorted() }
        return fits.sorted { abs($0 - pixels) < abs($1 - pixels) }.prefix(2).sorted()
    }

    /// Whether a file of this name may be `pixels` wide: a name with a scale suffix must be an
    /// icon size at that scale; iOS picks a file without one by its pixels (QA1686), so any icon
    /// size at any scale fits.
    func fits(pixels: Int) -> Bool {
        if let scale { return Self.iconPixels(scale: scale).contains(pixels) }
        return (1...3).contains { Self.iconPixels(scale: $0).contains(pixels) }
    }
}
