import BundleKit
import Foundation

/// What a built app's model knows of the product it comes from: what kind it is, whether it
/// was downloaded from the App Store (thinned by design), and which SDK built it.
public struct BuiltApp: Sendable, Hashable {
    /// "app", "ipa" or "xcarchive".
    public var kind: String
    /// Where the app lies inside the product ("Payload/App.app"), "" for an `.app` folder.
    public var appPath: String
    /// The app's folder name ("App.app"), for notes.
    public var appName = ""
    /// An `SC_Info/` folder or `DTAppStoreToolsBuild`: a copy Apple's App Store tools
    /// processed. Its catalog is thinned for one device by design, so the upload-time rules
    /// do not apply to it.
    public var isAppStoreDownload: Bool
    /// The major version of the iOS SDK that built it (DTSDKName `iphoneos17.2` → 17), when known.
    public var sdkMajor: Int?
    /// The app's Assets.car as findings name it, when the bundle has one.
    public var catalogPath: String?
    /// The catalog's app icons come at one scale and for one device idiom only: a build
    /// thinned for one device (a development build run on it), not what an upload holds.
    public var thinnedCatalog: Bool
    /// Assets.car exists but could not be read (icon-corrupt says so): what it holds is
    /// unknown, so the checks that depend on it stay silent.
    public var catalogUnreadable = false
    /// Per icon name, the transparency of its default-appearance 1024 rendition in Assets.car
    /// (`BuiltProductReader.marketingAlpha`), or why it is not known: a payload iconlint does
    /// not decode, or damage.
    public var catalogMarketingAlpha: [String: Result<CARAlpha, CARPixelProblem>] = [:]
    /// Built for the simulator (DTPlatformName iphonesimulator): never an upload, and its
    /// catalog is thinned for the simulated device.
    public var isSimulatorBuild: Bool

    public init(
        kind: String, appPath: String, isAppStoreDownload: Bool, sdkMajor: Int?, catalogPath: String?, thinnedCatalog: Bool,
        isSimulatorBuild: Bool = false
    ) {
        self.isSimulatorBuild = isSimulatorBuild
        self.kind = kind
        self.appPath = appPath
        self.isAppStoreDownload = isAppStoreDownload
        self.sdkMajor = sdkMajor
        self.catalogPath = catalogPath
        self.thinnedCatalog = thinnedCatalog
    }

    /// Why App Store Connect's checks do not apply to this build, if they do not: an App
    /// Store download is thinned by design, and a simulator build is never uploaded.
    public var uploadChecksSkipped: String? {
        if isAppStoreDownload { return "a copy downloaded from the App Store (SC_Info/, DTAppStoreToolsBuild), which Apple thinned for one device" }
        if isSimulatorBuild {
            return "a simulator build (DTPlatformName iphonesimulator), which is never uploaded and whose catalog is thinned for the simulated device"
        }
        return nil
    }

    /// App Store Connect's icon checks that depend on the catalog (ITMS-90704, 90713, 90717)
    /// apply to builds with the iOS 11 SDK or later; an unknown SDK is taken as recent.
    public var catalogChecksApply: Bool { (sdkMajor ?? 11) >= 11 }

    /// Why a size may be missing from this build but not from an upload, as a parenthesis for
    /// messages about catalog sizes ("" when the catalog looks complete).
    var thinningNote: String {
        if thinnedCatalog {
            return
                " (its catalog holds one device's icons at one scale only: a build thinned for one device lacks the others by design; lint the .xcarchive or the .ipa you upload to be sure)"
        }
        return ""
    }

    /// The major version in a DTSDKName such as "iphoneos17.2" (nil for other platforms or shapes).
    public static func sdkMajor(_ sdkName: String?) -> Int? {
        guard let name = sdkName?.lowercased(), name.hasPrefix("iphoneos") else { return nil }
        return Int(name.dropFirst("iphoneos".count).prefix { $0.isNumber })
    }
}
