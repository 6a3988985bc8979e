import Foundation

/// The config `npx expo prebuild` reads in one project folder: the first of app.config.ts,
/// .js, .mjs, .cjs (run by Expo: only an exported object literal is read here), then
/// app.config.json or app.json (their `expo` object, or the whole file when it has none).
struct ExpoConfigFile: Sendable {
    /// Root-relative path of the file read.
    var path: String
    /// The config's object; nil when it is computed when the config runs, or unreadable.
    var config: ExpoConfigObject?
    /// Why `config` is nil when the file was read: "exports a function of the config".
    var computed: String?
    /// A JSON file that does not parse: the line and what is wrong (prebuild stops there too).
    var syntaxError: (line: Int, message: String)?

    /// Config file names in the order Expo looks for them.
    static let dynamicNames = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]
    static let staticNames = ["app.config.json", "app.json"]
    /// Config files are small; a larger one is no config.
    static let sizeLimit = 1 << 20

    /// The folders of `index` that hold an Expo project: an app.config.* file, or an app.json
    /// with an `expo` key (React Native's own app.json has none).
    static func projectFolders(_ index: FileIndex) -> [String] {
        var folders: Set<String> = []
        for file in index.expoConfigs {
            let name = ProjectPath.lastComponent(file)
            let folder = ProjectPath.parentFolder(file)
            if name == "app.json" {
                guard let read = read(file, root: index.root, meter: WorkMeter()), read.syntaxError != nil || read.hasExpoKey else { continue }
            }
            folders.insert(folder)
        }
        return folders.sorted()
    }

    /// The config of the Expo project in `folder`, or nil when it has none.
    static func find(in folder: String, index: FileIndex, budget: ScanBudget) -> ExpoConfigFile? {
        let join = { (name: String) in folder.isEmpty ? name : folder + "/" + name }
        let present = Set(index.expoConfigs)
        for name in dynamicNames + staticNames where present.contains(join(name)) {
            let (meter, steps) = budget.meter()
            defer { budget.settle(meter, budget: steps) }
            if var read = read(join(name), root: index.root, meter: meter) {
                if meter.isExhausted {
                    read.config = nil
                    read.computed = "takes more work to read than iconlint allows (\(WorkMeter.stepsPerFile) steps)"
                }
                return read.file
            }
        }
        return nil
    }

    /// What reading one file gives: the config and whether an `expo` key held it.
    private struct Read {
        var file: ExpoConfigFile
        var hasExpoKey: Bool
        var syntaxError: (line: Int, message: String)? { file.syntaxError }
        var config: ExpoConfigObject? {
            get { file.config }
            set { file.config = newValue }
        }
        var computed: String? {
            get { file.computed }
            set { file.computed = newValue }
        }
    }

    private static func read(_ path: String, root: String, meter: WorkMeter) -> Read? {
        guard case .success(let data) = ProjectFile.read(root + "/" + path, root: root, limit: sizeLimit) else { return nil }
        let isJSON = path.hasSuffix(".json")
        let tokens = JavaScriptLexer.tokens([UInt8](data), jsx: path.hasSuffix(".js"), meter: meter)
        let stream = TokenStream(tokens, meter: meter)
        let evaluator = ExpoLiteralEvaluator(stream: stream)
        var file = ExpoConfigFile(path: path)
        let exported: ExpoConfigValue
        if isJSON {
            guard stream.count > 0, stream[0].isPunctuation("{"), stream.partner[0] == stream.count - 1 else {
                file.syntaxError = (stream.count > 0 ? stream[0].line : 1, "it is not one JSON object")
                return Read(file: file, hasExpoKey: false)
            }
            exported = evaluator.value(0..<stream.count)
            if let problem = firstNonJSON(exported) {
                file.syntaxError = problem
                return Read(file: file, hasExpoKey: false)
            }
        } else {
            guard let range = exportedRange(stream) else {
                file.computed = "exports no object that iconlint can find (`export default {…}` or `module.exports = {…}`)"
                return Read(file: file, hasExpoKey: false)
            }
            exported = evaluator.value(range)
        }
        guard case .object(let object) = exported else {
            file.computed = "exports \(exported.unknownDescription ?? "a value that is not an object"), which Expo runs to get the config"
            return Read(file: file, hasExpoKey: false)
        }
        if let expo = object["expo"] {
            guard case .object(let inner) = expo else {
                file.computed = "sets expo to \(expo.unknownDescription ?? "a value that is not an object") (line \(expo.line))"
                return Read(file: file, hasExpoKey: true)
            }
            file.config = inner
            return Read(file: file, hasExpoKey: true)
        }
        file.config = object
        return Read(file: file, hasExpoKey: false)
    }

    /// `export default EXPR` or `module.exports = EXPR` at the top level.
    private static func exportedRange(_ stream: TokenStream) -> Range<Int>? {
        var index = 0
        while index + 2 < stream.count, stream.meter.charge() {
            defer { index += 1 }
            guard stream.enclosingBrace[index] < 0 else { continue }
            var start: Int?
            if stream.isIdentifier(index, "export"), stream.isIdentifier(index + 1, "default") {
                start = index + 2
            } else if stream.isIdentifier(index, "module"), stream.isPunctuation(index + 1, "."), index + 3 < stream.count,
                stream.isIdentifier(index + 2, "exports"), stream.isPunctuation(index + 3, "=")
            {
                start = index + 4
            }
            guard let start, start < stream.count else { continue }
            return start..<stream.expressionEnd(from: start, limit: stream.count)
        }
        return nil
    }

    /// The first value of a JSON file that JSON cannot hold (a comment-free literal is all it
    /// can be): the lexer read something else, so the file does not parse.
    private static func firstNonJSON(_ value: ExpoConfigValue) -> (line: Int, message: String)? {
        switch value {
        case .unknown(let what, let line):
            return (line, "\(what) is not JSON")
        case .object(let object):
            if let opening = object.openings.first { return (opening.line, "\(opening.what) is not JSON") }
            for entry in object.entries { if let problem = firstNonJSON(entry.value) { return problem } }
            return nil
        case .array(let elements, _):
            for element in elements { if let problem = firstNonJSON(element) { return problem } }
            return nil
        default:
            return nil
        }
    }
}
