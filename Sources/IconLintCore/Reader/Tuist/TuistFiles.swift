import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// What a Tuist target copies and compiles: `resources:` globs (`"Resources/**"`,
// `.glob(pattern:excluding:)`, `.folderReference(path:)`), `sources:` globs and Tuist 4's
// `buildableFolders:`, matched against the files on disk as Tuist does at generation: `**`
// spans folders, `*` stays in one; an asset catalog, `.icon` or `.bundle` folder is one
// resource. Nothing outside the root is walked, links are not followed, and the walk is
// counted on the manifest's meter.

extension TuistManifest {
    /// Folders Tuist takes whole as one resource, not descended into.
    static let opaqueFolderExtensions: Set<String> = [
        "xcassets", "icon", "bundle", "xcdatamodeld", "xcmappingmodel", "scnassets", "framework", "docc", "rcproject",
        "mlpackage", "playground", "xcframework",
    ]
    /// Entries one manifest's globs may look at in all.
    static let walkLimit = 200_000

    /// Fills `builder` from a target's `resources:`; false (with a note) when it is not read.
    func resources(_ expression: ManifestExpression?, target: String, into builder: inout TargetResourcesBuilder) -> Bool {
        guard let expression else { return true }
        var value = evaluated(expression, expecting: "ResourceFileElements")
        if case .null = value { return true }
        if case .call = value, let name = value.memberName, name == "resources" || name == "ResourceFileElements",
            let list = value.argument("resources") ?? value.arguments.first?.value
        {
            value = evaluated(list)
        }
        // A single pattern stands for a list of one (`resources: "Resources/**"`).
        if case .string = value { value = .array([value], value.origin) }
        guard case .array(let items, _) = value else {
            note(unknownValue(value, what: "the resources of target \(target)"), consequence: Self.filesConsequence)
            return false
        }
        for item in items {
            let element = evaluated(item)
            if let pattern = element.stringValue {
                add(glob(Self.join(folder, pattern), excluding: []), into: &builder)
                continue
            }
            guard case .call = element, let name = element.memberName,
                let argument = element.argument("pattern") ?? element.argument("path") ?? element.arguments.first?.value,
                let pattern = path(argument)
            else {
                note(unknownValue(element, what: "a resource of target \(target)"), consequence: Self.filesConsequence)
                return false
            }
            switch name {
            case "glob":
                add(glob(pattern, excluding: excluded(element)), into: &builder)
            case "folderReference":
                builder.add(pattern, to: \.folders)
            default:
                note(unknownValue(element, what: "a resource of target \(target)"), consequence: Self.filesConsequence)
                return false
            }
        }
        return true
    }

    static let filesConsequence = "what the target copies is unknown, so its icons are not checked"

    /// The Swift and Objective-C files of a target's `sources:` (for the alternate-icon calls).
    func sources(_ expression: ManifestExpression?, into builder: inout TargetResourcesBuilder) {
        guard let expression else { return }
        var value = evaluated(expression, expecting: "SourceFilesList")
        if case .call = value, let list = value.argument("globs") ?? value.arguments.first?.value { value = evaluated(list) }
        let items: [ManifestExpression]
        if case .array(let list, _) = value { items = list } else { items = [value] }
        for item in items {
            let element = evaluated(item)
            let pattern: String?
            var exclusions: [String] = []
            if let string = element.stringValue {
                pattern = Self.join(folder, string)
            } else if case .call = element, let argument = element.argument("pattern") ?? element.arguments.first?.value {
                pattern = path(argument)
                exclusions = excluded(element)
            } else {
                pattern = nil
            }
            guard let pattern else { continue }
            for file in glob(pattern, excluding: exclusions) where Self.isCode(file) { builder.add(file, to: \.sources) }
        }
    }

