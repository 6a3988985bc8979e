import Foundation

/// Minimal byte edits of one project.pbxproj's `buildSettings`: a value replaced where it is
/// written, a word added to a value, a new `KEY = value;` line in the right dictionary at
/// the place Xcode's sorting puts it, indented as its neighbours. Every other byte stays as
/// it was, so Xcode opening the file shows no other change.
///
/// Locations come from the OpenStep reader's byte spans (`OpenStepPlist.span`): the file is
/// parsed once, objects are found through `PBXObjectGraph` as lint finds them. A project that
/// is not OpenStep text (XML or binary, which Xcode rewrites as OpenStep anyway) is refused.
struct PBXSettingsEditor {
    let bytes: [UInt8]
    let file: String
    let plist: OpenStepPlist
    let graph: PBXObjectGraph
    /// The root PBXProject; nil in a file without one (only `allSettingsDictionaries` works then).
    let project: PBXObject?

    /// The object kinds the reader takes for targets and configuration lists.
    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]
    static let configurationListKinds: Set<String> = ["XCConfigurationList"]

    init(bytes: [UInt8], file: String) throws(ProjectEditError) {
        self.bytes = bytes
        self.file = file
        guard !OpenStepPlist.needsFoundation(bytes) else {
            throw ProjectEditError("\(file) is not OpenStep text (XML or binary); open and save it in Xcode first")
        }
        switch OpenStepPlist.parse(bytes) {
        case .success(let parsed): plist = parsed
        case .failure(let error):
            throw ProjectEditError("\(file) is not a valid property list (\(error.message)); not edited")
        }
        guard plist[plist.root].kind == .dictionary, let objects = plist.value(forKey: "objects", in: plist.root),
            plist[objects].kind == .dictionary
        else {
            throw ProjectEditError("\(file) has no `objects` dictionary; not edited")
        }
        let parsed = plist
        let objectGraph = PBXObjectGraph(plist: parsed, objects: objects, file: file, problems: ProblemCollector())
        graph = objectGraph
        let rootID = parsed.value(forKey: "rootObject", in: parsed.root).flatMap { parsed.string($0) }
        let root = rootID.flatMap { objectGraph.object(withID: $0) }
        project = root?.isa == "PBXProject" ? root : nil
    }

    // MARK: - Finding

    /// The `buildSettings` dictionary of a configuration of a target (nil: the project's own).
    func settings(target: String?, configuration: String) throws(ProjectEditError) -> Int32 {
        guard let project else { throw ProjectEditError("\(file): `rootObject` is not a PBXProject; not edited") }
        let owner: PBXObject
        if let target {
            guard
                let object = graph.objects(at: "targets", of: project, isa: PBXSettingsEditor.targetKinds)
                    .last(where: { graph.string("name", of: $0) == target })
            else { throw ProjectEditError("\(file) has no target \(target)") }
            owner = object
        } else {
            owner = project
        }
        let list = graph.object(at: "buildConfigurationList", of: owner, isa: PBXSettingsEditor.configurationListKinds)
        let configurations = list.map { graph.objects(at: "buildConfigurations", of: $0, isa: ["XCBuildConfiguration"]) } ?? []
        guard let object = configurations.first(where: { graph.string("name", of: $0) == configuration }) else {
            throw ProjectEditError("\(file): \(target.map { "target \($0)" } ?? "the project") has no configuration \(configuration)")
        }
        guard let dictionary = graph.dictionary("buildSettings", of: object) else {
            throw ProjectEditError("\(file): configuration \(configuration) has no buildSettings dictionary; not edited")
        }
        return dictionary
    }

    /// Pairs of a dictionary whose key is the setting `key`, with or without conditions, in file order.
    func entries(of key: String, in dictionary: Int32) -> [(key: Int32, value: Int32, conditions: [SettingCondition])] {
        plist.pairs(dictionary).compactMap { pair in
            guard let text = plist.string(pair.key), let name = parseSettingName(text), name.key == key else { return nil }
            return (pair.key, pair.value, name.conditions)
        }
    }

    /// The entry of `key` whose key is written on `line` (where the reader located the value).
    func entry(of key: String, line: Int?, in dictionary: Int32) -> (key: Int32, value: Int32, conditions: [SettingCondition])? {
        let all = entries(of: key, in: dictionary)
        return all.last { line == nil || Int(plist[$0.key].line) == line } ?? (line == nil ? nil : all.last)
    }

    /// The value as lint reads it: a string, or an array's strings joined with spaces.
    func text(of value: Int32) -> String? {
        if let string = plist.string(value) { return string }
        guard plist[value].kind == .array, plist.elements(value).allSatisfy(plist.isString) else { return nil }
        return joinSettingArray(plist.elements(value).map { plist.string($0)! })
    }

    private func span(_ node: Int32) throws(ProjectEditError) -> Range<Int> {
        guard let span = plist.span(node) else { throw ProjectEditError("\(file): no byte positions; not edited") }
        return span
    }

    // MARK: - Edits

    /// Replaces a value with one string.
    func replace(_ value: Int32, with text: String) throws(ProjectEditError) -> ByteEdit {
        ByteEdit(try span(value), Array(OpenStepText.string(text).utf8))
    }

    /// Adds `word` at the end of a value: a string gets ` word`, an array a new element
    /// after its last one (on its own line when the elements are one a line, as Xcode writes them).
    func append(_ word: String, to value: Int32) throws(ProjectEditError) -> ByteEdit {
        if let string = plist.string(value) {
            let trimmed = string.trimmingCharacters(in: .whitespaces)
            return try replace(value, with: trimmed.isEmpty ? word : trimmed + " " + word)
        }
        guard plist[value].kind == .array, plist.elements(value).allSatisfy(plist.isString) else {
            throw ProjectEditError("\(file), line \(plist[value].line): the value is neither a string nor a list of strings; not edited")
        }
        guard let last = plist.elements(value).last else { return try replace(value, with: word) }
        let end = try span(last).upperBound
        let element = OpenStepText.string(word)
        var index = end
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else {
            return ByteEdit(insert: ", " + element, at: end)
        }
        let lastStart = try span(last).lowerBound
        if ByteLines.blank(bytes, ByteLines.lineStart(bytes, lastStart), lastStart) {
            return ByteEdit(insert: ByteLines.lineBreak(bytes) + ByteLines.indentation(bytes, lastStart) + element + ",", at: index + 1)
        }
        return ByteEdit(insert: " " + element + ",", at: index + 1)
    }

    /// Inserts `key = value;` into a `buildSettings` dictionary before the first key that sorts
    /// after it (Xcode keeps them sorted), on a line of its own indented as that key's line.
    func insert(key: String, value: String, into dictionary: Int32) throws(ProjectEditError) -> ByteEdit {
        let line = OpenStepText.string(key) + " = " + OpenStepText.string(value) + ";"
        let newline = ByteLines.lineBreak(bytes)
        let pairs = plist.pairs(dictionary)
        if let next = pairs.first(where: { (plist.string($0.key) ?? "").utf8.lexicographicallyPrecedes(key.utf8) == false }) {
            let start = try span(next.key).lowerBound
            let lineStart = ByteLines.lineStart(bytes, start)
            if ByteLines.blank(bytes, lineStart, start) {
                return ByteEdit(insert: ByteLines.indentation(bytes, start) + line + newline, at: lineStart)
            }
            return ByteEdit(insert: line + " ", at: start)
        }
        if let last = pairs.last {
            let semicolon = try self.semicolon(after: try span(last.value).upperBound)
            let lineEnd = ByteLines.lineEnd(bytes, semicolon)
            let lastStart = try span(last.key).lowerBound
            let endsLine = lineEnd > semicolon + 1 && [0x0A, 0x0D].contains(bytes[lineEnd - 1])
            let contentEnd = lineEnd - (lineEnd >= 2 && bytes[lineEnd - 2] == 0x0D && bytes[lineEnd - 1] == 0x0A ? 2 : 1)
            if endsLine, ByteLines.blank(bytes, semicolon + 1, contentEnd),
                ByteLines.blank(bytes, ByteLines.lineStart(bytes, lastStart), lastStart)
            {
                return ByteEdit(insert: ByteLines.indentation(bytes, lastStart) + line + newline, at: lineEnd)
            }
            return ByteEdit(insert: " " + line, at: semicolon + 1)
        }
        // An empty dictionary: `buildSettings = {` and `};` on lines of their own, or `{ }`.
        let whole = try span(dictionary)
        let brace = whole.upperBound - 1
        let braceLine = ByteLines.lineStart(bytes, brace)
        let indent = ByteLines.indentation(bytes, brace)
        let unit = indent.contains(" ") && !indent.contains("\t") ? "    " : "\t"
        if braceLine > whole.lowerBound, ByteLines.blank(bytes, braceLine, brace) {
            return ByteEdit(insert: indent + unit + line + newline, at: braceLine)
        }
        let outer = ByteLines.indentation(bytes, whole.lowerBound)
        let text = Array((newline + outer + unit + line + newline + outer).utf8)
        // White space inside `{ }` gives way to the new line; a comment there stays.
        let inner = whole.lowerBound + 1..<brace
        return bytes[inner].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) } ? ByteEdit(inner, text) : ByteEdit(brace..<brace, text)
    }

    /// The offset of the `;` that ends a pair whose value ends at `offset`.
    private func semicolon(after offset: Int) throws(ProjectEditError) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            guard [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) else {
                throw ProjectEditError("\(file): a comment or other text between a value and its `;`; not edited")
            }
            index += 1
        }
        guard index < bytes.count else { throw ProjectEditError("\(file): a pair without its `;`; not edited") }
        return index
    }

    /// Rewrites list elements that hold `,` or `;` as separate elements (`"A,B"` becomes `A, B`:
    /// two elements in OpenStep), or a string value as its words joined with spaces.
    func separatedWithSpaces(_ value: Int32) throws(ProjectEditError) -> [ByteEdit] {
        if let string = plist.string(value) {
            let words = try SettingWords.split(string, in: file)
            return [try replace(value, with: words.joined(separator: " "))]
        }
        var edits: [ByteEdit] = []
        for element in plist.elements(value) {
            guard let string = plist.string(element), string.contains(where: { $0 == "," || $0 == ";" }) else { continue }
            let words = try SettingWords.split(string, in: file)
            guard !words.isEmpty else {
                throw ProjectEditError("\(file), line \(plist[element].line): an element that is only separators; remove it by hand")
            }
            edits.append(ByteEdit(try span(element), Array(words.map(OpenStepText.string).joined(separator: ", ").utf8)))
        }
        return edits
    }
}

/// The words of a list setting split on white space, `,` and `;`.
enum SettingWords {
    static func split(_ value: String, in file: String) throws(ProjectEditError) -> [String] {
        let words = ShellWords.split(value).flatMap { $0.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init) }
        if words.contains(where: { $0.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) }) {
            throw ProjectEditError("\(file): a name in the list holds white space or quotes; separate the names by hand")
        }
        return words
    }
}
