import IconSupport
import PlistKit

/// An Xcode project as far as icon linting needs it: its targets, each target's build
/// settings per configuration, and what each target copies into its bundle.
///
/// Read with `XcodeProjectReader.read(projectPath:root:)`; list a workspace's projects with
/// `WorkspaceReader`. All paths are relative to the linted root folder. The library never
/// prints and never throws: what cannot be read is a `ProjectProblem`.
///
/// How it is read:
/// - project.pbxproj by `OpenStepPlist`, a one-pass reader over the file's UTF-8 bytes that
///   records each object's and key's line as it goes and decodes only the strings asked for;
///   it accepts, rejects and words its errors as `PropertyListSerialization` does (which still
///   reads the rare XML or binary project). Objects are resolved by id through `PBXObjectGraph`.
/// - Several projects are read at once with `XcodeProjectReader.read(projectPaths:root:)`.
/// - Settings per configuration: builtins < project xcconfig < project `buildSettings` <
///   target xcconfig < target `buildSettings`, with `$(inherited)` and conditions
///   evaluated for a device build (sdk `iphoneos`, arch `arm64`). See `BuildSettings`.
/// - xcconfigs through `baseConfigurationReference`, or Xcode 16's
///   `baseConfigurationReferenceAnchor` + `baseConfigurationReferenceRelativePath`, with
///   `#include`/`#include?`. See `XCConfigReader`.
/// - Resources from the Copy Bundle Resources phase (file references, variant groups,
///   folder references, platform filters) and Xcode 16 synchronized folders with their
///   membership exceptions. See `TargetResources`.
public struct XcodeProject: Sendable {
    /// Root-relative path of the `.xcodeproj` folder.
    public var path: String
    /// Targets in the order of the project's `targets` list.
    public var targets: [XcodeTarget]
    /// Everything the reader had to work around (unreadable files, dangling references,
    /// missing or malformed xcconfigs), with file and line where known.
    public var problems: [ProjectProblem]
    /// What a generated project's reader could not resolve, as complete sentences naming the
    /// spec's file and line (an `XcodeGen` spec's environment variables, a missing source).
    public var notes: [String] = []

    public init(path: String, targets: [XcodeTarget], problems: [ProjectProblem]) {
        self.path = path
        self.targets = targets
        self.problems = problems
    }

    /// Targets that build an iOS application (see `XcodeTarget.isApplication`).
    public var applicationTargets: [XcodeTarget] { targets.filter(\.isApplication) }

    /// The first target of that name.
    public func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }
}

/// What a target builds, from its `productType`.
public enum TargetKind: String, Sendable, Hashable {
    /// `com.apple.product-type.application`.
    case application
    /// `com.apple.product-type.application.on-demand-install-capable`: an App Clip, which has its own icons.
    case appClip
    /// `application.watchapp`, `application.watchapp2`, `application.watchapp2-container`: watchOS icons, other sizes.
    case watchApp
    /// `application.messages`: an iMessage app whose icon set has Messages sizes.
    case messagesApp
    /// Any `app-extension` (widgets, share extensions, iMessage extensions...).
    case appExtension
    /// Unit and UI test bundles.
    case test
    /// Frameworks, libraries, bundles, aggregate targets and anything else.
    case other

    package init(productType: String) {
        let prefix = "com.apple.product-type."
        let type = productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
        switch type {
        case "application": self = .application
        case "application.on-demand-install-capable": self = .appClip
        case "application.messages": self = .messagesApp
        case _ where type.hasPrefix("application.watchapp"): self = .watchApp
        case _
        where type.contains("app-extension") || type.hasPrefix("extensionkit-extension")
            || type == "tv-app-extension" || type == "watchkit2-extension":
            self = .appExtension
        case _ where type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing"): self = .test
        default: self = .other
        }
    }
}

