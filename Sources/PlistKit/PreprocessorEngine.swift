import Foundation
import IconSupport

/// A `#define`d macro.
struct PreprocessorMacro {
    var body: [UInt8]
    /// Nil for an object-like macro; function-like macros are recorded (for `defined`) but
    /// not expanded.
    var parameters: [String]?
}

/// One open `#if` group.
struct PreprocessorConditional {
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

/// One run of `InfoPlistPreprocessor`: the macros, the budgets, and the problems met.
struct PreprocessorEngine {
    var macros: [String: PreprocessorMacro]
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

    init(macros: [String: PreprocessorMacro], lineComments: Bool, keepComments: Bool, resolver: InfoPlistPreprocessor.Resolver?) {
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
        var stack: [PreprocessorConditional] = []
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
                    if text.contains(where: { !ASCIIByte.isBlank($0) }) {
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
        while i < line.count, ASCIIByte.isBlank(line[i]) { i += 1 }
        guard i < line.count, line[i] == 0x23 else { return nil }
        i += 1
        while i < line.count, ASCIIByte.isBlank(line[i]) { i += 1 }
        let nameStart = i
        while i < line.count, ASCIIByte.isIdentifierByte(line[i]) { i += 1 }
        let name = String(decoding: line[nameStart..<i], as: UTF8.self)
        // Comments on a directive line are no part of it (`#endif // DEBUG`).
        return (name, Array(line[i...]))
    }

    mutating func handle(
        _ directive: (name: String, rest: [UInt8]), stack: inout [PreprocessorConditional], active: Bool,
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
                PreprocessorConditional(
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
        while i < rest.count, ASCIIByte.isBlank(rest[i]) { i += 1 }
        let nameStart = i
        guard i < rest.count, ASCIIByte.isIdentifierStart(rest[i]) else {
            problem("#define needs a macro name")
            return
        }
        while i < rest.count, ASCIIByte.isIdentifierByte(rest[i]) { i += 1 }
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
        while let first = body.first, ASCIIByte.isBlank(first) { body.removeFirst() }
        while let last = body.last, ASCIIByte.isBlank(last) { body.removeLast() }
        macros[name] = PreprocessorMacro(body: body, parameters: parameters)
    }

    static func firstIdentifier(_ bytes: [UInt8]) -> String? {
        var i = 0
        while i < bytes.count, ASCIIByte.isBlank(bytes[i]) { i += 1 }
        guard i < bytes.count, ASCIIByte.isIdentifierStart(bytes[i]) else { return nil }
        let start = i
        while i < bytes.count, ASCIIByte.isIdentifierByte(bytes[i]) { i += 1 }
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
}
