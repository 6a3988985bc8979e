import Foundation
import IconGenerate
import IconLintCore

/// Everything one `iconlint add` run writes, worked out and checked before anything is:
/// the images (made by `Generator` from the sources) and every text file's new bytes.
struct AddPlan {
    var site: AlternateIconSite
    var route: AlternateIconRoute
    var name: String
    var source: IconSource
    var generator: Generator
    /// Root-relative folder the generator writes below (the catalog, or the icons' folder).
    var outputFolder: String
    /// Edits of existing text files (Info.plist, project.pbxproj, .xcconfig), bytes as read.
    var edits: [TextFileEdit]

    /// The images and Contents.json the generator writes, root-relative.
    var imagePlan: IconSetPlan { generator.plan(source) }

    init(site: AlternateIconSite, route: AlternateIconRoute, name: String, source: IconSource, dryRun: Bool) throws(CLIError) {
        self.site = site
        self.route = route
        self.name = name
        self.source = source
        let planner: IconPlanner
        switch route {
        case .catalog:
            guard let catalog = site.catalog else {
                throw CLIError(message: "target \(site.target) compiles no asset catalog; use --route plist", status: .failure)
            }
            outputFolder = catalog
            planner = IconPlanner(style: .appiconset)
        case .plist:
            guard site.plist != nil else {
                throw CLIError(
                    message: "target \(site.target) has no Info.plist file (GENERATE_INFOPLIST_FILE); use --route catalog", status: .failure)
            }
            guard source.dark == nil, source.tinted == nil else {
                throw CLIError(message: "--dark and --tinted need an app icon set: use --route catalog")
            }
            outputFolder = site.iconFolder ?? ""
            planner = IconPlanner(style: .legacy, idioms: site.runsOnIPad ? [.iphone, .ipad] : [.iphone], alternate: true)
        }
        var options = GenerateOptions(outputDirectory: Self.absolute(outputFolder, in: site), planner: planner)
        options.dryRun = dryRun
        generator = Generator(options: options)
        edits = []
        edits = try textEdits()
    }

    static func absolute(_ path: String, in site: AlternateIconSite) -> String {
        path.isEmpty || path == "." ? site.root : site.root + "/" + path
    }

    func relative(_ absolute: String) -> String {
        ProjectPath.below(absolute, folder: site.root) ?? absolute
    }

    /// The Info.plist entries or the build setting, as byte edits of the files as they are now.
    private func textEdits() throws(CLIError) -> [TextFileEdit] {
        // Nothing below the output folder may be reached through a link (a set that exists is refused too).
        let existing: [String]
        do throws(AtomicFileError) {
            // From the root: a catalog folder that is itself a link is refused too.
            existing = try FileTransaction.existing(imagePlan.paths, inside: site.root)
        } catch {
            throw CLIError(message: "\(error); nothing was written", status: .failure)
        }
        if let first = existing.first {
            throw CLIError(message: "\(relative(first)) exists already; nothing was written", status: .failure)
        }
        switch route {
        case .catalog:
            do throws(ProjectEditError) {
                return try BuildSettingEdits.addingAlternateIconName(name, target: site.target, project: site.project, root: site.root)
            } catch {
                throw CLIError(message: "\(error)", status: .failure)
            }
        case .plist:
            var edits: [TextFileEdit] = []
            // Files a folder reference or synchronized folder does not bring are listed one by one, as the others are.
            let unlisted = imagePlan.paths.map(relative).filter { !site.resources.contains($0) }
            if !unlisted.isEmpty {
                guard let model = site.iconFiles.first(where: site.resources.contains) else {
                    throw CLIError(
                        message: "target \(site.target) copies no icon file from \(outputFolder) to model the new ones on; use --route catalog",
                        status: .failure)
                }
                do throws(ProjectEditError) {
                    edits.append(
                        try ResourceEdits.addingResources(unlisted, besides: model, target: site.target, project: site.project, root: site.root))
                } catch {
                    throw CLIError(message: "\(error)", status: .failure)
                }
            }
            let plist = site.plist!
            let original: [UInt8]
            switch ProjectFile.read(Self.absolute(plist, in: site), root: site.root, limit: 16 << 20) {
            case .success(let data): original = [UInt8](data)
            case .failure(let failure): throw CLIError(message: "cannot read \(plist): \(failure)", status: .failure)
            }
            let edit: InfoPlistEditor.Edit
            do {
                edit = try InfoPlistEditor.prepare(Self.absolute(plist, in: site), with: [imagePlan], force: false)
            } catch {
                throw CLIError(message: error.description, status: .failure)
            }
            let keys = imagePlan.plistIconFiles.map(\.key).joined(separator: " and ")
            return [TextFileEdit(path: plist, original: original, edited: edit.bytes, changes: ["\(keys) → CFBundleAlternateIcons → \(name)"])] + edits
        }
    }

    // MARK: - Writing

    /// Writes everything in one transaction: the images first, then each text file after
    /// checking it still holds the bytes it was read with. Any failure takes back all of it.
    func write() throws(CLIError) -> IconOutcome {
        let transaction = FileTransaction(force: false)
        guard let outcome = generator.run([source], in: transaction).first else {
            throw CLIError(message: "nothing to generate", status: .failure)
        }
        if let error = outcome.error {
            transaction.rollBack()
            throw CLIError(message: "\(error); nothing was written", status: .failure)
        }
        for edit in edits {
            let now = ProjectFile.read(Self.absolute(edit.path, in: site), root: site.root, limit: OpenStepPlistLimit.bytes)
            guard case .success(let data) = now, [UInt8](data) == edit.original else {
                transaction.rollBack()
                throw CLIError(message: "\(edit.path) changed on disk since it was read; nothing was written", status: .failure)
            }
        }
        do throws(AtomicFileError) {
            try transaction.write(edits.map { (Self.absolute($0.path, in: site), $0.edited) }, replace: true, inside: site.root)
        } catch {
            transaction.rollBack()
            throw CLIError(message: "\(error); nothing was written", status: .failure)
        }
        transaction.finish()
        return outcome
    }
}

/// The largest project file read back before writing (as the pbxproj reader reads them).
enum OpenStepPlistLimit {
    static let bytes = 256 << 20
}
