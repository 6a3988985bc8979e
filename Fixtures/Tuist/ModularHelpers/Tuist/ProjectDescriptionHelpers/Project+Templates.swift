import ProjectDescription

extension Project {
    public static func makeApp(name: String, dependencies: [TargetDependency] = []) -> Project {
        makeApp(name: name, infoPlist: nil, dependencies: dependencies)
    }

    public static func makeApp(name: String, infoPlist: InfoPlist?, dependencies: [TargetDependency] = []) -> Project {
        Project(
            name: name,
            targets: [
                .target(
                    name: name,
                    destinations: [.iPhone],
                    product: .app,
                    bundleId: "\(environment.organization).\(name)",
                    infoPlist: infoPlist ?? .extendingDefault(with: ["UILaunchScreen": [:]]),
                    sources: ["Sources/**"],
                    resources: ["Resources/**"],
                    dependencies: dependencies,
                    settings: .settings(base: environment.baseSettings)
                ),
            ]
        )
    }

    public static func makeFeature(name: String) -> Project {
        Project(
            name: name,
            targets: [
                .target(name: name, destinations: [.iPhone], product: .staticFramework, bundleId: "com.example.\(name)", sources: ["Sources/**"]),
            ]
        )
    }
}
