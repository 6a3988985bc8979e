import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Harbor",
    targets: [
        .target(
            name: "Harbor",
            destinations: [.iPhone],
            product: .app,
            bundleId: "com.example.harbor",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Harbor/Sources/**"],
            resources: ["Harbor/Resources/**"],
            settings: .settings(base: .icons(for: .prod))
        ),
    ]
)
