import ProjectDescription

public enum Module {}

public extension Module {
    enum App: String {
        case app = "Frost"
    }

    enum Feature: String {
        case weather = "Weather"
        case settings
    }
}

public struct AppEnvironment {
    public let organization: String
    public let baseSettings: SettingsDictionary
}

public let environment = AppEnvironment(
    organization: "com.example",
    baseSettings: SettingsDictionary()
        .marketingVersion("4.0")
        .merging(["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": .array(["Rain", " Snow"])])
)
