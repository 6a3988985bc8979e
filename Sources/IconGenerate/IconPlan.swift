import IconSupport

/// How `generate` lays out what it writes.
public enum IconStyle: String, Sendable, CaseIterable {
    /// Loose files named as Xcode's build names them, for `CFBundleIcons` in Info.plist.
    case legacy
    /// An asset catalog icon set, `NAME.appiconset/` with `Contents.json`.
    case appiconset
    /// Plain `NAME-<pixels>.png` files at the sizes `--sizes` lists (alpha kept).
    case sizes
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

/// Lays out the files of one icon.
public struct IconPlanner: Sendable {
    public var style: IconStyle
    /// Device families (`Idiom.devices`); other idioms are ignored.
    public var idioms: Set<Idiom>
    public var allSizes: Bool
    /// For `.sizes`: the pixel sizes.
    public var sizes: [Int]
    /// For `.sizes`: alpha is dropped only when compositing onto a background.
    public var hasBackground: Bool
    /// Legacy: an alternate icon (CFBundleAlternateIcons → NAME) rather than the primary.
    public var alternate: Bool

    public init(
        style: IconStyle, idioms: Set<Idiom> = Set(Idiom.devices), allSizes: Bool = false,
        sizes: [Int] = [], hasBackground: Bool = false, alternate: Bool = false
    ) {
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
            // Xcode's build names: NAME60x60@2x.png, NAME76x76@2x~ipad.png; CFBundleIcons~ipad
            // lists the iPhone files too, so an iPad running an iPhone-only build finds them.
            for idiom in Idiom.devices where idioms.contains(idiom) {
                let slots = IconGeometry.homeScreen(idiom)
                for slot in slots { add(slot.bundleFileName(name), slot.pixels) }
                var bases = slots.map { $0.bundleBaseName(name) }.uniqued()
                if idiom == .ipad && idioms.contains(.iphone) {
                    bases = IconGeometry.homeScreen(.iphone).map { $0.bundleBaseName(name) }.uniqued() + bases
                }
                plist.append((key: idiom == .iphone ? "CFBundleIcons" : "CFBundleIcons~ipad", files: bases))
            }
            var plan = IconSetPlan(
                name: name, style: style, directory: outputDirectory, files: files,
                contentsJSON: nil, plistIconFiles: plist)
            plan.alternate = alternate
            return plan
        case .sizes:
            let files = sizes.map {
                PlannedFile(path: "\(outputDirectory)/\(name)-\($0).png", size: $0, appearance: .any, opaque: hasBackground)
            }
            return IconSetPlan(
                name: name, style: style, directory: outputDirectory, files: files,
                contentsJSON: nil, plistIconFiles: [])
        case .appiconset:
            let directory = "\(outputDirectory)/\(name).appiconset"
            var files: [PlannedFile] = []
            var images: [XcodeJSON] = []
            if allSizes {
                let slots = IconGeometry.classicSlots.filter { slot in
                    slot.idiom == .iosMarketing || idioms.contains(slot.idiom)
                }
                for slot in slots {
                    let file = "\(name)-\(slot.pixels).png"
                    if !files.contains(where: { $0.size == slot.pixels }) {
                        files.append(PlannedFile(path: directory + "/" + file, size: slot.pixels, appearance: .any, opaque: true))
                    }
                    images.append(
                        .object([
                            ("filename", .string(file)), ("idiom", .string(slot.idiom.rawValue)),
                            ("scale", .string(slot.scaleText)), ("size", .string(slot.sizeText)),
                        ]))
                }
            } else {
                // Xcode's single-size form lists all three appearances, a filename where there is one.
                for appearance in Appearance.allCases {
                    let slot = IconGeometry.singleSize
                    var entry: [(String, XcodeJSON)] = [
                        ("idiom", .string(slot.idiom.rawValue)), ("platform", .string("ios")),
                        ("size", .string(slot.sizeText)),
                    ]
                    if appearance != .any {
                        entry.append(
                            (
                                "appearances",
                                .array([
                                    .object([
                                        ("appearance", .string("luminosity")), ("value", .string(appearance.rawValue)),
                                    ])
                                ])
                            ))
                    }
                    if appearances.contains(appearance) {
                        let file = appearance == .any ? "\(name)-\(slot.pixels).png" : "\(name)-\(slot.pixels)-\(appearance.rawValue).png"
                        entry.append(("filename", .string(file)))
                        files.append(
                            PlannedFile(
                                path: directory + "/" + file, size: slot.pixels, appearance: appearance,
                                opaque: appearance == .any))
                    }
                    images.append(.object(entry))
                }
            }
            let contents = XcodeJSON.object([
                ("images", .array(images)),
                ("info", .object([("author", .string("xcode")), ("version", .int(1))])),
            ])
            return IconSetPlan(
                name: name, style: style, directory: directory, files: files,
                contentsJSON: contents.rendered() + "\n", plistIconFiles: [])
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
