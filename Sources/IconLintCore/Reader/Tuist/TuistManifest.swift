import Foundation
import SourceScan

/// One Tuist manifest (`Project.swift`) being read: where it is, the names it can refer to
/// (its own and its helpers'), and what could not be read, as `.unresolved` problems that
/// reach every reporter as notes.
final class TuistManifest {
    let index: FileIndex
    /// Root-relative Project.swift and its folder ("" at the root).
    let path: String
    let folder: String
    /// The folder `.relativeToRoot(…)` paths start from: the nearest one above the manifest
    /// holding a `Tuist` folder or `Tuist.swift` (the linted root when none does).
    let tuistRoot: String
    let scope: ManifestScope
    let meter: WorkMeter
    let problems = ProblemCollector()

    /// A manifest larger than this is not read (none comes near it).
    static let readLimit = 1 << 20

    /// Names of ProjectDescription's own factories: a helper of the same name is not taken for them.
    static let tuistNames: Set<String> = [
        "target", "settings", "debug", "release", "extendingDefault", "file", "dictionary", "glob", "folderReference",
        "string", "array", "merging", "recommended", "essential", "relativeToRoot", "relativeToManifest", "init",
    ]

    init(path: String, index: FileIndex, meter: WorkMeter) {
        self.index = index
        self.path = path
        self.folder = ProjectPath.parentFolder(path)
        self.meter = meter
        self.scope = ManifestScope(meter: meter)
        self.tuistRoot = Self.tuistRoot(above: ProjectPath.parentFolder(path), index: index)
    }

