import BundleKit
import Foundation
import PNGKit

/// Reads a built app (an `.app` folder, an `.ipa`, an `.xcarchive`) into the model the rules
/// read: its Info.plist as built, the PNGs at the bundle's top level (where iOS looks icon
/// files up, case-sensitively), and the app icons of its Assets.car as one set per icon with a
/// slot per rendition. Nothing is extracted: files are read in memory, on demand.
struct BuiltProductReader {
    let product: BuiltProduct
    let images: ImageFactsCache

    /// Info.plists are a few KiB; a catalog may be large, within the product's limits.
    static let plistLimit = BuiltProduct.plistLimit

    /// Findings and image keys are named from here: the product itself (`App.ipa`,
    /// `App.xcarchive`), or the folder holding an `.app`, so that every finding names the app.
    var root: String {
        let path = URL(fileURLWithPath: product.path).standardizedFileURL.path
        return product.kind == .app ? (path as NSString).deletingLastPathComponent : path
    }

    /// How findings name a file of the app: `Payload/App.app/Info.plist`,
    /// `Products/Applications/App.app/Info.plist`, `App.app/Info.plist`.
    func display(_ relative: String) -> String {
        product.kind == .app ? product.appName + "/" + relative : product.displayPath(relative)
    }

    /// The app's Info.plist as stored: `Info.plist`, or a name differing only in case.
    var plistName: String {
        product.contains("Info.plist") ? "Info.plist" : product.files.first { $0.lowercased() == "info.plist" } ?? "Info.plist"
    }

    /// The app's model, its image facts loaded; what cannot be read is in its `readingFindings`.
    func read() -> AppModel {
        let app = model()
        loadImages(app)
        return app
    }

    private func model() -> AppModel {
        var findings: [Finding] = []
        let plistPath = display(plistName)
        if plistName != "Info.plist" {
            findings.append(PlistUnreadableRule.builtNameCase(stored: plistName, path: plistPath))
        }
        let infoPlist: AppModel.InfoPlist
        switch readPlist() {
        case .success(let document):
            infoPlist = .document(document)
        case .failure(let problem):
            infoPlist = .unreadable(path: plistPath)
            findings.append(PlistUnreadableRule.builtUnreadable(path: plistPath, problem: problem))
        }
        var catalogs: [AssetCatalog] = []
        var catalogPath: String?
        var thinned = false
        var catalogUnreadable = false
        var marketingAlpha: [String: Result<CARAlpha, CARPixelProblem>] = [:]
        if product.contains("Assets.car") {
            let path = display("Assets.car")
            catalogPath = path
            do {
                let car = try AssetCatalogFile(bytes: try product.read("Assets.car"))
                catalogs = [Self.catalog(car, path: path)]
                marketingAlpha = Self.marketingAlpha(car)
                thinned = Self.isThinned(car.iconRenditions)
            } catch {
                catalogUnreadable = true
                findings.append(
                    Finding(
                        rule: .iconCorrupt,
                        message: "\(path) cannot be read: \(error); its app icons were not checked: rebuild the app",
                        location: Location(file: path)))
            }
        }
        let document: PlistDocument? = if case .document(let document) = infoPlist { document } else { nil }
        var built = BuiltApp(
            kind: product.kind.rawValue, appPath: product.appPath,
            isAppStoreDownload: product.hasAppStoreDRMFolder || document?.root["DTAppStoreToolsBuild"] != nil,
            sdkMajor: BuiltApp.sdkMajor(document?.root["DTSDKName"] as? String), catalogPath: catalogPath,
            thinnedCatalog: thinned,
            isSimulatorBuild: (document?.root["DTPlatformName"] as? String)?.lowercased() == "iphonesimulator")
        built.appName = product.appName
        built.catalogUnreadable = catalogUnreadable
        built.catalogMarketingAlpha = marketingAlpha
        let name = (product.appName as NSString).deletingPathExtension
        let app = AppModel(
            identity: AppModel.Identity(project: nil, target: name, plist: plistPath), configurations: [],
            allConfigurations: [], settings: IconBuildSettings(), infoPlist: infoPlist, bundle: bundleFiles(),
            catalogs: catalogs, readingFindings: findings, usage: CatalogUsage(), root: root, images: images,
            origin: .built(built), builtFiles: files)
        return app
    }

    private func readPlist() -> Result<PlistDocument, PlistProblem> {
        let bytes: [UInt8]
        do {
            bytes = try product.read(plistName, maxBytes: Self.plistLimit)
        } catch {
            return .failure(PlistProblem(message: "\(error)", line: nil, isIO: true))
        }
        return PlistReader.parse(Data(bytes), path: display(plistName))
    }

