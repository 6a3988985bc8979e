import Foundation
import IconSupport

/// Reads .xcconfig files into ordered setting assignments, following `#include`.
///
/// Syntax handled: `KEY = value`, an optional trailing `;`, conditions
/// `KEY[sdk=iphoneos*][config=Release] = value`, `//` comments (anywhere on a line, as in
/// Xcode, so `https://` needs `/$()/`), `#include "path"` (a problem when the file is
/// missing) and `#include? "path"` (a note when missing: what it could set is unknown), relative to the
/// including file. Include cycles are reported and cut. Paths starting with
/// `<DEVELOPER_DIR>` name files inside Xcode and are skipped.
package final class XCConfigReader {
    private let absoluteRoot: String
    private let problems: ProblemCollector
    private var cache: [String: [SettingAssignment]] = [:]
    private var stack: [String] = []
    /// The files (root-relative) each cached file brings with its includes, and those of the
    /// files being read, innermost last: the targets that read them are told to the problems.
    private var files: [String: Set<String>] = [:]
    private var reading: [Set<String>] = []
    /// What `caseFolded` found for each path (nil inside: nothing under other letter case).
    private var folded: [String: String?] = [:]

    /// Bounds for hostile projects: no real configuration comes near them.
    static let maxIncludeDepth = 64
    static let maxAssignments = 100_000

    package init(absoluteRoot: String, problems: ProblemCollector) {
        self.absoluteRoot = absoluteRoot
        self.problems = problems
    }

    private func relative(_ absolute: String) -> String { ProjectPath.relative(absolute, to: absoluteRoot) }

    /// Whether a regular file exists at the absolute path.
    package static func fileExists(_ absolutePath: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: absolutePath, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Assignments of the file at `absolutePath` with its includes inlined, in file order.
    /// The caller checks that the file exists.
    package func assignments(ofFile absolutePath: String) -> [SettingAssignment] {
        let path = ProjectPath.normalize(absolutePath)
        if let cached = cache[path] {
            // What reading it and its includes met concerns every target that includes it.
            problems.reads(files[path] ?? [])
            if !reading.isEmpty { reading[reading.count - 1].formUnion(files[path] ?? []) }
            return cached
        }
        stack.append(path)
        reading.append([relative(path)])
        defer {
            let read = reading.removeLast()
            files[path] = read
            problems.reads(read)
            if !reading.isEmpty { reading[reading.count - 1].formUnion(read) }
            stack.removeLast()
        }
        let data: Data
        switch ProjectFile.read(path, root: absoluteRoot, limit: 4 << 20) {
        case .success(let read):
            data = read
        case .failure(let failure):
            // Includes may point anywhere (`#include "/etc/passwd"`): only files inside the root are read.
            problems.add(.xcconfigMalformed, "cannot read the file: \(failure)", file: relative(path))
            return []
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            problems.add(.xcconfigMalformed, "the file is not UTF-8 text", file: relative(path))
            return []
        }
        var result: [SettingAssignment] = []
        let lines = Self.lineRanges(bytes)
        var index = 0
        while index < lines.count {
            let lineNumber = index + 1
            let trimmed = Self.withoutComment(bytes, lines[index])
            index += 1
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                result += directive(trimmed, in: path, line: lineNumber)
                // A file that includes the next one twice, 30 deep, doubles 30 times: cap it.
                if result.count > Self.maxAssignments {
                    problems.add(
                        .xcconfigMalformed,
                        "its #includes bring more than \(Self.maxAssignments) settings; the rest is not read",
                        file: relative(path), line: lineNumber)
                    result.removeLast(result.count - Self.maxAssignments)
                    break
                }
                continue
            }
            guard let equals = Self.assignmentOperator(in: trimmed),
                let name = parseSettingName(String(trimmed[..<equals]))
            else {
                problems.add(
                    .xcconfigMalformed, "line is neither `KEY = value` nor `#include`: \(trimmed)",
                    file: relative(path), line: lineNumber)
                continue
            }
            // A value ending in `\` continues on the next line; the pieces are joined with a space.
            var chunk = Self.withoutSemicolon(String(trimmed[trimmed.index(after: equals)...]))
            var chunks: [String] = []
            while chunk.hasSuffix("\\"), index < lines.count {
                chunks.append(String(chunk.dropLast()).trimmingCharacters(in: .whitespaces))
                chunk = Self.withoutSemicolon(Self.withoutComment(bytes, lines[index]))
                index += 1
            }
            chunks.append(chunk)
            let value = chunks.count == 1 ? chunk : chunks.filter { !$0.isEmpty }.joined(separator: " ")
            let location = Location(file: relative(path), line: lineNumber)
            result.append(
                SettingAssignment(
                    key: name.key, conditions: name.conditions, value: value,
                    source: .xcconfig(location: location)))
        }
        cache[path] = result
        return result
    }

    /// Byte ranges of the lines; `\n`, `\r\n` and a lone `\r` each end one.
    package static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                ranges.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// The line without a `//` comment (which starts anywhere, even inside a value) and outer
    /// white space, found on the bytes; only the rest becomes a String.
    package static func withoutComment(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var end = range.upperBound
        var index = range.lowerBound
        var ascii = true
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "/") {
                end = index
                break
            }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard ascii else {
            // Unicode white space (a no-break space...) is trimmed too: leave that to Foundation.
            return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        var start = range.lowerBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    package static func withoutSemicolon(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix(";") ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed
    }

    /// The `=` that separates name and value: the first one outside `[...]` conditions.
    package static func assignmentOperator(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// The note for an xcconfig that is not there (`reference` says who names it), unless a tool that never sets icon settings
    /// writes it (CocoaPods' files, Flutter's Generated.xcconfig).
    package func noteMissing(_ absolute: String, as reference: String, file: String, line: Int?) {
        let missing = relative(absolute)
        guard !ProjectPath.isGeneratedByCocoaPods(missing), !missing.hasSuffix("Flutter/Generated.xcconfig") else { return }
        let template = Self.template(beside: absolute).map { "; \(relative($0)) beside it shows what it may hold" } ?? ""
        problems.add(
            .unresolved,
            "\(reference) \(missing), which is not in the repository (each checkout or a build step writes it), so the settings "
                + "it could set are unknown; iconlint uses what the other files set and notes each check that needed one of "
                + "them\(template)",
            file: file, line: line)
    }

    /// A template of a missing xcconfig beside it: `NAME.template`, `NAME.example`, `NAME.sample`,
    /// or the same with the word before `.xcconfig` (`Config.example.xcconfig`).
    static func template(beside missing: String) -> String? {
        let folder = ProjectPath.parent(missing)
        let name = ProjectPath.lastComponent(missing)
        let stem = name.hasSuffix(".xcconfig") ? String(name.dropLast(".xcconfig".count)) : name
        let candidates = ["template", "example", "sample"].flatMap { word in
            ["\(name).\(word)", "\(stem).\(word).xcconfig", "\(stem)-\(word).xcconfig", "\(stem).xcconfig-\(word)"]
        }
        return candidates.map { ProjectPath.join(folder, $0) }.first(where: fileExists)
    }

    /// The file a path names when it exists only under other letter case (`Version.public.xcconfig`
    /// for `Version.Public.xcconfig`): Xcode on a default, case-insensitive macOS volume reads
    /// it, so its settings count; path-case-mismatch says it breaks on a case-sensitive one.
    /// Nil when the path exists as written or not at all (or lies outside the root).
    func caseFolded(_ absolute: String, as reference: String, file: String, line: Int?) -> String? {
        // Each path is looked up once (a hostile file may include it 100 000 times).
        let found =
            folded[absolute]
            ?? {
                let match = Self.fileExists(absolute) ? nil : caseFoldedMatch(relative(absolute), root: absoluteRoot)
                let resolved = match.map { ProjectPath.join(absoluteRoot, $0) }.flatMap { Self.fileExists($0) ? $0 : nil }
                folded[absolute] = .some(resolved)
                return resolved
            }()
        guard let resolved = found else { return nil }
        let actual = relative(resolved)
        problems.add(
            .pathCaseMismatch,
            "\(reference) \(relative(absolute)) but the file is \(actual); Xcode reads it on a default macOS volume, not on a case-sensitive one (a case-sensitive APFS volume, Linux CI): make the names match",
            file: file, line: line)
        return resolved
    }

    /// `#include "file"`, `#include? "file"` (white space allowed after `#`); anything else is a problem.
    private func directive(_ text: String, in path: String, line: Int) -> [SettingAssignment] {
        let body = text.dropFirst().drop { $0 == " " || $0 == "\t" }
        let keyword = body.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
        guard keyword == "include" || keyword == "include?" else {
            problems.add(.xcconfigMalformed, "unsupported directive: \(text)", file: relative(path), line: line)
            return []
        }
        let optional = keyword == "include?"
        let argument = body.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        guard argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") else {
            problems.add(
                .xcconfigMalformed, "#include needs a quoted path: \(text)",
                file: relative(path), line: line)
            return []
        }
        let target = String(argument.dropFirst().dropLast())
        if target.hasPrefix("<") { return [] }
        var included = ProjectPath.normalize(ProjectPath.join(ProjectPath.parent(path), target))
        if let actual = caseFolded(included, as: "#include \"\(target)\" names", file: relative(path), line: line) {
            included = actual
        }
        guard stack.count < Self.maxIncludeDepth else {
            problems.add(
                .xcconfigMalformed,
                "#include \"\(target)\" nests more than \(Self.maxIncludeDepth) files deep; it is not read",
                file: relative(path), line: line)
            return []
        }
        if stack.contains(included) {
            problems.add(
                .xcconfigIncludeCycle,
                "#include \"\(target)\" comes back to a file already being read ("
                    + (stack + [included]).map(relative).joined(separator: " → ") + ")",
                file: relative(path), line: line)
            return []
        }
        guard Self.fileExists(included) else {
            if !optional {
                problems.add(
                    .xcconfigMissing,
                    "included file \(relative(included)) does not exist"
                        + " (use #include? for files that are generated later)",
                    file: relative(path), line: line)
            }
            noteMissing(included, as: "line \(line): #include\(optional ? "?" : "") \"\(target)\" names", file: relative(path), line: line)
            // Remember the gap: settings it would have defined are unknown, not empty.
            return [BuildSettings.missingConfigurationMarker(relative(included), file: relative(path), line: line)]
        }
        return assignments(ofFile: included)
    }
}
