import Foundation

/// What a .NET MAUI app's `.csproj` says of its icons, applied to the app read from its
/// `Platforms/iOS/Info.plist`: the `<AlternateAppIcon>` items and `IncludeAllAppIcons` (what
/// the build passes to actool as ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES and
/// INCLUDE_ALL_APPICON_ASSETS), the `<ImageAsset>` catalogs outside the app's folder, and
/// whether the `<MauiIcon>` image the build turns into the primary set exists.
///
/// The project is evaluated for the build that is uploaded (`MSBuildCondition.iOSRelease`);
/// a condition iconlint cannot evaluate leaves what it guards unknown, with a note, and
/// the sets that decision would concern are not judged.
enum DotNetAppProject {
    /// Reads `maui.project` into `draft`, which already carries the MAUI note.
    static func apply(_ maui: MauiIconSource, to draft: inout SourceProjectReader.Draft, index: FileIndex) {
        let project: MSBuildProjectFile
        switch MSBuildProjectFile.read(maui.project, root: index.root) {
        case .success(let read): project = read
        case .failure(let failure):
            draft.notes.append(
                "\(maui.project): not read (\(failure)), so its <AlternateAppIcon> items and IncludeAllAppIcons were not checked")
            return
        }
        let folder = ProjectPath.parentFolder(maui.project)
        let condition = evaluation(for: project)
        // What conditions iconlint cannot evaluate guard: alternates (then no set is judged
        // missing from the build) and the icon image or catalogs (then they are not checked).
        var unknown: [Unknown] = []
        var unknownOther: [Unknown] = []
        /// The items of `type` whose conditions hold in the checked build.
        func items(_ type: String, unknownInto list: inout [Unknown]) -> [MSBuildProjectFile.Item] {
            var held: [MSBuildProjectFile.Item] = []
            for item in project.items where item.type.lowercased() == type.lowercased() {
                switch condition.evaluate(item.conditions) {
                case .holds: held.append(item)
                case .fails: break
                case .unknown: list.append(Unknown("<\(item.type) Include=\"\(item.include)\">", item.line, item.conditions))
                }
            }
            return held
        }
        var settings = draft.settings
        settings.known = true
        settings.appIconName = maui.setName
        settings.location = Location(file: maui.project, line: nil)
        // The .NET for iOS build takes the device family from the Info.plist's UIDeviceFamily.
        if case .document(let document) = draft.infoPlist, let families = document.root["UIDeviceFamily"] as? [Any] {
            settings.deviceFamily = families.compactMap { ($0 as? NSNumber)?.intValue ?? ($0 as? String).flatMap { Int($0) } }
        }
        let alternates = items("AlternateAppIcon", unknownInto: &unknown).filter { !$0.include.isEmpty }
        settings.alternateNames = alternates.map(\.include)
        settings.alternateNamesRaw = alternates.isEmpty ? nil : settings.alternateNames.joined(separator: " ")
        settings.alternateNameLines = Dictionary(alternates.map { ($0.include, $0.line) }, uniquingKeysWith: { first, _ in first })
        if let first = alternates.first { settings.alternateNamesLocation = Location(file: maui.project, line: first.line) }
        for property in project.properties where property.name.lowercased() == "includeallappicons" {
            switch condition.evaluate(property.conditions) {
            case .holds: settings.includeAllAppIcons = property.value.lowercased() == "true"
            case .fails: break
            case .unknown: unknown.append(Unknown("<IncludeAllAppIcons>", property.line, property.conditions))
            }
        }
        for icon in items("MauiIcon", unknownInto: &unknownOther).prefix(1) {
            if let finding = missingImage(icon, of: maui.project, folder: folder, root: index.root) { draft.findings.append(finding) }
        }
        for asset in items("ImageAsset", unknownInto: &unknownOther) {
            let path = ProjectPath.normalize(ProjectPath.join(folder, asset.include.replacingOccurrences(of: "\\", with: "/")))
            guard let range = path.range(of: ".xcassets", options: .caseInsensitive) else { continue }
            let catalog = String(path[..<range.upperBound])
            if index.catalogs.contains(catalog), !draft.catalogPaths.contains(catalog) { draft.catalogPaths.append(catalog) }
        }
        if !unknown.isEmpty {
            // What an unknown condition guards may name or include any set: none is judged missing.
            settings.incomplete = true
            draft.notes.append(
                "\(maui.project): iconlint cannot evaluate the condition of \(Unknown.list(unknown)), so the alternate icon sets the build includes were not checked"
            )
        }
        if !unknownOther.isEmpty {
            draft.notes.append(
                "\(maui.project): iconlint cannot evaluate the condition of \(Unknown.list(unknownOther)), so it was not checked")
        }
        draft.settings = settings
        if condition.values["targetframework"]?.isEmpty ?? true {
            draft.notes.append("\(maui.project): names no iOS target framework (net8.0-ios); read as the iOS build")
        }
    }

    /// An element whose Condition cannot be evaluated, for the note.
    struct Unknown {
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

    /// The checked build, with the properties the project sets unconditionally.
    static func evaluation(for project: MSBuildProjectFile) -> MSBuildCondition {
        let frameworks = project.properties.filter {
            $0.conditions.isEmpty && ["targetframework", "targetframeworks"].contains($0.name.lowercased())
        }.flatMap { $0.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
        var condition = MSBuildCondition.iOSRelease(targetFrameworks: frameworks)
        for property in project.properties where property.conditions.isEmpty && !property.value.contains("$(") {
            let key = property.name.lowercased()
            if condition.values[key] == nil { condition.values[key] = [property.value] }
        }
        return condition
    }

    /// The finding for a `<MauiIcon>` whose image is not there: the build stops on it.
    static func missingImage(_ icon: MSBuildProjectFile.Item, of project: String, folder: String, root: String) -> Finding? {
        var findings: [Finding] = []
        for (attribute, written) in [("Include", icon.include), ("ForegroundFile", icon.metadata["ForegroundFile"])] {
            guard let written, !written.isEmpty, !written.contains("*"), !written.contains("$(") else { continue }
            let path = ProjectPath.normalize(ProjectPath.join(folder, written.replacingOccurrences(of: "\\", with: "/")))
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
