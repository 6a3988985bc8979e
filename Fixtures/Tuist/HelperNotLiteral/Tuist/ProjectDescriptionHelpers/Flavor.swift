import ProjectDescription

public enum Flavor: String {
    case dev, prod
}

extension SettingsDictionary {
    public static func icons(for flavor: Flavor) -> SettingsDictionary {
        switch flavor {
        case .dev: return ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon-Dev"]
        case .prod: return ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"]
        }
    }
}
