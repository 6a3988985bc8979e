import Foundation
import PNGKit

/// Every icon of every linted app and group of configurations, with the image each size slot
/// holds or the fact that it is missing: what the html reporter draws. Worked out from the
/// app models after the read, from what the rules already know; it reads no pixels (a reporter
/// that shows images decodes them itself, within `limits`).
public struct IconInventory: Sendable {
    public var apps: [App]
    /// Images past these limits are not decoded for display (the run's own limits).
    public var limits: PNGLimits

    public init(apps: [App] = [], limits: PNGLimits = PNGLimits.icons) {
        self.apps = apps
        self.limits = limits
    }

    /// One app and the configurations that share its icon inputs.
    public struct App: Sendable {
        public var identity: AppModel.Identity
        /// The configurations this group stands for (empty without a project file).
        public var configurations: [String]
        /// Every configuration of the app.
        public var allConfigurations: [String]
        /// Absolute folder that image paths (and the findings' files) are relative to.
        public var root: String
        public var runsOnIPad: Bool
        /// The primary icon first, then the alternates by name.
        public var icons: [Icon]

        public init(
            identity: AppModel.Identity, configurations: [String], allConfigurations: [String], root: String,
            runsOnIPad: Bool, icons: [Icon]
        ) {
            self.identity = identity
            self.configurations = configurations
            self.allConfigurations = allConfigurations
            self.root = root
            self.runsOnIPad = runsOnIPad
            self.icons = icons
        }

        /// The target's name, else the Info.plist's path, for headings.
        public var displayName: String { identity.target ?? identity.plist ?? "app" }
    }

    /// The primary icon or one alternate.
    public struct Icon: Sendable {
        /// The set's name, the alternate's CFBundleAlternateIcons key, or the primary's
        /// CFBundleIconName (`primary icon` when it has none): the name findings carry.
        public var name: String
        public var role: IconRole
        public var source: Source
        /// False for a set of the catalog that the build does not compile (it never reaches the app).
        public var included: Bool
        public var slots: [Slot]

        public init(name: String, role: IconRole, source: Source, included: Bool = true, slots: [Slot]) {
            self.name = name
            self.role = role
            self.source = source
            self.included = included
            self.slots = slots
        }

        /// What the app's code passes to `setAlternateIconName`: the alternate's name, or nil
        /// (which selects the primary icon).
        public var alternateIconName: String? { role == .alternate ? name : nil }
    }

    /// Where an icon is declared.
    public enum Source: Sendable, Hashable {
        /// Info.plist entries: the root-relative plist and the keys declaring it
        /// (`CFBundleIcons`, `CFBundleIcons~ipad`, or "" for the top-level CFBundleIconFiles).
        case infoPlist(file: String, keys: [String])
        /// An `.appiconset` of an asset catalog (its root-relative folder).
        case assetCatalog(set: String)
        /// An Icon Composer `.icon` bundle (its layers are not previewed).
        case iconComposer(bundle: String)
        /// A build setting or CFBundleIconName names it, but nothing provides it.
        case notFound
    }

    /// One size and appearance of an icon.
    public struct Slot: Sendable {
        /// `.iphone`, `.ipad`, `.iosMarketing` (App Store), or `.universal` (the single-size
        /// 1024 image iOS derives every size from).
        public var idiom: Idiom
        public var points: Double
        public var scale: Int
        public var appearance: Appearance
        /// Nil when the slot is missing: declared without a file, or a size the icon needs.
        public var image: Image?
        /// False for a file the declaration reaches that fits no size the icon needs.
        public var expected: Bool

        public init(
            idiom: Idiom, points: Double, scale: Int, appearance: Appearance = .any, image: Image?, expected: Bool = true
        ) {
            self.idiom = idiom
            self.points = points
            self.scale = scale
            self.appearance = appearance
            self.image = image
            self.expected = expected
        }

        public var pixels: Int { Int((points * Double(scale)).rounded()) }
        /// "60", "83.5".
        public var pointsText: String { points == points.rounded() ? String(Int(points)) : String(points) }
    }

