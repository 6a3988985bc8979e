import Foundation
import Testing

/// CONTRIBUTING.md's "Adding a rule", done as a contributor would: in a scratch copy of the
/// package, one new rule file with its examples, then `scripts/register`; the copy's rule
/// suites pass, and the new rule is in RuleID, the catalogue, docs/rules.md and the goldens.
/// Slow: it builds the copy from nothing.
@Suite("Adding a rule")
struct AddingARuleTests {
    /// What the package needs to build and run its rule suites.
    static let copied = [
        "Package.swift", ".swift-format", "Sources", "Plugins", "Tests", "Fixtures", "docs", "scripts",
    ]

    /// The toolchain the command runs: swift and python3 on PATH.
    static let toolchain: Bool = ["swift", "python3"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// A small Info.plist rule with its examples, as a contributor writes one.
    static let ruleFile = #"""
        import Foundation

        /// An alternate icon whose name starts or ends with white space.
        struct AlternateIconNamePaddedRule: Rule {
            static let description = RuleDescription(
                id: .alternateIconNamePadded, severity: .warning, section: .infoPlist,
                summary: "An alternate icon's name in CFBundleAlternateIcons starts or ends with white space.")

            static let examples: [RuleExample] = [
                RuleExample(
                    "trailing-space", .baseline.editingPlist { $0["CFBundleIcons"] = .icons(alternates: [("Dark ", ["Dark"])]) },
                    reports: [.alternateIconNamePadded]),
                RuleExample("trimmed", .baseline, silent: [.alternateIconNamePadded]),
            ]

            func check(_ app: AppModel) -> [Finding] {
                guard case .document(let plist) = app.infoPlist else { return [] }
                return ["CFBundleIcons", "CFBundleIcons~ipad"].flatMap { key -> [Finding] in
                    let alternates = (plist.root[key] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any] ?? [:]
                    return alternates.keys.sorted().filter { $0.trimmingCharacters(in: .whitespaces) != $0 }.map { name in
                        finding(
                            "alternate icon \"\(name)\" in \(key) starts or ends with white space, so setAlternateIconName never matches it: trim the name",
                            file: plist.path, line: plist.line([key, "CFBundleAlternateIcons", name]))
                    }
                }
            }
        }

        """#

    @Test(.enabled(if: toolchain, "needs swift and python3 on PATH to build a copy of the package"), .timeLimit(.minutes(60)))
    func oneFileAndOneCommand() async throws {
        let scratch = try Integration.scratch("adding-a-rule")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let package = scratch + "/iconlint"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for item in Self.copied {
            try FileManager.default.copyItem(atPath: Integration.root + "/" + item, toPath: package + "/" + item)
        }
        try Self.ruleFile.write(
            toFile: package + "/Sources/IconLintCore/Rules/InfoPlist/AlternateIconNamePaddedRule.swift", atomically: false,
            encoding: .utf8)
        let environment = Integration.environment(scratch: scratch)

        let register = try await Integration.run([package + "/scripts/register"], in: package, environment: environment)
        #expect(register.status == 0, "scripts/register failed:\n\(register.both.suffix(4000))")

        // The one parameterised test passes in the copy, the new rule's examples among its cases.
        let suite = try await Integration.run(
            ["swift", "test", "--filter", "RuleExampleTests"], in: package, environment: environment)
        #expect(suite.status == 0, "RuleExampleTests failed in the copy:\n\(suite.both.suffix(4000))")
        #expect(suite.both.contains("alternate-icon-name-padded/trailing-space"))

        func read(_ path: String) throws -> String { try String(contentsOfFile: package + "/" + path, encoding: .utf8) }
        #expect(try read("Sources/IconLintCore/Model/RuleID.swift").contains(#"case alternateIconNamePadded = "alternate-icon-name-padded""#))
        #expect(try read("Sources/IconLintCore/Rules/RuleCatalog.swift").contains("AlternateIconNamePaddedRule.self"))
        #expect(try read("docs/rules.md").contains("| alternate-icon-name-padded | warning |"))
        #expect(try read("Tests/IconLintCoreTests/Snapshots/sarif.sarif").contains("alternate-icon-name-padded"))
        let recorded = try read("Tests/IconLintCoreTests/RuleExamples/alternate-icon-name-padded/trailing-space.expected.txt")
        #expect(recorded.contains("[alternate-icon-name-padded]"))
        #expect(try read("Tests/IconLintCoreTests/RuleExamples/alternate-icon-name-padded/trimmed.expected.txt").isEmpty)
        // The rules already registered keep their rows in the reference, in their order.
        let before = try String(contentsOfFile: Integration.root + "/docs/rules.md", encoding: .utf8)
        let rows = { (text: String) in text.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| id ") } }
        #expect(try rows(read("docs/rules.md")).filter { !$0.hasPrefix("| alternate-icon-name-padded |") } == rows(before))
    }
}