/// One target of a project.
public struct XcodeTarget: Sendable {
    public var name: String
    /// `productType` as written, e.g. `com.apple.product-type.application`; empty for aggregate targets.
    public var productType: String
    public var kind: TargetKind
    /// True for targets that build an iOS app whose home-screen icons iconlint checks: kind
    /// `application` or `appClip`, and some configuration builds for iOS (SDKROOT `iphoneos`,
    /// or SUPPORTED_PLATFORMS naming `iphoneos`, or neither set). macOS-only apps, watch apps,
    /// iMessage apps, extensions and tests are not.
    public var isApplication: Bool
    /// Configurations in the order of the target's configuration list (Debug, Release, ...).
    public var configurations: [BuildConfiguration]
    public var resources: TargetResources
    /// The target's Run Script phases, in build order.
    public var scriptPhases: [ScriptPhase]

    /// Files the target's Run Script phases declare they write (`outputPaths`, as written, with
    /// `$(SRCROOT)`/`$(PROJECT_DIR)`/`$(SOURCE_ROOT)` made root-relative): (phase name, path).
    /// Then those of the targets it depends on (`dependencies`, an aggregate "App pre" target
    /// that writes a prefix header), which build first.
    public var scriptOutputs: [ScriptOutput] = []

    /// Info.plists a project generator writes at generate time (XcodeGen's `info:`, Tuist's
    /// `.extendingDefault(with:)`), keyed by the root-relative path INFOPLIST_FILE names: the
    /// build reads these, not the file on disk.
    public var generatedInfoPlists: [String: PlistDocument] = [:]

    /// A file a Run Script phase says it writes.
    public struct ScriptOutput: Sendable, Hashable {
        public var phase: String
        public var path: String
        /// The target whose phase it is, when that is a dependency of this one.
        public var dependency: String?

        package init(phase: String, path: String, dependency: String? = nil) {
            self.phase = phase
            self.path = path
            self.dependency = dependency
        }
    }

    public init(
        name: String, productType: String, isApplication: Bool, configurations: [BuildConfiguration],
        resources: TargetResources, scriptPhases: [ScriptPhase] = []
    ) {
        self.name = name
        self.productType = productType
        self.kind = TargetKind(productType: productType)
        self.isApplication = isApplication
        self.configurations = configurations
        self.resources = resources
        self.scriptPhases = scriptPhases
    }

    /// The configuration of that name, if the target has one.
    public func configuration(named name: String) -> BuildConfiguration? {
        configurations.first { $0.name == name }
    }
}

/// One build configuration of a target with its fully resolved settings.
public struct BuildConfiguration: Sendable {
    public var name: String
    /// Settings in Xcode's order: project xcconfig < project settings < target xcconfig <
    /// target settings, with `$(inherited)` chaining through them.
    public var settings: BuildSettings
    /// Settings whose value the reader cannot know (a generator fills them in from its
    /// environment, or its spec computes them), each with the note that says why (empty when
    /// the reader reported it already, among the project's problems): they count as unknown,
    /// never as unset, and the checks that need them are not run.
    public var unknownSettings: [String: String] = [:]

    public init(name: String, settings: BuildSettings) {
        self.name = name
        self.settings = settings
    }
}

/// A Run Script build phase (`PBXShellScriptBuildPhase`): what it runs and the paths it
/// declares, as written (build settings unexpanded).
public struct ScriptPhase: Sendable, Hashable {
    /// The phase's name; Xcode shows "Run Script" when it has none.
    public var name: String?
    public var script: String
    public var inputPaths: [String]
    public var outputPaths: [String]
    /// `.xcfilelist` files listing more inputs and outputs.
    public var fileLists: [String]
    /// The pbxproj and the line of the phase's object.
    public var location: Location

    public init(
        name: String?, script: String, inputPaths: [String] = [], outputPaths: [String] = [], fileLists: [String] = [],
        location: Location
    ) {
        self.name = name
        self.script = script
        self.inputPaths = inputPaths
        self.outputPaths = outputPaths
        self.fileLists = fileLists
        self.location = location
    }

    /// "Run Script phase "Embed Alternate Icons"" for messages.
    public var displayName: String { "Run Script phase \"\(name ?? "Run Script")\"" }
}
