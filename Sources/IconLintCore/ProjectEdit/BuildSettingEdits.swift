import Foundation

/// The build-setting changes `iconlint add` and `iconlint fix` make, as minimal byte edits of
/// the files the values come from: the target's `buildSettings` in project.pbxproj, or the
/// .xcconfig line (through any `#include`) that writes the winning value. Reads the project
/// as lint does, changes nothing on disk, and checks each edited pbxproj against the OpenStep
/// reader (it parses, and only the intended settings differ) before handing it back.
public enum BuildSettingEdits {
    public static let alternateNamesKey = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"

    /// Edits that add `name` to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES in every
    /// configuration of `target` that lacks it: appended where the winning value is written
    /// (and to the plain assignment beside a conditional one, so simulator builds have it too),
    /// `$(inherited) NAME` in the target when only the project level sets it, a new sorted line
    /// in the target's `buildSettings` when nothing does. Empty when every configuration has it.
    /// - Parameters: `project` is the root-relative `.xcodeproj`; `root` the linted folder.
    public static func addingAlternateIconName(
        _ name: String, target: String, project: String, root: String
    ) throws(ProjectEditError) -> [TextFileEdit] {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" }) else {
            throw ProjectEditError("an icon set name cannot hold white space, `,`, `;` or quotes: \(name)")
        }
        let session = try EditSession(project: project, target: target, root: root)
        for configuration in session.target.configurations {
            if let reason = configuration.unknownSettings[alternateNamesKey] {
                throw ProjectEditError("\(configuration.name): \(alternateNamesKey) is not known (\(reason)); not edited")
            }
            let settings = configuration.settings
            guard !settings.list(alternateNamesKey).contains(name) else { continue }
            if let raw = settings.rawValue(alternateNamesKey), raw.contains(where: { $0 == "," || $0 == ";" }) {
                throw ProjectEditError(
                    "\(configuration.name): \(alternateNamesKey) = \"\(raw)\" holds separators other than spaces; separate the names first (iconlint fix does)")
            }
            try session.add(name, configuration: configuration.name, settings: settings)
        }
        return try session.result()
    }

    /// Edits that make every configuration's ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES of
    /// `target` separated by white space only (the `build-setting-malformed` correction):
    /// `"og, joy"` becomes `"og joy"` where the winning value is written. Empty when none needs it.
    public static func separatingAlternateNames(target: String, project: String, root: String) throws(ProjectEditError) -> [TextFileEdit] {
        let session = try EditSession(project: project, target: target, root: root)
        for configuration in session.target.configurations {
            let settings = configuration.settings
            guard let index = settings.winningIndex(of: alternateNamesKey, below: settings.assignments.count),
                settings.assignments[index].value.contains(where: { $0 == "," || $0 == ";" })
            else { continue }
            try session.separate(settings.assignments[index], configuration: configuration.name)
        }
        return try session.result()
    }
}

/// The files one operation edits, their bytes as read and the edits planned for each.
private final class EditSession {
    let root: String
    let absoluteRoot: String
    let pbxproj: String
    let target: XcodeTarget
    /// The .xcconfig files other targets of the project read: a name added there would reach them too.
    let sharedFiles: Set<String>
    private var bytes: [String: [UInt8]] = [:]
    /// Per file: each edit, the configurations it serves, and what it does.
    private var planned: [String: [(edit: ByteEdit, configurations: [String], what: String)]] = [:]
    private var pbx: PBXSettingsEditor?
    private let key = BuildSettingEdits.alternateNamesKey

    init(project: String, target name: String, root: String) throws(ProjectEditError) {
        self.root = root
        absoluteRoot = ProjectPath.absolute(root)
        let read = XcodeProjectReader.read(projectPath: project, root: root)
        pbxproj = ProjectPath.relative(ProjectPath.join(ProjectPath.join(absoluteRoot, project), "project.pbxproj"), to: absoluteRoot)
        if let problem = read.problems.first(where: { $0.kind == .projectUnreadable }) {
            throw ProjectEditError("\(problem.location.file): \(problem.message); not edited")
        }
        guard let target = read.target(named: name) else { throw ProjectEditError("\(project) has no target \(name)") }
        self.target = target
        sharedFiles = Set(
            read.targets.filter { $0.name != name }.flatMap(\.configurations).flatMap { configuration in
                configuration.settings.assignments.compactMap { assignment -> String? in
                    if case .xcconfig(let location) = assignment.source { return location.file }
                    return nil
                }
            })
    }

    // MARK: Files

    private func contents(_ file: String) throws(ProjectEditError) -> [UInt8] {
        if let cached = bytes[file] { return cached }
        switch ProjectFile.read(ProjectPath.join(absoluteRoot, file), root: absoluteRoot, limit: OpenStepPlist.byteLimit) {
        case .success(let data):
            bytes[file] = [UInt8](data)
            return [UInt8](data)
        case .failure(let failure):
            throw ProjectEditError("cannot read \(file): \(failure); not edited")
        }
    }

    private func project() throws(ProjectEditError) -> PBXSettingsEditor {
        if let pbx { return pbx }
        let editor = try PBXSettingsEditor(bytes: try contents(pbxproj), file: pbxproj)
        pbx = editor
        return editor
    }

    private func xcconfig(_ file: String) throws(ProjectEditError) -> XCConfigEditor {
        try XCConfigEditor(bytes: try contents(file), file: file)
    }

    private var configuration = ""

