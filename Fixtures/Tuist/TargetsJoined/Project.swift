import ProjectDescription

let bundlePrefix = "com.example."

let widgetTargets: [Target] = [
    .target(
        name: "OrbitWidgets",
        destinations: [.iPhone],
        product: .appExtension,
        bundleId: bundlePrefix + "orbit.widgets",
        infoPlist: .default,
        sources: ["Widgets/Sources/**"]
    ),
]

let project = Project(
    name: "Orbit",
    targets: [
        .target(
            name: "Orbit",
            destinations: [.iPhone],
            product: .app,
            bundleId: bundlePrefix + "orbit",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Orbit/Sources/**"],
            resources: ["Orbit/Resources/**"],
            settings: .settings(base: [
                "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Midnight",
            ])
        ),
    ] + widgetTargets + ["Share", "Today"].map { name in
        .target(name: name, destinations: [.iPhone], product: .appExtension, bundleId: bundlePrefix + name, infoPlist: .default, sources: ["Extensions/**"])
    }
)