    /// An image file and what the run learnt of it.
    public struct Image: Sendable {
        /// Root-relative path (inside a bundle: the member's path), as findings name it.
        public var path: String
        public var bytes: ImageBytes
        /// The header's size as the run read it (nil when it could not be read).
        public var width: Int?
        public var height: Int?
        /// Why the run could not read it, when it could not.
        public var problem: String?

        public init(path: String, bytes: ImageBytes, width: Int? = nil, height: Int? = nil, problem: String? = nil) {
            self.path = path
            self.bytes = bytes
            self.width = width
            self.height = height
            self.problem = problem
        }
    }

    /// Where an image's bytes are: a file on disk, or bytes already in memory (an image
    /// inside an .ipa or a compiled catalog is not on disk).
    public enum ImageBytes: Sendable, Hashable {
        case file(absolutePath: String)
        case data(Data)
    }
}

extension IconInventory {
    /// The icons of each app model, after the run loaded its image facts.
    init(apps models: [AppModel], limits: PNGLimits) {
        self.init(apps: models.map(IconInventoryBuilder.app), limits: limits)
    }

    /// The icons of each app model, worked out when first asked for.
    static func source(apps models: [AppModel], limits: PNGLimits) -> IconInventorySource {
        IconInventorySource(apps: models, limits: limits)
    }

    /// Several runs' inventories as one (`lint A B`).
    public init(merging inventories: [IconInventory]) {
        self.init(apps: inventories.flatMap(\.apps), limits: inventories.first?.limits ?? PNGLimits.icons)
    }
}

/// Builds one app's icons from the analyses the rules read.
enum IconInventoryBuilder {
    static func app(_ model: AppModel) -> IconInventory.App {
        var icons: [IconInventory.Icon] = []
        let catalog = model.catalogIcons
        let plist = model.plistIcons
        // A built app's catalog icons are renditions whose pixels stay in Assets.car: it is
        // shown through the loose files its Info.plist names (CgBI, decoded).
        let compiled = model.built == nil ? catalog.compiled : []
        // Alternates the build generates from a compiled set are that set, not plist entries.
        let compiledNames = Set(compiled.flatMap { [$0.set.name, $0.set.bareName] })

        if model.built == nil, let set = catalog.primarySet {
            icons.append(icon(set, role: .primary, included: true, model: model))
        } else if let declarations = plist?.declarationsWithEntries.filter({ $0.declaration.role == .primary }),
            !declarations.isEmpty, let plist
        {
            icons.append(plistIcon(declarations, plist: plist, model: model))
        } else if let name = catalog.primaryName {
            icons.append(IconInventory.Icon(name: name, role: .primary, source: .notFound, slots: []))
        }

        var alternates: [IconInventory.Icon] = []
        for (set, role) in compiled where role == .alternate {
            alternates.append(icon(set, role: .alternate, included: true, model: model))
        }
        for set in catalog.notIncluded {
            alternates.append(icon(set, role: .alternate, included: false, model: model))
        }
        // A Run Script phase embeds these itself (a note says so).
        for (set, _) in catalog.embeddedByScript {
            alternates.append(icon(set, role: .alternate, included: true, model: model))
        }
        if let plist {
            let declared = plist.declarationsWithEntries.filter {
                $0.declaration.role == .alternate && !compiledNames.contains($0.declaration.name)
            }
            var names: [String] = []
            for (declaration, _) in declared where !names.contains(declaration.name) { names.append(declaration.name) }
            for name in names {
                alternates.append(plistIcon(declared.filter { $0.declaration.name == name }, plist: plist, model: model))
            }
        }
        icons += alternates.sorted { ($0.name, $0.included ? 0 : 1) < ($1.name, $1.included ? 0 : 1) }
        return IconInventory.App(
            identity: model.identity, configurations: model.configurations, allConfigurations: model.allConfigurations,
            root: model.root, runsOnIPad: model.runsOnIPad, icons: icons)
    }

