import Foundation

/// The real path of `relative` when it exists under another letter case, else nil.
package func caseFoldedMatch(_ relative: String, root: String) -> String? {
    // Only inside the root: `../../etc/PASSWD` must not list folders outside it.
    guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else { return nil }
    var resolved: [String] = []
    for component in relative.split(separator: "/").map(String.init) {
        let folder = ([root] + resolved).joined(separator: "/")
        if FileManager.default.fileExists(atPath: folder + "/" + component) {
            resolved.append(component)
            continue
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            let match = names.first(where: { $0.lowercased() == component.lowercased() })
        else { return nil }
        resolved.append(match)
    }
    return resolved.joined(separator: "/")
}
