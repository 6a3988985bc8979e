import Foundation

extension BuildSettingChange {
    /// The edits of the files the values come from (empty when nothing needs changing).
    public func resolve(root: String) throws(ProjectEditError) -> [TextFileEdit] {
        switch operation {
        case .includeAlternateIcon(let name):
            try BuildSettingEdits.addingAlternateIconName(name, target: target, project: project, root: root)
        case .separateAlternateNames:
            try BuildSettingEdits.separatingAlternateNames(target: target, project: project, root: root)
        }
    }

    /// How the change reads in a report.
    public var summary: String {
        switch operation {
        case .includeAlternateIcon(let name): "\(target): \(BuildSettingEdits.alternateNamesKey) += \(name) in every configuration"
        case .separateAlternateNames: "\(target): \(BuildSettingEdits.alternateNamesKey) separated by spaces"
        }
    }
}
