import ProjectDescription

let project = Project(
    name: "Trail",
    targets: [
        .target(
            name: "Trail",
            destinations: [.iPhone],
            product: .app,
            bundleId: "com.example.trail",
            infoPlist: .default,
            buildableFolders: [
                "Trail/Sources",
                "Trail/Resources",
            ]
        ),
    ]
)
