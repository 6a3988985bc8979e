/// The vocabulary and geometry of iOS app icons that lint and generate share, written once:
/// which idioms there are, which point sizes and scales each has, and their pixel sizes.

/// Device family an icon slot serves.
public enum Idiom: String, Sendable, Codable, CaseIterable {
    case iphone
    case ipad
    case universal
    case iosMarketing = "ios-marketing"

    /// The device families an app runs on (the others are kinds of slot, not devices).
    public static let devices: [Idiom] = [.iphone, .ipad]
}

/// Appearance variant of a single-size icon (iOS 18 dark and tinted icons).
public enum Appearance: String, Sendable, Codable, CaseIterable {
    case any
    case dark
    case tinted
}

/// One icon slot: the idiom, its size in points and the scale; pixels follow from them.
public struct IconSlot: Sendable, Hashable {
    public var idiom: Idiom
    /// Points, e.g. 60 or 83.5; 1024 for the App Store image and the single-size form.
    public var points: Double
    public var scale: Int

    public init(idiom: Idiom, points: Double, scale: Int) {
        self.idiom = idiom
        self.points = points
        self.scale = scale
    }

    /// Side in pixels: 83.5 pt at @2x is 167.
    public var pixels: Int { Int((points * Double(scale)).rounded()) }

    /// Points as Xcode writes them: "60", "83.5".
    public var pointsText: String {
        points == points.rounded() ? String(Int(points)) : String(points)
    }

    /// Contents.json's `size`, e.g. "83.5x83.5".
    public var sizeText: String { "\(pointsText)x\(pointsText)" }

    /// Contents.json's `scale`, e.g. "2x".
    public var scaleText: String { "\(scale)x" }

    /// The base name Xcode's build gives a loose icon file, and CFBundleIconFiles lists:
    /// `NAME60x60`, `NAME83.5x83.5`.
    public func bundleBaseName(_ name: String) -> String { "\(name)\(sizeText)" }

    /// The file name of a loose icon as Xcode's build writes it: `NAME60x60@2x.png`,
    /// `NAME76x76@2x~ipad.png` (no `@1x`).
    public func bundleFileName(_ name: String) -> String {
        bundleBaseName(name) + (scale == 1 ? "" : "@\(scale)x") + (idiom == .ipad ? "~ipad" : "") + ".png"
    }
}

public enum IconGeometry {
    /// The App Store image (ITMS-90704 / 90717): 1024 pt at @1x.
    public static let marketing = IconSlot(idiom: .iosMarketing, points: 1024, scale: 1)

    /// The single-size form (Xcode 14 and later): one universal 1024 image per appearance.
    public static let singleSize = IconSlot(idiom: .universal, points: 1024, scale: 1)

    /// The classic iOS set (Xcode 13 and earlier): every idiom, point size and scale, then
    /// the App Store image, in the order Xcode lists them.
    public static let classicSlots: [IconSlot] = {
        var slots: [IconSlot] = []
        for points in [20.0, 29, 40, 60] {
            for scale in [2, 3] { slots.append(IconSlot(idiom: .iphone, points: points, scale: scale)) }
        }
        for points in [20.0, 29, 40, 76] {
            for scale in [1, 2] { slots.append(IconSlot(idiom: .ipad, points: points, scale: scale)) }
        }
        slots.append(IconSlot(idiom: .ipad, points: 83.5, scale: 2))
        slots.append(marketing)
        return slots
    }()

    /// The home-screen icons of one device family, those an Info.plist icon entry needs:
    /// iPhone 60 pt @2x and @3x (120, 180 px), iPad 76 pt @2x and 83.5 pt @2x (152, 167 px).
    public static func homeScreen(_ idiom: Idiom) -> [IconSlot] {
        switch idiom {
        case .iphone: [IconSlot(idiom: .iphone, points: 60, scale: 2), IconSlot(idiom: .iphone, points: 60, scale: 3)]
        case .ipad: [IconSlot(idiom: .ipad, points: 76, scale: 2), IconSlot(idiom: .ipad, points: 83.5, scale: 2)]
        case .universal, .iosMarketing: []
        }
    }
}
