import Foundation
import FuzzSupport
import IconLintCore

// An .xcconfig (the input) that a fixed project uses as its base configuration, then the
// icon build settings resolved through it (includes, conditions, variable expansion), and
// every setting the input defines, so that cycles and deep references among any names are
// expanded. Checked: no crash or hang (the step budget), and a setting that has a value as
// written expands to nil only when the budget says it is unknown.
let pbxproj = """
    // !$*UTF8*$!
    { archiveVersion = 1; objectVersion = 56; objects = {
     P = { isa = PBXProject; targets = (T); buildConfigurationList = L; mainGroup = G; };
     G = { isa = PBXGroup; children = (X, Y); sourceTree = "<group>"; };
     X = { isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = "<group>"; };
     Y = { isa = PBXFileReference; path = Config/Shared.xcconfig; sourceTree = "<group>"; };
     T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; buildPhases = (); };
     TL = { isa = XCConfigurationList; buildConfigurations = (C, D); };
     L = { isa = XCConfigurationList; buildConfigurations = (PC); };
     PC = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_NAME = App; }; };
     C = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X; buildSettings = { INFOPLIST_FILE = App/Info.plist; }; };
     D = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = X; buildSettings = { ASSETCATALOG_COMPILER_APPICON_NAME = "$(inherited) Debug"; }; };
    }; rootObject = P; }
    """
let shared = "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nTARGETED_DEVICE_FAMILY = 1,2\n#include \"Base.xcconfig\"\n"
Array(pbxproj.utf8).withUnsafeBufferPointer { FuzzScratch.write($0, to: "App.xcodeproj/project.pbxproj") }
Array(shared.utf8).withUnsafeBufferPointer { FuzzScratch.write($0, to: "Config/Shared.xcconfig") }
let settings = [
    "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
    "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", "INFOPLIST_FILE", "TARGETED_DEVICE_FAMILY",
]
runFuzzer { input in
    FuzzScratch.write(input, to: "Config/Base.xcconfig")
    let project = XcodeProjectReader.read(projectPath: "App.xcodeproj", root: FuzzScratch.folder)
    for target in project.targets {
        for configuration in target.configurations {
            let values = configuration.settings
            for key in settings {
                _ = values.value(key)
                _ = values.list(key)
                _ = values.referencesUndefinedVariable(key)
            }
            for key in values.keys where values.value(key) == nil {
                guard values.unresolvedKeys.contains(where: { $0.key == key }) else {
                    fatalError("\(key) is assigned but expands to nil without being unknown")
                }
            }
            _ = values.missingConfigurationFiles
        }
    }
}
