import Foundation
import IconSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An Info.plist read through Foundation, with the line of every key when it is XML.
public struct PlistDocument: @unchecked Sendable {
    /// Root-relative path.
    public var path: String
    public var root: [String: Any]
    public var isXML: Bool
    /// Key path ("CFBundleIcons/CFBundleAlternateIcons/Dark") → 1-based line.
    var lines: [String: Int]
    /// Key path → 1-based line where its value starts (`<string>` after the `<key>`).
    var valueLines: [String: Int] = [:]
    /// Lines whose text depends on names a missing `#include` could define, with the names
    /// (`InfoPlistPreprocessor.Result.unknownMacroLines`): what the build makes of them is unknown.
    package var unknownMacroLines: [Int: [String]] = [:]
    /// Conditionals that test a name a missing `#include` could define: the lines they leave
    /// out may be in the build (`InfoPlistPreprocessor.Result.unknownConditionals`).
    package var unknownConditionals: [UnknownMacroTracker.Conditional] = []

    package init(path: String, root: [String: Any], isXML: Bool, lines: [String: Int], valueLines: [String: Int] = [:]) {
        self.path = path
        self.root = root
        self.isXML = isXML
        self.lines = lines
        self.valueLines = valueLines
    }

    /// The names a missing `#include` could define that the key at `keyPath`, or its value when
    /// that is a string or an array item, depends on; empty when it depends on none.
    package func unknownMacros(at keyPath: [String]) -> [String] {
        guard !unknownMacroLines.isEmpty else { return [] }
        let key = keyPath.joined(separator: "/")
        let lines = Set([lines[key], valueLines[key]].compactMap { $0 })
        return Array(Set(lines.flatMap { unknownMacroLines[$0] ?? [] })).sorted()
    }

    public func line(_ keyPath: [String]) -> Int? {
        var path = keyPath
        while !path.isEmpty {
            if let line = lines[path.joined(separator: "/")] { return line }
            path.removeLast()
        }
        return nil
    }
}

/// Why a plist could not be read: a message and the parser's line when it has one.
public struct PlistProblem: Error, Sendable {
    public var message: String
    public var line: Int?
    /// The file could not be read at all (permissions, a folder): not a syntax error.
    public var isIO = false
    /// A binary plist iconlint will not hand to Foundation (a set, an expansion bomb): what
    /// plutil says of it is beside the point.
    public var isRefused = false
    /// Evaluating the file (its preprocessor macros) takes more work than iconlint allows:
    /// not a syntax error either.
    public var exceedsBudget = false
    /// What to do, when it is not "fix the syntax" (the file is fine, its preprocessing is not).
    public var fix: String?

    package init(
        message: String, line: Int?, isIO: Bool = false, isRefused: Bool = false, exceedsBudget: Bool = false, fix: String? = nil
    ) {
        self.message = message
        self.line = line
        self.isIO = isIO
        self.isRefused = isRefused
        self.exceedsBudget = exceedsBudget
        self.fix = fix
    }
}

public enum PlistReader {
    /// Reads XML, binary or OpenStep; the top level must be a dictionary.
    public static func read(_ relativePath: String, root: String) -> Result<PlistDocument, PlistProblem> {
        switch ProjectFile.read(root + "/" + relativePath, root: root, limit: sizeLimit) {
        case .success(let data):
            return parse(data, path: relativePath)
        case .failure(.tooLarge):
            return .failure(PlistProblem(message: tooLargeMessage, line: nil))
        case .failure(let failure):
            return .failure(PlistProblem(message: "cannot read the file: \(failure)", line: nil, isIO: true))
        }
    }

    package static let sizeLimit = 16 << 20
    static let tooLargeMessage = "the file is larger than 16 MiB; an Info.plist is a few KiB"

