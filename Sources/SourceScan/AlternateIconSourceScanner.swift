import Foundation
import IconSupport

// The entry point: which files can set an alternate icon, and the names each call can pass.
//
// Plugins, checked against their iOS sources (the name reaches
// `UIApplication.setAlternateIconName` unchanged, or with a fixed prefix where said):
// - flutter_dynamic_icon: `FlutterDynamicIcon.setAlternateIconName(iconName)` sends the name
//   over its method channel; the iOS plugin passes it on, null as nil.
// - react-native-change-icon (5.x): `changeIcon(name)` passes the name on; an absent or empty
//   name and "Default" become nil (the primary) in its iOS module.
// - expo-alternate-app-icons: `setAlternateAppIcon(name)` passes the name (or null) on.
// - @capacitor-community/app-icon: `AppIcon.change({ name })` passes the name on; an empty
//   name is refused before iOS is asked.
// - expo-dynamic-app-icon, @mozzius/…, @bsky.app/… and @howincodes/expo-dynamic-app-icon:
//   `setAppIcon(name)` passes the name on (@howincodes as `AppIcon-` + name); null or "" reset
//   to the primary.
// JavaScript calls count only where the file imports the plugin's package (the names alone,
// `changeIcon` above all, are too common to trust).

public enum AlternateIconSourceScanner {
    /// The byte strings a file must contain to be lexed at all: every call shape above holds
    /// one of them, so other files are skipped after a plain byte search.
    static let markers: [[UInt8]] = ["AlternateIcon", "changeIcon", "AppIcon.change", "setAlternateAppIcon", "setAppIcon"].map { Array($0.utf8) }

