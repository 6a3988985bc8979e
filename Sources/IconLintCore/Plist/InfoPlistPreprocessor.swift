import Foundation

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
        var unknownConditionals: [UnknownMacroTracker.Conditional] = []
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
        var engine = Engine(
            macros: definitions.mapValues { Macro(body: Array($0.utf8), parameters: nil) },
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
        guard let first = text.utf8.first, isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(isIdentifierByte)
    }
}

// MARK: - Engine

private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
}

private func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D }

private struct Macro {
    var body: [UInt8]
    /// Nil for an object-like macro; function-like macros are recorded (for `defined`) but
    /// not expanded.
    var parameters: [String]?
}

/// One open `#if` group.
private struct Conditional {
    var line: Int
    /// Lines of this group are kept.
    var active: Bool
    /// Some branch of this group was taken already.
    var taken: Bool
    /// The enclosing group is active.
    var outerActive: Bool
    var sawElse: Bool
    /// Names its conditions test that a missing include could define: which branch the build
    /// takes is not known.
    var unknownNames: [String] = []
}

private struct Engine {
    var macros: [String: Macro]
    let resolver: InfoPlistPreprocessor.Resolver?
    var problems: [InfoPlistPreprocessor.Problem] = []
    /// Includes still allowed in this run.
    var includesLeft = InfoPlistPreprocessor.maxIncludes
    /// Steps macro expansion may still take in this run (`maxExpansionSteps`).
    var stepsLeft = InfoPlistPreprocessor.maxExpansionSteps
    /// Expansion stopped for the rest of the run (the budget ran out, or macros nested too
    /// deep), and the problem saying so was reported.
    var expansionStopped = false
    /// Text expansion went `maxNesting` deep once (reported once per run).
    var nestingReported = false
    /// Macros expanded inside one another at most, in the text and in `#if`.
    static let maxNesting = 200
    static let maxExpressionNesting = 64

    /// `//` starts a comment (not in traditional mode, nor with `-C`).
    let lineComments: Bool
    /// `-C`: text lines keep their comments; directive lines still lose them.
    let keepComments: Bool
    /// Includes that are not there, and plist lines a `//` cut short (see `Result`).
    var missing: [InfoPlistPreprocessor.Missing] = []
    var cuts: [(line: Int, dropped: String)] = []
    /// What depends on the names a missing include could define (nothing while none is missing).
    var tracker = UnknownMacroTracker()

    init(macros: [String: Macro], lineComments: Bool, keepComments: Bool, resolver: InfoPlistPreprocessor.Resolver?) {
        self.macros = macros
        self.lineComments = lineComments
        self.keepComments = keepComments
        self.resolver = resolver
    }

    /// Where problems found now are reported: the plist line, and the included file's place.
    private var plistLine = 1
    private var includeStack: [(file: String, line: Int)] = []

    mutating func problem(_ message: String, exceedsBudget: Bool = false) {
        let top = includeStack.last
        problems.append(
            .init(line: plistLine, message: message, file: top?.file, fileLine: top?.line, exceedsBudget: exceedsBudget))
    }

