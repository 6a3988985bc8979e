import Foundation

/// The app icon set a .NET MAUI build generates: its Info.plist's `XSAppIconAssets` names
/// `Assets.xcassets/NAME.appiconset`, and the `<MauiIcon Include="Resources/NAME.svg">` of the
/// .csproj above it is what the build turns into that set. The set is a build output, never in
/// the repository, so the primary icon cannot be checked from the sources: a note says so.
struct MauiIconSource: Sendable, Hashable {
    /// The set XSAppIconAssets names (`appicon`), and the value as written.
    var setName: String
    var assets: String
    /// Root-relative .csproj, and its first MauiIcon's Include (nil when it has none).
    var project: String
    var icon: String?

    /// The set the MauiIcon generates: its file's name without the extension.
    var generatedName: String? {
        guard let icon else { return nil }
        let file = icon.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? icon
        return file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
    }

    /// The note every reporter shows for the app of `plist`.
    func note(plist: String) -> String {
        let source = "<MauiIcon Include=\"\(icon ?? "…")\"> in \(project)"
        if let generated = generatedName, generated.lowercased() != setName.lowercased() {
            return
                "\(plist): XSAppIconAssets names \(assets), but the .NET MAUI build generates \(generated).appiconset from \(source), so the primary icon was not checked: make XSAppIconAssets Assets.xcassets/\(generated).appiconset, then lint the built app (.app or .ipa)"
        }
        return
            "\(plist): XSAppIconAssets names \(assets), which the .NET MAUI build generates from \(source); the set is not in the repository, so the primary icon was not checked: lint the built app (.app or .ipa) to check it"
    }
}
