import Foundation
import IconSupport

/// What kind of built product a path holds.
public enum BuiltProductKind: String, Sendable, CaseIterable {
    /// An application bundle folder (`App.app`).
    case app
    /// A zip holding `Payload/App.app/` (what is uploaded to App Store Connect).
    case ipa
    /// An Xcode archive folder holding `Products/Applications/App.app`.
    case xcarchive
}

/// Why a built product could not be opened or one of its files read. One line each.
public enum BuiltProductError: Error, Equatable, Sendable, CustomStringConvertible {
    case io(path: String, reason: String)
    /// Neither an .app, an .ipa nor an .xcarchive; `detail` says what was looked for.
    case notABuiltProduct(path: String, detail: String)
    /// The .ipa's zip could not be read (bomb, slip, damage, …).
    case archive(path: String, ZipError)
    /// More files or bytes than `BuiltProductLimits` allow.
    case limitExceeded(path: String, detail: String)
    /// No such file in the app (names are compared case-sensitively, as on a device).
    case fileNotFound(String)

    public var kind: String {
        switch self {
        case .io: "io"
        case .notABuiltProduct: "not-a-bundle"
        case .archive(_, let error): error.kind
        case .limitExceeded: "too-large"
        case .fileNotFound: "not-found"
        }
    }

    public var description: String {
        switch self {
        case .io(let path, let reason): "cannot read \(path): \(reason)"
        case .notABuiltProduct(let path, let detail): "\(path) is not a built app (.app, .ipa or .xcarchive): \(detail)"
        case .archive(let path, let error): "\(path): \(error)"
        case .limitExceeded(let path, let detail): "\(path) refused: \(detail)"
        case .fileNotFound(let name): "no file '\(ZipError.printable(name))' in the app"
        }
    }
}

/// Caps on what a built product may cost to list and read.
public struct BuiltProductLimits: Sendable, Equatable {
    /// Files listed in the app (a real app holds a few thousand).
    public var maxFiles: Int
    /// Bytes of one file read into memory.
    public var maxFileBytes: Int
    public var zip: ZipLimits

    public init(maxFiles: Int = 200_000, maxFileBytes: Int = 512 << 20, zip: ZipLimits = .default) {
        self.maxFiles = maxFiles
        self.maxFileBytes = maxFileBytes
        self.zip = zip
    }

    public static let `default` = BuiltProductLimits()
}

/// A built app as its files: from an `.app` folder, an `.ipa` (read in place, never
/// extracted) or an `.xcarchive`. Paths are relative to the `.app` and `/`-separated; look-ups
/// are case-sensitive, as on a device. Files are read into memory on demand.
public struct BuiltProduct: Sendable {
    public let kind: BuiltProductKind
    /// The path as given.
    public let path: String
    /// Where the app lies inside the product: "Payload/App.app", "Products/Applications/App.app",
    /// or "" for an .app folder.
    public let appPath: String
    /// Every regular file of the app, sorted.
    public let files: [String]
    public let limits: BuiltProductLimits
    private let storage: Storage
    private let fileSet: Set<String>

    private enum Storage: Sendable {
        case folder(String)
        case zip(ZipArchive, prefix: String)
    }

    /// The app's folder name, e.g. "App.app".
    public var appName: String {
        let name = appPath.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? URL(fileURLWithPath: path).lastPathComponent : name
    }

    /// An `SC_Info/` folder: the FairPlay data of an app downloaded from the App Store
    /// (such builds are thinned by design).
    public var hasAppStoreDRMFolder: Bool { files.contains { $0.hasPrefix("SC_Info/") } }

    public func contains(_ relative: String) -> Bool { fileSet.contains(relative) }

    /// How reports name a file of the app: "Payload/App.app/AppIcon60x60@2x.png" in an .ipa,
    /// "Products/Applications/App.app/…" in an archive, "AppIcon60x60@2x.png" in an .app.
    public func displayPath(_ relative: String) -> String {
        appPath.isEmpty ? relative : appPath + "/" + relative
    }

