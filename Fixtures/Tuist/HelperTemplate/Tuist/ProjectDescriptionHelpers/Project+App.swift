import ProjectDescription

extension Project {
    public static func app(name: String, bundleId: String, alternateIcons: [String] = []) -> Project {
        let iconSettings: SettingsDictionary = [
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": .array(alternateIcons),
        ]
        return Project(
            name: name,
            settings: .base,
            targets: [
                .target(
                    name: name,
                    destinations: .iOS,
                    product: .app,
                    bundleId: bundleId,
                    infoPlist: .extendingDefault(with: Project.launchScreen),
                    sources: ["Sources/**"],
                    resources: ["Resources/**"],
                    settings: .settings(base: iconSettings.merging(["CODE_SIGN_STYLE": "Automatic"]))
                ),
            ]
        )
    }
}