    /// Processes one file. For the plist (`file == nil`) returns the output, line for line;
    /// for included files returns their kept text (comments removed), which the caller places.
    mutating func run(_ bytes: [UInt8], file: String?, fileName: String?, depth: Int) -> [UInt8] {
        let isPlist = file == nil
        let raw = split(bytes)
        var lineCuts: [Int: String] = [:]
        let lines = Self.stripComments(raw, lineComments: lineComments, cuts: &lineCuts)
        if isPlist {
            // A comment on a directive line (`#endif // BETA`) is no part of the text.
            cuts = lineCuts.keys.sorted().filter { Self.directive(lines[$0].text) == nil }.map { ($0 + 1, lineCuts[$0]!) }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var stack: [Conditional] = []
        var index = 0
        while index < lines.count {
            let start = index
            // Join backslash-continued lines into one logical line.
            var logical = lines[index].text
            while logical.last == 0x5C, index + 1 < lines.count {
                logical.removeLast()
                index += 1
                logical += lines[index].text
            }
            let consumed = index - start + 1
            index += 1
            if isPlist { plistLine = start + 1 } else { includeStack[includeStack.count - 1].line = start + 1 }
            let active = stack.last?.active ?? true
            var kept: [UInt8] = []
            if let directive = Self.directive(logical) {
                handle(
                    directive, stack: &stack, active: active, includer: file ?? fileName, depth: depth,
                    line: start + 1, text: &kept)
            } else if active {
                if keepComments {
                    // `-C`: the text as written, comments and all.
                    logical = raw[start].text
                    for offset in 1..<consumed {
                        logical.removeLast()
                        logical += raw[start + offset].text
                    }
                }
                kept = expand(logical)
            }
            if !missing.isEmpty, !kept.isEmpty {
                // The line's text, and the conditionals that keep it, may depend on the missing include.
                tracker.record(stack.flatMap(\.unknownNames), line: plistLine)
                if isPlist { tracker.scan(kept, line: plistLine, isDefined: { macros[$0] != nil }) }
            }
            if isPlist {
                output += kept
                for offset in 0..<consumed { output += lines[start + offset].terminator }
            } else if !kept.isEmpty {
                if !output.isEmpty { output.append(0x20) }
                output += kept
            }
        }
        for open in stack.reversed() {
            if !isPlist { includeStack[includeStack.count - 1].line = open.line } else { plistLine = open.line }
            problem("unterminated #if (opened at line \(open.line))")
        }
        return output
    }

    /// A physical line: its text (no "\n", and no "\r" before it) and its terminator.
    struct Line {
        var text: [UInt8]
        var terminator: [UInt8]
    }

    func split(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            var end = offset
            var terminator: [UInt8] = [0x0A]
            if end > start, bytes[end - 1] == 0x0D {
                end -= 1
                terminator = [0x0D, 0x0A]
            }
            lines.append(Line(text: Array(bytes[start..<end]), terminator: terminator))
            start = offset + 1
        }
        if start < bytes.count { lines.append(Line(text: Array(bytes[start...]), terminator: [])) }
        return lines
    }

