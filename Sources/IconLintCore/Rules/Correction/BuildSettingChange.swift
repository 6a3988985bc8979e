import Foundation

/// A build-setting correction as a plan, for `iconlint fix`: which target of which project,
/// and what to change. It reads nothing; `resolve(root:)` (ProjectEdit) turns it into byte edits
/// when the executor resolves every planned edit (then the bytes it read are checked again before writing).
public struct BuildSettingChange: Sendable, Hashable {
    public enum Operation: Sendable, Hashable {
        /// `appiconset-not-included`: the set's name added to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES
        /// of every configuration of the target that lacks it.
        case includeAlternateIcon(String)
        /// `build-setting-malformed`: the list separated by white space only.
        case separateAlternateNames
    }

    /// Root-relative `.xcodeproj`.
    public var project: String
    public var target: String
    public var operation: Operation

    public init(project: String, target: String, operation: Operation) {
        self.project = project
        self.target = target
        self.operation = operation
    }
}

extension BuildSettingChange {
    /// The change for an app read from an `.xcodeproj`; nil for one a generator's spec
    /// describes (XcodeGen, Tuist) or one without a project, whose settings are not edited here.
    static func forApp(_ app: AppModel, _ operation: Operation) -> BuildSettingChange? {
        guard let project = app.identity.project, project.lowercased().hasSuffix(".xcodeproj"), let target = app.identity.target
        else { return nil }
        return BuildSettingChange(project: project, target: target, operation: operation)
    }

    /// Why `forApp` gave nil, for the report.
    static func notEditable(_ app: AppModel) -> String {
        if app.isFromSpec, let spec = app.identity.project {
            return "the build settings come from \(spec), from which a generator makes the project; change the setting there"
        }
        return "the app has no .xcodeproj whose build settings could be edited"
    }
}
