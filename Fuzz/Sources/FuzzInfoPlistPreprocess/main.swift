import Foundation
import FuzzSupport
import IconLintCore

/// Headers the fuzzed plist can include; `self.h` is the input again (recursion is bounded).
enum Headers {
    static let prefix = "#define SCHEME app\n#define LEVEL 2\n/* #define HIDDEN 1 */\n#define LONG a \\\n b\n"
    static let shared = "#ifndef SHARED\n#define SHARED 1\n#include \"shared.h\"\n#endif\n"
}

// The first line is an INFOPLIST_PREPROCESSOR_DEFINITIONS setting, the rest the Info.plist.
// Checked: no crash or hang (one step budget for all expansion), the output keeps every
// line, problems point at real lines, the budget is reported at most once.
runFuzzer { input in
    let bytes = Array(input)
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let setting = String(decoding: bytes[..<newline], as: UTF8.self)
    let plist = Array(bytes[min(newline + 1, bytes.count)...])
    let resolver: InfoPlistPreprocessor.Resolver = { name, _ in
        switch name {
        case "prefix.h": return .init(path: "/p/prefix.h", contents: Data(Headers.prefix.utf8))
        case "shared.h": return .init(path: "/p/shared.h", contents: Data(Headers.shared.utf8))
        case "self.h": return .init(path: "/p/self.h", contents: Data(plist))
        default: throw CocoaError(.fileNoSuchFile)
        }
    }
    let preprocessor = InfoPlistPreprocessor(
        definitions: InfoPlistPreprocessor.definitions(fromSetting: setting),
        prefixHeader: input.count % 2 == 0 ? "prefix.h" : nil, resolver: resolver)
    let result = preprocessor.preprocess(Data(plist), path: "/p/Info.plist")
    if plist.starts(with: Array("bplist".utf8)) { return }
    let lines = plist.filter { $0 == 0x0A }.count
    let outputLines = result.data.filter { $0 == 0x0A }.count
    if outputLines != lines { fatalError("line count changed: \(lines) -> \(outputLines)") }
    for problem in result.problems where problem.line < 1 || problem.line > lines + 1 {
        fatalError("problem outside the file: \(problem)")
    }
    if result.problems.filter(\.exceedsBudget).count > 1 { fatalError("the budget reported twice: \(result.problems)") }
}
