import Foundation

extension MauiIconSource {
    /// What a .NET MAUI project makes of the Info.plist at root-relative `plist`, or nil when it
    /// is not one: no XSAppIconAssets naming an .appiconset, or no .csproj with a MauiIcon in
    /// its folder or the folders above it (up to the root).
    static func find(_ document: PlistDocument, plist: String, root: String) -> MauiIconSource? {
        guard let assets = document.root["XSAppIconAssets"] as? String else { return nil }
        let component = ProjectPath.lastComponent(assets.replacingOccurrences(of: "\\", with: "/"))
        guard component.lowercased().hasSuffix(".appiconset") else { return nil }
        let setName = String(component.dropLast(".appiconset".count))
        var folder = ProjectPath.parentFolder(plist)
        while true {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []
            for name in names.sorted() where name.lowercased().hasSuffix(".csproj") {
                let path = folder.isEmpty ? name : folder + "/" + name
                guard case .success(let data) = ProjectFile.read(root + "/" + path, root: root, limit: 4 << 20) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                guard text.contains("<MauiIcon") else { continue }
                return MauiIconSource(
                    setName: setName, assets: assets, project: path, icon: (iOSInclude(data) ?? firstInclude(in: text)).flatMap { $0.isEmpty ? nil : $0 })
            }
            if folder.isEmpty { return nil }
            folder = ProjectPath.parentFolder(folder)
        }
    }

    /// The `Include` of the first `<MauiIcon>` item whose Condition holds for the iOS build
    /// (MSBuild uses the first one only; `Condition="… == 'android'"` ones are others'). Nil
    /// when the project cannot be read; "" when a condition before it cannot be evaluated.
    static func iOSInclude(_ data: Data) -> String? {
        guard case .success(let project) = MSBuildProjectFile.parse(data) else { return nil }
        let build = DotNetBuild(name: "Release", configuration: "Release", platforms: ["iPhone", "AnyCPU"])
        let condition = build.evaluation(for: project)
        for item in project.items where item.type == "MauiIcon" {
            switch condition.evaluate(item.conditions) {
            case .holds: return item.include
            case .fails: continue
            case .unknown: return ""
            }
        }
        return ""
    }

    /// The `Include` of the first `<MauiIcon …>` element (MSBuild uses the first one only).
    static func firstInclude(in text: String) -> String? {
        guard let start = text.range(of: "<MauiIcon") else { return nil }
        let element = text[start.upperBound...].prefix { $0 != ">" }
        guard let include = element.range(of: "Include=") else { return nil }
        let rest = element[include.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
