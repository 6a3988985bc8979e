import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeApp(
    name: Module.App.app.rawValue,
    infoPlist: .file(path: .relativeToRoot("Support/Frost-Info.plist")),
    dependencies: [.project(target: "Weather", path: "../Weather")]
)
