import ProjectDescription

let iconSuffix = Environment.iconSuffix.getString(default: "")

let project = Project(
    name: "Pulse",
    targets: [
        .target(
            name: "Pulse",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.pulse",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Pulse/**/*.swift"],
            resources: [.glob(pattern: "Pulse/Resources/**", excluding: ["Pulse/Resources/Unused/**"])],
            settings: .settings(base: [
                "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon\(iconSuffix)",
                "MARKETING_VERSION": "3.1",
            ])
        ),
    ]
)
