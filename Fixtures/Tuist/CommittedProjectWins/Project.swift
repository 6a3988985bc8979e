import ProjectDescription

let project = Project(
    name: "App",
    targets: [
        .target(
            name: "App",
            destinations: [.iPhone],
            product: .app,
            bundleId: "com.example.app",
            infoPlist: .file(path: "App/Info.plist"),
            resources: ["App/Assets.xcassets"],
            settings: .settings(base: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Dark"])
        ),
    ]
)
