import Foundation

/// What the Info.plist-route corrections share: the image a new size is made from, where the
/// new file goes and the entries that reach it.
enum IconFileCorrections {
    /// The largest square, readable image among an icon's files: what a missing size is
    /// resized from (never upscaled).
    static func largest(_ entries: [PlistIconAnalysis.Entry], in app: AppModel) -> (path: String, side: Int)? {
        var best: (path: String, side: Int)?
        for use in entries.flatMap(\.uses) {
            guard let facts = app.facts(use.path), facts.error == nil, let header = facts.header,
                header.width == header.height, !app.isForeign(header)
            else { continue }
            if header.width > best?.side ?? 0 { best = (use.path, header.width) }
        }
        return best
    }

    /// The corrections that add the files of `missing` sizes to an icon, made from the largest
    /// image of `entries` and put beside the first of them. `target` is the CFBundleIconFiles
    /// list that must reach them: an entry is added to it when a new file's name needs one, and
    /// with `writesList` (an iPad copy of an iPhone entry) it is written in any case. Sizes
    /// that can be made are one correction; each that cannot is left with its reason.
    static func addSizes(
        rule: RuleID, subject: String, missing: [Int], idiom: Idiom, entryBase: String,
        target: PlistIconFiles?, writesList: Bool = false,
        entries: [PlistIconAnalysis.Entry], plist: PlistIconAnalysis, app: AppModel
    ) -> [Correction] {
        let suggestions = IconFileName.suggestions(entry: entryBase, missingPixels: missing, idiom: idiom)
        guard !suggestions.isEmpty else { return [] }
        guard let folder = entries.flatMap(\.uses).first.map({ ProjectPath.parentFolder($0.path) }) else {
            return [Correction(rule: rule, subject: subject, outcome: .left("none of its files is found, so there is nothing to resize"))]
        }
        guard let source = largest(entries, in: app) else {
            return [Correction(rule: rule, subject: subject, outcome: .left("none of its images can be read as a square PNG to resize"))]
        }
        var edits: [PlannedEdit] = []
        var left: [Correction] = []
        var made: [Int] = []
        var files = target?.files ?? []
        for suggestion in suggestions {
            let what = "\(subject): \(suggestion.pixels.pixelText)"
            if suggestion.pixels > source.side {
                let reason =
                    "its largest image, \(source.path), is \(source.side.pixelText), smaller than \(suggestion.pixels.pixelText), and fix never upscales: export \(suggestion.fileName) from the master artwork"
                left.append(Correction(rule: rule, subject: what, outcome: .left(reason)))
                continue
            }
            let existing = app.bundle.pngs(named: suggestion.fileName)
            if existing.isEmpty {
                let path = folder.isEmpty ? suggestion.fileName : folder + "/" + suggestion.fileName
                edits.append(.newImage(path: path, recipe: ImageRecipe(source: source.path, size: suggestion.pixels)))
                made.append(suggestion.pixels)
            } else if !writesList {
                left.append(Correction(rule: rule, subject: what, outcome: .left("\(existing[0]) is there at another size; replace it by hand")))
                continue
            }
            if suggestion.entry != entryBase, !files.contains(suggestion.entry) { files.append(suggestion.entry) }
        }
        if writesList || files != (target?.files ?? []) {
            guard let target else {
                let reason = "its CFBundleIconFiles is not under CFBundleIcons, so no entry can be added; add the files and entries by hand"
                return left + [Correction(rule: rule, subject: subject, outcome: .left(reason))]
            }
            edits.append(.plistIconFiles(path: plist.file, change: PlistIconFiles(key: target.key, alternate: target.alternate, files: files)))
        }
        guard !edits.isEmpty else { return left }
        let label = made.isEmpty ? subject : "\(subject): \(made.pixelList)"
        return [Correction(rule: rule, subject: label, outcome: .planned(edits))] + left
    }
}

extension IconDeclaration {
    /// The CFBundleIconFiles this declaration's list is (nil for the top-level one, which no edit touches).
    var iconFilesTarget: PlistIconFiles? {
        guard !containerKey.isEmpty, let files else { return nil }
        return PlistIconFiles(key: containerKey, alternate: role == .alternate ? name : nil, files: files)
    }
}
