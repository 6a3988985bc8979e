import ProjectDescription

struct AppTarget {
    let name: String
    let bundleId: String
    var alternateIcons: String = ""
    var devices: Destinations = [.iPhone]

    func toTarget() -> Target {
        .target(
            name: name,
            destinations: devices,
            product: .app,
            bundleId: bundleId,
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Lumen/Sources/**"],
            resources: ["Lumen/Resources/**"],
            settings: .settings(base: [
                "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": .string(alternateIcons),
            ])
        )
    }
}

let project = Project(
    name: "Lumen",
    targets: [
        AppTarget(name: "Lumen", bundleId: "com.example.lumen", alternateIcons: "Ember Frost").toTarget(),
    ]
)
