import Foundation

/// The icon inputs of one build of a .NET app's project (see `DotNetAppProject`): the items
/// and properties whose conditions hold in it, as the .NET for iOS build's ACTool task and
/// bundle-resource copy use them.
///
/// - The primary set: the set `<MauiIcon>` generates (MAUI), else the `AppIcon` property or
///   the Info.plist's `XSAppIconAssets` (both at once stop the build: error E7129).
/// - Alternates: `<AlternateAppIcon Include="Dark" />` items and `IncludeAllAppIcons`.
/// - Catalogs: those `<ImageAsset>` items lie in; an SDK-style project also compiles every
///   catalog of its folder by default, an old-style Xamarin.iOS project only those listed.
/// - Bundle files: an old-style project copies only its `<BundleResource>` and `<Content>`
///   items, each to its path less the `Resources` prefix (or its `LogicalName`); only those
///   that land at the bundle's root are where iOS looks for an Info.plist icon.
struct DotNetIconInputs {
    let project: MSBuildProjectFile
    let path: String
    let folder: String
    let plist: PlistDocument
    let build: DotNetBuild
    let condition: MSBuildCondition
    let index: FileIndex
    /// What an old-style project copies to the bundle's root: root-relative files and
    /// wildcard patterns (nil for an SDK-style project, whose defaults copy `Resources`).
    let copiedFiles: Set<String>?
    /// Bundle resources whose conditions cannot be evaluated (for the note).
    private let copiedUnknown: [DotNetAppProject.Unknown]

    init(project: MSBuildProjectFile, path: String, plist: PlistDocument, build: DotNetBuild, index: FileIndex) {
        (self.project, self.path, self.plist, self.build, self.index) = (project, path, plist, build, index)
        folder = ProjectPath.parentFolder(path)
        condition = build.evaluation(for: project)
        var unknown: [DotNetAppProject.Unknown] = []
        if project.isSDKStyle {
            copiedFiles = nil
        } else {
            var copied: Set<String> = []
            for type in ["BundleResource", "Content"] {
                for item in Self.items(type, of: project, condition: condition, unknownInto: &unknown) {
                    let file = Self.path(of: item.include, in: ProjectPath.parentFolder(path))
                    if file.contains("*") || Self.landsAtRoot(item, folder: ProjectPath.parentFolder(path)) { copied.insert(file) }
                }
            }
            copiedFiles = copied
        }
        copiedUnknown = unknown
    }

    /// Writes this build's settings, catalogs, bundle files, findings and notes into `draft`.
    func apply(to draft: inout SourceProjectReader.Draft, bundle: ((String) -> Bool) -> BundleFiles) {
        var unknown: [DotNetAppProject.Unknown] = []
        var unknownOther = copiedUnknown
        var settings = draft.settings
        settings.known = true
        settings.location = Location(file: path, line: nil)
        // The .NET for iOS build takes the device family from the Info.plist's UIDeviceFamily.
        if let families = plist.root["UIDeviceFamily"] as? [Any] {
            settings.deviceFamily = families.compactMap { ($0 as? NSNumber)?.intValue ?? ($0 as? String).flatMap { Int($0) } }
        }
        let alternates = items("AlternateAppIcon", unknownInto: &unknown).filter { !$0.include.isEmpty }
        settings.alternateNames = alternates.map(\.include)
        settings.alternateNamesRaw = alternates.isEmpty ? nil : settings.alternateNames.joined(separator: " ")
        settings.alternateNameLines = Dictionary(alternates.map { ($0.include, $0.line) }, uniquingKeysWith: { first, _ in first })
        if let first = alternates.first { settings.alternateNamesLocation = Location(file: path, line: first.line) }
        for property in properties("IncludeAllAppIcons", unknownInto: &unknown) {
            settings.includeAllAppIcons = property.value.lowercased() == "true"
        }
        var primaryNamedBy: String?
        if let maui = draft.mauiIcon {
            settings.appIconName = maui.setName
            for icon in items("MauiIcon", unknownInto: &unknownOther).prefix(1) {
                if let finding = DotNetAppProject.missingImage(icon, of: path, folder: folder, root: index.root) {
                    draft.findings.append(finding)
                }
            }
        } else {
            primaryNamedBy = primary(into: &settings, findings: &draft.findings, unknownInto: &unknownOther)
        }
        var catalogs = project.isSDKStyle ? draft.catalogPaths : []
        for asset in items("ImageAsset", unknownInto: &unknownOther) {
            let file = Self.path(of: asset.include, in: folder)
            guard let range = file.range(of: ".xcassets", options: .caseInsensitive) else { continue }
            let catalog = String(file[..<range.upperBound])
            if index.catalogs.contains(catalog), !catalogs.contains(catalog) { catalogs.append(catalog) }
        }
        draft.catalogPaths = catalogs
        if let copied = copiedFiles {
            draft.bundle = bundle { file in copied.contains(file) || copied.contains { $0.contains("*") && Self.matches(file, pattern: $0) } }
        }
        if !unknown.isEmpty {
            // What an unknown condition guards may name or include any set: none is judged missing.
            settings.incomplete = true
            draft.notes.append(
                "\(path): iconlint cannot evaluate the condition of \(DotNetAppProject.Unknown.list(unknown)), so the alternate icon sets the build includes were not checked"
            )
        }
        if !unknownOther.isEmpty {
            draft.notes.append(
                "\(path): iconlint cannot evaluate the condition of \(DotNetAppProject.Unknown.list(unknownOther)), so it was not checked"
            )
        }
        draft.settings = settings
        draft.dotNet = DotNetApp(project: path, primaryNamedBy: primaryNamedBy, listsItems: !project.isSDKStyle)
        if project.isSDKStyle, condition.values["targetframework"]?.isEmpty ?? true {
            draft.notes.append("\(path): names no iOS target framework (net8.0-ios); read as the iOS build")
        }
    }

