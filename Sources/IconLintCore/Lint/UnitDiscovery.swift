import Foundation

/// Decides which Info.plists are the app's and builds one unit per app (and configuration).
struct UnitDiscovery {
    let context: LintContext
    let request: LintRequest

    var index: FileIndex { context.index }

    func units(diagnostics: inout [Diagnostic]) -> [AppUnit] {
        if let plist = request.plist {
            var unit = AppUnit()
            unit.plistPath = plist
            unit.catalogPaths = index.catalogs
            return [unit]
        }
        return unitsFromPlists(diagnostics: &diagnostics)
    }

    /// Without a project file: Info.plists that declare an app (CFBundlePackageType APPL) or icons.
    func unitsFromPlists(diagnostics: inout [Diagnostic]) -> [AppUnit] {
        var units: [AppUnit] = []
        for path in index.plists.sorted() {
            let name = (path as NSString).lastPathComponent
            let looksLikeInfo = name.lowercased().contains("info")
            if path.contains(".bundle/") || path.contains(".xcassets/") { continue }
            switch PlistReader.read(path, root: index.root) {
            case .success(let document):
                guard Self.isAppPlist(document) else { continue }
            case .failure:
                // A broken Info.plist is reported (plist-unreadable) by the unit itself.
                guard looksLikeInfo, !Self.isTestPath(path) else { continue }
            }
            var unit = AppUnit()
            unit.plistPath = path
            unit.catalogPaths = index.catalogs
            units.append(unit)
        }
        return units
    }

    static func isTestPath(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("UITests") }
    }

    static let iconKeys = ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIconFiles", "CFBundleAlternateIcons"]
    static let appKeys = ["LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UIMainStoryboardFile",
                          "UILaunchScreen", "UIApplicationSupportsIndirectInputEvents"]

    /// An application's Info.plist (not a test bundle's or an extension's).
    static func isAppPlist(_ document: PlistDocument) -> Bool {
        let root = document.root
        if root["NSExtension"] != nil || root["EXAppExtensionAttributes"] != nil { return false }
        if iconKeys.contains(where: { root[$0] != nil }) { return true }
        let type = root["CFBundlePackageType"] as? String
        if type == "APPL" { return true }
        if type == "BNDL" || type == "FMWK" || type == "XPC!" { return false }
        // Xcode templates write $(PRODUCT_BUNDLE_PACKAGE_TYPE); then look for app-only keys.
        return !isTestPath(document.path) && appKeys.contains { root[$0] != nil }
    }
}
