import Foundation

/// One image slot of an app icon set's Contents.json.
public struct AppIconSlot: Sendable, Hashable {
    public var filename: String?
    public var idiom: String
    public var platform: String?
    /// Points, e.g. 60 or 83.5; 1024 for the single-size form.
    public var size: Double
    public var scale: Int
    public var appearance: Appearance
    /// Index of the entry in `images`, for messages.
    public var index: Int

    public var pixels: Int { Int((size * Double(scale)).rounded()) }
    public var sizeText: String {
        let points = size == size.rounded() ? String(Int(size)) : String(size)
        return "\(points)x\(points)@\(scale)x"
    }
    /// A slot of the iOS app's icon. Images for other platforms that share the set (idiom
    /// `watch`, `watch-marketing`, `mac`, or `platform` watchos / macos) are not.
    public var isIOS: Bool {
        switch idiom {
        case "iphone", "ipad", "ios-marketing": return true
        case "universal": return platform == nil || platform == "ios"
        default: return false
        }
    }

    /// The App Store image: `ios-marketing`, or the default-appearance 1024 of a single-size set.
    public var isMarketing: Bool {
        idiom == "ios-marketing" || (idiom == "universal" && pixels == 1024 && appearance == .any)
    }
}

/// An app icon source in a catalog: an `.appiconset`, or an Icon Composer `.icon` bundle.
public struct AppIconSet: Sendable {
    public enum Kind: String, Sendable {
        case appiconset
        case iconComposer = "icon"
        /// The renditions of one icon in a built app's Assets.car (a slot per rendition; no files).
        case compiled = "car"
    }

    /// Name as build settings use it (with namespace folders' prefixes).
    public var name: String
    /// The set's folder name without extension.
    public var bareName: String
    public var kind: Kind
    /// Root-relative folder of the set.
    public var path: String
    /// Root-relative path of its Contents.json (or icon.json).
    public var contentsPath: String
    public var slots: [AppIconSlot]
    /// File names present in the set's folder (besides Contents.json).
    public var files: [String]
    /// Why Contents.json could not be read, with a line when known.
    public var contentsProblem: (message: String, line: Int?)?

    public var isIOS: Bool {
        kind == .iconComposer || slots.isEmpty || slots.contains(where: \.isIOS)
    }
}

/// An `.imageset` (or other non-icon set) in a catalog: only its name and files matter here.
public struct ImageSet: Sendable {
    public var name: String
    public var bareName: String
    public var path: String
    public var files: [String]
}

/// A parsed `.xcassets` folder.
public struct AssetCatalog: Sendable {
    public var path: String
    public var iconSets: [AppIconSet] = []
    public var imageSets: [ImageSet] = []
    /// A catalog the target compiles from outside the linted root (`../Brand/Brand.xcassets`):
    /// never read, so which sets it holds is not known.
    public var isOutsideRoot = false
}

public enum AssetCatalogReader {
    /// Reads a catalog's sets; never throws: problems are kept on the sets.
    public static func read(_ relativePath: String, root: String) -> AssetCatalog {
        var catalog = AssetCatalog(path: relativePath)
        walk(relativePath, namespace: "", root: root, depth: 0, into: &catalog)
        return catalog
    }

    /// Every catalog of the index, read concurrently, by root-relative path.
    static func read(catalogsOf index: FileIndex) -> [String: AssetCatalog] {
        let paths = index.catalogs
        let read = ConcurrentWork.map(paths) { Self.read($0, root: index.root) }
        return Dictionary(zip(paths, read), uniquingKeysWith: { a, _ in a })
    }

