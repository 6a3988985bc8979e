import Foundation

/// Holds the project editors to the OpenStep reader: an edited project.pbxproj must parse,
/// and read as the original did except for the settings the edit meant to change. Used by
/// `BuildSettingEdits` before it hands an edit back, by the differential tests, and by the
/// `project-edit` fuzz target, which mutates real-shaped projects before editing them.
public enum ProjectEditCheck {
    /// Why `edited` is not `original` with only the settings `keys` (with or without
    /// conditions) changed in `buildSettings` dictionaries; nil when it is.
    public static func unintendedDifference(original: [UInt8], edited: [UInt8], keys: Set<String>) -> String? {
        guard case .success(let before) = OpenStepPlist.parse(original) else { return "the original does not parse" }
        let after: OpenStepPlist
        switch OpenStepPlist.parse(edited) {
        case .success(let parsed): after = parsed
        case .failure(let error): return "the edited file does not parse: \(error.message)"
        }
        let old = withoutSettings(keys, before.foundationValue(before.root)) as? NSObject
        let new = withoutSettings(keys, after.foundationValue(after.root)) as? NSObject
        return old == new ? nil : "other values differ"
    }

    /// The value with `keys` taken out of every dictionary held under `buildSettings`.
    private static func withoutSettings(_ keys: Set<String>, _ value: Any, settings: Bool = false) -> Any {
        if let array = value as? [Any] { return array.map { withoutSettings(keys, $0) } }
        guard let dictionary = value as? [String: Any] else { return value }
        var result: [String: Any] = [:]
        for (key, child) in dictionary {
            if settings, let name = parseSettingName(key), keys.contains(name.key) { continue }
            result[key] = withoutSettings(keys, child, settings: key == "buildSettings")
        }
        return result
    }

    /// For the fuzz target: every editor operation on every configuration of every target of
    /// `data` (as a project.pbxproj), each checked; a description of the first edit that
    /// breaks the file, changes another value or misses its own, nil when all hold. Input the
    /// editors refuse (not OpenStep text, no project) is no disagreement.
    public static func disagreement(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        guard let editor = try? PBXSettingsEditor(bytes: bytes, file: "project.pbxproj") else { return nil }
        let key = BuildSettingEdits.alternateNamesKey
        let word = "IconLintCheck"
        for dictionary in editor.allSettingsDictionaries() {
            let entries = editor.entries(of: key, in: dictionary)
            var attempts: [(String, Result<[ByteEdit], ProjectEditError>)] = []
            if let plain = entries.last(where: { $0.conditions.isEmpty }) {
                attempts.append(("append", Result { () throws(ProjectEditError) in [try editor.append(word, to: plain.value)] }))
                attempts.append(("separate", Result { () throws(ProjectEditError) in try editor.separatedWithSpaces(plain.value) }))
            } else {
                attempts.append(("insert", Result { () throws(ProjectEditError) in [try editor.insert(key: key, value: word, into: dictionary)] }))
            }
            for (operation, attempt) in attempts {
                guard case .success(let edits) = attempt, let edited = try? ByteEdit.apply(edits, to: bytes) else { continue }
                if let difference = unintendedDifference(original: bytes, edited: edited, keys: [key]) {
                    return "\(operation) at line \(editor.plist[dictionary].line): \(difference)"
                }
                if operation != "separate", !holds(word, key: key, dictionaryLine: editor.plist[dictionary].line, in: edited) {
                    return "\(operation) at line \(editor.plist[dictionary].line): the edited file's \(key) lacks the name"
                }
            }
        }
        return nil
    }

    /// Whether some `buildSettings` dictionary starting on `line` of `bytes` lists `word` under `key`.
    static func holds(_ word: String, key: String, dictionaryLine: Int32, in bytes: [UInt8]) -> Bool {
        guard let editor = try? PBXSettingsEditor(bytes: bytes, file: "project.pbxproj") else { return false }
        // An insertion above moves nothing before it: the dictionary starts on the same line.
        return editor.allSettingsDictionaries().contains { dictionary in
            editor.plist[dictionary].line == dictionaryLine
                && editor.entries(of: key, in: dictionary).contains { entry in
                    entry.conditions.isEmpty && ShellWords.split(editor.text(of: entry.value) ?? "").contains(word)
                }
        }
    }
}

extension PBXSettingsEditor {
    /// The `buildSettings` dictionary of every XCBuildConfiguration, in file order.
    func allSettingsDictionaries() -> [Int32] {
        graph.objects(withISA: "XCBuildConfiguration").compactMap { graph.dictionary("buildSettings", of: $0) }
            .sorted { (plist.span($0)?.lowerBound ?? 0) < (plist.span($1)?.lowerBound ?? 0) }
    }
}
