import BundleKit
import Foundation
import PNGKit

/// What to lint and how.
public struct LintOptions: Sendable {
    /// A project folder, an `.xcodeproj`, or an Info.plist.
    public var path: String
    public var configuration: LintConfiguration
    public var limits: PNGLimits
    /// Image facts kept between runs (`--cache-path`, `--no-cache`); nil reads every image.
    public var cache: ImageFactsCacheStore?

    /// The bounds lint reads icons with (`PNGLimits.icons`).
    public static let iconLimits = PNGLimits.icons

    public init(path: String, configuration: LintConfiguration = LintConfiguration(), limits: PNGLimits = iconLimits) {
        self.path = path
        self.configuration = configuration
        self.limits = limits
    }
}

/// Reads a project into app models, runs every rule over each, and returns the findings;
/// never prints.
public enum Linter {
    /// Lints one PATH. Throws only for problems with the request itself: a path not found,
    /// or a path under which no iOS app is found.
    public static func lint(_ options: LintOptions) throws(ConfigurationError) -> LintResult {
        if BuiltProduct.recognise(options.path) != nil || options.path.lowercased().hasSuffix(".ipa") {
            return try lintBuilt(options)
        }
        return try lint(options, request: LintRequest(path: options.path))
    }

    /// Lints a built app (`.app`, `.ipa`, `.xcarchive`, recognised by content): the rules that
    /// apply to built products, on what the bundle holds. Findings name files inside the
    /// product (`Payload/App.app/AppIcon60x60@2x.png`), relative to the product's path.
    static func lintBuilt(_ options: LintOptions) throws(ConfigurationError) -> LintResult {
        let product: BuiltProduct
        do {
            product = try BuiltProduct.open(options.path)
        } catch {
            throw ConfigurationError("\(error)")
        }
        let reader = BuiltProductReader(product: product, images: ImageFactsCache(limits: options.limits))
        let app = reader.read()
        let runner = RuleRunner(configuration: options.configuration)
        let diagnostics = runner.run([app])
        return LintResult(
            root: reader.root, diagnostics: diagnostics, appTargetCount: 1, notes: distinct(app.readingNotes + runner.notes(app)),
            inventorySource: IconInventory.source(apps: [app], limits: options.limits))
    }

    /// A project's sources as lint judges them: the app models with their images loaded, the
    /// reading findings of no app, and the built apps committed inside the tree, linted apart.
    /// `fix` plans from the same value, so it never repairs what lint refuses to judge.
    struct SourceRead {
        /// What the paths are relative to (a lone Info.plist's folder when no target builds it).
        var root: String
        var apps: [AppModel]
        var findings: [Finding]
        var notes: [String]
        /// The built apps found inside the tree (each linted as a built product).
        var built: [LintResult]
    }

    /// Reads the sources `request` names. Throws, as lint does, when there is nothing to lint or
    /// an app's build settings are unknown because its generator's project is not generated.
    static func readSources(_ options: LintOptions, request: LintRequest) throws(ConfigurationError) -> SourceRead {
        let index = FileScanner.scan(root: request.root)
        let catalogs = AssetCatalogReader.read(catalogsOf: index)
        let images = ImageFactsCache(limits: options.limits, store: options.cache)
        var read = SourceProjectReader(request: request, index: index, catalogs: catalogs, images: images).read()
        if let plist = request.plistOfProject {
            read.apps = read.apps.filter { $0.plistPath == plist }
            if read.apps.isEmpty {
                // No target builds it after all: lint the file alone.
                let alone = LintRequest(
                    root: ((request.root + "/" + plist) as NSString).deletingLastPathComponent,
                    plist: ProjectPath.lastComponent(plist))
                return try readSources(options, request: alone)
            }
        }
        // A built app committed inside the tree (an artifact folder, a jailbreak app) is
        // linted as what it is, not as sources holding CgBI copies.
        let builtFolders = read.apps.compactMap { app -> String? in
            guard app.identity.project == nil, let plist = app.plistPath else { return nil }
            let folder = ProjectPath.parentFolder(plist)
            return BuiltProduct.recognise(request.root + "/" + folder) == .app ? folder : nil
        }
        let builtFolderSet = Set(builtFolders)
        read.apps.removeAll { app in app.plistPath.map { builtFolderSet.contains(ProjectPath.parentFolder($0)) } ?? false }
        let built = try builtFolders.map { folder throws(ConfigurationError) in
            var builtOptions = options
            builtOptions.path = request.root + "/" + folder
            return try lintBuilt(builtOptions).relative(to: request.root)
        }
        guard !read.apps.isEmpty || !built.isEmpty || read.findings.contains(where: { $0.rule == .projectUnreadable }) else {
            throw ConfigurationError(
                nothingToLint(options.path, index: index, projectCount: read.projectCount, readSpecs: read.readSpecs, unreadableSpecs: read.unreadableSpecs))
        }
        // An app whose project a generator describes (XcodeGen, Tuist) but that has no
        // .xcodeproj yet has unknown build settings: linting its Info.plist alone would pass
        // or fail on guesses, so the run stops as for any input it cannot read.
        for app in read.apps where app.identity.project == nil {
            guard let plist = app.plistPath, let spec = ProjectSpec.describing(plist, index: index) else { continue }
            throw ConfigurationError(spec.notGeneratedMessage(linting: options.path, app: plist, reason: read.unreadableSpecs[spec.path]))
        }
        SourceProjectReader.loadImages(of: read.apps, into: images)
        return SourceRead(root: request.root, apps: read.apps, findings: read.findings, notes: read.notes, built: built)
    }

