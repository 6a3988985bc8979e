import Foundation

/// What a .NET app's `.csproj` says of its icons, applied to the app read from its Info.plist
/// (`Platforms/iOS/Info.plist` in .NET MAUI): the `<AlternateAppIcon>` items and
/// `IncludeAllAppIcons` (what the build passes to actool as `--alternate-app-icon` and
/// `--include-all-app-icons`), the primary set (`XSAppIconAssets` in the Info.plist or the
/// `AppIcon` property; for MAUI the set generated from `<MauiIcon>`), the catalogs its
/// `<ImageAsset>` items compile, the files its `<BundleResource>` items copy, and whether the
/// `<MauiIcon>` image exists.
///
/// Every build the project declares is evaluated (`DotNetBuild`): one draft per group of
/// builds with identical icon inputs, as for an .xcodeproj's configurations. A condition
/// iconlint cannot evaluate leaves what it guards unknown, with a note, and the sets that
/// decision would concern are not judged.
enum DotNetAppProject {
    /// The drafts `base` (read from `plist`) becomes under the project at `path`.
    static func drafts(
        from base: SourceProjectReader.Draft, project path: String, plist: PlistDocument, index: FileIndex,
        bundle: @escaping ((String) -> Bool) -> BundleFiles
    ) -> [SourceProjectReader.Draft] {
        var draft = base
        let project: MSBuildProjectFile
        switch MSBuildProjectFile.read(path, root: index.root) {
        case .success(let read): project = read
        case .failure(let failure):
            draft.notes.append(
                "\(path): not read (\(failure)), so its <AlternateAppIcon>, <ImageAsset> and <BundleResource> items and its AppIcon and IncludeAllAppIcons properties were not checked"
            )
            return [draft]
        }
        var omitted: [String] = []
        let builds = DotNetBuild.declared(in: project, omitted: &omitted)
        let limitNote: String? =
            omitted.isEmpty
            ? nil
            : "\(path): names \(builds.count + omitted.count) builds; the first \(builds.count) are checked, and \(omitted.count) (\(omitted.prefix(3).joined(separator: ", "))\(omitted.count > 3 ? ", …" : "")) were not"
        var groups: [(key: GroupKey, draft: SourceProjectReader.Draft)] = []
        for build in builds {
            let inputs = DotNetIconInputs(project: project, path: path, plist: plist, build: build, index: index)
            var one = base
            inputs.apply(to: &one, bundle: bundle)
            let key = GroupKey(
                settings: one.settings.withoutLocation, catalogs: one.catalogPaths, findings: one.findings, notes: one.notes,
                copied: inputs.copiedFiles)
            if let existing = groups.firstIndex(where: { $0.key == key }) {
                groups[existing].draft.configurations.append(build.name)
            } else {
                one.configurations = [build.name]
                groups.append((key, one))
            }
        }
        return groups.map { group in
            var draft = group.draft
            draft.allConfigurations = builds.map(\.name)
            if let limitNote { draft.notes.append(limitNote) }
            return draft
        }
    }

    /// What makes two builds' models differ.
    private struct GroupKey: Equatable {
        var settings: IconBuildSettings
        var catalogs: [String]
        var findings: [Finding]
        var notes: [String]
        var copied: Set<String>?
    }

    /// The root-relative `.csproj` of the .NET for iOS (or Xamarin.iOS) app whose Info.plist is
    /// `plist`: the nearest in its folder or the folders above it (up to the root) that builds
    /// an iOS app. Nil when there is none. Each folder is listed once per `lookup`, so a tree of
    /// thousands of apps costs one listing per folder, not one per app and folder.
    static func iOSProject(for plist: String, root: String, lookup: ProjectLookup) -> String? {
        lookup.nearest(from: ProjectPath.parentFolder(plist), root: root)
    }

    /// The nearest iOS `.csproj` from each folder upward, remembered for one read of a tree.
    final class ProjectLookup {
        private var found: [String: String?] = [:]

        func nearest(from folder: String, root: String) -> String? {
            var pending: [String] = []
            var current = folder
            var answer: String?
            while true {
                if let known = found[current] {
                    answer = known
                    break
                }
                pending.append(current)
                if let own = Self.ownProject(in: current, root: root) {
                    answer = own
                    break
                }
                if current.isEmpty { break }
                current = ProjectPath.parentFolder(current)
            }
            for folder in pending { found[folder] = .some(answer) }
            return answer
        }

        /// The first `.csproj` in `folder` (by name) that builds an iOS app.
        private static func ownProject(in folder: String, root: String) -> String? {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []
            for name in names.sorted() where name.lowercased().hasSuffix(".csproj") {
                let path = folder.isEmpty ? name : folder + "/" + name
                guard case .success(let data) = ProjectFile.read(root + "/" + path, root: root, limit: MSBuildProjectFile.limit)
                else { continue }
                if buildsIOSApp(String(decoding: data, as: UTF8.self)) { return path }
            }
            return nil
        }
    }

    /// Whether a project's text says it builds an iOS app: Xamarin.iOS's targets or target
    /// framework identifier, its iPhone properties, a .NET `-ios` target framework, or MAUI.
    static func buildsIOSApp(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.contains("<outputtype>library</outputtype>") { return false }
        return lowered.contains("xamarin.ios") || lowered.contains("<mtoucharch>") || lowered.contains("iphoneresourceprefix")
            || lowered.contains("-ios<")
            || lowered.contains("-ios;") || lowered.contains("<usemaui>true</usemaui>")
    }

    /// An element whose Condition cannot be evaluated, for the note.
    struct Unknown: Equatable {
        var what: String
        var line: Int
        var conditions: [String]

        init(_ what: String, _ line: Int, _ conditions: [String]) {
            (self.what, self.line, self.conditions) = (what, line, conditions)
        }

        static func list(_ unknown: [Unknown]) -> String {
            let shown = unknown.prefix(4).map { "\($0.what) (line \($0.line), Condition=\"\($0.conditions.joined(separator: " and "))\")" }
            return shown.joined(separator: ", ") + (unknown.count > 4 ? ", …" : "")
        }
    }

    /// The finding for a `<MauiIcon>` whose image is not there: the build stops on it.
    static func missingImage(_ icon: MSBuildProjectFile.Item, of project: String, folder: String, root: String) -> Finding? {
        var findings: [Finding] = []
        for (attribute, written) in [("Include", icon.include), ("ForegroundFile", icon.metadata["ForegroundFile"])] {
            guard let written, !written.isEmpty, !written.contains("*"), !written.contains("$(") else { continue }
            let path = DotNetIconInputs.path(of: written, in: folder)
            if ProjectFile.check(root + "/" + path, root: root) != .missing { continue }
            findings.append(
                Finding(
                    rule: .mauiIconMissing,
                    message:
                        "<MauiIcon \(attribute)=\"\(written)\"> names \(path), which does not exist; the .NET MAUI build stops on it and generates no app icon set: add the image or fix the path in \(project)",
                    location: Location(file: project, line: icon.line), icon: nil, role: .primary))
        }
        return findings.first
    }
}
