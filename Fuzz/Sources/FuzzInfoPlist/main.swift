import Foundation
import FuzzSupport
import IconLintCore

/// The fixed half of the in-memory project. Text, not Data: a Data held past one input keeps
/// its storage behind enum tag bits, where LeakSanitizer does not see the pointer.
enum Project {
    /// Files the project holds, so lookups, case and scale rules have something to find.
    static let files = [
        "App/AppIcon60x60@2x.png", "App/AppIcon60x60@3x.png", "App/appicon76x76@2x~ipad.png", "App/Dark@2x.png",
        "App/Dark@3x.png", "App/Dark~ipad@2x.png", "App/Icon.png", "App/Icon@2x.png",
        "Assets.xcassets/AppIcon.appiconset/Icon-1024.png",
    ]
    static let contents = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon-1024.png"}]}"#
}

/// Words of the input as PNGs of the project, so entries the fuzzer invents also resolve and
/// reach the rules that read file names (`Icon-99999999999999999999` once trapped there).
func wordsAsFiles(_ input: UnsafeBufferPointer<UInt8>) -> [String] {
    let separators = Set("<>\"'=;,(){}[] \t\r\n/".utf8)
    var files: [String] = []
    for word in input.split(whereSeparator: { separators.contains($0) }) where (1...64).contains(word.count) {
        files.append("App/" + String(decoding: word, as: UTF8.self) + ".png")
        if files.count == 32 { break }
    }
    return files
}

// Info.plist reading (XML, binary, OpenStep) and every Info.plist icon rule.
runFuzzer { input in
    _ = InMemoryLint.lint(infoPlist: Data(input), contentsJSON: Data(Project.contents.utf8),
                          files: Project.files + wordsAsFiles(input))
}
