import ProjectDescription

let project = Project(
    name: "Quill",
    settings: .settings(configurations: [
        .debug(name: .debug),
        .release(name: .release),
    ]),
    targets: [
        .target(
            name: "Quill",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.example.quill",
            infoPlist: .file(path: "Quill/Info.plist"),
            sources: ["Quill/Sources/**"],
            resources: ["Quill/Resources/**"],
            settings: .settings(
                configurations: [
                    .debug(name: .debug, xcconfig: "Configs/Quill-Debug.xcconfig"),
                    .release(name: .release, xcconfig: "Configs/Quill-Release.xcconfig"),
                ],
                defaultSettings: .none
            )
        ),
    ]
)
