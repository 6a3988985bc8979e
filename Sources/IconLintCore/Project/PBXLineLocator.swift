/// Finds the line where a pbxproj object or one of its keys is written, so problems and
/// setting sources can point at it. It only looks for line starts (`ID ... = {` and
/// `KEY = `); the structure itself always comes from PropertyListSerialization.
struct PBXLineLocator {
    private let lines: [Substring]
    /// 0-based index of the line defining each object id.
    private let definitions: [String: Int]
    private let definitionLines: Set<Int>

    /// - Parameter ids: the keys of the `objects` dictionary; only their definitions count.
    init(text: String, ids: Set<String>) {
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        var definitions: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let id = trimmed.split(separator: " ", maxSplits: 1).first, id.first != "/" else { continue }
            var rest = trimmed.dropFirst(id.count).drop { $0 == " " }
            if rest.hasPrefix("/*"), let end = Self.commentEnd(in: rest) { rest = rest[end...].drop { $0 == " " } }
            if rest.hasPrefix("="), ids.contains(String(id)), definitions[String(id)] == nil {
                definitions[String(id)] = index
            }
        }
        self.definitions = definitions
        self.definitionLines = Set(definitions.values)
    }

    /// The index just past the first `*/`.
    private static func commentEnd(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "*", next < text.endIndex, text[next] == "/" { return text.index(after: next) }
            index = next
        }
        return nil
    }

    /// 1-based line where the object is defined.
    func line(ofObject id: String) -> Int? {
        definitions[id].map { $0 + 1 }
    }

    /// 1-based line of `key = ...` inside the object's definition, or the object's own line
    /// when the key is not found on a line of its own.
    func line(ofKey key: String, inObject id: String) -> Int? {
        guard let start = definitions[id] else { return nil }
        if lineMentionsKey(lines[start], key) { return start + 1 }
        var index = start + 1
        while index < lines.count, !definitionLines.contains(index) {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(key + " =") || trimmed.hasPrefix("\"" + key + "\" =") { return index + 1 }
            if trimmed.hasPrefix("/* End ") { break }
            index += 1
        }
        return start + 1
    }

    /// 1-based lines of every `key = ...` written on a line of its own inside the object's
    /// definition (first occurrence wins), for callers that look up many keys of one object.
    func keyLines(inObject id: String) -> [String: Int] {
        guard let start = definitions[id] else { return [:] }
        var result: [String: Int] = [:]
        var index = start + 1
        while index < lines.count, !definitionLines.contains(index) {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("/* End ") { break }
            if let key = Self.leadingKey(trimmed), result[key] == nil { result[key] = index + 1 }
            index += 1
        }
        return result
    }

    /// `KEY` of a line `KEY = ...` or `"KEY" = ...`.
    private static func leadingKey(_ line: Substring) -> String? {
        if line.first == "\"" {
            let body = line.dropFirst()
            guard let close = body.firstIndex(of: "\""), body[body.index(after: close)...].hasPrefix(" =") else { return nil }
            return String(body[..<close])
        }
        guard let space = line.firstIndex(of: " "), line[space...].hasPrefix(" =") else { return nil }
        return String(line[..<space])
    }

    private func lineMentionsKey(_ line: Substring, _ key: String) -> Bool {
        line.contains("{" + key + " =") || line.contains(" " + key + " =") || line.contains("\"" + key + "\" =")
    }
}