    private static func walk(_ folder: String, namespace: String, root: String, depth: Int, into catalog: inout AssetCatalog) {
        guard depth < 32 else { return }
        let absolute = root + "/" + folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
        for name in names.sorted() {
            let child = folder + "/" + name
            var info = stat()
            guard lstat(root + "/" + child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let ext = (name as NSString).pathExtension.lowercased()
            let bare = (name as NSString).deletingPathExtension
            switch ext {
            case "appiconset":
                catalog.iconSets.append(readIconSet(child, bareName: bare, namespace: namespace, root: root))
            case "icon":
                var set = iconBundle(child)
                set.name = namespace + bare
                catalog.iconSets.append(set)
            case "imageset", "symbolset", "colorset", "dataset", "launchimage", "brandassets", "imagestack", "arimageset",
                "cubetextureset", "mipmapset", "spriteatlas", "textureset", "solidimagestack", "stickersequence",
                "stickerpack", "sticker", "iconset", "complicationset", "appiconstack":
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + child)) ?? [])
                    .filter { $0 != "Contents.json" }
                catalog.imageSets.append(ImageSet(name: namespace + bare, bareName: bare, path: child, files: files))
            default:
                // A plain folder: it prefixes names inside it when it provides a namespace.
                let prefix = providesNamespace(child, root: root) ? namespace + name + "/" : namespace
                walk(child, namespace: prefix, root: root, depth: depth + 1, into: &catalog)
            }
        }
    }

    /// An Icon Composer `.icon` bundle as an app icon source (its layers are not size-checked).
    public static func iconBundle(_ path: String) -> AppIconSet {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return AppIconSet(
            name: name, bareName: name, kind: .iconComposer, path: path, contentsPath: path + "/icon.json",
            slots: [], files: [], contentsProblem: nil)
    }

    /// Xcode writes a few KiB; anything above this is not a Contents.json.
    static let contentsLimit = 4 << 20

    private static func providesNamespace(_ folder: String, root: String) -> Bool {
        guard case .success(let data) = ProjectFile.read(root + "/" + folder + "/Contents.json", root: root, limit: contentsLimit),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let properties = object["properties"] as? [String: Any]
        else { return false }
        return (properties["provides-namespace"] as? Bool) == true
    }

    static func readIconSet(_ folder: String, bareName: String, namespace: String, root: String) -> AppIconSet {
        let contentsPath = folder + "/Contents.json"
        // Only regular files, or symlinks to them inside the root: nothing outside is ever read.
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [])
            .filter { $0 != "Contents.json" && !$0.hasPrefix(".") }
            .filter { ProjectFile.isRegularInsideRoot(root + "/" + folder + "/" + $0, root: root) }
        var set = AppIconSet(
            name: namespace + bareName, bareName: bareName, kind: .appiconset, path: folder,
            contentsPath: contentsPath, slots: [], files: files.sorted(), contentsProblem: nil)
        let data: Data
        switch ProjectFile.read(root + "/" + contentsPath, root: root, limit: contentsLimit) {
        case .success(let read):
            data = read
        case .failure(.missing):
            set.contentsProblem = ("Contents.json is missing", nil)
            return set
        case .failure(let failure):
            set.contentsProblem = ("Contents.json cannot be read: \(failure)", nil)
            return set
        }
        parseContents(data, into: &set)
        return set
    }

    /// Reads the slots of an app icon set's Contents.json into `set`; problems stay on the set.
    /// Reads nothing from disk, so it can be fed any bytes (tests, fuzzing).
    static func parseContents(_ data: Data, into set: inout AppIconSet) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            set.contentsProblem = ("Contents.json is not valid JSON: \(jsonReason(error))", jsonLine(error))
            return
        }
        guard let top = object as? [String: Any] else {
            set.contentsProblem = ("Contents.json must be a JSON object with an \"images\" array", nil)
            return
        }
        guard let images = top["images"] as? [Any] else {
            set.contentsProblem = ("Contents.json has no \"images\" array", nil)
            return
        }
        var problems: [String] = []
        for (index, item) in images.enumerated() {
            guard let image = item as? [String: Any] else {
                problems.append("images[\(index)] is not an object")
                continue
            }
            // Xcode keeps a dropped file it could not place as `"unassigned": true` (no size):
            // actool warns about it as an unassigned child, so it is that, not a malformed file.
            if (image["unassigned"] as? Bool) == true { continue }
            let idiom = image["idiom"] as? String ?? "universal"
            guard let sizeText = image["size"] as? String, let size = parseSize(sizeText) else {
                if image["size"] == nil, idiom != "universal" || image["filename"] != nil {
                    problems.append("images[\(index)] has no \"size\"")
                } else if image["size"] != nil {
                    problems.append("images[\(index)] has a bad \"size\" \(describe(image["size"])) (expected like \"60x60\")")
                }
                continue
            }
            var scale = 1
            if let scaleValue = image["scale"] {
                guard let text = scaleValue as? String, let parsed = parseScale(text) else {
                    problems.append("images[\(index)] has a bad \"scale\" \(describe(scaleValue)) (expected \"1x\", \"2x\" or \"3x\")")
                    continue
                }
                scale = parsed
            }
            var appearance = Appearance.any
            if let appearances = image["appearances"] as? [[String: Any]] {
                for entry in appearances where (entry["appearance"] as? String) == "luminosity" {
                    switch entry["value"] as? String {
                    case "dark": appearance = .dark
                    case "tinted": appearance = .tinted
                    default: break
                    }
                }
            }
            if let filename = image["filename"], !(filename is String) {
                problems.append("images[\(index)] has a \"filename\" that is not a string")
                continue
            }
            if let filename = image["filename"] as? String, !isPlainFileName(filename) {
                problems.append(
                    "images[\(index)] has a \"filename\" \(describe(filename)) that points outside the set (it must name a file in the set's folder)")
                continue
            }
            set.slots.append(
                AppIconSlot(
                    filename: image["filename"] as? String, idiom: idiom,
                    platform: image["platform"] as? String, size: size, scale: scale,
                    appearance: appearance, index: index))
        }
        if !problems.isEmpty { set.contentsProblem = (problems.joined(separator: "; "), nil) }
    }

    /// A name inside the set's folder: no path separator, not "." or "..", no NUL.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\u{0}")
    }

    /// "83.5x83.5" → 83.5; nil when malformed or not square.
    static func parseSize(_ text: String) -> Double? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w == h, w > 0, w <= 4096 else { return nil }
        return w
    }

    static func parseScale(_ text: String) -> Int? {
        guard text.hasSuffix("x"), let value = Int(text.dropLast()), (1...3).contains(value) else { return nil }
        return value
    }

    private static func describe(_ value: Any?) -> String {
        switch value {
        case let string as String: "\"\(string)\""
        case nil: "null"
        case let other?: String(describing: other)
        }
    }

    static func jsonReason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }

    static func jsonLine(_ error: Error) -> Int? {
        let text = jsonReason(error)
        guard let range = text.range(of: "line ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
