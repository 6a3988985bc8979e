import Foundation
import SourceScan

/// Reads a Tuist manifest (`Project.swift`) statically, without running Swift or Tuist, into
/// the `XcodeProject` that `tuist generate` would write as far as icons need it: targets and
/// products, configurations with their build settings (Tuist's defaults, `base`, each
/// configuration's settings and xcconfig, in Xcode's order), the Info.plist Tuist writes for
/// `.extendingDefault(with:)`, and what the resource globs copy. Settings point at the
/// manifest's own lines.
///
/// The manifest is Swift, so only its literal part is read: `Project(…)` and `.target(…)`
/// calls, literals, constants of the manifest and of `Tuist/ProjectDescriptionHelpers`, and
/// helper functions whose body is `let`s and a `return`. Anything computed is never guessed:
/// what depends on it is unknown, and a note says what and where.
enum TuistProjectReader {
    /// Folders whose `Project.swift` is no project of the repository (Tuist's own templates and helpers).
    static let ignoredFolders: Set<String> = ["Tuist", "ProjectDescriptionHelpers", "Templates", "Fixtures"]
    /// Helper files read for one manifest at most.
    static let helperLimit = 400

    /// The project a manifest describes, and nil when nothing useful was read; the notes say
    /// what was not read (when the project is nil, the first says why).
    static func read(_ manifest: String, index: FileIndex) -> (project: XcodeProject?, notes: [String]) {
        let reading = TuistManifest(path: manifest, index: index, meter: WorkMeter())
        let project = reading.project()
        let notes = reading.problems.problems.filter { $0.kind == .unresolved }.map { "\($0.location.file): \($0.message)" }
        return (project, notes)
    }
}

extension TuistManifest {
    /// Product names of ProjectDescription → Xcode product types.
    static let productTypes: [String: String] = [
        "app": "com.apple.product-type.application", "appClip": "com.apple.product-type.application.on-demand-install-capable",
        "appExtension": "com.apple.product-type.app-extension", "messagesExtension": "com.apple.product-type.app-extension.messages",
        "stickerPackExtension": "com.apple.product-type.app-extension.messages-sticker-pack",
        "watch2App": "com.apple.product-type.application.watchapp2", "watch2Extension": "com.apple.product-type.watchkit2-extension",
        "watch2AppContainer": "com.apple.product-type.application.watchapp2-container",
        "tvTopShelfExtension": "com.apple.product-type.tv-app-extension",
        "extensionKitExtension": "com.apple.product-type.extensionkit-extension",
        "unitTests": "com.apple.product-type.bundle.unit-test", "uiTests": "com.apple.product-type.bundle.ui-testing",
        "framework": "com.apple.product-type.framework", "staticFramework": "com.apple.product-type.framework",
        "staticLibrary": "com.apple.product-type.library.static", "dynamicLibrary": "com.apple.product-type.library.dynamic",
        "bundle": "com.apple.product-type.bundle", "commandLineTool": "com.apple.product-type.tool",
        "macro": "com.apple.product-type.tool", "xpc": "com.apple.product-type.xpc-service",
        "systemExtension": "com.apple.product-type.system-extension",
    ]

    /// The project, or nil (with a note) when the manifest gives nothing to lint.
    func project() -> XcodeProject? {
        guard let manifest = stream(path) else {
            problems.add(.unresolved, "cannot read the manifest", file: path)
            return nil
        }
        scope.collect(manifest, file: path)
        let helpers = index.sources.filter { $0.split(separator: "/").contains("ProjectDescriptionHelpers") }.sorted()
        for helper in helpers.prefix(TuistProjectReader.helperLimit) {
            if let helperStream = stream(helper) { scope.collect(helperStream, file: helper) }
        }
        if meter.isExhausted { return givenUp() }
        guard let declaration = scope.declaration(["project"], function: false), declaration.origin.file == path,
            case .understood(_, let written) = declaration.body
        else {
            problems.add(.unresolved, "no `let project = Project(…)` at its top level", file: path)
            return nil
        }
        let value = evaluated(written, expecting: "Project")
        // `let project: Project = .init(…)` names the type in its annotation.
        guard case .call = value, let callee = value.calleePath, callee == ["Project"] || callee == ["Project", "init"] || callee == ["", "init"]
        else {
            note(unknownValue(value, what: "the project"), consequence: "no target of it is known")
            return nil
        }
        let name = value.argument("name").flatMap { evaluated($0).stringValue } ?? ProjectPath.lastComponent(folder.isEmpty ? "." : folder)
        let projectSettings = settings(value.argument("settings"))
        if let unknown = projectSettings.unknown {
            note(unknown, consequence: "the project's icon settings are unknown, so the checks that need them were not run")
        }
        guard let list = value.argument("targets"), let items = elements(list, expecting: "Target") else {
            note(unknownValue(value.argument("targets").map { evaluated($0) } ?? value, what: "the targets"), consequence: "no target of it is known")
            return nil
        }
        let targets = items.compactMap { target($0, project: name, projectSettings: projectSettings) }
        if meter.isExhausted { return givenUp() }
        guard !targets.isEmpty else { return nil }
        return XcodeProject(path: path, targets: targets, problems: problems.problems)
    }

