import Foundation

// Info.plists with INFOPLIST_PREPROCESS = YES: preprocessed as Xcode does, and what a missing
// `#include` leaves unknown said in a note.

extension SourceProjectReader {
    /// INFOPLIST_PREPROCESS = YES: the C preprocessor's pass Xcode makes, with the
    /// configuration's definitions and prefix header, then the parse; lines stay the file's.
    func preprocessedPlist(
        _ path: String, settings: IconBuildSettings, scripts: [XcodeTarget.ScriptOutput], notes: inout [String]
    ) -> Result<PlistDocument, PlistProblem> {
        let root = index.root
        let data: Data
        switch ProjectFile.read(root + "/" + path, root: root, limit: PlistReader.sizeLimit) {
        case .success(let read): data = read
        case .failure(let failure): return .failure(PlistProblem(message: "cannot read the file: \(failure)", line: nil, isIO: true))
        }
        let plistFolder = ProjectPath.parentFolder(path)
        // `#include "X"` is looked up beside the including file, then in the -I folders, then at the root.
        let includeFolders = settings.preprocessorIncludeFolders
        let resolver: InfoPlistPreprocessor.Resolver = { name, includer in
            let folders = [includer.map { ProjectPath.parentFolder($0) } ?? plistFolder, plistFolder] + includeFolders + [""]
            var last = "not found"
            for folder in folders {
                let relative = folder.isEmpty ? name : folder + "/" + name
                switch ProjectFile.read(root + "/" + relative, root: root, limit: 1 << 20) {
                case .success(let contents): return InfoPlistPreprocessor.SourceFile(path: relative, contents: contents)
                case .failure(.missing): continue
                case .failure(let failure): last = "\(failure)"
                }
            }
            if last == "not found" { throw InfoPlistPreprocessor.NotFound("cannot include \(name): not found") }
            throw PreprocessorIncludeError(description: "cannot include \(name): \(last)")
        }
        let preprocessor = InfoPlistPreprocessor(
            definitions: InfoPlistPreprocessor.definitions(fromSetting: settings.preprocessorDefinitions),
            otherFlags: settings.preprocessorFlags, prefixHeader: settings.prefixHeader, resolver: resolver)
        let result = preprocessor.preprocess(data, path: path)
        var parsed = PlistReader.parse(result.data, path: path)
        // What a missing include could define is unknown: the icon entries that use such a name are not checked.
        var undecided: UndecidedIcons?
        if result.problems.isEmpty, case .success(var document) = parsed {
            document.unknownMacroLines = result.unknownMacroLines
            document.unknownConditionals = result.unknownConditionals
            undecided = UndecidedIcons(document: document, declarations: IconDeclarationReader(document: document) { _, _, _, _, _, _ in }.read())
            parsed = .success(document)
        }
        for missing in result.missing {
            notes.append(
                Self.missingIncludeNote(
                    missing, plist: path, scripts: scripts, undecided: undecided, conditionals: result.unknownConditionals))
        }
        if let problem = result.problems.first {
            return .failure(
                PlistProblem(
                    message:
                        "the preprocessor (INFOPLIST_PREPROCESS = YES) stops: \(problem.file.map { "\($0):\(problem.fileLine ?? 0): " } ?? "")\(problem.message)",
                    line: problem.line, exceedsBudget: problem.exceedsBudget))
        }
        // The file is fine, its preprocessing is not: Xcode's cpp cuts `https://...` at the `//` too.
        if case .failure(let problem) = parsed, !problem.isRefused, let cut = result.lineCommentCuts.first,
            cut.line <= (problem.line ?? Int.max), case .success = PlistReader.parse(data, path: path)
        {
            let dropped = cut.dropped.count > 60 ? String(cut.dropped.prefix(57)) + "..." : cut.dropped
            return .failure(
                PlistProblem(
                    message:
                        "the preprocessor (INFOPLIST_PREPROCESS = YES) reads the `//` of line \(cut.line) as a C comment and drops "
                        + "`\(dropped)`, as Xcode's does, so the Info.plist it builds is broken (\(problem.message))",
                    line: cut.line,
                    fix:
                        "add -C to INFOPLIST_OTHER_PREPROCESSOR_FLAGS (comments are then kept as text), or write one of the slashes as &#47;"
                ))
        }
        return parsed
    }

    /// The note for an `#include` (or the prefix header) the Info.plist preprocessor did not find:
    /// what it defines is unknown, so the icon entries after it that use a name it could define
    /// (`undecided`, nil when the plist could not be read) were not checked, and a conditional
    /// that tests such a name may take another branch in the build.
    static func missingIncludeNote(
        _ missing: InfoPlistPreprocessor.Missing, plist: String, scripts: [XcodeTarget.ScriptOutput], undecided: UndecidedIcons? = nil,
        conditionals: [UnknownMacroTracker.Conditional] = []
    ) -> String {
        let name = ProjectPath.lastComponent(missing.name)
        let writer = scripts.first { $0.path == missing.name || ProjectPath.lastComponent($0.path) == name }
        let what = missing.line.map { "line \($0): #include \"\(missing.name)\"" } ?? "INFOPLIST_PREFIX_HEADER \(missing.name)"
        let why =
            writer.map { "; the Run Script phase \"\($0.phase)\" writes it (output \($0.path))" }
            ?? " (a build step or each checkout writes it)"
        let head = "\(plist): \(what) is not in the repository\(why), so the Info.plist was linted without it and what it defines is unknown"
        guard let undecided else { return head }
        var tail =
            undecided.listed(after: missing.line).map {
                ": these icon entries use names it could define and were not checked: \($0); lint the built app (.app or .ipa) to check them"
            } ?? ": no icon entry uses a name it could define"
        let tests = conditionals.filter { $0.line > (missing.line ?? 0) }
        if let first = tests.first {
            let more = tests.count > 1 ? " (and \(tests.count - 1) more)" : ""
            tail +=
                "; \(first.directive) (line \(first.line))\(more) tests \(first.names.joined(separator: ", ")), which it could define, so what the conditional leaves out may be in the build too"
        }
        return head + tail
    }

    /// An included file that is there but cannot be read (the problem's message says why).
    struct PreprocessorIncludeError: Error, CustomStringConvertible {
        let description: String
    }
}