    /// True when the bytes may hold a call that sets an alternate icon (a fast pre-filter).
    public static func mightSetAlternateIcon(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in markers.contains { contains(buffer, $0) } }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            // memchr-like skip to the next candidate first byte.
            guard let hit = haystack[index...last].firstIndex(of: first) else { return false }
            if needle.indices.dropFirst().allSatisfy({ haystack[hit + $0] == needle[$0] }) { return true }
            index = hit + 1
        }
        return false
    }

    /// The call sites of one file. Swift enum members resolve against the enums declared in
    /// this file; `scan(files:)` resolves them across the files of an app. Past the work
    /// bound the file's names are unknown: its calls come back dynamic, without names.
    public static func scan(_ bytes: [UInt8], language: SourceLanguage, path: String = "") -> [AlternateIconCallSite] {
        guard mightSetAlternateIcon(bytes) else { return [] }
        let analysis = FileAnalysis(bytes: bytes, language: language, path: path, meter: WorkMeter())
        let meter = WorkMeter()
        let sites = resolve(analysis.calls, path: path, enums: EnumTable(analysis.enums), meter: meter)
        return analysis.isComplete && !meter.isExhausted ? sites : sites.map(\.unknown)
    }

    /// The call sites of an app's source files (Swift, Objective-C, Dart, JavaScript,
    /// TypeScript; others are ignored), read from disk. Files without a marker are not
    /// lexed; Swift files are read for their String enums only when a call needs one.
    /// `root`: files outside it (through `..`, an absolute path or a symlink) are not read.
    /// `budget`: the lint's steps, shared by the apps scanned at once.
    public static func scan(files: [String], root: String? = nil) -> SourceScanResult {
        scan(files: files, root: root, budget: ScanBudget())
    }

    package static func scan(files: [String], root: String?, budget: ScanBudget) -> SourceScanResult {
        var problems: [SourceScanProblem] = []
        var analyses: [FileAnalysis] = []
        var enumCandidates: [String] = []
        /// Files whose evaluation ran out of steps: what their calls pass, and what their
        /// enums' properties return, is unknown.
        var givenUp: Set<String> = []
        func giveUp(_ path: String) {
            guard givenUp.insert(path).inserted else { return }
            problems.append(
                SourceScanProblem(
                    path: path,
                    message:
                        "the names its code can pass to setAlternateIconName were not worked out: reading it takes more than the scan's bound (\(WorkMeter.stepsPerFile) steps a file, \(ScanBudget.stepsPerLint) a lint) or nests deeper than \(WorkMeter.maxDepth) levels, so unknown-alternate-icon-name does not check it; if the file is generated, leave it out of the target's sources"
                ))
        }
        for path in files {
            guard let language = SourceLanguage(path: path) else { continue }
            let bytes: [UInt8]
            do {
                bytes = try readBytes(path, root: root)
            } catch {
                if !Self.isAbsentGenerated(error) { problems.append(SourceScanProblem(path: path, message: error.localizedDescription)) }
                continue
            }
            if mightSetAlternateIcon(bytes) {
                let (meter, steps) = budget.meter()
                let analysis = FileAnalysis(bytes: bytes, language: language, path: path, meter: meter)
                budget.settle(meter, budget: steps)
                if !analysis.isComplete { giveUp(path) }
                analyses.append(analysis)
            } else if language == .swift, bytes.withUnsafeBufferPointer({ contains($0, Array("enum".utf8)) }) {
                enumCandidates.append(path)
            }
        }
        var enums = analyses.filter(\.isComplete).flatMap(\.enums)
        if analyses.contains(where: { $0.calls.contains { !$0.value.enumReferences.isEmpty } }) {
            for path in enumCandidates {
                do {
                    let (meter, steps) = budget.meter()
                    let read = SwiftStringEnum.read(TokenStream(SwiftLexer.tokens(try readBytes(path, root: root), meter: meter), meter: meter), path: path)
                    budget.settle(meter, budget: steps)
                    if meter.isExhausted { giveUp(path) } else { enums += read }
                } catch {
                    if !Self.isAbsentGenerated(error) { problems.append(SourceScanProblem(path: path, message: error.localizedDescription)) }
                }
            }
        }
        // A file given up may declare any enum (or a second one of a name): then no enum
        // reference of the app is resolved.
        let table = EnumTable(enums, isComplete: givenUp.isEmpty)
        var sites: [AlternateIconCallSite] = []
        for analysis in analyses {
            let (meter, steps) = budget.meter()
            let resolved = resolve(analysis.calls, path: analysis.path, enums: table, meter: meter)
            budget.settle(meter, budget: steps)
            if meter.isExhausted { giveUp(analysis.path) }
            sites += givenUp.contains(analysis.path) ? resolved.map(\.unknown) : resolved
        }
        return SourceScanResult(callSites: sites, problems: problems)
    }

    /// A source file, if it is a regular file of sane size (a FIFO must never block the lint).
    private static func readBytes(_ path: String, root: String?) throws -> [UInt8] {
        let read = root.map { ProjectFile.read(path, root: $0, limit: sourceSizeLimit) } ?? ProjectFile.read(path, limit: sourceSizeLimit)
        switch read {
        case .success(let data): return [UInt8](data)
        case .failure(let failure) where failure == .notInRoot || failure == .outsideRoot:
            throw SourceReadError(description: "not read: \(failure)")
        case .failure(.missing) where isKnownGenerated(path):
            throw SourceReadError(description: "not in the repository: a setup step writes it", isAbsentGenerated: true)
        case .failure(let failure): throw SourceReadError(description: "cannot read the file: \(failure)")
        }
    }

    /// Sources a setup step writes into a checkout, named by the target but never committed:
    /// Flutter's GeneratedPluginRegistrant (`flutter pub get`), Expo's ExpoModulesProvider.swift
    /// and anything else under Pods/ (`pod install`). They register plugins and never name an
    /// icon, so one that is absent needs no note.
    static func isKnownGenerated(_ path: String) -> Bool {
        let name = ProjectPath.lastComponent(path)
        return ["GeneratedPluginRegistrant.m", "GeneratedPluginRegistrant.swift", "ExpoModulesProvider.swift"].contains(name)
            || path.split(separator: "/").contains("Pods")
    }

    private static func isAbsentGenerated(_ error: Error) -> Bool { (error as? SourceReadError)?.isAbsentGenerated == true }

    /// Source files past this are generated or vendored blobs, not an app's code.
    static let sourceSizeLimit = 8 << 20

    private struct SourceReadError: Error, CustomStringConvertible, LocalizedError {
        let description: String
        var isAbsentGenerated = false
        var errorDescription: String? { description }
    }

    private static func resolve(_ calls: [PendingCallSite], path: String, enums: EnumTable, meter: WorkMeter) -> [AlternateIconCallSite] {
        calls.map { call in
            var value = call.value
            for reference in value.enumReferences { value.formUnion(enums.value(of: reference, meter: meter)) }
            let names = Array(Set(value.names)).sorted()
            return AlternateIconCallSite(
                path: path, line: call.line, column: call.column, api: call.api, names: names,
                canBePrimary: value.canBePrimary, isDynamic: value.isDynamic)
        }
    }
}

