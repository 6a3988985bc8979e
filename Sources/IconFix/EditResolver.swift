import Foundation
import IconGenerate
import IconLintCore
import IconSupport
import PNGKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Turns planned edits into the bytes a run writes, correction by correction: a correction
/// whose edits cannot all be made is refused as a whole (its reason reported), the others
/// stay. Every file read is read inside the root without following a link, and its stamp
/// kept, so a file changed before the write stops the run.
struct EditResolver {
    /// Why one correction cannot be made.
    struct Refusal: Error {
        var reason: String
    }

    let root: String
    let limits: PNGLimits
    /// Root-relative path → the bytes it will hold, in the order first written.
    private var pending: [String: [UInt8]] = [:]
    private var order: [String] = []
    private(set) var removals: [String] = []
    private(set) var changes: [FileChange] = []
    /// Every file read, with its stamp when read (nil: it did not exist).
    private var stamps: [String: FileStamp?] = [:]
    /// The bytes read, by root-relative path.
    private var originals: [String: [UInt8]] = [:]
    /// The Info.plist entries edited so far (see `claim`).
    private var claimed: Set<String> = []
    /// Build-setting changes resolved so far: each app model of a target plans the same one.
    private var resolvedSettings: Set<BuildSettingChange> = []

    /// The largest file read: an Info.plist or a 1024 PNG is far below it.
    static let readLimit = 64 << 20

    init(root: String, limits: PNGLimits) {
        self.root = root
        self.limits = limits
    }

    /// The files to write, absolute.
    var outputs: [(path: String, bytes: [UInt8])] { order.map { (root + "/" + $0, pending[$0]!) } }

    /// Resolves one correction's edits; on a refusal nothing of it is kept.
    mutating func add(_ edits: [PlannedEdit]) throws(Refusal) {
        var copy = self
        for edit in edits { try copy.resolve(edit) }
        self = copy
    }

    private mutating func resolve(_ edit: PlannedEdit) throws(Refusal) {
        switch edit {
        case .writeBytes(let path, let bytes):
            let old = try current(path, mayBeMissing: true)
            try put(path, bytes, change: .text(old: old, new: bytes))
        case .newImage(let path, let recipe):
            guard let source = try current(recipe.source, mayBeMissing: false) else { throw Refusal(reason: "\(recipe.source) is missing") }
            let replaced = path == recipe.source
            if !replaced, pending[path] != nil { throw Refusal(reason: "another correction of this run writes \(path)") }
            if !replaced, try current(path, mayBeMissing: true) != nil { throw Refusal(reason: "\(path) exists already") }
            let color = recipe.background.map { RGBColor(red: $0.red, green: $0.green, blue: $0.blue) }
            let bytes: [UInt8]
            do throws(GenerateError) {
                bytes = try IconRender.image(from: source, path: recipe.source, size: recipe.size, background: color, grey: recipe.grey, limits: limits)
            } catch {
                throw Refusal(reason: error.description)
            }
            try put(path, bytes, change: .image(size: recipe.size, from: recipe.source, replaced: replaced))
        case .rename(let from, let to):
            guard let bytes = try current(from, mayBeMissing: false) else { throw Refusal(reason: "\(from) is missing") }
            if try current(to, mayBeMissing: true) != nil, from.lowercased() != to.lowercased() { throw Refusal(reason: "\(to) exists already") }
            try put(to, bytes, change: .rename(from: from))
            removals.append(root + "/" + from)
        case .contentsFilename(let path, let index, let filename):
            guard let old = try current(path, mayBeMissing: false) else { throw Refusal(reason: "\(path) is missing") }
            guard let new = ContentsJSONEdit.settingFilename(filename, at: index, in: old) else {
                throw Refusal(reason: "\(path): its image entry \(index + 1) could not be edited safely")
            }
            try put(path, new, change: .text(old: originals[path], new: new))
        case .removePlistKey(let path, let keyPath):
            try claim(path, keyPath)
            guard let old = try current(path, mayBeMissing: false) else { throw Refusal(reason: "\(path) is missing") }
            let new: [UInt8]
            do throws(InfoPlistEditor.EditError) {
                new = try InfoPlistEditor.removing(keyPath, in: old, path: path)
            } catch {
                throw Refusal(reason: error.description)
            }
            try put(path, new, change: .text(old: originals[path], new: new))
        case .buildSettings(let change):
            try resolve(change)
        case .plistIconFiles(let path, let change):
            let container = [change.key] + (change.alternate.map { ["CFBundleAlternateIcons", $0] } ?? ["CFBundlePrimaryIcon"])
            try claim(path, container)
            guard let old = try current(path, mayBeMissing: false) else { throw Refusal(reason: "\(path) is missing") }
            let new: [UInt8]
            do throws(InfoPlistEditor.EditError) {
                new = try InfoPlistEditor.setting([change], in: old, path: path)
            } catch {
                throw Refusal(reason: error.description)
            }
            try put(path, new, change: .text(old: originals[path], new: new))
        }
    }

