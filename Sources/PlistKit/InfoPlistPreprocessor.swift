import Foundation
import IconSupport

/// Runs the C preprocessor's directives over an Info.plist as Xcode does with
/// `INFOPLIST_PREPROCESS = YES` (`cc -E -P -x c -Wno-trigraphs`):
/// `INFOPLIST_PREPROCESSOR_DEFINITIONS` are `-D` definitions, `INFOPLIST_PREFIX_HEADER` is
/// read before the plist (only its definitions count), and `#if`/`#ifdef`/`#ifndef`/`#elif`/
/// `#else`/`#endif`/`#define`/`#undef`/`#include`/`#error` are evaluated. Defined object-like
/// macros are replaced in the text, whole identifiers only, outside quoted runs and numbers.
/// Comments are C's: `/* ... */`, and `//` to the end of the line outside quotes, so a plist
/// line `<string>https://example.com</string>` loses its tail exactly as in Xcode, unless
/// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` has `-traditional` (`traditional: true`), where `//`
/// is text.
///
/// The output has exactly the input's lines: directives, comments and skipped text become
/// empty lines, so a parser's line numbers still point into the original file. Problems
/// (unterminated `#if`, bad expression, missing include, `#error`) come back as values
/// with a line; nothing is thrown and no input makes it crash or loop.
public struct InfoPlistPreprocessor: Sendable {
    /// A file `#include` or the prefix header names, as the resolver found it.
    public struct SourceFile: Sendable {
        /// Where the file is, for messages and for resolving the includes inside it.
        public var path: String
        public var contents: Data

        public init(path: String, contents: Data) {
            self.path = path
            self.contents = contents
        }
    }

    /// Finds `name` (as written after `#include`, or the prefix header setting) for the file
    /// at `includer` (nil for the prefix header). Throw to say it cannot be read; the error's
    /// description becomes the problem's message.
    public typealias Resolver = @Sendable (_ name: String, _ includer: String?) throws -> SourceFile

    /// One problem, at a line of the plist (1-based); `file` and `fileLine` name the place in
    /// an included file or the prefix header when the problem is there.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var file: String?
        public var fileLine: Int?
        /// Expansion ran out of `maxExpansionSteps`: no defect iconlint can point at, but the
        /// rest of the file was not evaluated.
        public var exceedsBudget = false