    private static func tuistRoot(above folder: String, index: FileIndex) -> String {
        var current = folder
        let manager = FileManager.default
        while true {
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: index.absolute(join(current, "Tuist")), isDirectory: &isFolder), isFolder.boolValue {
                return current
            }
            if manager.fileExists(atPath: index.absolute(join(current, "Tuist.swift"))) { return current }
            if current.isEmpty { return "" }
            current = ProjectPath.parentFolder(current)
        }
    }

    /// `child` inside the root-relative `folder`, normalised ("" for the root itself).
    static func join(_ folder: String, _ child: String) -> String {
        let joined = ProjectPath.normalize(folder.isEmpty ? child : folder + "/" + child)
        return joined == "." ? "" : joined
    }

    /// Lexes a root-relative Swift file into a stream on this manifest's meter; nil when it
    /// cannot be read.
    func stream(_ relative: String) -> TokenStream? {
        guard case .success(let data) = ProjectFile.read(index.absolute(relative), root: index.root, limit: Self.readLimit) else {
            return nil
        }
        return TokenStream(SwiftLexer.tokens([UInt8](data), meter: meter), meter: meter)
    }

    // MARK: Values

    /// The value an expression stands for: constants followed, helper properties and helper
    /// functions expanded (a few levels). `structural`: an implicit member (`.shared`) may
    /// name a helper's property; false where it names one of Tuist's cases (`.app`, `.iOS`).
    /// `expecting`: the ProjectDescription type the position takes (`Settings`): an implicit
    /// member is only one of that type's static members.
    func evaluated(_ expression: ManifestExpression, structural: Bool = true, expecting type: String? = nil) -> ManifestExpression {
        var value = expression
        for _ in 0..<12 {
            guard meter.charge(8) else {
                return .unknown("more work than iconlint allows for a manifest", text: value.text, value.origin)
            }
            value = scope.resolve(value)
            if value.calleePath == ["??"], value.arguments.count == 2 {
                let first = evaluated(value.arguments[0].value, structural: structural, expecting: type)
                if case .null = first { value = value.arguments[1].value } else { value = first }
                continue
            }
            if value.calleePath == ["+"], value.arguments.count == 2 {
                return joined(value, structural: structural, expecting: type)
            }
            if case .member(nil, let path, let origin) = value, let raw = scope.rawValue(path) {
                return .string(raw, origin)
            }
            if let property = memberwiseProperty(value) {
                value = property
                continue
            }
            var expanded: Result<ManifestExpression, ManifestUnknown>?
            if case .call(.member(let base?, let path, _), let arguments, _, let origin) = value, path.count == 1,
                let method = scope.expandMethod(path[0], arguments: arguments, on: evaluated(base), origin: origin)
            {
                // A builder's method on a value of its type (`TargetSpec(…).toTarget()`).
                expanded = method
            } else if case .call = value, let name = value.memberName, !Self.tuistNames.contains(name) {
                expanded = scope.expand(value, expecting: type)
            } else if case .member(nil, let path, _) = value, structural || (path.first != "" && path.count > 1),
                let name = path.last, !Self.tuistNames.contains(name)
            {
                expanded = scope.helperValue(value, expecting: type)
            }
            switch expanded {
            case .success(let next)?: value = next
            case .failure(let unknown)?: return .unknown(unknown.reason, text: value.text, unknown.origin)
            case nil: return value
            }
        }
        return value
    }

    /// `a + b` of two arrays or two strings, joined; unknown (naming the side) for anything else.
    private func joined(_ value: ManifestExpression, structural: Bool, expecting type: String?) -> ManifestExpression {
        let left = evaluated(value.arguments[0].value, structural: structural, expecting: type)
        let right = evaluated(value.arguments[1].value, structural: structural, expecting: type)
        switch (left, right) {
        case (.array(let first, let origin), .array(let second, _)): return .array(first + second, origin)
        case (.string(let first, let origin), .string(let second, _)): return .string(first + second, origin)
        // A list joined with one iconlint cannot read (`.map { … }`, a helper of another
        // shape): the literal part is read, the rest is one element a note names as not read.
        case (.array(let first, let origin), .call), (.array(let first, let origin), .member), (.array(let first, let origin), .unknown):
            return .array(first + [right], origin)
        case (.call, .array(let second, _)), (.member, .array(let second, _)), (.unknown, .array(let second, _)):
            return .array([left] + second, value.origin)
        case (.unknown, _): return left
        case (_, .unknown): return right
        default:
            let side = left.isArrayOrString ? right : left
            return .unknown("a value `+` cannot join iconlint reads (`\(side.text)`)", text: value.text, value.origin)
        }
    }

    /// `env.baseSetting` where `env` is a struct's memberwise `ProjectEnvironment(…, baseSetting: …)`:
    /// the argument of that label; nil for anything else.
    private func memberwiseProperty(_ value: ManifestExpression) -> ManifestExpression? {
        guard case .member(let base, let path, let origin) = value, let first = path.first, !first.isEmpty else { return nil }
        let owner: ManifestExpression
        var rest = path[...]
        if let base {
            owner = evaluated(base)
        } else {
            guard path.count >= 2, scope.declaration(path, function: false) == nil else { return nil }
            owner = evaluated(.member(base: nil, path: [first], origin))
            rest = rest.dropFirst()
        }
        guard case .call = owner, let label = rest.first, let argument = owner.argument(label) else { return nil }
        return rest.count == 1 ? argument : .member(base: argument, path: Array(rest.dropFirst()), origin)
    }

    /// Why `value` (already evaluated) is not one iconlint reads, as "what `text` …".
    func unknownValue(_ value: ManifestExpression, what: String) -> ManifestUnknown {
        switch value {
        case .unknown(let reason, let text, let origin):
            let shown = text.isEmpty || text == "\"…\"" ? "" : "`\(text)` "
            let verb = reason.hasPrefix("helper") || reason.hasPrefix("`") ? "comes from" : "is"
            return ManifestUnknown(reason: "\(what) \(shown)\(verb) \(reason)", origin: origin)
        case .call:
            if let name = value.memberName, let path = value.calleePath, path.count <= 2, !Self.tuistNames.contains(name),
                !scope.declaresFunction(named: name), name.first?.isLowercase == true
            {
                return ManifestUnknown(
                    reason: "\(what) `\(value.text)` calls `\(name)`, which no file of ProjectDescriptionHelpers in the linted folder declares",
                    origin: value.origin)
            }
            return ManifestUnknown(
                reason: "\(what) `\(value.text)` is computed by a function iconlint does not evaluate (it is not one of "
                    + "ProjectDescription's, nor a helper of literal shape)", origin: value.origin)
        case .member:
            return ManifestUnknown(
                reason: "\(what) `\(value.text)` names nothing iconlint can read in the manifest or its ProjectDescriptionHelpers",
                origin: value.origin)
        default:
            return ManifestUnknown(reason: "\(what) `\(value.text)` is not of the type Tuist expects there", origin: value.origin)
        }
    }

    /// Records what could not be read and what follows, as a note.
    func note(_ unknown: ManifestUnknown, consequence: String) {
        problems.add(.unresolved, "line \(unknown.origin.line): \(unknown.reason); \(consequence)", file: unknown.origin.file)
    }

    /// A `Path` argument as a root-relative path: a string (from the manifest's folder),
    /// `.relativeToManifest`, `.relativeToRoot`, `.relativeToCurrentFile`, `Path(…)`.
    func path(_ expression: ManifestExpression) -> String? {
        let value = evaluated(expression)
        if let string = value.stringValue { return Self.join(folder, string) }
        guard case .call = value, let name = value.memberName, let argument = value.arguments.first?.value,
            let string = evaluated(argument).stringValue
        else { return nil }
        switch name {
        case "relativeToManifest", "Path", "path", "init": return Self.join(folder, string)
        case "relativeToRoot": return Self.join(tuistRoot, string)
        case "relativeToCurrentFile": return Self.join(ProjectPath.parentFolder(value.origin.file), string)
        default: return nil
        }
    }

    /// An array argument's elements (a single value counts as one), nil when it is no array.
    func elements(_ expression: ManifestExpression, expecting type: String? = nil) -> [ManifestExpression]? {
        let value = evaluated(expression, expecting: type)
        if case .array(let items, _) = value { return items }
        return nil
    }
}
