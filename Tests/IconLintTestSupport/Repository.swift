import Foundation

/// The package's own folders, found from this file's #filePath (never the working directory).
public enum Repository {
    /// The package root: the folder holding Package.swift.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/` at the package root.
    public static let fixtures = root.appendingPathComponent("Fixtures")

    /// The absolute path of `relative` below the package root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
