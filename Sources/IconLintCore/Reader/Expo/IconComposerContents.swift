import Foundation

/// What an Icon Composer `.icon` folder needs to compile: its `icon.json`, and each image a
/// layer names (`"image-name"`, and the per-appearance `"image-name-specializations"`) in
/// its `Assets/` folder. Read bounded (icon.json at most `limit` bytes, at most `maxLayers`
/// layers looked at); nothing outside the root is read.
extension IconComposerContents {
    static let limit = 1 << 20
    static let maxLayers = 1_000

    /// Checks the `.icon` folder at root-relative `folder`.
    static func check(_ folder: String, root: String) -> Outcome {
        let json = folder + "/icon.json"
        let data: Data
        switch ProjectFile.read(root + "/" + json, root: root, limit: limit) {
        case .success(let read): data = read
        case .failure(.missing): return .unreadable("it has no icon.json")
        case .failure(let failure): return .unreadable("its icon.json cannot be read (\(failure))")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .unreadable("its icon.json is not a JSON object")
        }
        guard let groups = object["groups"] as? [[String: Any]] else {
            return .unknown("its icon.json has no groups of layers iconlint knows")
        }
        var names: [String] = []
        for layer in groups.flatMap({ ($0["layers"] as? [[String: Any]]) ?? [] }).prefix(maxLayers) {
            if let name = layer["image-name"] as? String { names.append(name) }
            for special in (layer["image-name-specializations"] as? [[String: Any]]) ?? [] {
                if let name = special["value"] as? String { names.append(name) }
            }
        }
        var missing: [String] = []
        for name in names where !missing.contains(name) {
            // A name that would leave Assets/ is no image of the folder.
            let path = ProjectPath.normalize(folder + "/Assets/" + name)
            if name.contains("/") || ProjectFile.check(root + "/" + path, root: root) == .missing { missing.append(name) }
        }
        return missing.isEmpty ? .complete : .missing(missing)
    }
}
