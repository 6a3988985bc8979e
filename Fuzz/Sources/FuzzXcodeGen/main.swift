import Foundation
import FuzzSupport
import IconLintCore

// An XcodeGen spec (the input, as project.yml) beside a fixed app: an include file it may
// name, an Info.plist and a catalog. The whole lint runs: libyaml's events, anchors, aliases
// and merge keys, includes, templates, settings and sources. Checked: no crash or hang (the
// YAML layer's event, depth, weight and merge budgets, the spec's work budget), and a spec
// that cannot be read stops the run with one line, never a multi-line message.
let include = """
    settingGroups:
      app: &app
        TARGETED_DEVICE_FAMILY: "1,2"
    targetTemplates:
      App:
        type: application
        platform: iOS
        sources: [../App]
        settings:
          groups: [app]
    """
let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string></dict></plist>
    """
let contents = #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
Array(include.utf8).withUnsafeBufferPointer { FuzzScratch.write($0, to: "specs/shared.yml") }
Array(plist.utf8).withUnsafeBufferPointer { FuzzScratch.write($0, to: "App/Info.plist") }
Array(contents.utf8).withUnsafeBufferPointer { FuzzScratch.write($0, to: "App/Assets.xcassets/AppIcon.appiconset/Contents.json") }
runFuzzer { input in
    FuzzScratch.write(input, to: "project.yml")
    var options = LintOptions(path: FuzzScratch.folder)
    options.cache = nil
    do {
        _ = try Linter.lint(options)
    } catch {
        guard !"\(error)".contains("\n") else { fatalError("a spec that cannot be read gave a message of several lines") }
    }
}