/// One file lexed: its call sites (enum references still open) and its String enums.
struct FileAnalysis {
    let path: String
    let calls: [PendingCallSite]
    let enums: [SwiftStringEnum]
    /// False when the file's work ran out of steps: then `calls` and `enums` are partial and
    /// say nothing.
    let isComplete: Bool

    init(bytes: [UInt8], language: SourceLanguage, path: String, meter: WorkMeter) {
        self.path = path
        let tokens: [SourceToken]
        switch language {
        case .swift: tokens = SwiftLexer.tokens(bytes, meter: meter)
        case .objectiveC: tokens = ObjectiveCLexer.tokens(bytes)
        case .dart: tokens = DartLexer.tokens(bytes)
        case .javaScript, .typeScriptJSX: tokens = JavaScriptLexer.tokens(bytes, jsx: true, meter: meter)
        case .typeScript: tokens = JavaScriptLexer.tokens(bytes, jsx: false, meter: meter)
        }
        let stream = TokenStream(tokens, meter: meter)
        enums = language == .swift ? SwiftStringEnum.read(stream, path: path) : []
        calls = AlternateIconResolver(stream: stream, language: language, path: path, localEnums: enums).callSites()
        isComplete = !meter.isExhausted
    }
}

extension AlternateIconCallSite {
    /// The call with its names unknown (its file was given up): no name, no guess.
    var unknown: AlternateIconCallSite {
        AlternateIconCallSite(path: path, line: line, column: column, api: api, names: [], canBePrimary: false, isDynamic: true)
    }
}

/// The String enums of an app by name; a name declared twice (nested types in two scopes)
/// resolves to nothing rather than to a guess.
struct EnumTable {
    private var byName: [String: SwiftStringEnum] = [:]
    private var ambiguous: Set<String> = []
    /// Computed property → the enums that declare it (the first two: more is as ambiguous).
    private var owners: [String: [SwiftStringEnum]] = [:]
    /// False when some file was given up: an enum it declares is missing, so no reference
    /// can be trusted to mean the one the table holds.
    private let isComplete: Bool

    init(_ enums: [SwiftStringEnum], isComplete: Bool = true) {
        self.isComplete = isComplete
        for item in enums {
            if byName[item.name] != nil { ambiguous.insert(item.name) } else { byName[item.name] = item }
            for property in item.properties.keys where owners[property, default: []].count < 2 {
                owners[property, default: []].append(item)
            }
        }
    }

    /// The value a reference resolves to; each case looked at counts on `meter`.
    func value(of reference: EnumReference, meter: WorkMeter) -> ResolvedValue {
        if let typeName = reference.typeName {
            guard isComplete, !ambiguous.contains(typeName), let item = byName[typeName], meter.charge(item.cases.count) else { return .dynamic }
            return item.value(of: reference)
        }
        // The type is unknown: a computed property only one enum declares identifies it;
        // `rawValue` (every enum has one) does not.
        guard isComplete, reference.property != "rawValue", let found = owners[reference.property], found.count == 1,
            meter.charge(found[0].cases.count)
        else { return .dynamic }
        return found[0].value(of: reference)
    }
}
