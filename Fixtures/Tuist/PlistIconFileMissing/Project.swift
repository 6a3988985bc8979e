import ProjectDescription

let infoPlist: [String: InfoPlist.Value] = [
    "CFBundleShortVersionString": "2.4",
    "UILaunchStoryboardName": "LaunchScreen",
    "CFBundleIcons": .dictionary([
        "CFBundlePrimaryIcon": .dictionary([
            "CFBundleIconName": .string("AppIcon"),
        ]),
        "CFBundleAlternateIcons": .dictionary([
            "Retro": .dictionary([
                "CFBundleIconFiles": .array([.string("Retro")]),
                "UIPrerenderedIcon": false,
            ]),
            "Neon": .dictionary([
                "CFBundleIconFiles": .array([.string("Neon")]),
                "UIPrerenderedIcon": false,
            ]),
        ]),
    ]),
]

let project = Project(
    name: "Arcade",
    organizationName: "Example",
    targets: [
        Target(
            name: "Arcade",
            platform: .iOS,
            product: .app,
            bundleId: "com.example.arcade",
            deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone]),
            infoPlist: .extendingDefault(with: infoPlist),
            sources: ["Sources/**"],
            resources: ["Resources/**"]
        ),
    ]
)