    public static func parse(_ data: Data, path: String) -> Result<PlistDocument, PlistProblem> {
        guard data.count <= sizeLimit else { return .failure(PlistProblem(message: tooLargeMessage, line: nil)) }
        if data.isEmpty { return .failure(PlistProblem(message: "the file is empty", line: nil)) }
        let isXML = data.prefix(64).starts(with: Data("<?xml".utf8)) || data.prefix(256).range(of: Data("<plist".utf8)) != nil
        let object: Any
        do throws(PropertyListFile.Failure) {
            object = try PropertyListFile.parse(data, limit: sizeLimit).value
        } catch {
            switch error {
            case .tooLarge: return .failure(PlistProblem(message: tooLargeMessage, line: nil))
            case .refused(let refusal): return .failure(PlistProblem(message: "\(refusal)", line: nil, isRefused: true))
            case .unparsable(let error): return .failure(problem(from: error, data: data, isXML: isXML))
            }
        }
        guard let dictionary = object as? [String: Any] else {
            return .failure(PlistProblem(message: "the top level is a \(typeName(object)), not a dictionary", line: nil))
        }
        let (lines, valueLines) = isXML ? XMLKeyLines.collect(data) : ([:], [:])
        return .success(PlistDocument(path: path, root: dictionary, isXML: isXML, lines: lines, valueLines: valueLines))
    }

    private static func problem(from error: Error, data: Data, isXML: Bool) -> PlistProblem {
        let nsError = error as NSError
        let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String
        var line: Int?
        if let debug, let range = debug.range(of: "line ") {
            line = Int(debug[range.upperBound...].prefix { $0.isNumber })
        }
        if line == nil, isXML, XMLKeyLines.isSafeForXMLParser(data) {
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            if !parser.parse() { line = parser.lineNumber > 0 ? parser.lineNumber : nil }
        }
        let reason = debug ?? nsError.localizedDescription
        return PlistProblem(message: reason, line: line)
    }

    package static func typeName(_ value: Any) -> String {
        switch value {
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "dictionary"
        case is Date: "date"
        case is Data: "data"
        case let number as NSNumber: isBoolean(number) ? "Boolean" : "number"
        default: "value"
        }
    }

    /// True for `<true/>`/`<false/>`, false for numbers (which also bridge to Bool).
    public static func isBoolean(_ value: Any) -> Bool {
        if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
        return value is Bool
    }
}

/// Collects the line of each `<key>` (and of array items) in an XML plist.
package final class XMLKeyLines: NSObject, XMLParserDelegate {
    private enum Container {
        case dictionary(pendingKey: String?)
        case array(count: Int)
    }

    private var stack: [(container: Container, path: [String])] = []
    private var lines: [String: Int] = [:]
    private var valueLines: [String: Int] = [:]
    private var text = ""
    private var inKey = false
    private var keyLine = 0

    /// FoundationXML's XMLParser traps (crashing iconlint) on some bytes that are not UTF-8,
    /// e.g. in an attribute name (`<plist \u{FF}version="1.0">`), which CFPropertyList accepts.
    /// Such a plist is still read; it only gets no line numbers.
    package static func isSafeForXMLParser(_ data: Data) -> Bool {
        String(data: data, encoding: .utf8) != nil
    }

    /// The line of each key (and array item), and of each value's start.
    static func collect(_ data: Data) -> (keys: [String: Int], values: [String: Int]) {
        guard isSafeForXMLParser(data) else { return ([:], [:]) }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let collector = XMLKeyLines()
        parser.delegate = collector
        _ = parser.parse()
        return (collector.lines, collector.valueLines)
    }

    /// The path a value starting now will have, and records its line.
    private func pathForNewValue(_ parser: XMLParser) -> [String]? {
        guard let top = stack.last else { return [] }
        switch top.container {
        case .dictionary(let key):
            guard let key else { return nil }
            stack[stack.count - 1].container = .dictionary(pendingKey: nil)
            valueLines[(top.path + [key]).joined(separator: "/")] = parser.lineNumber
            return top.path + [key]
        case .array(let count):
            stack[stack.count - 1].container = .array(count: count + 1)
            let path = top.path + [String(count)]
            lines[path.joined(separator: "/")] = parser.lineNumber
            return path
        }
    }

    package func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "key":
            inKey = true
            text = ""
            keyLine = parser.lineNumber
        case "dict":
            if let path = pathForNewValue(parser) { stack.append((.dictionary(pendingKey: nil), path)) }
        case "array":
            if let path = pathForNewValue(parser) { stack.append((.array(count: 0), path)) }
        case "plist":
            break
        default:
            _ = pathForNewValue(parser)
        }
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inKey { text += string }
    }

    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "key":
            inKey = false
            if let top = stack.last, case .dictionary = top.container {
                stack[stack.count - 1].container = .dictionary(pendingKey: text)
                lines[(top.path + [text]).joined(separator: "/")] = keyLine
            }
        case "dict", "array":
            if !stack.isEmpty { stack.removeLast() }
        default:
            break
        }
    }
}
