import Foundation
import SourceScan

extension SourceProjectReader {
    /// Expo projects (see `ExpoApp`): one app each where `ios/` is not committed, drafted from
    /// the config (no Info.plist, catalogs or settings: prebuild writes them); where it is,
    /// the config rides along with the apps of `ios/`'s project, to be compared with them.
    func addExpoApps(to drafts: inout [Draft]) {
        // PATH named one Info.plist: that file is the app.
        guard request.plist == nil else { return }
        let budget = ScanBudget()
        for folder in ExpoConfigFile.projectFolders(index) {
            guard let file = ExpoConfigFile.find(in: folder, index: index, budget: budget) else { continue }
            var app = ExpoApp(file: file, folder: folder, root: index.root)
            let ios = ProjectPath.join(folder, "ios")
            let committed = drafts.indices.filter { drafts[$0].identity.project.map { ProjectPath.isWithin($0, folder: ios) } ?? false }
            if !committed.isEmpty {
                app.prebuilt = true
                for offset in committed {
                    drafts[offset].expo = app
                    // Only a config that cannot be read matters beside a committed ios/.
                    drafts[offset].findings += app.problems.filter { $0.rule == .projectUnreadable }
                    if file.config == nil, file.syntaxError == nil {
                        drafts[offset].notes.append(
                            "\(file.path) \(file.computed ?? "is computed when it runs"), so whether the committed \(ios)/ matches it was not checked")
                    }
                }
                continue
            }
            // PATH named one .xcodeproj or .xcworkspace: only its apps are linted.
            if request.project != nil || request.workspace != nil { continue }
            inspectImages(&app)
            drafts.append(
                Draft(
                    identity: .init(project: nil, target: nil, plist: file.path), configurations: [], allConfigurations: [],
                    settings: IconBuildSettings(), infoPlist: .none,
                    bundle: BundleFiles(area: FileAreas(index: index, owners: FolderOwners([folder]))[folder], copies: { _ in false }),
                    catalogPaths: [], iconBundles: [], findings: app.problems,
                    notes: ["\(file.path): an Expo project without ios/: linted as npx expo prebuild would write it"] + app.notes,
                    folder: folder, compiledSources: nil, expo: app))
        }
    }

    /// What is on disk at each image the config names: a file (in another letter case too:
    /// macOS, where prebuild runs, finds it), a folder, a PNG signature.
    private func inspectImages(_ app: inout ExpoApp) {
        for offset in app.images.indices {
            var image = app.images[offset]
            var isDirectory: ObjCBool = false
            var exists = FileManager.default.fileExists(atPath: index.absolute(image.path), isDirectory: &isDirectory)
            if !exists, let actual = caseFoldedMatch(image.path, root: index.root) {
                image.path = actual
                exists = FileManager.default.fileExists(atPath: index.absolute(actual), isDirectory: &isDirectory)
            }
            image.isFolder = exists && isDirectory.boolValue
            image.exists = exists && !isDirectory.boolValue
            if image.isIconBundle, image.isFolder {
                image.contents = IconComposerContents.check(image.path, root: index.root)
            }
            if case .unknown(let why) = image.contents {
                app.notes.append(
                    "\(image.location.file):\(image.location.line ?? 1): \(image.path), named by \(image.purpose), was not checked inside: \(why), so whether the images it names are there is unknown"
                )
            }
            if image.exists {
                if let failure = ProjectFile.check(index.absolute(image.path), root: index.root) {
                    image.exists = false
                    app.notes.append("\(image.location.file):\(image.location.line ?? 1): \(image.path), named by \(image.purpose), was not read: \(failure)")
                } else {
                    // The signature only: ProjectFile.check made sure it is a regular file inside the root.
                    let handle = FileHandle(forReadingAtPath: index.absolute(image.path))
                    let head = (try? handle?.read(upToCount: 8)) ?? nil
                    try? handle?.close()
                    image.looksLikePNG = head == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                    if !image.looksLikePNG && !image.copiedAsIs {
                        app.notes.append(
                            "\(image.location.file):\(image.location.line ?? 1): \(image.path), named by \(image.purpose), is not a PNG; prebuild converts it, but its size and shape were not checked"
                        )
                    }
                }
            }
            app.images[offset] = image
        }
    }
}
