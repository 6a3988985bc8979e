/// What a .NET app's project says of where its icon settings are written: the `.csproj`
/// whose `<AlternateAppIcon>` items, `IncludeAllAppIcons` and `AppIcon` properties, and
/// `<ImageAsset>` / `<BundleResource>` items the .NET for iOS (or Xamarin.iOS) build passes to
/// actool and copies, so that fix texts name them instead of Xcode build settings.
public struct DotNetApp: Sendable, Hashable {
    /// Root-relative .csproj.
    public var project: String
    /// How the primary set is named, for messages: `XSAppIconAssets in Info.plist` or
    /// `<AppIcon> of App.csproj`; nil when nothing names one.
    public var primaryNamedBy: String?
    /// An old-style Xamarin.iOS project, which lists every bundled file as an item.
    public var listsItems: Bool
}
