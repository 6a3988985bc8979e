import Foundation
import IconSupport

/// An Expo project as `npx expo prebuild` would turn it into an iOS app: the images its config
/// names for the primary icon and for each alternate, what prebuild makes of each (the size
/// it resizes to, whether it flattens transparency), and the alternate names the build will
/// declare. Read from the config only (see `ExpoConfigFile`); what the config computes when it
/// runs is a note, never a guess.
struct ExpoApp: Sendable {
    /// Root-relative project folder (where package.json and the config are).
    var folder: String
    /// Root-relative config file read, and the files values of it come from (see `ExpoConfigFile.place`).
    var configFile: String
    var otherFiles: [String] = []
    /// True when `ios/` is committed: the build uses it as it is and prebuild does not run, so
    /// the config is compared with it (expo-prebuild-stale) instead of modelled.
    var prebuilt = false
    /// Images prebuild turns into icons: the primary's (ios.icon / icon) and the alternates'.
    var images: [ExpoImage] = []
    /// The alternate icons the plugins declare, in config order.
    var alternates: [ExpoAlternate] = []
    /// False when some alternates may be declared where the reader cannot see (a plugin it
    /// does not model, a computed plugins list): then no code name is judged unknown.
    var alternatesComplete = true
    /// The primary icon's appearances the config names (for the stale-prebuild comparison).
    var primaryAppearances: [(appearance: Appearance, location: Location)] = []
    /// Config problems that stop prebuild or leave an icon out (expo-icon-missing).
    var problems: [Finding] = []
    /// What could not be resolved, each a sentence.
    var notes: [String] = []

    /// The names the build declares, as iOS sees them (`setAlternateIconName`).
    var declaredNames: Set<String> { Set(alternates.flatMap(\.iosNames)) }

    /// The image requests rules need: each file's header, and its alpha where prebuild keeps it.
    var imageRequests: [(path: String, needs: ImageNeeds)] {
        images.filter { !$0.isIconBundle }.map { ($0.path, $0.keepsTransparency && $0.appearance == .any ? .minAlpha : .header) }
    }
}

/// One image the config names, as prebuild uses it.
struct ExpoImage: Sendable, Hashable {
    /// As written in the config (`./assets/icon.png`), and root-relative.
    var written: String
    var path: String
    /// Where the entry is written (the config, or the static config it spreads).
    var location: Location
    var appearance: Appearance
    /// For messages: "ios.icon", "alternate icon 'Red' (expo-alternate-app-icons)".
    var purpose: String
    /// The largest image prebuild makes from it: smaller sources are scaled up (blurred).
    var minimumPixels: Int
    /// Prebuild keeps its transparency (it does not flatten it onto white).
    var keepsTransparency: Bool
    /// Prebuild copies the file's format as it is (anything but PNG then reaches the app icon set).
    var copiedAsIs: Bool
    /// An Icon Composer `.icon` folder (Expo SDK 54), copied as it is.
    var isIconBundle = false
    /// What the reader found on disk: a regular file, a folder, a PNG signature.
    var exists = true
    var isFolder = false
    var looksLikePNG = true
    /// For an Icon Composer folder: whether its icon.json and the images it names are there.
    var contents: IconComposerContents.Outcome?
}

/// One alternate icon a plugin declares.
struct ExpoAlternate: Sendable, Hashable {
    /// The name the app's code passes to the plugin, and the name(s) iOS receives.
    var codeName: String
    var iosNames: [String]
    var plugin: String
    /// Where the entry is written.
    var location: Location
}

/// What an Icon Composer `.icon` folder holds, as the Expo reader found it (see its `check`).
enum IconComposerContents {
    enum Outcome: Hashable {
        /// Everything named is there.
        case complete
        /// icon.json is missing or is no JSON object: actool stops on the folder.
        case unreadable(String)
        /// Images icon.json names that `Assets/` lacks.
        case missing([String])
        /// The layout is not one iconlint knows (no `groups` of `layers`): not checked.
        case unknown(String)
    }
}
