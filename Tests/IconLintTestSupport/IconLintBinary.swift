import Foundation

/// The built `iconlint` executable, looked for where SwiftPM puts it: beside the test bundle
/// (on Linux the test runner is argument 0; on macOS the `.xctest` bundle is loaded or named
/// in the arguments), then in the package's `.build/debug`.
public enum IconLintBinary {
    /// The first executable `iconlint` among the candidates, or nil when none is built.
    public static let path: String? = candidates.map { $0.appendingPathComponent("iconlint").path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var candidates: [URL] {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
        }
        for argument in CommandLine.arguments where argument.contains(".xctest") {
            var url = URL(fileURLWithPath: argument)
            while url.pathComponents.count > 1 && !url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
            folders.append(url.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        folders.append(Repository.root.appendingPathComponent(".build/debug"))
        return folders
    }
}
