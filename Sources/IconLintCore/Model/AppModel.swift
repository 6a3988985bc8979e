import Foundation
import PNGKit
import SourceScan

/// One app and build configuration, as its bundle would be: what it copies, the catalogs it
/// compiles, its Info.plist and resolved icon settings, and (lazily read) the facts of its
/// images. Immutable; rules only read it. Readers build it: the source-project reader (Xcode
/// projects, the XcodeGen and Tuist specs, Expo configs, Info.plists alone) and the built-product
/// reader (`.app`, `.ipa`, `.xcarchive`).
public struct AppModel: Sendable {
    /// Which app: two targets of one name in two projects are two apps.
    public struct Identity: Sendable, Hashable {
        /// Root-relative `.xcodeproj`, nil without a project file.
        public var project: String?
        /// Target name, nil without a project file.
        public var target: String?
        /// Root-relative Info.plist that identifies an app without a project file.
        public var plist: String?

        /// The name findings carry.
        public var displayName: String? { target }
    }

    /// The Info.plist as the build would read it.
    public enum InfoPlist: Sendable {
        /// The target has none (GENERATE_INFOPLIST_FILE, or nothing at all).
        case none
        case document(PlistDocument)
        /// It could not be read; the reading finding is in `readingFindings`.
        case unreadable(path: String)
    }

    /// Where the model comes from: a source project, or a built app (`.app`, `.ipa`, `.xcarchive`).
    public enum Origin: Sendable {
        case source
        case built(BuiltApp)
    }

    public let identity: Identity
    public let origin: Origin
    /// Where a built app's files are (files inside an .ipa are not on disk); nil for a source
    /// project, whose files are under `root`.
    let builtFiles: BuiltFiles?
    /// The configurations this model stands for (configurations with identical inputs share one).
    public let configurations: [String]
    /// Every configuration of the app.
    public let allConfigurations: [String]
    public let settings: IconBuildSettings
    public let infoPlist: InfoPlist
    public let bundle: BundleFiles
    /// The catalogs the app compiles; `.icon` bundles it copies appear as a catalog of their own.
    public let catalogs: [AssetCatalog]
    /// Problems met while reading this app (INFOPLIST_FILE missing, plist unreadable, a
    /// dangling project reference): reported under their own rule ids.
    public let readingFindings: [Finding]
    /// What reading this app could not resolve (a setting past the expansion budget, a file
    /// outside the linted folder, an icon entry whose lookup is not known), each a sentence:
    /// every reporter shows them as notes, after them what the rules could not check
    /// (`Rule.notes`).
    public let readingNotes: [String]
    /// Set names that other configurations of this app, or other apps compiling the same
    /// catalogs, use as their primary or as alternates.
    let usage: CatalogUsage
    /// The primary icon set a .NET MAUI build generates from the project's `<MauiIcon>` (a
    /// build output, not in the repository: the primary icon is not checked, a note says so).
    let mauiIcon: MauiIconSource?
    /// The .NET project (.NET MAUI, .NET for iOS or Xamarin.iOS) whose MSBuild items and
    /// properties stand for the icon build settings, so fix texts speak MSBuild.
    let dotNet: DotNetApp?
    /// The Expo config the app is prebuilt from: what prebuild writes when `ios/` is not
    /// committed (then the model has no Info.plist, catalogs or settings of its own), else the
    /// config to compare the committed `ios/` with.
    let expo: ExpoApp?
    /// What the app's code passes to setAlternateIconName (nil when its sources were not read).
    public let sourceScan: SourceScanResult?
    /// Absolute root the paths are relative to, and the run's image facts.
    let root: String
    let images: ImageFactsCache

    // Derived once, shared by the rules.
    let sources: CatalogIconSources
    let plistIcons: PlistIconAnalysis?
    let catalogIcons: CatalogIconAnalysis