    /// A catalog set: its iOS slots as Contents.json lists them.
    static func icon(_ set: AppIconSet, role: IconRole, included: Bool, model: AppModel) -> IconInventory.Icon {
        guard set.kind == .appiconset else {
            return IconInventory.Icon(name: set.name, role: role, source: .iconComposer(bundle: set.path), included: included, slots: [])
        }
        let slots = set.slots.filter(\.isIOS).map { slot -> IconInventory.Slot in
            var file: String?
            if let name = slot.filename {
                file = set.files.contains(name) ? name : set.files.first { $0.lowercased() == name.lowercased() }
            }
            return IconInventory.Slot(
                idiom: Idiom(rawValue: slot.idiom) ?? .universal, points: slot.size, scale: slot.scale,
                appearance: slot.appearance, image: file.map { image(set.path + "/" + $0, model: model) })
        }
        return IconInventory.Icon(name: set.name, role: role, source: .assetCatalog(set: set.path), included: included, slots: slots)
    }

    /// An icon the Info.plist declares: the home-screen sizes of each device the app runs on,
    /// filled with the files its entries reach (by their pixel size), then any other file they reach.
    static func plistIcon(
        _ declarations: [(declaration: IconDeclaration, entries: [PlistIconAnalysis.Entry])], plist: PlistIconAnalysis,
        model: AppModel
    ) -> IconInventory.Icon {
        let first = declarations[0].declaration
        var idioms = Set(declarations.map { $0.declaration.idiom == .ipad ? Idiom.ipad : .iphone })
        if model.runsOnIPad { idioms.insert(.ipad) }
        if model.settings.deviceFamily?.contains(1) ?? true { idioms.insert(.iphone) }
        var slots: [IconInventory.Slot] = []
        for idiom in Idiom.devices where idioms.contains(idiom) {
            var own = IconGeometry.homeScreen(idiom).map {
                IconInventory.Slot(idiom: idiom, points: $0.points, scale: $0.scale, image: nil)
            }
            var extra: [IconInventory.Slot] = []
            var seen: Set<String> = []
            let uses = declarations.filter { ($0.declaration.idiom == .ipad ? Idiom.ipad : .iphone) == idiom }
                .flatMap(\.entries).flatMap(\.uses)
            for use in uses where seen.insert(use.path).inserted {
                let found = image(use.path, model: model)
                let scale = IconFileName(use.candidate).scale ?? 1
                let side = found.width.flatMap { $0 == found.height ? $0 : nil }
                // By pixel size; a file whose size is unknown (unreadable) by its name's scale.
                let index = own.indices.first { slot in
                    guard own[slot].image == nil else { return false }
                    if let side { return own[slot].pixels == side }
                    return own[slot].scale == scale
                }
                if let index {
                    own[index].image = found
                } else {
                    let points = Double(found.width ?? 0) / Double(scale)
                    extra.append(
                        IconInventory.Slot(idiom: idiom, points: points > 0 ? points : 0, scale: scale, image: found, expected: false))
                }
            }
            slots += own + extra.sorted { ($0.pixels, $0.image?.path ?? "") < ($1.pixels, $1.image?.path ?? "") }
        }
        let keys = Array(Set(declarations.map(\.declaration.containerKey))).sorted()
        return IconInventory.Icon(name: first.name, role: first.role, source: .infoPlist(file: plist.file, keys: keys), slots: slots)
    }

    /// A root-relative image with the facts the run read.
    static func image(_ path: String, model: AppModel) -> IconInventory.Image {
        let facts = model.facts(path)
        // A built app's files may be inside an .ipa: their bytes come from the product.
        let bytes: IconInventory.ImageBytes =
            model.builtFiles.flatMap { try? $0.bytes(of: path).get() }.map { .data(Data($0)) }
            ?? .file(absolutePath: model.root + "/" + path)
        return IconInventory.Image(
            path: path, bytes: bytes, width: facts?.header?.width,
            height: facts?.header?.height, problem: facts?.error.map(\.description))
    }
}
