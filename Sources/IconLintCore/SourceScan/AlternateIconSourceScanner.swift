import Foundation

// The entry point: which files can set an alternate icon, and the names each call can pass.
//
// Plugins, checked against their iOS sources (the name reaches
// `UIApplication.setAlternateIconName` unchanged in all four):
// - flutter_dynamic_icon: `FlutterDynamicIcon.setAlternateIconName(iconName)` sends the name
//   over its method channel; the iOS plugin passes it on, null as nil.
// - react-native-change-icon (5.x): `changeIcon(name)` passes the name on; an absent or empty
//   name and "Default" become nil (the primary) in its iOS module.
// - expo-alternate-app-icons: `setAlternateAppIcon(name)` passes the name (or null) on.
// - @capacitor-community/app-icon: `AppIcon.change({ name })` passes the name on; an empty
//   name is refused before iOS is asked.
// JavaScript calls count only where the file imports the plugin's package (the names alone,
// `changeIcon` above all, are too common to trust).

public enum AlternateIconSourceScanner {
    /// The byte strings a file must contain to be lexed at all: every call shape above holds
    /// one of them, so other files are skipped after a plain byte search.
    static let markers: [[UInt8]] = ["AlternateIcon", "changeIcon", "AppIcon.change", "setAlternateAppIcon"].map { Array($0.utf8) }

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
    /// this file; `scan(files:)` resolves them across the files of an app.
    public static func scan(_ bytes: [UInt8], language: SourceLanguage, path: String = "") -> [AlternateIconCallSite] {
        guard mightSetAlternateIcon(bytes) else { return [] }
        let analysis = FileAnalysis(bytes: bytes, language: language, path: path)
        return resolve(analysis.calls, path: path, enums: EnumTable(analysis.enums))
    }

    /// The call sites of an app's source files (Swift, Objective-C, Dart, JavaScript,
    /// TypeScript; others are ignored), read from disk. Files without a marker are not
    /// lexed; Swift files are read for their String enums only when a call needs one.
    public static func scan(files: [String]) -> SourceScanResult {
        var problems: [SourceScanProblem] = []
        var analyses: [FileAnalysis] = []
        var enumCandidates: [String] = []
        for path in files {
            guard let language = SourceLanguage(path: path) else { continue }
            let bytes: [UInt8]
            do {
                bytes = try readBytes(path)
            } catch {
                problems.append(SourceScanProblem(path: path, message: error.localizedDescription))
                continue
            }
            if mightSetAlternateIcon(bytes) {
                analyses.append(FileAnalysis(bytes: bytes, language: language, path: path))
            } else if language == .swift, bytes.withUnsafeBufferPointer({ contains($0, Array("enum".utf8)) }) {
                enumCandidates.append(path)
            }
        }
        var enums = analyses.flatMap(\.enums)
        if analyses.contains(where: { $0.calls.contains { !$0.value.enumReferences.isEmpty } }) {
            for path in enumCandidates {
                do {
                    enums += SwiftStringEnum.read(TokenStream(SwiftLexer.tokens(try readBytes(path))), path: path)
                } catch {
                    problems.append(SourceScanProblem(path: path, message: error.localizedDescription))
                }
            }
        }
        let table = EnumTable(enums)
        let sites = analyses.flatMap { resolve($0.calls, path: $0.path, enums: table) }
        return SourceScanResult(callSites: sites, problems: problems)
    }

    /// A source file, if it is a regular file of sane size (a FIFO must never block the lint).
    private static func readBytes(_ path: String) throws -> [UInt8] {
        switch ProjectFile.read(path, limit: sourceSizeLimit) {
        case .success(let data): return [UInt8](data)
        case .failure(let failure): throw SourceReadError(description: "cannot read the file: \(failure)")
        }
    }

    /// Source files past this are generated or vendored blobs, not an app's code.
    static let sourceSizeLimit = 8 << 20

    private struct SourceReadError: Error, CustomStringConvertible, LocalizedError {
        let description: String
        var errorDescription: String? { description }
    }

    private static func resolve(_ calls: [PendingCallSite], path: String, enums: EnumTable) -> [AlternateIconCallSite] {
        calls.map { call in
            var value = call.value
            for reference in value.enumReferences { value.formUnion(enums.value(of: reference)) }
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

    init(bytes: [UInt8], language: SourceLanguage, path: String) {
        self.path = path
        let tokens: [SourceToken]
        switch language {
        case .swift: tokens = SwiftLexer.tokens(bytes)
        case .objectiveC: tokens = ObjectiveCLexer.tokens(bytes)
        case .dart: tokens = DartLexer.tokens(bytes)
        case .javaScript, .typeScriptJSX: tokens = JavaScriptLexer.tokens(bytes, jsx: true)
        case .typeScript: tokens = JavaScriptLexer.tokens(bytes, jsx: false)
        }
        let stream = TokenStream(tokens)
        enums = language == .swift ? SwiftStringEnum.read(stream, path: path) : []
        calls = AlternateIconResolver(stream: stream, language: language, path: path, localEnums: enums).callSites()
    }
}

/// The String enums of an app by name; a name declared twice (nested types in two scopes)
/// resolves to nothing rather than to a guess.
struct EnumTable {
    private var byName: [String: SwiftStringEnum] = [:]
    private var ambiguous: Set<String> = []
    private let all: [SwiftStringEnum]

    init(_ enums: [SwiftStringEnum]) {
        all = enums
        for item in enums {
            if byName[item.name] != nil { ambiguous.insert(item.name) } else { byName[item.name] = item }
        }
    }

    func value(of reference: EnumReference) -> ResolvedValue {
        if let typeName = reference.typeName {
            guard !ambiguous.contains(typeName), let item = byName[typeName] else { return .dynamic }
            return item.value(of: reference.property, caseName: reference.caseName, excluding: reference.excludedCases, allowed: reference.allowedCases)
        }
        // The type is unknown: a computed property only one enum declares identifies it;
        // `rawValue` (every enum has one) does not.
        guard reference.property != "rawValue" else { return .dynamic }
        let owners = all.filter { $0.properties[reference.property] != nil }
        guard owners.count == 1 else { return .dynamic }
        return owners[0].value(of: reference.property, caseName: reference.caseName, excluding: reference.excludedCases, allowed: reference.allowedCases)
    }
}