    /// The PNGs iOS can find by name: the bundle's top level and its `.lproj` folders.
    private func bundleFiles() -> BundleFiles {
        var pngs: [String: [String]] = [:]
        for file in product.files where file.lowercased().hasSuffix(".png") {
            let parts = file.split(separator: "/")
            guard parts.count == 1 || (parts.count == 2 && parts[0].hasSuffix(".lproj")) else { continue }
            pngs[String(parts.last!).lowercased(), default: []].append(display(file))
        }
        return BundleFiles(pngs: pngs, beside: [:])
    }

    /// Where the app's files are, as findings name them.
    var files: BuiltFiles { BuiltFiles(product: product, prefix: display("")) }

    /// Loads the facts the rules need of the app's PNGs, from the product's bytes.
    private func loadImages(_ app: AppModel) {
        let (root, files) = (self.root, self.files)
        images.load(app.imageUses.map { ImageRequest(root + "/" + $0.path, needs: $0.needs) }) { key in
            files.bytes(of: String(key.dropFirst(root.count + 1)))
        }
    }

    /// One set per app icon of the catalog, one slot per rendition (pixel sizes from the
    /// renditions; the catalog's sets hold no files to read).
    static func catalog(_ car: AssetCatalogFile, path: String) -> AssetCatalog {
        var catalog = AssetCatalog(path: path)
        var order: [String] = []
        var slots: [String: [AppIconSlot]] = [:]
        for rendition in car.iconRenditions where rendition.width > 0 && rendition.scale > 0 {
            if slots[rendition.name] == nil { order.append(rendition.name) }
            let appearance: Appearance =
                switch rendition.appearance {
                case "dark": .dark
                case "tinted": .tinted
                default: .any
                }
            let slot = AppIconSlot(
                filename: rendition.fileName, idiom: idiom(rendition.idiom), platform: nil,
                size: Double(rendition.width) / Double(rendition.scale), scale: rendition.scale, appearance: appearance,
                index: slots[rendition.name, default: []].count)
            slots[rendition.name, default: []].append(slot)
        }
        for name in order {
            catalog.iconSets.append(
                AppIconSet(
                    name: name, bareName: name, kind: .compiled, path: "\(path): \(name)", contentsPath: path,
                    slots: slots[name] ?? [], files: [], contentsProblem: nil))
        }
        return catalog
    }

    /// The transparency of each icon's App Store image, its default-appearance 1024: the
    /// marketing idiom's when the icon has one (that is the image App Store Connect judges),
    /// else the first of a single-size set's phone, pad or universal ones that decodes. Its
    /// pixels decoded (zlib, LZVN, LZFSE), or why not.
    static func marketingAlpha(_ car: AssetCatalogFile) -> [String: Result<CARAlpha, CARPixelProblem>] {
        var alpha: [String: Result<CARAlpha, CARPixelProblem>] = [:]
        let all = car.iconRenditions.filter { $0.width == 1024 && $0.height == 1024 && $0.appearance == "any" }
        let marketing = Set(all.filter { $0.idiom == .marketing }.map(\.name))
        let candidates = all.filter { $0.idiom == .marketing || !marketing.contains($0.name) }
        // One decoding per distinct bitmap, however many names share it.
        for (rendition, result) in zip(candidates, car.alphas(candidates)) {
            if case .success = alpha[rendition.name] { continue }
            if alpha[rendition.name] == nil || (try? result.get()) != nil { alpha[rendition.name] = result }
        }
        return alpha
    }

    /// The Contents.json idiom a CAR idiom stands for.
    static func idiom(_ idiom: CARIdiom) -> String {
        switch idiom {
        case .universal: "universal"
        case .phone: "iphone"
        case .pad: "ipad"
        case .marketing: "ios-marketing"
        case .watch: "watch"
        case .tv: "tv"
        case .car: "car"
        default: "other"
        }
    }

    /// Icon renditions of one device idiom and one scale only (apart from a 1024): the shape
    /// of a catalog thinned for one device, not the full one an upload holds.
    static func isThinned(_ renditions: [CARRendition]) -> Bool {
        let small = renditions.filter { $0.width < 1024 && ($0.idiom == .phone || $0.idiom == .pad) }
        guard !small.isEmpty else { return false }
        return Set(small.map(\.idiom)).count == 1 && Set(small.map(\.scale)).count == 1
    }
}

extension AppModel {
    /// The pixel sizes of the default-appearance renditions of `set` that serve `idiom`
    /// (its own idiom or universal).
    func renditionPixels(_ set: AppIconSet, idiom: Idiom) -> Set<Int> {
        Set(
            set.slots.filter { $0.appearance == .any && ($0.idiom == idiom.rawValue || $0.idiom == "universal") }
                .map(\.pixels))
    }
}
