import Foundation

/// What an app's Info.plist declares and where each CFBundleIconFiles entry leads in that
/// app's bundle: worked out once, read by the Info.plist rules.
struct PlistIconAnalysis: Sendable {
    /// A structural problem met while reading the declarations.
    struct Problem: Sendable {
        var rule: RuleID
        var message: String
        var keyPath: [String]
        var icon: String?
        var role: IconRole?
        var idiom: Idiom?
    }

    /// One CFBundleIconFiles entry and what the lookup found for it.
    struct Entry: Sendable {
        var declaration: IconDeclaration
        var entry: String
        var line: Int?
        /// The same name appeared earlier in the same list (nothing else is worked out).
        var isDuplicate = false
        /// Provided by the build: an included app icon set of that name, or the files actool
        /// writes for one (`AppIcon60x60`), or an entry of a list the build replaces.
        var resolvedByBuild = false
        /// In a CFBundlePrimaryIcon list that actool rewrites because the catalog provides the
        /// primary icon: the built Info.plist never holds it, so nothing is looked up for it.
        var replacedByBuild = false
        /// Files the bundle holds for it.
        var uses: [FileUse] = []
        /// Candidates found only when letter case is ignored: (name iOS asks for, path found).
        var caseFolded: [(candidate: String, path: String)] = []
        /// Candidates that exist beside the bundle but the target does not copy.
        var besideBundle: [(candidate: String, path: String)] = []
        /// Where the entry exists inside an asset catalog instead (an imageset or a set the build does not include).
        var catalogHit: String?
        /// Candidates present as something never read (a link out of the project, a FIFO): (path, why).
        var unusable: [(path: String, reason: String)] = []
        /// Files another reading of a device-suffixed entry would reach (`Dark~ipad` →
        /// `Dark@2x~ipad.png`) when the lookup as iOS documents it finds none: whether iOS
        /// finds them is not known, so the entry is neither resolved nor missing (a note says so).
        var unsure: [(candidate: String, path: String)] = []
        /// Candidates the target copies from outside the linted root (or a folder it copies
        /// from there, when nothing else is found): never read, so the entry is not checked.
        var notRead: [(candidate: String, path: String)] = []
        /// A catalog outside the linted root (never read) from whose sets the build may provide
        /// the entry: not checked.
        var unreadCatalog: String?
        /// Names a missing `#include` could define that the entry's text depends on: what the
        /// build makes of it is unknown, so it is not checked (see `UndecidedIcons`).
        var unknownMacros: [String] = []

        /// Something the entry needs was never read or is not known: no rule judges it (a note says so).
        var isNotChecked: Bool { !notRead.isEmpty || unreadCatalog != nil || !unknownMacros.isEmpty }
        var isUnresolved: Bool { !resolvedByBuild && !isDuplicate && uses.isEmpty && unsure.isEmpty && !isNotChecked }
    }

    /// An icon file a declaration reached, and the size its name or slot states.
    struct FileUse: Sendable {
        var path: String
        var declaration: IconDeclaration
        var entry: String
        /// The file name iOS asked for.
        var candidate: String
        var image: ImageUse {
            ImageUse(path: path, icon: declaration.name, role: declaration.role, idiom: declaration.idiom)
        }
    }

    let document: PlistDocument
    private(set) var declarations: [IconDeclaration] = []
    /// Declarations and entries whose text depends on names a missing `#include` could define:
    /// the declarations are left out of `declarations`, the entries are not checked.
    private(set) var undecided = UndecidedIcons()
    private(set) var problems: [Problem] = []
    private(set) var entries: [Entry] = []
    /// What the analysis could not settle, each a sentence (reported as notes).
    private(set) var notes: [String] = []
    /// Whether the build's asset catalog provides the primary icon (the build then rewrites the primary entries).
    private(set) var primaryFromCatalog = false
    /// The primary icon set's name: from the build settings, else the plist's CFBundleIconName.
    let primaryIconName: String?

    /// A built app's Info.plist: nothing is left for a build to provide.
    let isBuilt: Bool

    /// For each declaration (same order), the indices of its entries in `entries`.
    private(set) var entryIndices: [[Int]] = []