    /// Removes C comments (keeping the line count): `//` to the end of the line when
    /// `lineComments`, and `/* ... */` across lines, outside quoted runs (a quote runs to its
    /// match or the end of the line, as an unterminated `'` in `We'd` does in cpp).
    /// `cuts`: line index → the text a `//` dropped, where text came before it on that line.
    static func stripComments(_ lines: [Line], lineComments: Bool, cuts: inout [Int: String]) -> [Line] {
        var result: [Line] = []
        var inBlock = false
        for (lineIndex, line) in lines.enumerated() {
            var text: [UInt8] = []
            var i = 0
            let bytes = line.text
            var quote: UInt8?
            while i < bytes.count {
                let byte = bytes[i]
                if inBlock {
                    if byte == 0x2A, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                        inBlock = false
                        text.append(0x20)
                        i += 2
                    } else {
                        i += 1
                    }
                    continue
                }
                if let open = quote {
                    text.append(byte)
                    if byte == 0x5C, i + 1 < bytes.count {
                        text.append(bytes[i + 1])
                        i += 2
                        continue
                    }
                    if byte == open { quote = nil }
                    i += 1
                    continue
                }
                if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if lineComments, byte == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                    // A continued line comment swallows the next line too.
                    if text.contains(where: { !isBlank($0) }) {
                        cuts[lineIndex] = String(decoding: bytes[i...], as: UTF8.self)
                    }
                    if bytes.last == 0x5C { text.append(0x5C) }
                    break
                } else if byte == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {
                    inBlock = true
                    i += 2
                    continue
                }
                text.append(byte)
                i += 1
            }
            result.append(Line(text: text, terminator: line.terminator))
        }
        return result
    }

    /// The directive name and the rest, when the line's first non-blank byte is `#`.
    static func directive(_ line: [UInt8]) -> (name: String, rest: [UInt8])? {
        var i = 0
        while i < line.count, isBlank(line[i]) { i += 1 }
        guard i < line.count, line[i] == 0x23 else { return nil }
        i += 1
        while i < line.count, isBlank(line[i]) { i += 1 }
        let nameStart = i
        while i < line.count, isIdentifierByte(line[i]) { i += 1 }
        let name = String(decoding: line[nameStart..<i], as: UTF8.self)
        // Comments on a directive line are no part of it (`#endif // DEBUG`).
        return (name, Array(line[i...]))
    }

    mutating func handle(
        _ directive: (name: String, rest: [UInt8]), stack: inout [Conditional], active: Bool,
        includer: String?, depth: Int, line: Int, text: inout [UInt8]
    ) {
        let rest = directive.rest
        switch directive.name {
        case "if", "ifdef", "ifndef":
            var value = false
            var unknown: [String] = []
            if active {
                switch directive.name {
                case "ifdef", "ifndef":
                    guard let name = Self.firstIdentifier(rest) else {
                        problem("#\(directive.name) needs a macro name")
                        break
                    }
                    value = (macros[name] != nil) == (directive.name == "ifdef")
                default:
                    value = evaluate(rest, directive: "#if")
                }
                unknown = unknownNames(directive)
            }
            stack.append(
                Conditional(
                    line: line, active: active && value, taken: value, outerActive: active, sawElse: false, unknownNames: unknown))
        case "elif", "elifdef", "elifndef":
            guard var top = stack.popLast() else {
                problem("#\(directive.name) without #if")
                return
            }
            if top.sawElse { problem("#\(directive.name) after #else") }
            if top.outerActive, !top.taken {
                let value: Bool
                if directive.name == "elif" {
                    value = evaluate(rest, directive: "#elif")
                } else {
                    let name = Self.firstIdentifier(rest)
                    if name == nil { problem("#\(directive.name) needs a macro name") }
                    value = name.map { (macros[$0] != nil) == (directive.name == "elifdef") } ?? false
                }
                top.active = value
                top.taken = value
                top.unknownNames += unknownNames(directive).filter { !top.unknownNames.contains($0) }
            } else {
                top.active = false
            }
            stack.append(top)
        case "else":
            guard var top = stack.popLast() else {
                problem("#else without #if")
                return
            }
            if top.sawElse { problem("#else after #else") }
            top.sawElse = true
            top.active = top.outerActive && !top.taken
            top.taken = true
            stack.append(top)
        case "endif":
            if stack.popLast() == nil { problem("#endif without #if") }
        case _ where !active:
            // Other directives in skipped groups are not looked at, as cpp does.
            return
        case "define":
            define(rest)
        case "undef":
            if let name = Self.firstIdentifier(rest) { macros[name] = nil } else { problem("#undef needs a macro name") }
        case "include", "import", "include_next":
            guard let name = Self.includeName(rest) else {
                problem("#\(directive.name) expects \"FILE\" or <FILE>")
                return
            }
            text = include(name, includer: includer, directiveLine: line, depth: depth + 1)
        case "error":
            problem("#error \(String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespaces))")
        case "warning", "pragma", "line", "ident", "sccs", "":
            return
        default:
            problem("invalid preprocessing directive #\(directive.name)")
        }
    }

    /// After a missing include, the names a conditional tests that are not defined (which the
    /// include could define), recorded with the directive; none while nothing is missing.
    mutating func unknownNames(_ directive: (name: String, rest: [UInt8])) -> [String] {
        guard !missing.isEmpty else { return [] }
        let tested =
            directive.name.hasSuffix("def")
            ? Self.firstIdentifier(directive.rest).map { [$0] } ?? [] : UnknownMacroTracker.identifiers(in: directive.rest)
        let names = tested.filter { macros[$0] == nil }
        guard !names.isEmpty else { return [] }
        let text = "#\(directive.name) " + String(decoding: directive.rest, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        tracker.add(.init(line: plistLine, directive: ReportText.singleLine(String(text.prefix(80))), names: names))
        return names
    }

    /// Reads an included file through the resolver and runs its directives; returns its text.
    @discardableResult
    mutating func include(_ name: String, includer: String?, directiveLine: Int, depth: Int, isPrefix: Bool = false) -> [UInt8] {
        guard depth <= InfoPlistPreprocessor.maxIncludeDepth else {
            problem("#include nested deeper than \(InfoPlistPreprocessor.maxIncludeDepth) levels at \(name)")
            return []
        }
        guard let resolver else {
            problem("cannot read \(name): no file access was given")
            return []
        }
        guard includesLeft > 0 else {
            if includesLeft == 0 { problem("more than \(InfoPlistPreprocessor.maxIncludes) #include files; the rest are skipped") }
            includesLeft = -1
            return []
        }
        includesLeft -= 1
        let file: InfoPlistPreprocessor.SourceFile
        do {
            file = try resolver(name, includer)
        } catch is InfoPlistPreprocessor.NotFound {
            // Left out, as if empty: the rest of the plist is still evaluated.
            if !missing.contains(where: { $0.name == name }) {
                missing.append(.init(name: name, line: isPrefix ? nil : plistLine))
            }
            return []
        } catch {
            problem("cannot read \(name): \(error)")
            return []
        }
        includeStack.append((file.path, 1))
        defer { includeStack.removeLast() }
        return run([UInt8](file.contents), file: file.path, fileName: file.path, depth: depth)
    }

    mutating func define(_ rest: [UInt8]) {
        var i = 0
        while i < rest.count, isBlank(rest[i]) { i += 1 }
        let nameStart = i
        guard i < rest.count, isIdentifierStart(rest[i]) else {
            problem("#define needs a macro name")
            return
        }
        while i < rest.count, isIdentifierByte(rest[i]) { i += 1 }
        let name = String(decoding: rest[nameStart..<i], as: UTF8.self)
        var parameters: [String]?
        if i < rest.count, rest[i] == 0x28 {
            // Function-like: `NAME(` with no space. Parameters are recorded, the body is not expanded.
            guard let close = rest[i...].firstIndex(of: 0x29) else {
                problem("#define \(name): missing ')'")
                return
            }
            parameters = String(decoding: rest[(i + 1)..<close], as: UTF8.self).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            i = close + 1
        }
        var body = Array(rest[i...])
        while let first = body.first, isBlank(first) { body.removeFirst() }
        while let last = body.last, isBlank(last) { body.removeLast() }
        macros[name] = Macro(body: body, parameters: parameters)
    }

    static func firstIdentifier(_ bytes: [UInt8]) -> String? {
        var i = 0
        while i < bytes.count, isBlank(bytes[i]) { i += 1 }
        guard i < bytes.count, isIdentifierStart(bytes[i]) else { return nil }
        let start = i
        while i < bytes.count, isIdentifierByte(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    static func includeName(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard text.count >= 3, let first = text.first, let last = text.last,
            (first == "\"" && last == "\"") || (first == "<" && last == ">")
        else { return nil }
        let name = String(text.dropFirst().dropLast())
        return name.isEmpty ? nil : name
    }

    // MARK: Text expansion

    /// Replaces defined object-like macros in text: whole identifiers, not inside quoted runs
    /// or numbers (`60x60`, `2x` are numbers to cpp), each macro not again inside itself.
    mutating func expand(_ text: [UInt8]) -> [UInt8] {
        var hidden: [String] = []
        return expand(text, hidden: &hidden)
    }

    /// Takes one expansion of `macro` off the run's steps; false when they ran out: then
    /// expansion stops for the rest of the run, with one problem naming `name` (the macro
    /// written in the text, whose expansion this is part of).
    private mutating func charge(_ name: String, _ macro: Macro) -> Bool {
        guard !expansionStopped else { return false }
        stepsLeft -= InfoPlistPreprocessor.stepsPerExpansion + macro.body.count
        if stepsLeft < 0 {
            expansionStopped = true
            problem(
                "expanding macro \(name) takes more than \(InfoPlistPreprocessor.maxExpansionSteps) steps (macros that expand "
                    + "to each other over and over, like `#define A1 A0 A0`)",
                exceedsBudget: true)
            return false
        }
        return true
    }

    /// `hidden`: the macros being expanded around this text (at most `maxNesting`).
    private mutating func expand(_ text: [UInt8], hidden: inout [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte == 0x22 || byte == 0x27 {
                // A quoted run ends at its quote or the end of the line.
                var j = i + 1
                while j < text.count, text[j] != byte {
                    if text[j] == 0x5C { j += 1 }
                    j += 1
                }
                let end = min(j + 1, text.count)
                out += text[i..<end]
                i = end
            } else if isDigit(byte) || (byte == 0x2E && i + 1 < text.count && isDigit(text[i + 1])) {
                var j = i + 1
                while j < text.count {
                    let c = text[j]
                    if (c == 0x2B || c == 0x2D), [0x65, 0x45, 0x70, 0x50].contains(text[j - 1]) {
                        j += 1
                        continue
                    }
                    guard isIdentifierByte(c) || c == 0x2E else { break }
                    j += 1
                }
                out += text[i..<j]
                i = j
            } else if isIdentifierStart(byte) {
                var j = i + 1
                while j < text.count, isIdentifierByte(text[j]) { j += 1 }
                let name = String(decoding: text[i..<j], as: UTF8.self)
                if let macro = macros[name], macro.parameters == nil, !hidden.contains(name), charge(hidden.first ?? name, macro) {
                    if hidden.count >= Self.maxNesting {
                        if !nestingReported { problem("expanding macro \(hidden.first ?? name) nests more than \(Self.maxNesting) macros deep") }
                        nestingReported = true
                        out += text[i..<j]
                    } else {
                        hidden.append(name)
                        out += expand(macro.body, hidden: &hidden)
                        hidden.removeLast()
                    }
                } else {
                    out += text[i..<j]
                }
                i = j
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    // MARK: #if expressions

    mutating func evaluate(_ bytes: [UInt8], directive: String) -> Bool {
        var tokens: [ExpressionToken]
        do {
            tokens = try ExpressionToken.tokenize(bytes)
            var hidden: [String] = []
            tokens = try expandTokens(tokens, hidden: &hidden)
        } catch {
            // Once expansion stopped (the problem says so), later `#if`s are false without another.
            if !error.stoppedExpansion { problem("\(directive): \(error.message)") }
            return false
        }
        guard !tokens.isEmpty else {
            problem("\(directive) with no expression")
            return false
        }
        var parser = ExpressionParser(tokens: tokens)
        parser.definedNames = Set(macros.keys)
        do {
            let value = try parser.parse()
            return value != 0
        } catch {
            problem("\(directive): \(error.message)")
            return false
        }
    }

    /// Expands macros in an expression, leaving `defined X` and `defined(X)` alone; each
    /// expansion is charged to the run's steps. `hidden`: the macros being expanded around.
    mutating func expandTokens(_ tokens: [ExpressionToken], hidden: inout [String]) throws(ExpressionError) -> [ExpressionToken] {
        var out: [ExpressionToken] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard case .identifier(let name) = token else {
                out.append(token)
                i += 1
                continue
            }
            if name == "defined" {
                out.append(token)
                i += 1
                if i < tokens.count, tokens[i] == .punct("(") {
                    let end = min(i + 3, tokens.count)
                    out += tokens[i..<end]
                    i = end
                } else if i < tokens.count {
                    out.append(tokens[i])
                    i += 1
                }
                continue
            }
            if let macro = macros[name], !hidden.contains(name) {
                if macro.parameters != nil {
                    throw ExpressionError(message: "function-like macro \(name) is not supported here")
                }
                guard charge(hidden.first ?? name, macro) else {
                    throw ExpressionError(message: "macro expansion stopped", stoppedExpansion: true)
                }
                guard hidden.count < Self.maxExpressionNesting else {
                    throw ExpressionError(message: "macros nested too deeply")
                }
                let body = try ExpressionToken.tokenize(macro.body)
                hidden.append(name)
                out += try expandTokens(body, hidden: &hidden)
                hidden.removeLast()
                guard out.count < 100_000 else { throw ExpressionError(message: "macro expansion too large") }
            } else {
                out.append(token)
            }
            i += 1
        }
        return out
    }
}

struct ExpressionError: Error {
    var message: String
    /// Macro expansion stopped for the run; the engine reported that already.
    var stoppedExpansion = false
}

enum ExpressionToken: Equatable {
    case number(Int64)
    case identifier(String)
    case punct(String)

    static let punctuators = [
        "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "(", ")", "!", "~", "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "?", ":", ",",
    ]

    static func tokenize(_ bytes: [UInt8]) throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if isBlank(byte) {
                i += 1
                continue
            }
            if isDigit(byte) {
                var j = i
                while j < bytes.count, isIdentifierByte(bytes[j]) { j += 1 }
                tokens.append(.number(try number(String(decoding: bytes[i..<j], as: UTF8.self))))
                i = j
            } else if isIdentifierStart(byte) {
                var j = i
                while j < bytes.count, isIdentifierByte(bytes[j]) { j += 1 }
                tokens.append(.identifier(String(decoding: bytes[i..<j], as: UTF8.self)))
                i = j
            } else if byte == 0x27 {
                // A character literal: 'a' or a simple escape.
                var j = i + 1
                var value: Int64 = 0
                if j < bytes.count, bytes[j] == 0x5C, j + 1 < bytes.count {
                    let escapes: [UInt8: Int64] = [0x6E: 10, 0x74: 9, 0x72: 13, 0x30: 0, 0x5C: 92, 0x27: 39, 0x22: 34]
                    value = escapes[bytes[j + 1]] ?? Int64(bytes[j + 1])
                    j += 2
                } else if j < bytes.count {
                    value = Int64(bytes[j])
                    j += 1
                }
                guard j < bytes.count, bytes[j] == 0x27 else { throw ExpressionError(message: "unterminated character literal") }
                tokens.append(.number(value))
                i = j + 1
            } else {
                let rest = bytes[i...]
                guard let punct = punctuators.first(where: { rest.starts(with: $0.utf8) }) else {
                    throw ExpressionError(message: "unexpected '\(String(decoding: [byte], as: UTF8.self))'")
                }
                tokens.append(.punct(punct))
                i += punct.utf8.count
            }
        }
        return tokens
    }

    static func number(_ text: String) throws(ExpressionError) -> Int64 {
        var digits = Substring(text)
        while let last = digits.last, "uUlL".contains(last) { digits.removeLast() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            radix = 2
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0"), digits.count > 1 {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
            throw ExpressionError(message: "invalid integer '\(text)'")
        }
        return Int64(bitPattern: value)
    }
}

/// Precedence climbing over C's operators; arithmetic wraps, division by zero is an error
/// where it is evaluated (`0 && 1/0` is fine, as in cpp). Nesting is bounded.
struct ExpressionParser {
    let tokens: [ExpressionToken]
    var position = 0
    var depth = 0

    init(tokens: [ExpressionToken]) { self.tokens = tokens }

    mutating func parse() throws(ExpressionError) -> Int64 {
        let value = try conditional(live: true)
        if position < tokens.count { throw ExpressionError(message: "unexpected \(describe(tokens[position]))") }
        return value
    }

    func describe(_ token: ExpressionToken) -> String {
        switch token {
        case .number(let value): "'\(value)'"
        case .identifier(let name): "'\(name)'"
        case .punct(let text): "'\(text)'"
        }
    }

    var peek: ExpressionToken? { position < tokens.count ? tokens[position] : nil }

    mutating func expect(_ text: String) throws(ExpressionError) {
        guard peek == .punct(text) else {
            throw ExpressionError(message: "expected '\(text)'" + (peek.map { " before \(describe($0))" } ?? " at the end"))
        }
        position += 1
    }

    mutating func conditional(live: Bool) throws(ExpressionError) -> Int64 {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw ExpressionError(message: "expression nested too deeply") }
        let condition = try binary(0, live: live)
        guard peek == .punct("?") else { return condition }
        position += 1
        let whenTrue = try conditional(live: live && condition != 0)
        try expect(":")
        let whenFalse = try conditional(live: live && condition == 0)
        return condition != 0 ? whenTrue : whenFalse
    }

    static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="],
        ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func binary(_ level: Int, live: Bool) throws(ExpressionError) -> Int64 {
        guard level < Self.levels.count else { return try unary(live: live) }
        var left = try binary(level + 1, live: live)
        while case .punct(let op)? = peek, Self.levels[level].contains(op) {
            position += 1
            let rightLive = live && !(op == "&&" && left == 0) && !(op == "||" && left != 0)
            let right = try binary(level + 1, live: rightLive)
            left = try apply(op, left, right, live: rightLive)
        }
        return left
    }

    func apply(_ op: String, _ a: Int64, _ b: Int64, live: Bool) throws(ExpressionError) -> Int64 {
        switch op {
        case "||": return (a != 0 || b != 0) ? 1 : 0
        case "&&": return (a != 0 && b != 0) ? 1 : 0
        case "|": return a | b
        case "^": return a ^ b
        case "&": return a & b
        case "==": return a == b ? 1 : 0
        case "!=": return a != b ? 1 : 0
        case "<": return a < b ? 1 : 0
        case ">": return a > b ? 1 : 0
        case "<=": return a <= b ? 1 : 0
        case ">=": return a >= b ? 1 : 0
        case "<<": return b < 0 || b >= 64 ? 0 : a << b
        case ">>": return b < 0 || b >= 64 ? (a < 0 ? -1 : 0) : a >> b
        case "+": return a &+ b
        case "-": return a &- b
        case "*": return a &* b
        default:
            guard b != 0 else {
                if live { throw ExpressionError(message: "division by zero") }
                return 0
            }
            let result = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            return result.partialValue
        }
    }

    mutating func unary(live: Bool) throws(ExpressionError) -> Int64 {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw ExpressionError(message: "expression nested too deeply") }
        guard let token = peek else { throw ExpressionError(message: "expression ends too early") }
        position += 1
        switch token {
        case .number(let value):
            return value
        case .identifier("defined"):
            var parenthesised = false
            if peek == .punct("(") {
                parenthesised = true
                position += 1
            }
            guard case .identifier(let name)? = peek else { throw ExpressionError(message: "defined needs a macro name") }
            position += 1
            if parenthesised { try expect(")") }
            return definedNames.contains(name) ? 1 : 0
        case .identifier:
            // An identifier that is no macro is 0 in #if, as in cpp.
            return 0
        case .punct("("):
            let value = try conditional(live: live)
            try expect(")")
            return value
        case .punct("!"): return try unary(live: live) == 0 ? 1 : 0
        case .punct("~"): return ~(try unary(live: live))
        case .punct("-"): return 0 &- (try unary(live: live))
        case .punct("+"): return try unary(live: live)
        case .punct(let text):
            throw ExpressionError(message: "unexpected '\(text)'")
        }
    }

    /// Names defined when the expression was expanded (set by the engine).
    var definedNames: Set<String> = []
}