        public var description: String {
            if let file, let fileLine { return "\(file):\(fileLine): \(message)" }
            return "line \(line): \(message)"
        }
    }

    public struct Result: Sendable {
        /// The preprocessed plist, line for line with the input.
        public var data: Data
        public var problems: [Problem]
        /// Files `#include` or the prefix header names that are not there (the resolver threw
        /// `NotFound`): left out, as if empty; what their macros would give is unknown.
        public var missing: [Missing] = []
        /// Plist lines (1-based) where a `//` comment dropped the rest of a line that had text
        /// before it, with the text dropped: `<string>https://x</string>` keeps only `https:`.
        public var lineCommentCuts: [(line: Int, dropped: String)] = []
        /// After a `missing` include: plist lines (1-based) whose text depends on names it could
        /// define (see `UnknownMacroTracker`), with the names. Empty when nothing is missing.
        public var unknownMacroLines: [Int: [String]] = [:]
        /// After a `missing` include: the conditionals that test a name it could define.
        package var unknownConditionals: [UnknownMacroTracker.Conditional] = []
    }

    /// An include that is not there: its name as written, and the plist line (1-based) of the
    /// directive, or nil for the prefix header.
    public struct Missing: Sendable, Equatable {
        public var name: String
        public var line: Int?
    }

    /// What a resolver throws for a file that does not exist (as opposed to one it cannot read).
    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Definitions every clang preprocessing on Apple platforms starts with.
    public static let clangPredefined: [String: String] = [
        "__APPLE__": "1", "__MACH__": "1", "__clang__": "1",
        "__GNUC__": "4", "__STDC__": "1",
    ]

    /// Nested `#include`s followed at most.
    public static let maxIncludeDepth = 16
    /// Files included at most in one run (a header included twice at each of 16 levels
    /// would otherwise be read 65 536 times); real plists include a handful.
    public static let maxIncludes = 64
    /// Steps all macro expansion of one run may take, in the text and in `#if` alike: an
    /// expansion costs `stepsPerExpansion` plus its body's bytes. Real plists take a few
    /// thousand; `#define A1 A0 A0`, `#define A2 A1 A1`... asks for 2^40 expansions in a
    /// kilobyte, however empty `A0` is. Past the budget expansion stops, with a problem.
    public static let maxExpansionSteps = 1 << 20
    /// What one macro expansion costs beyond its body's bytes (an empty one is work too).
    public static let stepsPerExpansion = 16

    public var definitions: [String: String]
    public var prefixHeader: String?
    public var resolver: Resolver?
    /// `-traditional` (or `-traditional-cpp`) preprocessing: `//` is not a comment.
    public var traditional: Bool
    /// `-C`: comments stay in the text (`//` and `/* */` outside directives are text).
    public var keepComments = false

    /// `definitions` as `INFOPLIST_PREPROCESSOR_DEFINITIONS` gives them (`definitions(fromSetting:)`
    /// parses the setting), `prefixHeader` as `INFOPLIST_PREFIX_HEADER` names it, read through
    /// `resolver` like every `#include` (without a resolver, includes are problems);
    /// `traditional` when `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` asks for it (`isTraditional(otherFlags:)`).
    /// The preprocessor Xcode runs for these settings: `definitions` from
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`, then `otherFlags`' `-D`/`-U` in order, `-C` and
    /// `-traditional`. (`-I` folders are the resolver's: see `OtherFlags.includeFolders`.)
    public init(definitions: [String: String], otherFlags: OtherFlags, prefixHeader: String? = nil, resolver: Resolver? = nil) {
        var all = definitions
        for (name, value) in otherFlags.definitions { all[name] = value }
        self.init(definitions: all, prefixHeader: prefixHeader, traditional: otherFlags.traditional, resolver: resolver)
        for (name, value) in otherFlags.definitions where value == nil && all[name] == nil { self.definitions[name] = nil }
        keepComments = otherFlags.keepComments
    }

    public init(
        definitions: [String: String], prefixHeader: String? = nil, predefined: [String: String] = clangPredefined,
        traditional: Bool = false, resolver: Resolver? = nil
    ) {
        self.definitions = predefined.merging(definitions) { _, new in new }
        self.traditional = traditional
        self.keepComments = false
        self.prefixHeader = prefixHeader.flatMap { $0.isEmpty ? nil : $0 }
        self.resolver = resolver
    }

    /// Splits a definitions setting into names and values as the shell does for `-D`:
    /// `DEBUG=1 BETA NAME="My App" 'Q=a b'` gives DEBUG=1, BETA=1, NAME=My App, Q=a b.
    /// A leading `-D` is dropped; a word without `=` is defined as 1.
    public static func definitions(fromSetting setting: String) -> [String: String] {
        var result: [String: String] = [:]
        for word in ShellWords.split(setting) {
            let text = word.hasPrefix("-D") ? String(word.dropFirst(2)) : word
            guard !text.isEmpty else { continue }
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                guard isIdentifier(name) else { continue }
                result[name] = String(text[text.index(after: equals)...])
            } else if isIdentifier(text) {
                result[text] = "1"
            }
        }
        return result
    }

    /// True when an `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` value turns on traditional mode.
    public static func isTraditional(otherFlags: String) -> Bool {
        OtherFlags(otherFlags).traditional
    }

    /// What `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` asks of the preprocessor: `-C`/`-CC` keep
    /// comments (so `//` in a URL stays), `-traditional`, `-D NAME[=VALUE]`, `-U NAME` and
    /// `-I FOLDER` (joined or as two words). Other flags change nothing iconlint reads.
    public struct OtherFlags: Sendable, Hashable {
        public var keepComments = false
        public var traditional = false
        /// `-D` and `-U` in order: a nil value undefines.
        public var definitions: [(name: String, value: String?)] = []
        public var includeFolders: [String] = []

        public init(_ setting: String) {
            let words = ShellWords.split(setting)
            var index = 0
            while index < words.count {
                let word = words[index]
                index += 1
                switch word {
                case "-C", "-CC": keepComments = true
                case "-traditional", "-traditional-cpp": traditional = true
                case "-D", "-U", "-I":
                    guard index < words.count else { break }
                    apply(word, words[index])
                    index += 1
                default:
                    for flag in ["-D", "-U", "-I"] where word.hasPrefix(flag) && word.count > 2 {
                        apply(flag, String(word.dropFirst(2)))
                    }
                }
            }
        }

        private mutating func apply(_ flag: String, _ argument: String) {
            switch flag {
            case "-I": includeFolders.append(argument)
            case "-U": if InfoPlistPreprocessor.isIdentifier(argument) { definitions.append((argument, nil)) }
            default:
                for (name, value) in InfoPlistPreprocessor.definitions(fromSetting: "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'") {
                    definitions.append((name, value))
                }
            }
        }

        public static func == (a: OtherFlags, b: OtherFlags) -> Bool {
            a.keepComments == b.keepComments && a.traditional == b.traditional && a.includeFolders == b.includeFolders
                && a.definitions.map(\.name) == b.definitions.map(\.name) && a.definitions.map(\.value) == b.definitions.map(\.value)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(keepComments)
            hasher.combine(traditional)
            hasher.combine(includeFolders)
            for definition in definitions {
                hasher.combine(definition.name)
                hasher.combine(definition.value)
            }
        }
    }

    /// Preprocesses plist bytes. `path` names the plist for the resolver. A binary plist is
    /// returned unchanged (the preprocessor only sees text).
    public func preprocess(_ data: Data, path: String? = nil) -> Result {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist".utf8)) { return Result(data: data, problems: []) }
        var engine = PreprocessorEngine(
            macros: definitions.mapValues { PreprocessorMacro(body: Array($0.utf8), parameters: nil) },
            lineComments: !traditional && !keepComments, keepComments: keepComments, resolver: resolver)
        if let prefixHeader {
            engine.include(prefixHeader, includer: nil, directiveLine: 1, depth: 1, isPrefix: true)
        }
        let output = engine.run(bytes, file: nil, fileName: path, depth: 0)
        return Result(
            data: Data(output), problems: engine.problems, missing: engine.missing, lineCommentCuts: engine.cuts,
            unknownMacroLines: engine.tracker.result, unknownConditionals: engine.tracker.conditionals)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, ASCIIByte.isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(ASCIIByte.isIdentifierByte)
    }
}
