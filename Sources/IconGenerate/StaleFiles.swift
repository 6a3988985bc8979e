import Foundation

/// Regenerating a set over an existing one (`--force`): the set's folder must end up holding
/// exactly what the new Contents.json names. A file the old Contents.json named under a name
/// iconlint gives its outputs (`NAME-120.png`, `NAME-1024-dark.png`) was written by iconlint
/// and is removed; any other file the new Contents.json does not name is kept and reported.
/// No link is followed: only the set's own regular files are candidates (a link, even one
/// named like an output, is kept and reported), names come from the folder's listing (so a
/// `../../outside.png` in Contents.json names nothing), and a Contents.json that is a link
/// names nothing. (Generator has refused a set folder that is a link before this runs.)
enum StaleFiles {
    static func find(_ plan: IconSetPlan) -> (removed: [String], kept: [String]) {
        guard plan.style == .appiconset, FileStatus.isFolder(plan.directory),
            let names = try? FileManager.default.contentsOfDirectory(atPath: plan.directory)
        else {
            return ([], [])
        }
        let planned = Set(plan.paths.map { ($0 as NSString).lastPathComponent })
        let previous = namedBy(plan.directory + "/Contents.json")
        var removed: [String] = [], kept: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") && !planned.contains(name) {
            let path = plan.directory + "/" + name
            guard let type = FileStatus.type(path), type != S_IFDIR else { continue }
            if type == S_IFREG && previous.contains(name) && isOutputName(name, of: plan.name) {
                removed.append(path)
            } else {
                kept.append(path)
            }
        }
        return (removed, kept)
    }

    /// The file names a Contents.json's images list (none when it is missing or unreadable).
    static func namedBy(_ path: String) -> Set<String> {
        guard FileStatus.type(path) == S_IFREG, let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let images = object["images"] as? [[String: Any]]
        else { return [] }
        return Set(images.compactMap { $0["filename"] as? String })
    }

    /// `NAME-<pixels>.png` or `NAME-<pixels>-dark.png` / `-tinted.png`, as IconPlanner names files.
    static func isOutputName(_ file: String, of name: String) -> Bool {
        guard file.hasPrefix(name + "-"), file.hasSuffix(".png") else { return false }
        var rest = file.dropFirst(name.count + 1).dropLast(4)
        for appearance in ["-dark", "-tinted"] where rest.hasSuffix(appearance) { rest = rest.dropLast(appearance.count) }
        return !rest.isEmpty && rest.allSatisfy(\.isASCII) && rest.allSatisfy(\.isNumber)
    }
}
