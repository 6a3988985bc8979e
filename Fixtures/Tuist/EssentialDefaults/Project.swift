import ProjectDescription

let project = Project(
    name: "Tally",
    settings: .settings(defaultSettings: .essential),
    targets: [
        .target(
            name: "Tally",
            destinations: [.iPhone],
            product: .app,
            bundleId: "com.example.tally",
            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
            sources: ["Sources/**"],
            resources: ["Resources/**"],
            settings: .settings(base: ["MARKETING_VERSION": "1.2"], defaultSettings: .essential)
        ),
    ]
)
