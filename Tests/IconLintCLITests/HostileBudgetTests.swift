import Foundation
import Testing

/// Projects of a kilobyte or two that ask for 2^40 steps of work, run through the built
/// executable: each finishes well within a generous wall-clock limit and 100 MiB, with the
/// value computed exactly where memoisation suffices, and otherwise a note (build settings)
/// or a plist-unreadable finding (Info.plist preprocessing) that says which bound stopped it.
/// A run that hangs is killed at the limit, so the suite never hangs on a regression.
@Suite("Work budgets on hostile projects")
struct HostileBudgetTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        /// App/Base.xcconfig, the base configuration of the app's Release configuration.
        var xcconfig = ""
        /// More entries of the app's pbxproj buildSettings.
        var settings = ""
        /// Lines before the Info.plist's XML (definitions, `#if`), and lines inside its dictionary.
        var plistHead = ""
        var plistBody = ""
        /// A line the text report must have.
        var expected: String
        var status: Int32 = 1
    }

    /// `V0 = BASE`, then `Vi = $(Vi-1)$(Vi-1)` for i = 1...40 (xcconfig lines).
    static func chain(_ base: String, _ level: (Int) -> String = { "$(V\($0 - 1))$(V\($0 - 1))" }) -> String {
        "V0 = \(base)\n" + (1...40).map { "V\($0) = \(level($0))\n" }.joined()
    }

    /// `#define A0`, then `#define Ai A(i-1) A(i-1)` for i = 1...40.
    static let macros = "#define A0\n" + (1...40).map { "#define A\($0) A\($0 - 1) A\($0 - 1)\n" }.joined()

    /// The app's catalog has AppIcon only: a setting that comes out as `Missing` is a finding.
    static let missingSet =
        "error: ASSETCATALOG_COMPILER_APPICON_NAME names 'Missing' but no asset catalog of target App has Missing.appiconset"
    static let unknownIcon =
        "note: App.xcodeproj: target App (Release): build setting ASSETCATALOG_COMPILER_APPICON_NAME is unknown: "
    static let preprocessorBudget =
        "error: App/Info.plist cannot be evaluated: the preprocessor (INFOPLIST_PREPROCESS = YES) stops: expanding macro A40 "
        + "takes more than 1048576 steps (macros that expand to each other over and over, like `#define A1 A0 A0`); the build's "
        + "preprocessor expands them just as often, so its icon keys are unknown: simplify the macros [plist-unreadable]"

    static let cases: [Case] = [
        // A cut cycle expands to nothing; once every finished value is remembered, the chain is 40 steps.
        Case(
            description: "xcconfig chain over a cut cycle", xcconfig: chain("$(V0)") + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(V40)\n",
            expected: missingSet),
        Case(
            description: "pbxproj chain over a cut cycle",
            settings: "V0 = \"$(V0)\"; " + (1...40).map { "V\($0) = \"$(V\($0 - 1))$(V\($0 - 1))\";" }.joined(separator: " ")
                + " ASSETCATALOG_COMPILER_APPICON_NAME = \"Missing$(V40)\";",
            expected: missingSet),
        Case(
            description: "one cycle through the whole chain", xcconfig: chain("$(V40)") + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(V40)\n",
            expected: missingSet),
        Case(
            description: "operators",
            xcconfig: chain("$(V0:lower)") { "$(V\($0 - 1):upper)$(V\($0 - 1):default=)" } + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(V40:lower)\n",
            expected: missingSet),
        Case(
            description: "conditions",
            xcconfig: "V0[config=*] = $(V0)\n" + (1...40).map { "V\($0)[config=Release] = $(V\($0 - 1))$(V\($0 - 1))\n" }.joined()
                + "ASSETCATALOG_COMPILER_APPICON_NAME[config=Rel*] = Missing$(V40)\n",
            expected: missingSet),
        Case(
            description: "inherited",
            xcconfig: "W = $(W)\n" + String(repeating: "W = $(inherited)$(inherited)\n", count: 40) + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(W)\n",
            expected: missingSet),
        // Not empty: 40 doublings are terabytes; past the budget the setting is unknown, not cut short.
        Case(
            description: "a value that doubles 40 times", xcconfig: chain("x") + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(V40)\n",
            expected: unknownIcon + "expanding it takes more work than iconlint allows (250000 steps per setting, 4000000 per project, "
                + "16000000 per run; settings that refer to each other over and over, like `V1 = $(V0)$(V0)`, take that), so the "
                + "checks that need it were not run; simplify those settings",
            status: 0),
        // 5,000 settings that each refer to the next overflowed the stack.
        Case(
            description: "a chain 5000 deep",
            xcconfig: (0..<5_000).map { "D\($0) = $(D\($0 + 1))\n" }.joined() + "ASSETCATALOG_COMPILER_APPICON_NAME = Missing$(D0)\n",
            expected: unknownIcon + "its references nest more than 100 deep, so the checks that need it were not run; simplify those settings",
            status: 0),
        Case(description: "#if over empty macros", plistHead: macros + "#if A40\n#endif\n", expected: preprocessorBudget),
        Case(
            description: "nested #if", plistHead: macros + String(repeating: "#if A40 || 1\n", count: 8) + String(repeating: "#endif\n", count: 8),
            expected: preprocessorBudget),
        Case(description: "macros in the text", plistHead: macros, plistBody: "<key>A</key><string>A40</string>\n", expected: preprocessorBudget),
    ]

    /// An app target whose Release configuration is based on App/Base.xcconfig.
    static func makeProject(_ testCase: Case, in folder: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/App.xcodeproj", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/App/Assets.xcassets/AppIcon.appiconset", withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path)) }
        try write(#"{"images":[]}"#, "App/Assets.xcassets/AppIcon.appiconset/Contents.json")
        try write(testCase.xcconfig, "App/Base.xcconfig")
        let preprocess = testCase.plistHead.isEmpty ? "" : "INFOPLIST_PREPROCESS = YES;"
        try write(
            testCase.plistHead + """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>CFBundlePackageType</key><string>APPL</string>
                \(testCase.plistBody)</dict></plist>

                """, "App/Info.plist")
        try write(
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
             P = { isa = PBXProject; targets = (T); buildConfigurationList = L; mainGroup = G; };
             G = { isa = PBXGroup; children = (X, A); sourceTree = "<group>"; };
             X = { isa = PBXFileReference; path = App/Base.xcconfig; sourceTree = SOURCE_ROOT; };
             A = { isa = PBXFileReference; path = App/Assets.xcassets; lastKnownFileType = folder.assetcatalog; sourceTree = SOURCE_ROOT; };
             B = { isa = PBXBuildFile; fileRef = A; };
             R = { isa = PBXResourcesBuildPhase; files = (B); };
             T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = TL; buildPhases = (R); };
             TL = { isa = XCConfigurationList; buildConfigurations = (C); };
             L = { isa = XCConfigurationList; buildConfigurations = (PC); };
             PC = { isa = XCBuildConfiguration; name = Release; buildSettings = {}; };
             C = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X;
                   buildSettings = { INFOPLIST_FILE = App/Info.plist; SDKROOT = iphoneos; \(preprocess) \(testCase.settings) }; };
            }; rootObject = P; }

            """, "App.xcodeproj/project.pbxproj")
    }

    /// Sanitizer builds (scripts/test --sanitize=...) run slower and keep shadow memory.
    static let sanitized = CLI.executable.contains("/.build/sanitize-")

    @Test(arguments: cases)
    func hostileProjectsFinishWithTheirNoteOrFinding(_ testCase: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeProject(testCase, in: folder)
        let limit: TimeInterval = Self.sanitized ? 60 : 20
        let start = Date()
        let run = try CLI.measured(["lint", "."], in: folder, timeout: limit)
        let elapsed = Date().timeIntervalSince(start)
        #expect(!run.timedOut, "still running after \(Int(limit)) s: killed")
        guard !run.timedOut else { return }
        #expect(elapsed < limit, "\(elapsed) s")
        #expect(run.peakMemoryMB < (Self.sanitized ? 400 : 100), "peak resident memory: \(run.peakMemoryMB) MB")
        let lines = run.stdout.split(separator: "\n").map { line -> String in
            // `  42: error: ...` in the text report: the line number goes.
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let digits = trimmed.prefix { $0.isNumber }
            return !digits.isEmpty && trimmed.dropFirst(digits.count).hasPrefix(": ") ? String(trimmed.dropFirst(digits.count + 2)) : trimmed
        }
        #expect(lines.contains { $0.hasPrefix(testCase.expected) }, "\(run.stdout)\(run.stderr)")
        #expect(run.status == testCase.status, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