    static func lint(_ options: LintOptions, request: LintRequest) throws(ConfigurationError) -> LintResult {
        let read = try readSources(options, request: request)
        let built = read.built
        let runner = RuleRunner(configuration: options.configuration)
        let sources = runner.run(read.apps, findingsOfNoApp: read.findings)
        let apps = Set(read.apps.map(\.identity)).count
        return LintResult(
            root: read.root, diagnostics: (sources + built.flatMap(\.diagnostics)).sorted(by: Diagnostic.reportOrder),
            appTargetCount: apps + built.count,
            notes: Self.distinct(read.notes + read.apps.flatMap { $0.readingNotes + runner.notes($0) } + built.flatMap(\.notes)),
            inventorySource: IconInventorySource(
                merging: [IconInventory.source(apps: read.apps, limits: options.limits)] + built.map(\.inventorySource)))
    }

    /// Notes in first-seen order, each once (configurations of one app share their notes).
    static func distinct(_ notes: [String]) -> [String] {
        var seen: Set<String> = []
        return notes.filter { seen.insert($0).inserted }
    }

    /// One line for a PATH with no iOS app: what was searched, what was skipped, and a project
    /// generator's spec when that is why (XcodeGen and Tuist repositories commit no .xcodeproj).
    static func nothingToLint(
        _ path: String, index: FileIndex, projectCount: Int, readSpecs: Set<String> = [], unreadableSpecs: [String: String] = [:]
    ) -> String {
        var searched = "\(index.fileCount) file\(index.fileCount == 1 ? "" : "s")"
        if projectCount > 0 { searched += " and \(projectCount) Xcode project\(projectCount == 1 ? "" : "s") without an iOS app target" }
        let skipped = index.skipped.prefix(5).joined(separator: ", ") + (index.skipped.count > 5 ? ", …" : "")
        if let spec = ProjectSpec.anywhere(index), !readSpecs.contains(spec.path) {
            let why = ProjectSpec.cannotRead(unreadableSpecs[spec.path])
            return
                "no iOS app found under \(path) (searched \(searched)); \(spec.path) (\(spec.tool)) describes the project but no .xcodeproj is generated yet\(why): run `\(spec.command)` first, then lint again"
        }
        let products = ((try? FileManager.default.contentsOfDirectory(atPath: index.root)) ?? []).sorted()
            .filter { ["ipa", "app", "xcarchive"].contains(($0 as NSString).pathExtension.lowercased()) }
        if let product = products.first {
            return
                "no iOS app found under \(path) (searched \(searched)); it holds the built app \(product): lint it directly, `iconlint lint \(ReportText.singleLine((path as NSString).appendingPathComponent(product)))`"
        }
        if ["app", "xcarchive"].contains((path as NSString).pathExtension.lowercased()) {
            return
                "no iOS app found under \(path): as a built app it lacks an Info.plist (beside a PkgInfo or _CodeSignature) or Products/Applications/*.app, and as a source folder it holds no .xcodeproj or Info.plist of an app"
        }
        let unread = index.unusableInputs.prefix(3).map { "\($0.path), \($0.reason)" }.joined(separator: "; ")
        return
            "no iOS app found under \(path) (searched \(searched)\(skipped.isEmpty ? "" : "; skipped \(skipped)")\(unread.isEmpty ? "" : "; not read: \(unread)")); give the folder that holds the app's .xcodeproj or Info.plist"
    }
}

extension LintResult {
    /// The same result with its files relative to `folder`, an ancestor of its root.
    func relative(to folder: String) -> LintResult {
        guard root.hasPrefix(folder + "/") else { return self }
        let prefix = String(root.dropFirst(folder.count + 1)) + "/"
        var copy = self
        copy.root = folder
        for index in copy.diagnostics.indices { copy.diagnostics[index].location.file = prefix + copy.diagnostics[index].location.file }
        copy.notes = notes
        return copy
    }
}
