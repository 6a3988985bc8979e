import Foundation
import SourceScan

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
    /// Files other values come from (see `ExpoConfigValue.fileOffset`): element n - 1 for n.
    var otherFiles: [String] = []

    /// The file and line of a value's `line`.
    func place(_ line: Int) -> (file: String, line: Int) {
        let n = line / ExpoConfigValue.fileOffset
        guard n >= 1, n <= otherFiles.count else { return (path, line) }
        return (otherFiles[n - 1], line - n * ExpoConfigValue.fileOffset)
    }

    /// Config file names in the order Expo looks for them.
    static let dynamicNames = FileIndex.expoDynamicConfigNames
    static let staticNames = FileIndex.expoStaticConfigNames
    /// Config files are small; a larger one is no config.
    static let sizeLimit = 1 << 20

    /// The folders of `index` that hold an Expo project: an app.config.* file, or an app.json
    /// with an `expo` key (React Native's own app.json has none).
    static func projectFolders(_ index: FileIndex) -> [String] {
        var folders: Set<String> = []
        for file in index.expoConfigs {
            let name = ProjectPath.lastComponent(file)
            let folder = ProjectPath.parentFolder(file)
            // Documentation snippets (`docs/examples/app.json`) are not apps.
            if file.split(separator: "/").dropLast().contains(where: { SourceProjectReader.documentationFolders.contains($0.lowercased()) }) {
                continue
            }
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
        var file = ExpoConfigFile(path: path)
        let exported: ExpoConfigValue
        if isJSON {
            guard stream.count > 0, stream[0].isPunctuation("{"), stream.partner[0] == stream.count - 1 else {
                file.syntaxError = (stream.count > 0 ? stream[0].line : 1, "it is not one JSON object")
                return Read(file: file, hasExpoKey: false)
            }
            exported = ExpoLiteralEvaluator(stream: stream).value(0..<stream.count)
            if let problem = firstNonJSON(exported) {
                file.syntaxError = problem
                return Read(file: file, hasExpoKey: false)
            }
        } else {
            let folder = ProjectPath.parentFolder(path)
            let evaluator = ExpoLiteralEvaluator(stream: stream, environment: importedJSON(stream, folder: folder, root: root, files: &file.otherFiles))
            guard var range = exportedRange(stream) else {
                file.computed = "exports no object that iconlint can find (`export default {…}` or `module.exports = {…}`)"
                return Read(file: file, hasExpoKey: false)
            }
            // `export default config`, with `const config = …` above.
            if range.count == 1, stream[range.lowerBound].kind == .identifier, let bound = evaluator.boundRange(stream[range.lowerBound].text) {
                range = bound
            }
            if let function = ExpoConfigFunction(stream, range: range) {
                // Expo calls it with the static config (app.config.json or app.json) as `config`.
                let staticConfig = Self.staticConfig(in: folder, root: root, meter: meter, files: &file.otherFiles)
                exported = function.returned(by: evaluator, config: staticConfig)
            } else {
                exported = evaluator.value(range)
            }
        }
        guard case .object(let object) = exported else {
            file.computed =
                "exports \(exported.unknownDescription ?? "a value that is not an object") (\(file.place(exported.line).file):\(file.place(exported.line).line)), known only when Expo runs it"
            return Read(file: file, hasExpoKey: false)
        }
        if let expo = object["expo"] {
            guard case .object(let inner) = expo else {
                file.computed =
                    "sets expo to \(expo.unknownDescription ?? "a value that is not an object") (\(file.place(expo.line).file):\(file.place(expo.line).line))"
                return Read(file: file, hasExpoKey: true)
            }
            file.config = inner
            return Read(file: file, hasExpoKey: true)
        }
        file.config = object
        return Read(file: file, hasExpoKey: false)
    }

    /// The static config Expo passes to a function export: app.config.json's or app.json's
    /// `expo` object (or the whole file); an empty object when there is none.
    private static func staticConfig(in folder: String, root: String, meter: WorkMeter, files: inout [String]) -> ExpoConfigValue {
        for name in staticNames {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard let read = read(path, root: root, meter: meter) else { continue }
            if read.syntaxError != nil { return .unknown(what: "the config of \(path), which does not parse", line: 1) }
            guard let config = read.config else { return .unknown(what: "the config of \(path)", line: 1) }
            files.append(path)
            return ExpoConfigValue.object(config).relocated(by: files.count * ExpoConfigValue.fileOffset)
        }
        return .object(ExpoConfigObject(line: 1))
    }

    /// `import NAME from './app.json'` (or app.config.json) in the file: NAME → that file's object.
    private static func importedJSON(_ stream: TokenStream, folder: String, root: String, files: inout [String]) -> [String: ExpoConfigValue] {
        var result: [String: ExpoConfigValue] = [:]
        var index = 0
        while index + 3 < stream.count, stream.meter.charge() {
            defer { index += 1 }
            guard stream.isIdentifier(index, "import"), stream[index + 1].kind == .identifier, stream.isIdentifier(index + 2, "from"),
                stream[index + 3].kind == .string, stream[index + 3].isStatic
            else { continue }
            let target = ProjectPath.normalize(ProjectPath.join(folder, stream[index + 3].text))
            guard staticNames.contains(ProjectPath.lastComponent(target)), !target.hasPrefix("../"),
                case .success(let data) = ProjectFile.read(root + "/" + target, root: root, limit: sizeLimit)
            else { continue }
            let inner = TokenStream(JavaScriptLexer.tokens([UInt8](data), jsx: false, meter: stream.meter), meter: stream.meter)
            guard inner.count > 0, inner[0].isPunctuation("{"), inner.partner[0] == inner.count - 1 else { continue }
            let value = ExpoLiteralEvaluator(stream: inner).value(0..<inner.count)
            guard firstNonJSON(value) == nil else { continue }
            files.append(target)
            result[stream[index + 1].text] = value.relocated(by: files.count * ExpoConfigValue.fileOffset)
        }
        return result
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
