import IconResample

/// The correction protocol behind `iconlint fix`.
///
/// A rule that can be repaired conforms to `Correctable` in its own file, in an extension
/// after the rule type, so the repair sits beside the check it answers. `corrections(_:in:)`
/// reads the same model `check(_:)` reads and returns, for each finding it can answer, one
/// `Correction`: either the edits that remove the finding (`.planned`) or why it is left
/// (`.left`, printed as is). A correction never writes and never reads files: it plans.
///
/// The edits are `PlannedEdit`s with root-relative paths:
/// - `writeBytes`: a text file's new bytes (a Contents.json with a slot filled); the file is
///   replaced, or made when missing.
/// - `newImage`: a PNG made from another image of the same icon by the project's resampler
///   (`ImageRecipe`: resized in linear light, flattened onto a colour, made grey), never
///   upscaled; a new file, or a replacement for the source itself.
/// - `removePlistKey`: an entry removed from an Info.plist (a key path of nested
///   dictionaries), with the line it stood on.
/// - `contentsFilename`: an app icon set's Contents.json with a file name put into one image
///   entry (by its index in `images`), every other byte kept.
/// - `rename`: a file moves to another name in the same folder.
/// - `plistIconFiles`: an icon's CFBundleIconFiles under `CFBundleIcons` or
///   `CFBundleIcons~ipad` set to a list (added when missing), format-preserving.
///
/// Pixels and Info.plist bytes are made by the executor (module IconFix), which has the
/// resampler and the Info.plist editor; this module only describes what to make, so the
/// protocol stays where the rules are whichever module the resampler lives in. The executor
/// resolves every edit first, checks that no file it read has changed, and writes them all
/// in one transaction. Corrections of other kinds (pbxproj and xcconfig byte edits) add cases
/// here and plug into the same executor.
public protocol Correctable: Rule {
    /// The corrections of this rule's findings for one app and configuration; one per finding
    /// (or per icon), in the rule's order. Never reads files.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction]
}

/// What the user asked of `fix`, as the corrections need it.
public struct CorrectionRequest: Sendable {
    /// `--background`: the colour a transparent App Store image is flattened onto; nil leaves it.
    public var background: RGBColor?

    public init(background: RGBColor? = nil) {
        self.background = background
    }
}

/// One finding's repair, or why there is none.
public struct Correction: Sendable {
    public enum Outcome: Sendable {
        case planned([PlannedEdit])
        /// Not repaired: the reason, a sentence.
        case left(String)
    }

    public var rule: RuleID
    /// What is repaired, for the report: "App/Info.plist: alternate icon 'Dark' lacks 180 px".
    public var subject: String
    public var outcome: Outcome

    public init(rule: RuleID, subject: String, outcome: Outcome) {
        self.rule = rule
        self.subject = subject
        self.outcome = outcome
    }

    /// The edits, empty when left.
    public var edits: [PlannedEdit] {
        if case .planned(let edits) = outcome { return edits }
        return []
    }
}

/// One change to one file, root-relative (see `Correctable`).
public enum PlannedEdit: Sendable, Hashable {
    case writeBytes(path: String, bytes: [UInt8])
    case newImage(path: String, recipe: ImageRecipe)
    case contentsFilename(path: String, index: Int, filename: String)
    case removePlistKey(path: String, keyPath: [String])
    case rename(from: String, to: String)
    case plistIconFiles(path: String, change: PlistIconFiles)
    /// Build settings of a target changed in project.pbxproj or the .xcconfig the value comes
    /// from (`BuildSettingChange.resolve`, minimal byte edits).
    case buildSettings(BuildSettingChange)

    /// The file the edit writes (for a rename, the new name; for build settings, the project's
    /// pbxproj, though the edit may land in an .xcconfig).
    public var path: String {
        switch self {
        case .writeBytes(let path, _), .newImage(let path, _), .plistIconFiles(let path, _), .contentsFilename(let path, _, _), .removePlistKey(let path, _):
            path
        case .rename(_, let to): to
        case .buildSettings(let change): change.project + "/project.pbxproj"
        }
    }
}

/// How a new image is made from an existing one.
public struct ImageRecipe: Sendable, Hashable {
    /// The root-relative image it is made from: the largest of the icon.
    public var source: String
    /// Its side in pixels (never above the source's).
    public var size: Int
    /// Composited onto this colour and written without alpha; nil keeps alpha as it is.
    public var background: RGBColor?
    /// Converted to grey by luminance in linear light (as `generate --tinted` does).
    public var grey: Bool

    public init(source: String, size: Int, background: RGBColor? = nil, grey: Bool = false) {
        self.source = source
        self.size = size
        self.background = background
        self.grey = grey
    }
}
