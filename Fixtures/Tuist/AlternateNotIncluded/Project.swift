import ProjectDescription

let project = Project(
    name: "Orbit",
    settings: .settings(base: ["SWIFT_VERSION": "5.9"]),
    targets: [
        .target(
            name: "Orbit",
            destinations: [.iPhone],
            product: .app,
            bundleId: "com.example.orbit",
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "CFBundleDisplayName": "Orbit",
            ]),
            sources: ["Orbit/Sources/**"],
            resources: ["Orbit/Resources/**"],
            settings: .settings(
                base: [
                    "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                    "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Midnight",
                ].automaticCodeSigning(devTeam: "ABCDE12345")
            )
        ),
        .target(
            name: "OrbitTests",
            destinations: [.iPhone],
            product: .unitTests,
            bundleId: "com.example.orbit.tests",
            infoPlist: .default,
            sources: ["Orbit/Tests/**"],
            dependencies: [.target(name: "Orbit")]
        ),
    ]
)