    /// The bytes of one file of the app, at most `maxBytes` (default `limits.maxFileBytes`):
    /// read an Info.plist with a few MB, a catalog with more.
    public func read(_ relative: String, maxBytes: Int? = nil) throws(BuiltProductError) -> [UInt8] {
        guard fileSet.contains(relative) else { throw .fileNotFound(relative) }
        let cap = min(maxBytes ?? limits.maxFileBytes, limits.maxFileBytes)
        switch storage {
        case .folder(let root):
            let full = root + "/" + relative
            let file: OpenFile
            switch OpenFile.open(full, followingLinks: false) {
            case .success(let opened): file = opened
            case .failure(let error): throw .io(path: full, reason: error.reason)
            }
            guard file.size <= UInt64(cap) else {
                throw .limitExceeded(path: full, detail: "\(file.size) bytes, above the limit of \(cap)")
            }
            guard let bytes = file.read(at: 0, count: Int(file.size)) else { throw .io(path: full, reason: "read error") }
            return bytes
        case .zip(let archive, let prefix):
            do {
                guard let entry = archive.entry(named: prefix + relative) else { throw ZipError.entryNotFound(relative) }
                guard entry.uncompressedSize <= UInt64(cap) else {
                    throw BuiltProductError.limitExceeded(
                        path: path, detail: "'\(ZipError.printable(relative))' would inflate to \(entry.uncompressedSize) bytes, above the limit of \(cap)")
                }
                return try archive.read(entry)
            } catch let error as ZipError {
                throw .archive(path: path, error)
            } catch let error as BuiltProductError {
                throw error
            } catch {
                throw .io(path: path, reason: "\(error)")
            }
        }
    }

    /// The largest Info.plist of a built app read: they are a few KiB.
    public static let plistLimit = 8 << 20

