import ProjectDescription

extension Project {
    public static let launchScreen: [String: Plist.Value] = [
        "UILaunchScreen": ["UIColorName": "LaunchBackground"],
    ]
}

extension Settings {
    public static var base: Settings {
        .settings(base: ["SWIFT_VERSION": "5.10", "IPHONEOS_DEPLOYMENT_TARGET": "16.0"])
    }
}
