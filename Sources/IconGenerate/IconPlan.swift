/// How `generate` lays out what it writes.
public enum IconStyle: String, Sendable, CaseIterable {
    /// Loose files named as Xcode's build names them, for `CFBundleIcons` in Info.plist.
    case legacy
    /// An asset catalog icon set, `NAME.appiconset/` with `Contents.json`.
    case appiconset
    /// Plain `NAME-<pixels>.png` files at the sizes `--sizes` lists (alpha kept).
    case sizes
}

/// The device families an icon set covers.
public enum Idiom: String, Sendable, CaseIterable {
    case iphone
    case ipad
}

/// The appearance an image serves (iOS 18 dark and tinted icons).
public enum Appearance: String, Sendable, CaseIterable {
    case any
    case dark
    case tinted
}

/// One file `generate` writes.
public struct PlannedFile: Sendable, Equatable {
    /// Where it goes.
    public var path: String
    /// Side in pixels.
    public var size: Int
    public var appearance: Appearance
    /// Written without an alpha channel (every primary icon; ITMS-90717 for the App Store one).
    public var opaque: Bool
}

/// Everything `generate` writes for one icon: image files plus, for an asset catalog, its
/// `Contents.json`; for the legacy style, the Info.plist entries to paste.
public struct IconSetPlan: Sendable {
    public var name: String
    public var style: IconStyle
    public var directory: String
    public var files: [PlannedFile]
    /// `Contents.json` text (appiconset only).
    public var contentsJSON: String?
    /// The icon file base names per plist key (legacy only), e.g. `CFBundleIcons` → [`NAME60x60`].
    public var plistIconFiles: [(key: String, files: [String])]
    /// Legacy: the entries declare an alternate icon named `name` instead of the primary icon.
    public var alternate = false

    /// Every path written, images first.
    public var paths: [String] {
        files.map(\.path) + (contentsJSON == nil ? [] : [directory + "/Contents.json"])
    }

    /// Sizes needed from each appearance's source.
    func sizes(for appearance: Appearance) -> [Int] {
        Array(Set(files.filter { $0.appearance == appearance }.map(\.size))).sorted()
    }
}

/// One slot of the classic (pre-Xcode 14) iOS icon set: idiom, point size, scale.
struct ClassicSlot: Sendable {
    var idiom: String
    var points: String
    var scale: Int
    var pixels: Int

    static let all: [ClassicSlot] = [
        .init(idiom: "iphone", points: "20", scale: 2, pixels: 40),
        .init(idiom: "iphone", points: "20", scale: 3, pixels: 60),
        .init(idiom: "iphone", points: "29", scale: 2, pixels: 58),
        .init(idiom: "iphone", points: "29", scale: 3, pixels: 87),
        .init(idiom: "iphone", points: "40", scale: 2, pixels: 80),
        .init(idiom: "iphone", points: "40", scale: 3, pixels: 120),
        .init(idiom: "iphone", points: "60", scale: 2, pixels: 120),
        .init(idiom: "iphone", points: "60", scale: 3, pixels: 180),
        .init(idiom: "ipad", points: "20", scale: 1, pixels: 20),
        .init(idiom: "ipad", points: "20", scale: 2, pixels: 40),
        .init(idiom: "ipad", points: "29", scale: 1, pixels: 29),
        .init(idiom: "ipad", points: "29", scale: 2, pixels: 58),
        .init(idiom: "ipad", points: "40", scale: 1, pixels: 40),
        .init(idiom: "ipad", points: "40", scale: 2, pixels: 80),
        .init(idiom: "ipad", points: "76", scale: 1, pixels: 76),
        .init(idiom: "ipad", points: "76", scale: 2, pixels: 152),
        .init(idiom: "ipad", points: "83.5", scale: 2, pixels: 167),
        .init(idiom: "ios-marketing", points: "1024", scale: 1, pixels: 1024),
    ]
}

/// Lays out the files of one icon.
public struct IconPlanner: Sendable {
    public var style: IconStyle
    public var idioms: Set<Idiom>
    public var allSizes: Bool
    /// For `.sizes`: the pixel sizes.
    public var sizes: [Int]
    /// For `.sizes`: alpha is dropped only when compositing onto a background.
    public var hasBackground: Bool
    /// Legacy: an alternate icon (CFBundleAlternateIcons → NAME) rather than the primary.
    public var alternate: Bool

