/// The rule reference, `docs/rules.md`, generated from the catalogue (`iconlint rules --markdown`);
/// a test fails when the committed file is stale.
public enum RuleReference {
    public static func markdown() -> String {
        var text = introduction
        for section in RuleDescription.Section.allCases {
            let rules = RuleCatalog.all.filter { $0.section == section }
            guard !rules.isEmpty else { continue }
            text += "\n## \(section.rawValue)\n\n"
            if let preface = prefaces[section] { text += preface + "\n\n" }
            text += "| id | severity | fires when | anchor |\n|---|---|---|---|\n"
            for rule in rules {
                let fires = rule.rationale.isEmpty ? rule.summary : rule.summary + " " + rule.rationale
                text += "| \(rule.id.rawValue) | \(rule.severityText) | \(cell(fires)) | \(cell(rule.anchor ?? "—")) |\n"
            }
        }
        return text + builtApps + scope
    }

    /// Which rules judge a built app, from each rule's `builtProducts`.
    static var builtApps: String {
        func list(_ kind: RuleDescription.BuiltProducts) -> String {
            RuleCatalog.all.filter { $0.builtProducts == kind }.map { "`\($0.id.rawValue)`" }.joined(separator: ", ")
        }
        return """

            ## Built apps

            `iconlint lint` also takes a built app: an `.app` folder (recognised by its content), an
            `.ipa` (read in place, never extracted) or an `.xcarchive`. It reads the Info.plist as
            built, the PNGs at the top of the bundle (Apple's CgBI variant, decoded; looked up
            case-sensitively, as on the device) and the app icons in Assets.car (names, idioms,
            sizes and scales of the renditions).
            Findings name files inside the product: `Payload/App.app/AppIcon60x60@2x.png`,
            `Payload/App.app/Assets.car: AppIcon`.

            - Checked on every built app: \(list(.yes)).
            - Checked on builds meant for upload: \(list(.uploads)). Not on an App Store download
              (`SC_Info/`, `DTAppStoreToolsBuild`: Apple thinned it for one device) or a simulator
              build (never uploaded); the report says so in a note. The catalog checks apply from the
              iOS 11 SDK (DTSDKName). A development build thinned for one device is judged as an
              upload, and its findings say that thinning may explain a missing size.
            - The 1024 App Store image's transparency (ITMS-90717) is judged from its pixels in
              Assets.car, decoded from LZFSE (Xcode 10 and later), LZVN or zlib (older versions).
              A payload iconlint does not decode (deepmap, palette-img, rle, a pixel format other
              than ARGB) or a damaged one gets a note that the check was not made, and why. The rendition's opaque flag is no evidence either way:
              actool leaves it unset on real, opaque icons.
            - Not checked (what they judge is gone after the build): \(list(.no)).

            """
    }

    /// Table cells keep `|` literal.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static let introduction = """
        # iconlint rule reference

        <!-- Generated from the rule catalogue by `iconlint rules --markdown`; do not edit by hand. -->

        The rules `iconlint lint` checks. Each has a stable id (kebab-case, used in reports, in
        `--disable`/`--only` and `.iconlint.json`), a default severity, and the real-world failure
        it prevents. Where Apple's own tools report the same problem, the matching App Store
        Connect code (ITMS-…) or Xcode asset-compiler (actool) message is named, so users can
        search for it. Messages say what is wrong, where (file and line where there is one), and
        what to do. Opt-in rules run only when `.iconlint.json` lists them under `"opt_in"` (or
        `--only` names them).

        Sizes below are pixels = points × scale.
        - iPhone home screen: 60pt @2x = 120, @3x = 180. iPad: 76pt @2x = 152, 83.5pt @2x = 167
          (76 @1x = 76 only for old deployment targets). App Store ("ios-marketing"): 1024 @1x.
        - Full classic set: iPhone 20/29/40/60 at @2x and @3x; iPad 20/29/40/76 at @1x and @2x and
          83.5 @2x; marketing 1024. Modern single-size set (Xcode 14+): one 1024×1024 image,
          `idiom: universal`, `platform: ios`, optional `appearances` (luminosity dark, tinted).

