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
    /// Plist syntax, not names.
    static let syntax: Set<String> = [
        "?xml", "version", "1.0", "encoding", "UTF-8", "?", "!DOCTYPE", "plist", "dict", "key",
        "string", "array", "integer", "real", "true", "false", "data", "date", "PUBLIC",
    ]
    static let contents = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"Icon-1024.png"}]}"#
}

/// Words of the input as PNGs of the project, so entries the fuzzer invents also resolve and
/// reach the rules that read file names (`Icon-99999999999999999999` once trapped there).
func wordsAsFiles(_ input: UnsafeBufferPointer<UInt8>) -> [String] {
    let separators = Set("<>\"'=;,(){}[] \t\r\n/".utf8)
    var files: [String] = []
    for word in input.split(whereSeparator: { separators.contains($0) }) where (1...64).contains(word.count) {
        let name = String(decoding: word, as: UTF8.self)
        if Project.syntax.contains(name) { continue }
        files.append("App/" + name + ".png")
        if files.count == 12 { break }  // each file name costs regex work; keep the rate up
    }
    return files
}

// Info.plist reading (XML, binary, OpenStep) and every Info.plist icon rule; inputs of odd
// length also bring their words as files (slower: every file name found is parsed).
runFuzzer { input in
    _ = InMemoryLint.lint(
        infoPlist: Data(input), contentsJSON: Data(Project.contents.utf8),
        files: Project.files + (input.count % 2 == 1 ? wordsAsFiles(input) : []))
}