    /// A build-setting change: the editors read the project themselves, from disk, so a file
    /// another correction of this run changed already is refused (the next run of fix plans
    /// from the result), and each file they read must hold what `current` reads now.
    private mutating func resolve(_ change: BuildSettingChange) throws(Refusal) {
        guard resolvedSettings.insert(change).inserted else { return }
        let edits: [TextFileEdit]
        do throws(ProjectEditError) {
            edits = try change.resolve(root: root)
        } catch {
            throw Refusal(reason: error.description)
        }
        for edit in edits {
            if pending[edit.path] != nil {
                throw Refusal(reason: "another correction of this run edits \(edit.path); run fix again to settle this one")
            }
            guard try current(edit.path, mayBeMissing: false) == edit.original else {
                throw Refusal(reason: "\(edit.path) changed while fix read it")
            }
            try put(edit.path, edit.edited, change: .text(old: edit.original, new: edit.edited))
        }
    }

    /// Records that this run edits the entry at `keyPath` of the plist at `path`: a second
    /// correction of the same entry (planned from the file as it was) is refused, and the
    /// next run of fix plans it from the result.
    private mutating func claim(_ path: String, _ keyPath: [String]) throws(Refusal) {
        let key = ([path] + keyPath).joined(separator: "\u{0}")
        guard claimed.insert(key).inserted else {
            throw Refusal(reason: "another correction of this run edits the same entry; run fix again to settle this one")
        }
    }

    /// The bytes `path` holds now: written by an earlier edit of this run, else read (once)
    /// inside the root; nil when it does not exist (and `mayBeMissing`).
    private mutating func current(_ path: String, mayBeMissing: Bool) throws(Refusal) -> [UInt8]? {
        if let bytes = pending[path] { return bytes }
        if let bytes = originals[path] { return bytes }
        if let stamp = stamps[path], stamp == nil { return nil }
        let absolute = root + "/" + path
        let found: stat?
        do throws(AtomicFileError) {
            found = try ConfinedPath(absolute, inside: root).inspect()
        } catch {
            throw Refusal(reason: "\(error)")
        }
        guard found != nil else {
            stamps[path] = .some(nil)
            if mayBeMissing { return nil }
            throw Refusal(reason: "\(path) is missing")
        }
        let before = FileStamp(path: absolute)
        guard case .success(let data) = BoundedFile.read(absolute, limit: Self.readLimit), let before, FileStamp(path: absolute) == before else {
            throw Refusal(reason: "\(path) cannot be read")
        }
        stamps[path] = before
        originals[path] = [UInt8](data)
        return [UInt8](data)
    }

    private mutating func put(_ path: String, _ bytes: [UInt8], change: FileChange.Kind) throws(Refusal) {
        if pending[path] == nil { order.append(path) }
        pending[path] = bytes
        changes.removeAll { $0.path == path }
        changes.append(FileChange(path: path, kind: change))
    }

    /// The first file read whose stamp differs now (or that appeared where none was), if any.
    func changedSinceRead() -> String? {
        for (path, stamp) in stamps.sorted(by: { $0.key < $1.key }) where FileStamp(path: root + "/" + path) != stamp {
            let exists = FileManager.default.fileExists(atPath: root + "/" + path)
            if stamp == nil && !exists { continue }
            return path
        }
        return nil
    }
}