    /// Plans `edit` for the configuration being worked on; an edit planned already (an
    /// xcconfig line several configurations share) only gains the configuration.
    private func plan(_ edit: ByteEdit, in file: String, _ what: String) {
        if let index = planned[file]?.firstIndex(where: { $0.edit == edit }) {
            if !planned[file]![index].configurations.contains(configuration) { planned[file]![index].configurations.append(configuration) }
            return
        }
        planned[file, default: []].append((edit, [configuration], what))
    }

    // MARK: Operations

    func add(_ name: String, configuration: String, settings: BuildSettings) throws(ProjectEditError) {
        self.configuration = configuration
        let change = "\(key) += \(name)"
        guard let index = settings.winningIndex(of: key, below: settings.assignments.count) else {
            try insert(name, configuration: configuration, change)
            return
        }
        var assignments = [settings.assignments[index]]
        if !assignments[0].conditions.isEmpty, let plain = plainSibling(of: assignments[0], in: settings),
            !ShellWords.split(plain.value).contains(name)
        {
            assignments.append(plain)
        }
        for assignment in assignments {
            switch assignment.source {
            case .projectFile(let location, let owner, let configurationName) where owner == target.name:
                let editor = try project()
                let dictionary = try editor.settings(target: owner, configuration: configurationName)
                guard let entry = editor.entry(of: key, line: location.line, in: dictionary) else {
                    throw ProjectEditError("\(pbxproj): \(key) of \(configurationName) not found where it was read; not edited")
                }
                plan(try editor.append(name, to: entry.value), in: pbxproj, change + lineText(location))
            case .xcconfig(let location) where sharedFiles.contains(location.file):
                // Other targets read that file too: this target inherits the value and adds.
                try inherit(name, configuration: configuration, change + " (\(location.file) is shared, so in the target)")
            case .projectFile:
                // Only the project level sets it: the target inherits and adds.
                try inherit(name, configuration: configuration, change)
            case .xcconfig(let location):
                guard let line = location.line else { throw ProjectEditError("\(location.file): no line for \(key); not edited") }
                plan(try xcconfig(location.file).append(name, line: line, key: key), in: location.file, change + lineText(location))
            case .builtin:
                try insert(name, configuration: configuration, change)
            }
        }
    }

    /// `$(inherited) NAME` in the target's own `buildSettings` (or NAME added to a plain entry there).
    private func inherit(_ name: String, configuration: String, _ change: String) throws(ProjectEditError) {
        let editor = try project()
        let dictionary = try editor.settings(target: target.name, configuration: configuration)
        if let plain = editor.entries(of: key, in: dictionary).last(where: { $0.conditions.isEmpty }) {
            plan(try editor.append(name, to: plain.value), in: pbxproj, change)
        } else {
            plan(try editor.insert(key: key, value: "$(inherited) " + name, into: dictionary), in: pbxproj, change)
        }
    }

    private func insert(_ name: String, configuration: String, _ change: String) throws(ProjectEditError) {
        let editor = try project()
        let dictionary = try editor.settings(target: target.name, configuration: configuration)
        plan(try editor.insert(key: key, value: name, into: dictionary), in: pbxproj, change)
    }

    /// The unconditional assignment written in the same place as `assignment` (the same
    /// `buildSettings` dictionary or .xcconfig file): what a build the condition does not match uses.
    private func plainSibling(of assignment: SettingAssignment, in settings: BuildSettings) -> SettingAssignment? {
        settings.assignments.last { other in
            guard other.key == assignment.key, other.conditions.isEmpty else { return false }
            switch (other.source, assignment.source) {
            case (.projectFile(let a, let t1, let c1), .projectFile(let b, let t2, let c2)): return a.file == b.file && t1 == t2 && c1 == c2
            case (.xcconfig(let a), .xcconfig(let b)): return a.file == b.file
            default: return false
            }
        }
    }

    func separate(_ assignment: SettingAssignment, configuration: String) throws(ProjectEditError) {
        self.configuration = configuration
        let change = "\(key) separated by spaces"
        switch assignment.source {
        case .projectFile(let location, let owner, let configurationName):
            let editor = try project()
            let dictionary = try editor.settings(target: owner, configuration: configurationName)
            guard let entry = editor.entry(of: key, line: location.line, in: dictionary) else {
                throw ProjectEditError("\(pbxproj): \(key) of \(configurationName) not found where it was read; not edited")
            }
            for edit in try editor.separatedWithSpaces(entry.value) { plan(edit, in: pbxproj, change + lineText(location)) }
        case .xcconfig(let location):
            guard let line = location.line else { throw ProjectEditError("\(location.file): no line for \(key); not edited") }
            let editor = try xcconfig(location.file)
            let words = try SettingWords.split(try editor.value(line: line), in: location.file)
            plan(try editor.replace(line: line, key: key, with: words.joined(separator: " ")), in: location.file, change + lineText(location))
        case .builtin:
            return
        }
    }

    private func lineText(_ location: Location) -> String {
        location.line.map { " (\(location.file), line \($0))" } ?? " (\(location.file))"
    }

    // MARK: Result

    /// Every edited file, the pbxproj checked against the reader first.
    func result() throws(ProjectEditError) -> [TextFileEdit] {
        try planned.keys.sorted().map { file throws(ProjectEditError) in
            let original = try contents(file)
            let edits = planned[file]!
            let edited = try ByteEdit.apply(edits.map(\.edit), to: original)
            if file == pbxproj, let difference = ProjectEditCheck.unintendedDifference(original: original, edited: edited, keys: [key]) {
                throw ProjectEditError("\(file): the edit would change more than \(key) (\(difference)); not edited")
            }
            let changes = edits.map { "\(target.name) (\($0.configurations.joined(separator: ", "))): \($0.what)" }
            return TextFileEdit(path: file, original: original, edited: edited, changes: changes)
        }
    }
}
