import Foundation
import IconSupport

// Which files of a cross-platform app hold the code that names its icons: for Flutter the
// Dart under `lib/` beside `pubspec.yaml`; for React Native, Expo and Capacitor the
// JavaScript and TypeScript beside `package.json`, outside dependencies, native projects
// and build output.

/// Files to scan, sorted, and the folders that could not be listed.
public struct SourceFileList: Sendable, Hashable {
    public var files: [String]
    public var problems: [SourceScanProblem]
}

public enum AlternateIconSourceFiles {
    /// The kinds of cross-platform package whose code can set an iOS app's icon.
    public enum PackageKind: String, Sendable, CaseIterable {
        /// A folder with `pubspec.yaml`.
        case flutter
        /// A folder with `package.json` (React Native, Expo, Capacitor).
        case javaScript

        public var manifest: String { self == .flutter ? "pubspec.yaml" : "package.json" }
    }

    /// The packages that hold an iOS app's folder (`app/ios/Runner` → `app`, a Flutter
    /// package): each nearest folder at or above `appFolder`, and not above `root`, whose
    /// manifest exists, one per kind.
    public static func enclosingPackages(of appFolder: String, within root: String) -> [(kind: PackageKind, folder: String)] {
        var result: [(PackageKind, String)] = []
        let root = standardized(root)
        var folder = standardized(appFolder)
        var found: Set<PackageKind> = []
        while folder == root || root == "/" || folder.hasPrefix(root + "/") {
            for kind in PackageKind.allCases where !found.contains(kind) && isRegularFile(folder + "/" + kind.manifest) {
                found.insert(kind)
                result.append((kind, folder))
            }
            guard folder != root, folder != "/" else { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return result
    }

    /// The sources of the package in `folder` (empty when its manifest is missing). With a
    /// `root`, a symbolic link (to a file or a folder) that leads outside it is not listed
    /// but named in `problems`.
    public static func sources(of kind: PackageKind, in folder: String, root: String? = nil) -> SourceFileList {
        kind == .flutter ? flutterSources(in: folder, root: root) : javaScriptSources(in: folder, root: root)
    }

    /// `lib/**/*.dart` of the Flutter package in `folder`.
    public static func flutterSources(in folder: String, root: String? = nil) -> SourceFileList {
        let folder = standardized(folder)
        guard isRegularFile(folder + "/pubspec.yaml") else { return SourceFileList(files: [], problems: []) }
        var walk = Walk(kind: .flutter, root: root)
        if isDirectory(folder + "/lib") { walk.visit(folder + "/lib", depth: 0) }
        return SourceFileList(files: walk.files.sorted(), problems: walk.problems)
    }

    /// `.js .jsx .mjs .cjs .ts .tsx .mts .cts` files of the package in `folder`, without
    /// `node_modules`, the native `ios`/`android` projects (Capacitor copies the built web
    /// app into them), build output (`build`, `dist`, `www`, `web-build`, `.expo`, `.next`,
    /// `coverage`), tests (`__tests__`, `__mocks__`, `*.test.*`, `*.spec.*`), declarations
    /// (`*.d.ts`), minified files, hidden folders, and nested packages (their own `package.json`).
    public static func javaScriptSources(in folder: String, root: String? = nil) -> SourceFileList {
        let folder = standardized(folder)
        guard isRegularFile(folder + "/package.json") else { return SourceFileList(files: [], problems: []) }
        var walk = Walk(kind: .javaScript, root: root)
        walk.visit(folder, depth: 0)
        return SourceFileList(files: walk.files.sorted(), problems: walk.problems)
    }

    static let skippedJavaScriptFolders: Set<String> = [
        "node_modules", "ios", "android", "build", "dist", "www", "web-build", "coverage", "Pods", "vendor",
        "__tests__", "__mocks__", "bower_components",
    ]

    private struct Walk {
        let kind: PackageKind
        /// The linted folder: a link that leads outside it is never followed.
        let root: String?
        var files: [String] = []
        var problems: [SourceScanProblem] = []
        /// Deeper than any source tree; a bound against pathological trees.
        static let maxDepth = 64

        mutating func visit(_ folder: String, depth: Int) {
            guard depth < Self.maxDepth else {
                problems.append(SourceScanProblem(path: folder, message: "folder nesting deeper than \(Self.maxDepth) levels; not scanned"))
                return
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                problems.append(SourceScanProblem(path: folder, message: "cannot list the folder: \(error.localizedDescription)"))
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var status = stat()
                // lstat: a symbolic link to a folder is not followed (no cycles, no escapes).
                guard lstat(path, &status) == 0 else { continue }
                let type = status.st_mode & S_IFMT
                if type == S_IFLNK, let root, ProjectFile.resolvedInsideRoot(path, root: root) == nil {
                    // Out of the linted folder (or nowhere): never read, and said, when it
                    // could be a source or a folder of sources.
                    if isDirectory(path) {
                        problems.append(SourceScanProblem(path: path, message: "not read: it is a symbolic link to a folder outside the linted folder"))
                    } else if accepts(name), isRegularFile(path) {
                        problems.append(SourceScanProblem(path: path, message: "not read: \(ProjectFile.Failure.outsideRoot)"))
                    }
                    continue
                }
                if type == S_IFDIR {
                    if kind == .javaScript {
                        if depth == 0 && AlternateIconSourceFiles.skippedJavaScriptFolders.contains(name) { continue }
                        if depth > 0 && (name == "node_modules" || name == "__tests__" || name == "__mocks__") { continue }
                        if isRegularFile(path + "/package.json") { continue }
                    }
                    visit(path, depth: depth + 1)
                } else if type == S_IFREG || (type == S_IFLNK && isRegularFile(path)) {
                    if accepts(name) { files.append(path) }
                }
            }
        }

        func accepts(_ name: String) -> Bool {
            guard let language = SourceLanguage(path: name) else { return false }
            switch kind {
            case .flutter:
                return language == .dart
            case .javaScript:
                guard language == .javaScript || language == .typeScript || language == .typeScriptJSX else { return false }
                let lower = name.lowercased()
                return !lower.hasSuffix(".d.ts") && !lower.hasSuffix(".d.mts") && !lower.hasSuffix(".d.cts")
                    && !lower.contains(".min.") && !lower.contains(".test.") && !lower.contains(".spec.")
            }
        }
    }

    /// Absolute (against the working directory) and standardized, without a trailing slash.
    private static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = (absolute as NSString).standardizingPath
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
