import Foundation

/// Adds or replaces the legacy icon entries in an Info.plist (placeholder until the editor lands).
public enum InfoPlistEditor {
    public static func update(_ path: String, with plans: [IconSetPlan]) throws {
        throw GenerateError.write(path: path, reason: "editing Info.plist is not supported yet; paste the entries printed without --plist")
    }
}