        """

    static let prefaces: [RuleDescription.Section: String] = [
        .reading: """
        Every problem met while reading the project is a finding under its own id; nothing
        that could not be read is silently dropped.
        """,
        .infoPlist: """
        Icons declared in Info.plist: `CFBundleIcons` → `CFBundlePrimaryIcon` /
        `CFBundleAlternateIcons`, again under `CFBundleIcons~ipad` for iPad.
        """,
        .imageFiles: "Every icon PNG that a rule reaches, judged once per file.",
        .assetCatalogs: """
        App icon sources are `.appiconset` folders and, since Xcode 26, Icon Composer `.icon`
        bundles (a folder holding `icon.json`); a `.icon` of the right name satisfies
        APPICON_NAME / ALTERNATE_APPICON_NAMES (its layers are not size-checked). Folders inside
        a catalog with `"provides-namespace": true` prefix the names inside them. Images in an iOS
        set for other platforms (idiom `watch`, `watch-marketing`, `mac`, or `platform: watchos` /
        `macos`) are not the iOS app's icons: iOS rules judge iOS slots only.

        Build settings are read from project.pbxproj (every application target and each of its
        build configurations; a value may differ per configuration, and a finding says which) and
        from the .xcconfig files it references (`#include`, `$(inherited)`, `$(VAR)` and `${VAR}`
        expansion, `[sdk=…]`/`[config=…]` conditions): ASSETCATALOG_COMPILER_APPICON_NAME,
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES (space separated, may be quoted),
        ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS, INFOPLIST_FILE, GENERATE_INFOPLIST_FILE,
        TARGETED_DEVICE_FAMILY, INFOPLIST_PREPROCESS. A reference back to a setting being expanded
        expands to nothing. Expansion is bounded, however the settings refer to each other: 250,000
        steps per setting, 4,000,000 per project and 16,000,000 per run (a byte scanned or copied is
        a step, a reference 8 more), references nested 100 deep. A setting past a bound is unknown,
        not empty: a note names it, and the checks that need it are not run.
        """,
    ]

    static let scope = """

        ## Which files are in scope

        Each app is linted on its own: an app sees only the files its own bundle would contain
        (its target's resources, folder references and synchronized folders; without a project
        file, the files under its Info.plist's folder, or the folder above a supporting-files
        folder). A file of another app, or a copy under `docs/` elsewhere in the repository, never
        satisfies an entry. Two targets of the same name in two projects are two apps.

        A role is per build configuration: a set that is the primary in one configuration and an
        alternate (or not compiled at all) in another is judged in each configuration by what it
        is there, and a finding on the same file is reported once, naming its configurations.

        An Info.plist with INFOPLIST_PREPROCESS = YES is read after a C-preprocessor pass
        (`#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`/`#define`/`#include` of
        INFOPLIST_PREFIX_HEADER, with INFOPLIST_PREPROCESSOR_DEFINITIONS, per configuration), as
        Xcode does; it is not unreadable. Unless its macros take more than 1,048,576 steps to
        expand, in the text and in `#if` together (an expansion costs 16 steps plus its body's
        bytes; `#define A1 A0 A0`, `#define A2 A1 A1`... doubles per line, however empty `A0` is):
        then it is plist-unreadable, "cannot be evaluated", since its icon keys are unknown.

        A project file that cannot be parsed (merge-conflict markers, truncation) is reported
        once, with the line of the first problem, and the Info.plists beside it are then linted as
        if there were no project file, so the rest of the checks still run.

        Only what an application target builds: Info.plists named by INFOPLIST_FILE of targets
        whose productType is an application (or, with no project file, Info.plists whose
        CFBundlePackageType is APPL or that declare CFBundleIcons); test bundles, extensions
        without icons, Android resources of cross-platform projects (Flutter, React Native,
        Capacitor keep the iOS app under `ios/`), build output (`build/`, `DerivedData/`,
        `.build/`, `Pods/`, `node_modules/`) are not linted.

        `.iconlint.json` `exclude` globs hide findings on those paths and nothing else: the
        excluded files still exist for the app.

        ## Nothing to lint

        A PATH under which no iOS application is found is an error of use (exit 2, one line saying
        what was searched and which folders were skipped), never "no problems": a CI gate that
        lints nothing must not pass.

        """
}