    /// Tuist 4's `buildableFolders:` (`["Sources", "Resources"]`, `.folder("App")`): synchronized folders.
    func buildableFolders(_ expression: ManifestExpression?, target: String, into builder: inout TargetResourcesBuilder) -> Bool {
        guard let expression else { return true }
        guard let items = elements(expression) else {
            note(unknownValue(evaluated(expression), what: "the buildable folders of target \(target)"), consequence: Self.filesConsequence)
            return false
        }
        for item in items {
            let element = evaluated(item)
            let folderPath = element.stringValue.map { Self.join(folder, $0) } ?? element.arguments.first.flatMap { path($0.value) }
            guard let folderPath else {
                note(unknownValue(element, what: "a buildable folder of target \(target)"), consequence: Self.filesConsequence)
                return false
            }
            builder.add(folderPath, to: \.folders)
            builder.add(folderPath, to: \.synchronizedFolders)
            for bundle in glob(Self.join(folderPath, "**"), excluding: []) where TargetResources.isCompiledBundle(ProjectPath.lastComponent(bundle)) {
                builder.addCompiledBundle(bundle)
            }
        }
        return true
    }

    private func excluded(_ element: ManifestExpression) -> [String] {
        guard let list = element.argument("excluding").flatMap({ elements($0) }) else { return [] }
        return list.compactMap { path($0) }
    }

    private func add(_ paths: [String], into builder: inout TargetResourcesBuilder) {
        for path in paths {
            let name = ProjectPath.lastComponent(path).lowercased()
            if name.hasSuffix(".bundle") || name.hasSuffix(".framework") {
                builder.add(path, to: \.folders)
            } else {
                builder.addFile(path)
            }
        }
    }

    static func isCode(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".swift") || lowered.hasSuffix(".m") || lowered.hasSuffix(".mm")
    }

    // MARK: Globs

    /// Root-relative files (and whole opaque folders) that `pattern` matches, less those an
    /// exclusion matches, sorted. A pattern leaving the root matches nothing.
    func glob(_ pattern: String, excluding: [String]) -> [String] {
        guard !pattern.hasPrefix("../"), pattern != ".." else { return [] }
        let parts = pattern.split(separator: "/").map(String.init)
        let fixed = parts.prefix { !Self.isWildcard($0) }
        let start = fixed.joined(separator: "/")
        var matches: [String] = []
        if fixed.count == parts.count {
            if FileManager.default.fileExists(atPath: index.absolute(start)) { matches = [start] }
        } else {
            walk(start) { path in Self.matches(parts[...], path.split(separator: "/").map(String.init)[...]) }
                .forEach { matches.append($0) }
        }
        let exclusions = excluding.map { $0.split(separator: "/").map(String.init) }
        return matches.filter { path in
            let components = path.split(separator: "/").map(String.init)
            return !exclusions.contains { Self.matches($0[...], components[...]) || Self.isInsideMatch($0, components) }
        }.sorted()
    }

    private static func isWildcard(_ part: String) -> Bool {
        part.contains { $0 == "*" || $0 == "?" || $0 == "[" || $0 == "{" }
    }

    /// An exclusion of a folder (`"Resources/Unused/**"` or `"Resources/Unused"`) covers what is inside it.
    private static func isInsideMatch(_ pattern: [String], _ path: [String]) -> Bool {
        (1..<max(path.count, 1)).contains { matches(pattern[...], path.prefix($0)) }
    }

    /// Component-wise glob match: `**` is any number of components, others match one with `*` and `?`.
    static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if matches(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, wildcardMatch(first, component) else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    /// Files and opaque folders under the root-relative `folder` that `accept` takes; no links
    /// followed, skipped folders (build output, dependencies) left out.
    private func walk(_ folder: String, accept: (String) -> Bool) -> [String] {
        var found: [String] = []
        var stack = [folder]
        var seen = 0
        let manager = FileManager.default
        while let current = stack.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: index.absolute(current)) else { continue }
            for name in names.sorted() {
                seen += 1
                guard seen <= Self.walkLimit, meter.charge(4) else {
                    problems.add(
                        .unresolved, "the resource globs match more than \(Self.walkLimit) entries; the rest were not looked at", file: path)
                    return found
                }
                let child = Self.join(current, name)
                var info = stat()
                guard lstat(index.absolute(child), &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    let ext = ProjectPath.lastComponent(name).split(separator: ".").last.map { String($0).lowercased() } ?? ""
                    if name.contains("."), Self.opaqueFolderExtensions.contains(ext) {
                        if accept(child) { found.append(child) }
                    } else if !FileScanner.skippedFolders.contains(name) {
                        stack.append(child)
                    }
                } else if type == S_IFREG, accept(child) {
                    found.append(child)
                }
            }
        }
        return found
    }
}