    /// What `path` holds, judged by content: an app folder has an Info.plist beside a
    /// PkgInfo, a _CodeSignature folder or an executable named like the folder (or is named
    /// *.app); an archive folder holds Products/Applications/*.app; an .ipa is a zip file.
    /// Nil for anything else (a source folder, a PNG, a missing path).
    public static func recognise(_ path: String) -> BuiltProductKind? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            if looksLikeApp(path) { return .app }
            if archivedApps(path).count > 0 { return .xcarchive }
            return nil
        }
        guard case .success(let file) = OpenFile.open(path), let magic = file.read(at: 0, count: 4) else { return nil }
        return magic == [0x50, 0x4b, 0x03, 0x04] || magic == [0x50, 0x4b, 0x05, 0x06] ? .ipa : nil
    }

    /// What to say of a file that is a Git LFS pointer (a clone or CI checkout that did not
    /// fetch the LFS content holds `version https://git-lfs.github.com/spec/v1`, `oid …`,
    /// `size N` in place of the archive); nil for any other file.
    static func gitLFSPointer(_ path: String) -> String? {
        // A pointer is about 130 bytes; a file of 1 KB or more is not one.
        guard case .success(let file) = OpenFile.open(path), file.size < 1024, let head = file.read(at: 0, count: Int(file.size)) else {
            return nil
        }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("version https://git-lfs.") || text.hasPrefix("version https://hawser.") else { return nil }
        let size = text.split(separator: "\n").first { $0.hasPrefix("size ") }.flatMap { Int($0.dropFirst(5)) }
        return
            "it is a Git LFS pointer\(size.map { " to \($0) bytes" } ?? ""), not the archive: the checkout did not fetch the Git LFS content; run `git lfs pull` (in CI, check out with LFS, e.g. actions/checkout with `lfs: true`)"
    }

    static func looksLikeApp(_ folder: String) -> Bool {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        // The Info.plist by any letter case: a build that stored `info.plist` is still an app
        // (whose misnamed plist lint reports).
        guard let plist = names.first(where: { $0.lowercased() == "info.plist" }),
            manager.fileExists(atPath: folder + "/" + plist, isDirectory: &isFolder), !isFolder.boolValue
        else { return false }
        // A source folder holds a project, a package, an asset catalog or code; a built app
        // never does (its catalog is compiled into Assets.car).
        let sourceMarks = [".xcodeproj", ".xcworkspace", ".xcassets", ".swift", ".m", ".mm", ".h"]
        if names.contains(where: { name in name == "Package.swift" || sourceMarks.contains { name.hasSuffix($0) } }) {
            return false
        }
        let name = URL(fileURLWithPath: folder).lastPathComponent
        if name.hasSuffix(".app") { return true }
        if names.contains("PkgInfo") || names.contains("SC_Info") { return true }
        if manager.fileExists(atPath: folder + "/_CodeSignature", isDirectory: &isFolder), isFolder.boolValue { return true }
        return plistSaysBuilt(folder + "/" + plist, names: Set(names))
    }

    /// An Info.plist only a build writes: keys Xcode adds (DTPlatformName, DTSDKName,
    /// BuildMachineOSBuild), or an executable of the name CFBundleExecutable gives beside it.
    /// A plist that cannot be read says nothing here: the lint reports why it cannot be read.
    static func plistSaysBuilt(_ path: String, names: Set<String>) -> Bool {
        guard case .success(let data) = BoundedFile.read(path, limit: plistLimit),
            let plist = try? PropertyListFile.parse(data, limit: plistLimit).value as? [String: Any]
        else { return false }
        if ["DTPlatformName", "DTSDKName", "BuildMachineOSBuild", "DTAppStoreToolsBuild"].contains(where: { plist[$0] != nil }) {
            return true
        }
        if let executable = plist["CFBundleExecutable"] as? String, !executable.contains("$"), names.contains(executable) { return true }
        return false
    }

    static func archivedApps(_ folder: String) -> [String] {
        let applications = folder + "/Products/Applications"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: applications)) ?? []
        return names.filter { $0.hasSuffix(".app") && looksLikeApp(applications + "/" + $0) }.sorted()
    }

    /// Opens `path` as whatever `recognise` says it is.
    public static func open(_ path: String, limits: BuiltProductLimits = .default) throws(BuiltProductError) -> BuiltProduct {
        guard let kind = recognise(path) else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .io(path: path, reason: "no such file or folder")
            }
            throw .notABuiltProduct(
                path: path,
                detail: isFolder.boolValue
                    ? "no Info.plist beside a PkgInfo or _CodeSignature, and no Products/Applications/*.app"
                    : gitLFSPointer(path) ?? "not a zip archive")
        }
        switch kind {
        case .app:
            return try BuiltProduct(kind: .app, path: path, appPath: "", folder: path, limits: limits)
        case .xcarchive:
            let apps = archivedApps(path)
            guard apps.count == 1 else {
                throw .notABuiltProduct(path: path, detail: "Products/Applications holds \(apps.count) apps: \(apps.joined(separator: ", "))")
            }
            let appPath = "Products/Applications/" + apps[0]
            return try BuiltProduct(kind: .xcarchive, path: path, appPath: appPath, folder: path + "/" + appPath, limits: limits)
        case .ipa:
            let archive: ZipArchive
            do {
                archive = try ZipArchive(path: path, limits: limits.zip)
            } catch {
                throw .archive(path: path, error)
            }
            // Payload/NAME.app/…: the app folders are the second components under Payload/.
            var apps: Set<String> = []
            for entry in archive.entries {
                let parts = entry.name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
                if parts.count >= 3, parts[0] == "Payload", parts[1].hasSuffix(".app") { apps.insert(String(parts[1])) }
            }
            guard apps.count == 1, let app = apps.first else {
                throw .notABuiltProduct(
                    path: path,
                    detail: apps.isEmpty
                        ? "a zip without Payload/NAME.app/" : "Payload holds \(apps.count) apps: \(apps.sorted().joined(separator: ", "))")
            }
            let prefix = "Payload/\(app)/"
            let files = archive.entries.filter { !$0.isDirectory && $0.name.hasPrefix(prefix) }
                .map { String($0.name.dropFirst(prefix.count)) }
            guard files.count <= limits.maxFiles else {
                throw .limitExceeded(path: path, detail: "\(files.count) files, above the limit of \(limits.maxFiles)")
            }
            return BuiltProduct(
                kind: .ipa, path: path, appPath: "Payload/" + app, files: files.sorted(),
                limits: limits, storage: .zip(archive, prefix: prefix))
        }
    }

    private init(
        kind: BuiltProductKind, path: String, appPath: String, files: [String], limits: BuiltProductLimits,
        storage: Storage
    ) {
        self.kind = kind
        self.path = path
        self.appPath = appPath
        self.files = files
        self.limits = limits
        self.storage = storage
        self.fileSet = Set(files)
    }

    private init(
        kind: BuiltProductKind, path: String, appPath: String, folder: String,
        limits: BuiltProductLimits
    ) throws(BuiltProductError) {
        var files: [String] = []
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                options: [])
        else {
            throw .io(path: folder, reason: "cannot list the folder")
        }
        let rootPath = root.path
        for case let url as URL in walker {
            // Symbolic links are neither followed nor listed: a bundle's files are its own.
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(rootPath + "/") else { continue }
            files.append(String(full.dropFirst(rootPath.count + 1)))
            guard files.count <= limits.maxFiles else {
                throw .limitExceeded(path: folder, detail: "more than \(limits.maxFiles) files")
            }
        }
        self.init(
            kind: kind, path: path, appPath: appPath, files: files.sorted(), limits: limits,
            storage: .folder(rootPath))
    }
}
