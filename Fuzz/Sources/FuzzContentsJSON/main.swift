import Foundation
import FuzzSupport
import IconLintCore

/// The fixed half of the in-memory project. Text, not Data: a Data held past one input keeps
/// its storage behind enum tag bits, where LeakSanitizer does not see the pointer.
enum Project {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>
        <key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>AppIcon</string>
        </dict></dict></dict></plist>
        """
    /// Literals (immortal strings): a string built at run time hides its pointer the same way.
    static let files = [
        "Assets.xcassets/AppIcon.appiconset/Icon-1024.png", "Assets.xcassets/AppIcon.appiconset/Icon-60@2x.png",
        "Assets.xcassets/AppIcon.appiconset/Icon-60@3x.png", "Assets.xcassets/AppIcon.appiconset/Dark.png",
        "Assets.xcassets/AppIcon.appiconset/Tinted.png", "Assets.xcassets/AppIcon.appiconset/icon-76@2x.png",
        "Assets.xcassets/AppIcon.appiconset/README",
    ]
}

// An app icon set's Contents.json and every app icon set rule.
runFuzzer { input in
    _ = InMemoryLint.lint(infoPlist: Data(Project.plist.utf8), contentsJSON: Data(input), files: Project.files)
}
