import Foundation

/// The environment of a child iconlint: its image cache (on by default) in a scratch folder,
/// never under the machine's $HOME.
public enum TestCache {
    public static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "iconlint-test-cache"
        environment["HOME"] = NSTemporaryDirectory() + "iconlint-test-home"
        return environment
    }
}