    var file: String { document.path }
    var fileUses: [FileUse] { entries.flatMap(\.uses) }

    /// Each declaration with its entries, in order.
    var declarationsWithEntries: [(declaration: IconDeclaration, entries: [Entry])] {
        zip(declarations, entryIndices).map { ($0, $1.map { entries[$0] }) }
    }

    /// Reads a source project's Info.plist as the build would complete it, or (`isBuilt`) a
    /// built app's, where the build is over: every entry must reach a file of the bundle.
    init(document: PlistDocument, settings: IconBuildSettings, bundle: BundleFiles, sources: CatalogIconSources, isBuilt: Bool = false) {
        self.document = document
        self.isBuilt = isBuilt
        if settings.known {
            primaryIconName = settings.appIconName.flatMap { $0.isEmpty ? nil : $0 }
        } else {
            primaryIconName = (document.root["CFBundleIcons"] as? [String: Any]).flatMap {
                ($0["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String
            }
        }
        var problems: [Problem] = []
        declarations = IconDeclarationReader(document: document) { rule, message, keyPath, icon, role, idiom in
            problems.append(Problem(rule: rule, message: message, keyPath: keyPath, icon: icon, role: role, idiom: idiom))
        }.read()
        self.problems = problems
        undecided = UndecidedIcons(document: document, declarations: declarations)
        if !undecided.isEmpty {
            let unknown = undecided.declarations.map(\.declaration)
            declarations.removeAll { unknown.contains($0) }
            self.problems.removeAll { problem in unknown.contains { problem.keyPath.starts(with: $0.keyPath) } }
        }
        if let name = primaryIconName {
            // A primary set no catalog that was read holds may be in one that was not (a note says so).
            primaryFromCatalog = sources.set(named: name) != nil || sources.mayBeUnread(name)
        }
        if primaryFromCatalog, !isBuilt {
            // actool writes CFBundlePrimaryIcon → CFBundleIconFiles (and CFBundleIconName) of
            // CFBundleIcons and CFBundleIcons~ipad into the built Info.plist: what the source
            // list holds (Xcode's `[""]`, stale names) never reaches the bundle.
            let replaced = IconDeclarationReader.containers.map { [$0.key, "CFBundlePrimaryIcon", "CFBundleIconFiles"] }
            self.problems.removeAll { problem in replaced.contains { problem.keyPath.starts(with: $0) } }
        }
        for declaration in declarations {
            let first = entries.count
            resolve(declaration, bundle: bundle, sources: sources)
            entryIndices.append(Array(first..<entries.count))
        }
    }

    /// "alternate icon 'Dark' (iPhone, CFBundleIcons)", for messages.
    static func place(_ declaration: IconDeclaration) -> String {
        "\(declaration.displayName) (\(declaration.idiomText), \(declaration.containerKey.isEmpty ? "CFBundleIconFiles" : declaration.containerKey))"
    }

    /// The declaration's CFBundleIconFiles is one the build replaces (see `Entry.replacedByBuild`).
    /// The top-level CFBundleIconFiles is not: actool leaves it as written.
    func isReplacedByBuild(_ declaration: IconDeclaration) -> Bool {
        !isBuilt && primaryFromCatalog && declaration.role == .primary && !declaration.containerKey.isEmpty
    }

    private mutating func resolve(_ declaration: IconDeclaration, bundle: BundleFiles, sources: CatalogIconSources) {
        guard let files = declaration.files else { return }
        let replaced = isReplacedByBuild(declaration)
        // An alternate whose name is an included app icon set: the build generates its entry.
        let byBuild = declaration.role == .alternate && sources.isIncluded(declaration.name)
        let filesPath = declaration.keyPath.last == "CFBundleIconFiles" ? declaration.keyPath : declaration.keyPath + ["CFBundleIconFiles"]
        var seen: Set<String> = []
        for (index, name) in files.enumerated() {
            var entry = Entry(
                declaration: declaration, entry: name,
                line: document.line(filesPath + [String(index)]) ?? document.line(filesPath))
            if replaced {
                entry.resolvedByBuild = true
                entry.replacedByBuild = true
                entries.append(entry)
                continue
            }
            if !seen.insert(name).inserted {
                entry.isDuplicate = true
                entries.append(entry)
                continue
            }
            if let names = undecided.names(declaration, entry: index) {
                entry.unknownMacros = names
                entries.append(entry)
                continue
            }
            if !isBuilt,
                byBuild || sources.isIncluded(name)
                    || sources.isGeneratedEntry(
                        name, primaryName: primaryIconName, anySet: declaration.role == .primary && primaryFromCatalog)
            {
                entry.resolvedByBuild = true
                entries.append(entry)
                continue
            }
            if !isBuilt, sources.mayBeProvidedByUnread(name, alternateName: declaration.role == .alternate ? declaration.name : nil),
                let catalog = sources.unreadCatalogs.first
            {
                entry.unreadCatalog = catalog
                if !entries.contains(where: { $0.declaration == declaration && $0.unreadCatalog != nil }) {
                    notes.append(
                        "\(file): \(Self.place(declaration)) was not checked: an app icon set the build includes may provide it from \(catalog), outside the linted folder, which is never read; lint a folder that contains it"
                    )
                }
                entries.append(entry)
                continue
            }
            lookUp(&entry, bundle: bundle)
            if entry.uses.isEmpty, entry.besideBundle.isEmpty { lookUpOtherReading(&entry, bundle: bundle) }
            if !isBuilt, entry.uses.isEmpty, entry.besideBundle.isEmpty, entry.unsure.isEmpty {
                entry.catalogHit = sources.catalogHit(for: name, alternateName: declaration.role == .alternate ? declaration.name : nil)
            }
            entries.append(entry)
        }
    }

    /// The files iOS finds for an entry in the bundle, as the device looks them up.
    private mutating func lookUp(_ entry: inout Entry, bundle: BundleFiles) {
        let declaration = entry.declaration
        let candidates = IconFileName.candidates(for: entry.entry, idiom: declaration.idiom)
        // A device-specific file (`Name@2x~ipad.png`) shadows the generic one of the same scale.
        let shadowing = Set(
            candidates.filter { !bundle.pngs(named: $0).isEmpty }
                .map { IconFileName($0) }.filter { $0.device != nil }.map { $0.scale ?? 1 })
        for candidate in candidates {
            let parsed = IconFileName(candidate)
            if parsed.device == nil, !parsed.isLiteralEntry(entry.entry), shadowing.contains(parsed.scale ?? 1) { continue }
            if let path = bundle.pngs(named: candidate).first {
                entry.uses.append(FileUse(path: path, declaration: declaration, entry: entry.entry, candidate: candidate))
            } else if let path = bundle.pngs(namedIgnoringCase: candidate).first {
                entry.caseFolded.append((candidate, path))
                // Resolved, so that the later rules still judge the file; the case is its own finding.
                entry.uses.append(FileUse(path: path, declaration: declaration, entry: entry.entry, candidate: candidate))
            } else if let path = bundle.besideBundle(named: candidate).first {
                entry.besideBundle.append((candidate, path))
            } else if let found = bundle.unusable(named: candidate) {
                entry.unusable.append(found)
            } else if let path = bundle.outsideRoot(named: candidate) {
                entry.notRead.append((candidate, path))
            }
        }
        if entry.uses.isEmpty, entry.besideBundle.isEmpty, entry.notRead.isEmpty, let folder = bundle.outsideFolders.first {
            entry.notRead.append(("", folder + "/"))
        }
        if let first = entry.notRead.first {
            notes.append(
                "\(file): \(Self.place(declaration)) entry \"\(entry.entry)\" was not checked\(entry.uses.isEmpty ? "" : " in full"): \(first.candidate.isEmpty ? "the target copies the folder \(first.path)" : "its file \(first.path)"), outside the linted folder, is never read; lint a folder that contains it"
            )
        }
    }

    /// `Dark~ipad` finds nothing as written (`Dark~ipad@2x.png`), but `Dark@2x~ipad.png` is there:
    /// that is the file if iOS reads the entry's device modifier as a modifier, which nothing
    /// shows it does. Neither resolved nor missing, and a note says what to rename.
    private mutating func lookUpOtherReading(_ entry: inout Entry, bundle: BundleFiles) {
        let parsed = IconFileName(entry.entry)
        guard !parsed.isLiteral, let device = parsed.device else { return }
        // `Dark~ipad.png` (@1x) is the entry as written, already looked for.
        for scale in entry.declaration.idiom == .ipad ? [2] : [2, 3] {
            let candidate = "\(parsed.base)@\(scale)x~\(device).png"
            if let path = bundle.pngs(named: candidate).first { entry.unsure.append((candidate, path)) }
        }
        guard let first = entry.unsure.first else { return }
        let asWritten = "\(entry.entry)@\(IconFileName(first.candidate).scale ?? 2)x.png"
        notes.append(
            "\(file): \(Self.place(entry.declaration)) entry \"\(entry.entry)\" was not checked: iOS appends the scale to the entry as written (\(asWritten)), which is not there, and whether it finds \(first.path) for it instead is not known; rename the file to \(asWritten) or the entry to \"\(parsed.base)\" to be sure"
        )
    }

    /// Pixel sizes found for a declaration's files (square images only), once facts are loaded.
    static func sizes(of entries: [Entry], in app: AppModel) -> Set<Int> {
        Set(
            entries.flatMap(\.uses).compactMap { use -> Int? in
                guard let header = app.facts(use.path)?.header, header.width == header.height else { return nil }
                return header.width
            })
    }

    /// Declarations whose files the Info.plist route must supply (the build provides none of
    /// their entries), with their entries.
    var handWritten: [(declaration: IconDeclaration, entries: [Entry])] {
        declarationsWithEntries.filter { !$0.entries.contains { $0.resolvedByBuild } }
    }
}

extension PlistIconAnalysis {
    /// A file a declaration lacks for one of its sizes, found in the project's folder but not
    /// copied by the target (`Dark@3x.png` beside a copied `Dark@2x.png`).
    struct OutsideTarget {
        var pixels: Int
        /// The file name iOS asks for, and where it lies.
        var candidate: String
        var path: String
        var entry: Entry
    }

    /// For each missing size, the file that would provide it (built from each entry's name, as
    /// the size rules advise) when it lies beside the bundle: that size is not missing, its file
    /// is outside the target (icon-file-not-in-target's).
    static func outsideTarget(_ entries: [Entry], missing: [Int], idiom: Idiom) -> [OutsideTarget] {
        var found: [OutsideTarget] = []
        for entry in entries where !entry.besideBundle.isEmpty && !entry.isDuplicate {
            let base = IconFileName(entry.entry).lookupBase
            for suggestion in IconFileName.suggestions(entry: base, missingPixels: missing, idiom: idiom)
            where !found.contains(where: { $0.pixels == suggestion.pixels }) {
                guard let beside = entry.besideBundle.first(where: { $0.candidate == suggestion.fileName }) else { continue }
                found.append(OutsideTarget(pixels: suggestion.pixels, candidate: beside.candidate, path: beside.path, entry: entry))
            }
        }
        return found
    }
}

extension PlistIconAnalysis {
    /// The structural problems the declaration reader met for one rule, at their key's line.
    func structuralFindings(_ rule: RuleID) -> [Finding] {
        problems.filter { $0.rule == rule }.map { problem in
            Finding(
                rule: rule, message: problem.message, location: Location(file: file, line: document.line(problem.keyPath)),
                icon: problem.icon, role: problem.role, idiom: problem.idiom)
        }
    }

    /// A finding about one entry, at the entry's line.
    func finding(_ rule: RuleID, _ message: String, at entry: Entry, onDevice: Bool = false) -> Finding {
        Finding(
            rule: rule, message: message, location: Location(file: file, line: entry.line), icon: entry.declaration.name,
            role: entry.declaration.role, idiom: entry.declaration.idiom, onDevice: onDevice)
    }

    /// A finding about one declaration, at its key's line.
    func finding(_ rule: RuleID, _ message: String, at declaration: IconDeclaration, idiom: Idiom? = nil) -> Finding {
        Finding(
            rule: rule, message: message, location: Location(file: file, line: document.line(declaration.keyPath)),
            icon: declaration.name, role: declaration.role, idiom: idiom ?? declaration.idiom)
    }
}