    /// The primary set a .NET for iOS or Xamarin.iOS build compiles: the `AppIcon` property,
    /// else the set `XSAppIconAssets` names. Returns what names it, for messages.
    private func primary(
        into settings: inout IconBuildSettings, findings: inout [Finding], unknownInto unknown: inout [DotNetAppProject.Unknown]
    ) -> String? {
        let property = properties("AppIcon", unknownInto: &unknown).last { !$0.value.isEmpty }
        let assets = (plist.root["XSAppIconAssets"] as? String).map { $0.replacingOccurrences(of: "\\", with: "/") }
        let assetsName = assets.map(ProjectPath.lastComponent).flatMap { component -> String? in
            guard component.lowercased().hasSuffix(".appiconset") else { return nil }
            return String(component.dropLast(".appiconset".count))
        }
        let plistLine = plist.line(["XSAppIconAssets"])
        if let property, let assets {
            findings.append(
                Finding(
                    rule: .buildSettingMalformed,
                    message:
                        "\(path) sets <AppIcon>\(property.value)</AppIcon> and \(plist.path) names XSAppIconAssets = \(assets); the build stops with error E7129 (\"Can't specify both 'XSAppIconAssets' in the Info.plist and 'AppIcon' in the project file\"): remove XSAppIconAssets from \(plist.path)",
                    location: Location(file: path, line: property.line), icon: property.value, role: .primary))
        }
        if let property {
            settings.appIconName = property.value
            settings.location = Location(file: path, line: property.line)
            return "<AppIcon> of \(path)"
        }
        guard let assetsName else { return nil }
        settings.appIconName = assetsName
        settings.location = Location(file: plist.path, line: plistLine)
        return "XSAppIconAssets in \(plist.path)"
    }

    private func items(_ type: String, unknownInto list: inout [DotNetAppProject.Unknown]) -> [MSBuildProjectFile.Item] {
        Self.items(type, of: project, condition: condition, unknownInto: &list)
    }

    /// The items of `type` whose conditions hold in the build.
    static func items(
        _ type: String, of project: MSBuildProjectFile, condition: MSBuildCondition, unknownInto list: inout [DotNetAppProject.Unknown]
    ) -> [MSBuildProjectFile.Item] {
        var held: [MSBuildProjectFile.Item] = []
        for item in project.items where item.type.lowercased() == type.lowercased() {
            switch condition.evaluate(item.conditions) {
            case .holds: held.append(item)
            case .fails: break
            case .unknown: list.append(.init("<\(item.type) Include=\"\(item.include)\">", item.line, item.conditions))
            }
        }
        return held
    }

    /// The properties named `name` whose conditions hold in the build, in the order written
    /// (the last one wins, as in MSBuild).
    private func properties(_ name: String, unknownInto list: inout [DotNetAppProject.Unknown]) -> [MSBuildProjectFile.Property] {
        var held: [MSBuildProjectFile.Property] = []
        for property in project.properties where property.name.lowercased() == name.lowercased() {
            switch condition.evaluate(property.conditions) {
            case .holds: held.append(property)
            case .fails: break
            case .unknown: list.append(.init("<\(property.name)>", property.line, property.conditions))
            }
        }
        return held
    }

    /// The root-relative path an item's Include names (MSBuild escapes `@` as `%40`).
    static func path(of include: String, in folder: String) -> String {
        let written = (include.removingPercentEncoding ?? include).replacingOccurrences(of: "\\", with: "/")
        return ProjectPath.normalize(ProjectPath.join(folder, written))
    }

    /// Whether an old-style project's bundle resource is copied to the bundle's root: its
    /// LogicalName, else its path in the project less the `Resources/` prefix, has no folder.
    static func landsAtRoot(_ item: MSBuildProjectFile.Item, folder: String) -> Bool {
        if let logical = item.metadata["LogicalName"], !logical.isEmpty { return !logical.contains("/") && !logical.contains("\\") }
        var written = (item.include.removingPercentEncoding ?? item.include).replacingOccurrences(of: "\\", with: "/")
        if let link = item.metadata["Link"], !link.isEmpty { written = link.replacingOccurrences(of: "\\", with: "/") }
        if written.lowercased().hasPrefix("resources/") { written = String(written.dropFirst("resources/".count)) }
        return !written.contains("/")
    }

    /// Whether root-relative `file` matches an MSBuild wildcard (`Resources/**/*.png`).
    static func matches(_ file: String, pattern: String) -> Bool {
        var expression = "^"
        var characters = Substring(pattern)
        while let character = characters.first {
            if characters.hasPrefix("**/") {
                expression += "(.*/)?"
                characters = characters.dropFirst(3)
                continue
            }
            if characters.hasPrefix("**") {
                expression += ".*"
                characters = characters.dropFirst(2)
                continue
            }
            switch character {
            case "*": expression += "[^/]*"
            case "?": expression += "[^/]"
            default: expression += NSRegularExpression.escapedPattern(for: String(character))
            }
            characters = characters.dropFirst()
        }
        expression += "$"
        return file.range(of: expression, options: [.regularExpression, .caseInsensitive]) != nil
    }
}
