import Foundation
import FuzzSupport
import IconLintCore

// project.pbxproj through the project reader (OpenStep parse, object graph, build settings
// with variable expansion). The reader reads from disk, so each input is written to a tmpfs
// scratch project first. (The linter's own plist parser gets OpenStep input from info-plist.)
let settings = [
    "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
    "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", "INFOPLIST_FILE", "TARGETED_DEVICE_FAMILY",
    "GENERATE_INFOPLIST_FILE", "INFOPLIST_KEY_CFBundleIconName", "PRODUCT_NAME",
]
runFuzzer { input in
    FuzzScratch.write(input, to: "App.xcodeproj/project.pbxproj")
    let project = XcodeProjectReader.read(projectPath: "App.xcodeproj", root: FuzzScratch.folder)
    for target in project.targets {
        _ = target.resources.contains("App/Icon.png")
        for configuration in target.configurations {
            for key in settings {
                _ = configuration.settings.value(key)
                _ = configuration.settings.list(key)
                _ = configuration.settings.path(key)
                _ = configuration.settings.referencesUndefinedVariable(key)
            }
        }
    }
}
