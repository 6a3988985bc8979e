// What the source scan hands to the `unknown-alternate-icon-name` rule: every place in an
// app's code that can set an alternate icon, and the names it can pass there.

/// The languages whose sources can call `setAlternateIconName`, directly or through a plugin.
public enum SourceLanguage: String, Sendable, CaseIterable {
    case swift
    case objectiveC = "objective-c"
    case dart
    /// JavaScript, JSX included (React Native writes JSX in `.js` files).
    case javaScript = "javascript"
    /// TypeScript without JSX (`.ts`: `<Type>value` is a type assertion there).
    case typeScript = "typescript"
    /// TypeScript with JSX (`.tsx`).
    case typeScriptJSX = "tsx"

    /// The language of a file by its extension (`.swift`, `.m`/`.mm`, `.dart`, `.js`/`.jsx`/
    /// `.mjs`/`.cjs`, `.ts`/`.tsx`/`.mts`/`.cts`), nil for anything else (headers included:
    /// they declare, they do not call).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "swift": self = .swift
        case "m", "mm": self = .objectiveC
        case "dart": self = .dart
        case "js", "jsx", "mjs", "cjs": self = .javaScript
        case "ts", "mts", "cts": self = .typeScript
        case "tsx": self = .typeScriptJSX
        default: return nil
        }
    }
}

/// The call that sets the icon, and through which plugin. Every plugin listed passes the
/// name to `UIApplication.setAlternateIconName` unchanged (see `AlternateIconSourceScanner`).
public enum AlternateIconAPI: String, Sendable, CaseIterable {
    /// `UIApplication.setAlternateIconName(_:completionHandler:)` from Swift or Objective-C.
    case uiKit = "UIApplication.setAlternateIconName"
    /// Flutter, package flutter_dynamic_icon: `FlutterDynamicIcon.setAlternateIconName(name)`.
    case flutterDynamicIcon = "FlutterDynamicIcon.setAlternateIconName"
    /// React Native, package react-native-change-icon: `changeIcon(name)`.
    case reactNativeChangeIcon = "react-native-change-icon changeIcon"
    /// Expo, package expo-alternate-app-icons: `setAlternateAppIcon(name)`.
    case expoAlternateAppIcons = "expo-alternate-app-icons setAlternateAppIcon"
    /// Capacitor, package @capacitor-community/app-icon: `AppIcon.change({ name })`.
    case capacitorAppIcon = "@capacitor-community/app-icon AppIcon.change"
    /// Expo, package expo-dynamic-app-icon and its @mozzius and @bsky.app forks: `setAppIcon(name)`.
    case expoDynamicAppIcon = "expo-dynamic-app-icon setAppIcon"
    /// Expo, package @howincodes/expo-dynamic-app-icon: `setAppIcon(name)`; iOS receives
    /// `AppIcon-` + name (the set the plugin writes).
    case expoDynamicAppIconPrefixed = "@howincodes/expo-dynamic-app-icon setAppIcon"

    /// The name `setAlternateIconName` receives when the code passes `name` to this API.
    public func nameReachingIOS(_ name: String) -> String {
        self == .expoDynamicAppIconPrefixed ? "AppIcon-" + name : name
    }

    /// The name the code passes for a declared `name`: nil when this API cannot reach it.
    public func unprefixed(_ name: String) -> String? {
        guard self == .expoDynamicAppIconPrefixed else { return name }
        return name.hasPrefix("AppIcon-") ? String(name.dropFirst("AppIcon-".count)) : nil
    }
}

/// One name the code can pass, where its literal is written (1-based line and column; the
/// column counts Unicode scalars). For an enum's implicit raw value, the case's name.
public struct AlternateIconName: Sendable, Hashable, Comparable {
    public let name: String
    public let path: String
    public let line: Int
    public let column: Int

    public init(name: String, path: String, line: Int, column: Int) {
        self.name = name
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.path, a.line, a.column, a.name) < (b.path, b.line, b.column, b.name)
    }
}

/// A call that can set an alternate icon, at the position of the called name.
public struct AlternateIconCallSite: Sendable, Hashable {
    public let path: String
    public let line: Int
    public let column: Int
    public let api: AlternateIconAPI
    /// The names this call can pass, resolved from literals, sorted by position.
    public let names: [AlternateIconName]
    /// The call can pass nil (or the plugin's way of saying the primary icon).
    public let canBePrimary: Bool
    /// Some value could not be resolved (a parameter, interpolation, a computed string or
    /// anything else): `names` is then not the whole story, and no guess is made.
    public let isDynamic: Bool

    public init(
        path: String, line: Int, column: Int, api: AlternateIconAPI,
        names: [AlternateIconName], canBePrimary: Bool, isDynamic: Bool
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.api = api
        self.names = names
        self.canBePrimary = canBePrimary
        self.isDynamic = isDynamic
    }
}

/// A source file that could not be read, with a one-line reason.
public struct SourceScanProblem: Sendable, Hashable {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// Every call site found in a set of files, and the files that could not be read.
public struct SourceScanResult: Sendable, Hashable {
    public var callSites: [AlternateIconCallSite]
    public var problems: [SourceScanProblem]

    /// True when every call site's names are known (no dynamic value anywhere): only then
    /// can a declared alternate be called unused.
    public var isFullyResolved: Bool { !callSites.contains { $0.isDynamic } }
}
