import Foundation

/// The Info.plist `xcodegen generate` writes for a target with `info:`: XcodeGen's generated
/// keys (CFBundleIdentifier, CFBundleExecutable, CFBundlePackageType APPL for an
/// application...) with `info.properties` on top, written to `info.path` in place of the file
/// there. So CFBundleIcons declared in project.yml reach the app, and whatever the committed
/// file at that path holds does not.
enum XcodeGenInfoPlist {
    /// The generated document; its path is the file that holds `properties` (findings point at
    /// their lines there).
    static func document(_ info: YAMLNode, type: String, spec: XcodeGenSpec) -> PlistDocument {
        var root: [String: Any] = [
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": "$(PRODUCT_NAME)", "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)",
            "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
        ]
        if type != "bundle" { root["CFBundleExecutable"] = "$(EXECUTABLE_NAME)" }
        switch type {
        case "bundle.ui-testing", "bundle.unit-test", "bundle": root["CFBundlePackageType"] = "BNDL"
        case "application", "application.watchapp2": root["CFBundlePackageType"] = "APPL"
        case "framework": root["CFBundlePackageType"] = "FMWK"
        case "xpc-service", "app-extension": root["CFBundlePackageType"] = "XPC!"
        default: break
        }
        let properties = info["properties"]
        for pair in properties?.pairs ?? [] {
            if let value = pair.value.propertyListValue { root[pair.key] = value }
        }
        let file = properties?["CFBundleIcons"]?.file ?? properties?.file ?? info.file
        var lines: [String: Int] = [:]
        if let properties, properties.file == file || properties.pairs?.contains(where: { $0.value.file == file }) == true {
            collectLines(properties, path: [], file: file, into: &lines)
        }
        return PlistDocument(path: file, root: root, isXML: true, lines: lines)
    }

    /// Key path → line of every key and array item written in `file` (bounded by the node's weight).
    private static func collectLines(_ node: YAMLNode, path: [String], file: String, into lines: inout [String: Int]) {
        var stack: [(node: YAMLNode, path: [String])] = [(node, path)]
        while let (current, prefix) = stack.popLast() {
            switch current.kind {
            case .mapping(let pairs):
                for pair in pairs {
                    let keyPath = prefix + [pair.key]
                    if pair.value.file == file || current.file == file { lines[keyPath.joined(separator: "/")] = pair.keyLine }
                    stack.append((pair.value, keyPath))
                }
            case .sequence(let items):
                for (offset, item) in items.enumerated() {
                    let keyPath = prefix + [String(offset)]
                    if item.file == file { lines[keyPath.joined(separator: "/")] = item.line }
                    stack.append((item, keyPath))
                }
            case .scalar:
                break
            }
        }
    }

    /// The icon keys of the committed file at `info.path` that the generated one lacks: the
    /// build never sees them. Nil when there is no such file or nothing is lost.
    static func overwriteNote(_ info: YAMLNode, plist: String, target: String, root: String) -> String? {
        guard case .success(let committed) = PlistReader.read(plist, root: root) else { return nil }
        let properties = info["properties"]
        let lost = SourceProjectReader.iconKeys.filter { committed.root[$0] != nil && properties?[$0] == nil }
        guard !lost.isEmpty else { return nil }
        let pathNode = info["path"]
        return "\(pathNode?.file ?? info.file):\(pathNode?.line ?? info.line): target \(target)'s info writes \(plist) at generate time from "
            + "`info.properties`, replacing the committed file, whose \(lost.joined(separator: ", ")) the generated one does not have; "
            + "iconlint lints the plist xcodegen writes: move \(lost.count == 1 ? "that key" : "those keys") into `info.properties`"
    }
}