    init(
        identity: Identity, configurations: [String], allConfigurations: [String], settings: IconBuildSettings,
        infoPlist: InfoPlist, bundle: BundleFiles, catalogs: [AssetCatalog], readingFindings: [Finding],
        usage: CatalogUsage, sourceScan: SourceScanResult? = nil, root: String, images: ImageFactsCache,
        origin: Origin = .source, builtFiles: BuiltFiles? = nil, readingNotes: [String] = [],
        scriptPhases: [ScriptPhase] = [], mauiIcon: MauiIconSource? = nil, dotNet: DotNetApp? = nil,
        expo: ExpoApp? = nil
    ) {
        self.mauiIcon = mauiIcon
        self.dotNet = dotNet
        self.expo = expo
        self.identity = identity
        self.origin = origin
        self.builtFiles = builtFiles
        self.configurations = configurations
        self.allConfigurations = allConfigurations
        self.settings = settings
        self.infoPlist = infoPlist
        self.bundle = bundle
        self.catalogs = catalogs
        self.readingFindings = readingFindings
        self.usage = usage
        self.sourceScan = sourceScan
        self.root = root
        self.images = images
        let sources = CatalogIconSources(catalogs: catalogs, settings: settings)
        self.sources = sources
        if case .document(let document) = infoPlist {
            plistIcons = PlistIconAnalysis(
                document: document, settings: settings, bundle: bundle, sources: sources, isBuilt: origin.built != nil)
        } else {
            plistIcons = nil
        }
        catalogIcons = CatalogIconAnalysis(
            settings: settings, sources: sources, plist: plistIcons, usage: usage, target: identity.target, scriptPhases: scriptPhases)
        alternateNamesUnknown = Self.alternateNamesUnknown(plist: plistIcons, settings: settings, sources: sources)
        // What the Info.plist and catalog analyses could not settle is a note like the reader's own.
        self.readingNotes = readingNotes + (plistIcons?.notes ?? []) + catalogIcons.notes
        imageUses = (plistIcons?.fileUses.map(\.image) ?? []) + catalogIcons.imageUses
        var seen: Set<String> = []
        distinctImageUses = imageUses.filter { seen.insert($0.path).inserted }
    }

    /// Why not every alternate icon name the build declares is known (nil when all are): an
    /// alternate of the Info.plist depends on a name a missing `#include` could define, or the
    /// build includes every set and a catalog it compiles was not read.
    let alternateNamesUnknown: String?

    static func alternateNamesUnknown(plist: PlistIconAnalysis?, settings: IconBuildSettings, sources: CatalogIconSources) -> String? {
        if let item = plist?.undecided.declarations.first(where: { $0.declaration.role == .alternate }) {
            return
                "\(plist?.file ?? "the Info.plist")'s \(item.text) uses \(item.names.joined(separator: ", ")), which an #include that is not in the repository could define"
        }
        if let plist, let test = plist.document.unknownConditionals.first {
            return
                "\(plist.file)'s \(test.directive) (line \(test.line)) tests \(test.names.joined(separator: ", ")), which an #include that is not in the repository could define, and what it leaves out may declare more"
        }
        if settings.known, settings.includeAllAppIcons, let catalog = sources.unreadCatalogs.first {
            return
                "with ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES every app icon set of \(catalog) is an alternate, and it lies outside the linted folder, which iconlint never reads"
        }
        return nil
    }

    /// The built app this model reads, nil for a source project.
    public var built: BuiltApp? { origin.built }

    /// An image in a form the app's sources should not hold: Apple's CgBI variant, which the
    /// build writes into built apps (where it is what belongs) and which a source project
    /// holds only as a copy taken from one. Rules judging sizes leave such a file to icon-not-png.
    func isForeign(_ header: PNGHeader) -> Bool { header.isCgBI && built == nil }

    /// The target's name for messages.
    var targetName: String { identity.target ?? "the app" }

    /// The app runs on iPad: the resolved TARGETED_DEVICE_FAMILY holds 2; without a project
    /// file, UIDeviceFamily holds 2 or CFBundleIcons~ipad exists.
    /// `UISupportedInterfaceOrientations~ipad` does not count: Xcode's template writes it into
    /// iPhone-only apps.
    public var runsOnIPad: Bool {
        if settings.known { return settings.deviceFamily?.contains(2) ?? false }
        guard case .document(let document) = infoPlist else { return false }
        if let families = document.root["UIDeviceFamily"] as? [Any] {
            return families.contains { ($0 as? NSNumber)?.intValue == 2 || ($0 as? String) == "2" }
        }
        return document.root["CFBundleIcons~ipad"] != nil
    }

    /// Root-relative path of the Info.plist, when there is one.
    var plistPath: String? {
        switch infoPlist {
        case .none: nil
        case .document(let document): document.path
        case .unreadable(let path): path
        }
    }

    /// Where findings about build settings point: the setting's source, else the Info.plist.
    /// Where ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES is written (else the other settings' place).
    var alternateNamesLocation: (file: String, line: Int?) {
        settings.alternateNamesLocation.map { ($0.file, $0.line) } ?? settingsLocation
    }

    var settingsLocation: (file: String, line: Int?) {
        if let location = settings.location { return (location.file, location.line) }
        return (plistPath ?? identity.project.map { isFromSpec ? $0 : $0 + "/project.pbxproj" } ?? ".", nil)
    }

