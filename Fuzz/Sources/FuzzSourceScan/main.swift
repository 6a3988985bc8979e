import FuzzSupport
import IconLintCore

// A source file: the first byte picks the language (Swift, Objective-C, Dart, JavaScript,
// TypeScript, TSX), the rest is the file. The scan must end, in bounded time, with every
// position 1-based and inside the input's lines.
let languages = SourceLanguage.allCases
runFuzzer { input in
    guard let first = input.first else { return }
    let language = languages[Int(first) % languages.count]
    let bytes = Array(input.dropFirst())
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for site in AlternateIconSourceScanner.scan(bytes, language: language, path: "input") {
        precondition(site.line >= 1 && site.line <= lines && site.column >= 1, "call position out of the input")
        for name in site.names {
            precondition(name.line >= 1 && name.line <= lines && name.column >= 1, "name position out of the input")
        }
    }
    _ = AlternateIconSourceScanner.mightSetAlternateIcon(bytes)
}