    /// The manifest (or its helpers) took more work than the meter allows: nothing of it is used.
    private func givenUp() -> XcodeProject? {
        problems.add(
            .unresolved,
            "reading it and its helpers takes more work than iconlint allows for a manifest (\(WorkMeter.stepsPerFile) steps, "
                + "\(WorkMeter.maxDepth) levels of nesting); what it describes is unknown", file: path)
        return nil
    }

    /// One `.target(…)` / `Target(…)`, nil (with a note) when its name, product or files are not read.
    private func target(_ expression: ManifestExpression, project: String, projectSettings: TuistSettings) -> XcodeTarget? {
        let value = evaluated(expression, expecting: "Target")
        guard case .call = value, let call = value.memberName, call == "target" || call == "Target" || value.calleePath == ["Target", "init"]
        else {
            note(unknownValue(value, what: "a target"), consequence: "that target is not linted")
            return nil
        }
        guard let name = value.argument("name").flatMap({ evaluated($0).stringValue }) else {
            note(unknownValue(value.argument("name").map { evaluated($0) } ?? value, what: "a target's name"), consequence: "that target is not linted")
            return nil
        }
        let productValue = value.argument("product").map { evaluated($0, structural: false) }
        guard let product = productValue?.memberName, let productType = Self.productTypes[product] else {
            note(unknownValue(productValue ?? value, what: "the product of target \(name)"), consequence: "that target is not linted")
            return nil
        }
        let platform = self.platform(value, target: name)
        let kind = TargetKind(productType: productType)
        let isApp = (kind == .application || kind == .appClip)
        var builder = TargetResourcesBuilder()
        guard resources(value.argument("resources"), target: name, into: &builder),
            buildableFolders(value.argument("buildableFolders"), target: name, into: &builder)
        else { return nil }
        sources(value.argument("sources"), into: &builder)
        let plist = infoPlist(value.argument("infoPlist"), isApp: isApp, iPad: platform.family.contains(2), at: value.origin, target: name)
        let targetSettings = settings(value.argument("settings"))
        if let unknown = targetSettings.unknown {
            note(unknown, consequence: "target \(name)'s icon settings are unknown, so the checks that need them were not run")
        }
        let context = TargetContext(
            name: name, project: project, isApp: isApp, platform: platform, plist: plist, origin: value.origin,
            projectSettings: projectSettings, targetSettings: targetSettings)
        var target = XcodeTarget(
            name: name, productType: productType, isApplication: isApp && platform.isIOS,
            configurations: configurationNames(projectSettings).map { configuration(context, name: $0.name, isRelease: $0.isRelease) },
            resources: builder.resources)
        if case .generated(let document) = plist {
            for path in Set(target.configurations.compactMap { $0.settings.path("INFOPLIST_FILE") }) { target.generatedInfoPlists[path] = document }
        }
        return target
    }

    /// The project's configurations: those its settings list, else Debug and Release.
    private func configurationNames(_ settings: TuistSettings) -> [(name: String, isRelease: Bool)] {
        settings.configurations.isEmpty ? [("Debug", false), ("Release", true)] : settings.configurations.map { ($0.name, $0.isRelease) }
    }

    struct Platform {
        var isIOS: Bool
        /// TARGETED_DEVICE_FAMILY numbers Tuist writes (empty: it writes none).
        var family: [Int]
    }

    /// `destinations: .iOS` / `[.iPhone, .iPad]` (Tuist 4), `platform: .iOS` with
    /// `deploymentTarget: .iOS(targetVersion:devices:)` (Tuist 1-3).
    private func platform(_ target: ManifestExpression, target name: String) -> Platform {
        if let destinations = target.argument("destinations") {
            let value = evaluated(destinations, structural: false)
            var names: [String] = []
            if case .member = value, let set = value.memberName {
                switch set {
                case "iOS": names = ["iPhone", "iPad", "macWithiPadDesign"]
                case "macOS", "watchOS", "tvOS", "visionOS": names = [set]
                default: names = [set]
                }
            } else if case .array(let items, _) = value {
                names = items.compactMap { evaluated($0, structural: false).memberName }
            }
            guard !names.isEmpty else {
                note(
                    unknownValue(value, what: "the destinations of target \(name)"), consequence: "it is taken as an iPhone app (TARGETED_DEVICE_FAMILY unset)")
                return Platform(isIOS: true, family: [])
            }
            let family = (names.contains("iPhone") ? [1] : [Int]()) + (names.contains("iPad") ? [2] : [Int]())
            return Platform(isIOS: names.contains { ["iPhone", "iPad", "macWithiPadDesign", "macCatalyst"].contains($0) }, family: family)
        }
        guard let written = target.argument("platform") else { return Platform(isIOS: true, family: [1, 2]) }
        let platform = evaluated(written, structural: false).memberName
        guard platform == "iOS" else { return Platform(isIOS: platform == nil, family: []) }
        var family = [1, 2]
        let deployment = target.argument("deploymentTarget").map { evaluated($0, structural: false) }
        if let devices = deployment?.argument("devices") {
            let value = evaluated(devices, structural: false)
            let names = (elements(value) ?? [value]).compactMap { evaluated($0, structural: false).memberName }
            family = (names.contains("iphone") ? [1] : [Int]()) + (names.contains("ipad") ? [2] : [Int]())
        }
        return Platform(isIOS: true, family: family)
    }
}