    /// True when the app's project is a generator's spec (XcodeGen's project.yml), not an .xcodeproj.
    var isFromSpec: Bool {
        identity.project.map { !$0.lowercased().hasSuffix(".xcodeproj") } ?? false
    }

    /// For an app read from a spec, where its icon settings are written (" (project.yml, line
    /// 12)"), for fix texts that say which setting to change; empty otherwise.
    var specSettingsPlace: String {
        guard isFromSpec, let spec = identity.project else { return "" }
        let written = settings.alternateNamesLocation ?? settings.location
        let (file, line) = (written?.file ?? spec, written?.line)
        return " (\(file)\(line.map { ", line \($0)" } ?? ""))"
    }

    /// The alternate icon names this configuration declares for the devices the app runs on:
    /// Info.plist CFBundleAlternateIcons (CFBundleIcons, and CFBundleIcons~ipad on iPad) and
    /// the app icon sets the build compiles as alternates.
    var declaredAlternateNames: Set<String> {
        var names: Set<String> = []
        for declaration in plistIcons?.declarations ?? [] where declaration.role == .alternate {
            if declaration.idiom == .iphone || runsOnIPad { names.insert(declaration.name) }
        }
        for (set, role) in catalogIcons.compiled where role == .alternate { names.insert(set.name) }
        if let expo, !expo.prebuilt { names.formUnion(expo.declaredNames) }
        // A set the list names in another case: which spelling the build then knows it by is
        // not known, and the one mistake is path-case-mismatch's.
        for (set, listed) in catalogIcons.listedIgnoringCase { names.formUnion([set.name, listed]) }
        // A listed set that may be in a catalog that was not read (a note says so).
        for name in settings.alternateNames where sources.mayBeUnread(name) { names.insert(name) }
        return names
    }

    /// An Expo app without `ios/`: prebuild writes its Info.plist, catalog and settings.
    var isExpoGenerated: Bool { expo.map { !$0.prebuilt } ?? false }

    /// A path as findings show it: relative to the linted root when inside it.
    func relativePath(_ path: String) -> String {
        ProjectPath.below(path, folder: root) ?? path
    }

    /// Facts of a root-relative image (loaded before rules run).
    func facts(_ path: String) -> ImageFacts? { images.facts(root + "/" + path) }

    /// Every image a rule reads, with what it is for (a file may serve several slots).
    let imageUses: [ImageUse]
    /// The first use of each distinct file: the image rules judge a file once.
    let distinctImageUses: [ImageUse]
}

extension AppModel.Origin {
    var built: BuiltApp? {
        if case .built(let app) = self { return app }
        return nil
    }
}

/// How the apps of one run use the sets of each catalog: a set that one configuration or app
/// uses as its primary is not an orphan alternate in another.
struct CatalogUsage: Sendable {
    /// Catalog path → set names some configuration of some app uses as its primary.
    var primaries: [String: Set<String>] = [:]
    /// Catalog path → set names some app compiles as alternates ("*": every set).
    var alternates: [String: Set<String>] = [:]
    /// Catalog path → those of `alternates` that this app alone compiles (not "elsewhere").
    var ownAlternates: [String: Set<String>] = [:]

    func isPrimaryElsewhere(_ set: AppIconSet, catalog: String) -> Bool {
        let names = primaries[catalog] ?? []
        return names.contains(set.name) || names.contains(set.bareName)
    }

    func isAlternateElsewhere(_ set: AppIconSet, catalog: String) -> Bool {
        let names = alternates[catalog] ?? [], own = ownAlternates[catalog] ?? []
        return [set.name, set.bareName, "*"].contains { names.contains($0) && !own.contains($0) }
    }
}

/// An icon image some rule reads, with what it is for.
struct ImageUse: Sendable {
    var path: String
    var icon: String?
    var role: IconRole?
    var idiom: Idiom?
    var appearance: Appearance = .any
    /// The primary icon's App Store image.
    var isMarketing = false

    /// What the rules need of the file: the lowest alpha of default-appearance icons (answered
    /// by the header when the image is opaque by construction, whose chunks' CRCs are then
    /// checked instead of decoding it), the colour of tinted ones, only the header of dark
    /// ones, where transparency is intended.
    var needs: ImageNeeds {
        switch appearance {
        case .any: .minAlpha
        case .tinted: .grayscale
        case .dark: .header
        }
    }

    /// "alternate icon 'Dark'" / "primary icon 'AppIcon'" / "app icon", for messages.
    var label: String {
        guard let icon else { return "app icon" }
        if role == .alternate { return "alternate icon '\(icon)'" }
        return icon == IconDeclaration.unnamedPrimary ? "the primary icon" : "primary icon '\(icon)'"
    }
}