    public init(style: IconStyle, idioms: Set<Idiom> = Set(Idiom.allCases), allSizes: Bool = false,
                sizes: [Int] = [], hasBackground: Bool = false, alternate: Bool = false) {
        self.alternate = alternate
        self.style = style
        self.idioms = idioms
        self.allSizes = allSizes
        self.sizes = sizes
        self.hasBackground = hasBackground
    }

    public func plan(name: String, outputDirectory: String, appearances: Set<Appearance> = [.any]) -> IconSetPlan {
        switch style {
        case .legacy:
            var files: [PlannedFile] = []
            var plist: [(key: String, files: [String])] = []
            func add(_ file: String, _ size: Int) {
                files.append(PlannedFile(path: outputDirectory + "/" + file, size: size, appearance: .any, opaque: true))
            }
            if idioms.contains(.iphone) {
                add("\(name)60x60@2x.png", 120)
                add("\(name)60x60@3x.png", 180)
                plist.append((key: "CFBundleIcons", files: ["\(name)60x60"]))
            }
            if idioms.contains(.ipad) {
                add("\(name)76x76@2x~ipad.png", 152)
                add("\(name)83.5x83.5@2x~ipad.png", 167)
                let iphone = idioms.contains(.iphone) ? ["\(name)60x60"] : []
                plist.append((key: "CFBundleIcons~ipad", files: iphone + ["\(name)76x76", "\(name)83.5x83.5"]))
            }
            var plan = IconSetPlan(name: name, style: style, directory: outputDirectory, files: files,
                                   contentsJSON: nil, plistIconFiles: plist)
            plan.alternate = alternate
            return plan
        case .sizes:
            let files = sizes.map {
                PlannedFile(path: "\(outputDirectory)/\(name)-\($0).png", size: $0, appearance: .any, opaque: hasBackground)
            }
            return IconSetPlan(name: name, style: style, directory: outputDirectory, files: files,
                               contentsJSON: nil, plistIconFiles: [])
        case .appiconset:
            let directory = "\(outputDirectory)/\(name).appiconset"
            var files: [PlannedFile] = []
            var images: [XcodeJSON] = []
            if allSizes {
                let slots = ClassicSlot.all.filter { slot in
                    slot.idiom == "ios-marketing" || idioms.contains { $0.rawValue == slot.idiom }
                }
                for slot in slots {
                    let file = "\(name)-\(slot.pixels).png"
                    if !files.contains(where: { $0.size == slot.pixels }) {
                        files.append(PlannedFile(path: directory + "/" + file, size: slot.pixels, appearance: .any, opaque: true))
                    }
                    images.append(.object([
                        ("filename", .string(file)), ("idiom", .string(slot.idiom)),
                        ("scale", .string("\(slot.scale)x")), ("size", .string("\(slot.points)x\(slot.points)")),
                    ]))
                }
            } else {
                // Xcode's single-size form lists all three appearances, a filename where there is one.
                for appearance in Appearance.allCases {
                    var entry: [(String, XcodeJSON)] = [("idiom", .string("universal")), ("platform", .string("ios")),
                                                        ("size", .string("1024x1024"))]
                    if appearance != .any {
                        entry.append(("appearances", .array([.object([
                            ("appearance", .string("luminosity")), ("value", .string(appearance.rawValue)),
                        ])])))
                    }
                    if appearances.contains(appearance) {
                        let file = appearance == .any ? "\(name)-1024.png" : "\(name)-1024-\(appearance.rawValue).png"
                        entry.append(("filename", .string(file)))
                        files.append(PlannedFile(path: directory + "/" + file, size: 1024, appearance: appearance,
                                                 opaque: appearance == .any))
                    }
                    images.append(.object(entry))
                }
            }
            let contents = XcodeJSON.object([
                ("images", .array(images)),
                ("info", .object([("author", .string("xcode")), ("version", .int(1))])),
            ])
            return IconSetPlan(name: name, style: style, directory: directory, files: files,
                               contentsJSON: contents.rendered() + "\n", plistIconFiles: [])
        }
    }
}
