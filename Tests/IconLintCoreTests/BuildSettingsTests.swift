import Foundation
import Testing

@testable import IconLintCore

/// Settings from `KEY = value` pairs in precedence order (later wins), as one level each.
private func settings(_ pairs: [(String, String)], configuration: String = "Release") -> BuildSettings {
    let assignments = pairs.enumerated().compactMap { index, pair -> SettingAssignment? in
        guard let name = parseSettingName(pair.0) else { return nil }
        return SettingAssignment(
            key: name.key, conditions: name.conditions, value: pair.1,
            source: .xcconfig(location: Location(file: "test.xcconfig", line: index + 1)))
    }
    return BuildSettings(
        assignments: assignments, configuration: configuration, absoluteRoot: "/root",
        absoluteProjectFolder: "/root/ios")
}

@Suite struct BuildSettingsTests {
    @Test func bothReferenceSyntaxesAndNesting() {
        let s = settings([("A", "a"), ("B_Release", "br"), ("X", "$(A)-${A}-$(B_$(CONFIGURATION))"), ("CONFIGURATION", "Release")])
        #expect(s.value("X") == "a-a-br")
        #expect(s.value("MISSING") == nil)
    }

    @Test func inheritedWalksDownTheStack() {
        let s = settings([("F", "one"), ("F", "$(inherited) two"), ("F", "$(inherited) three")])
        #expect(s.value("F") == "one two three")
        #expect(settings([("F", "$(inherited) x")]).value("F") == " x")
    }

    @Test func laterAssignmentsWinAndConditionsFilter() {
        let s = settings([
            ("N", "plain"), ("N[sdk=iphoneos*]", "device"), ("N[sdk=iphonesimulator*]", "simulator"),
            ("M[config=Debug]", "debug"), ("M[config=Rel*]", "release"),
            ("A[arch=arm64]", "arm"), ("A[arch=x86_64]", "intel"),
            ("C[sdk=iphoneos*][config=Release]", "both"), ("D[sdk=iphoneos*,config=Debug]", "no"),
            ("U[unknown=x]", "never"), ("V[variant=normal]", "normal"),
        ])
        #expect(s.value("N") == "device")
        #expect(s.value("M") == "release")
        #expect(s.value("A") == "arm")
        #expect(s.value("C") == "both")
        #expect(s.value("D") == nil)
        #expect(s.value("U") == nil)
        #expect(s.value("V") == "normal")
        #expect(settings([("N[sdk=iphoneos*]", "device"), ("N", "plain")]).value("N") == "plain")
        #expect(settings([("M[config=Debug]", "debug")], configuration: "Debug").value("M") == "debug")
    }

    @Test func cyclesExpandToNothing() {
        let s = settings([("A", "$(B)a"), ("B", "$(A)b"), ("SELF", "x$(SELF)$(SELF)")])
        #expect(s.value("A") == "ba")
        #expect(s.value("SELF") == "x")
    }

    @Test func doublingChainsStayCheap() {
        // 40 levels of `L_n = $(L_n+1)$(L_n+1)` would be 2^40 expansions without memoisation.
        var pairs = (0..<40).map { ("L_\($0)", "$(L_\($0 + 1))$(L_\($0 + 1))") }
        pairs.append(("L_40", "ab"))
        #expect(settings(pairs).value("L_30") == String(repeating: "ab", count: 1024))
        // Megabytes of copying are past one setting's share of the budget: unknown, not cut short.
        let s = settings(pairs + [("PLAIN", "p")])
        #expect(s.value("L_0") == nil)
        #expect(s.value("PLAIN") == "p")
        #expect(s.unresolvedKeys.map(\.key) == ["L_0"])
        #expect(s.unresolvedKeys.map(\.reason) == [.steps])
    }

    /// `V0 = $(V0)` is a cycle that expands to nothing; `Vi = $(Vi-1)$(Vi-1)` on top of it
    /// took 2^40 steps when values computed across a cut cycle were not remembered.
    @Test(arguments: ["$(V0)", "$(V40)", "$(V0:lower)", "${V0}$(inherited)"])
    func cutCyclesBelowDoublingChainsStayCheap(_ base: String) {
        var pairs = [("V0", base)]
        pairs += (1...40).map { ("V\($0)", "$(V\($0 - 1))$(V\($0 - 1))") }
        pairs.append(("ICON", "AppIcon$(V40)"))
        let s = settings(pairs)
        #expect(s.value("ICON") == "AppIcon")
        #expect(s.referencesUndefinedVariable("ICON") == ["V40"])
        #expect(s.unresolvedKeys.isEmpty)
    }

    @Test func inheritedAndConditionalChainsStayCheap() {
        var pairs = [("W", "$(W)")]
        pairs += (1...40).map { _ in ("W", "$(inherited)$(inherited)") }
        pairs.append(("V0[config=*]", "$(V0)"))
        pairs += (1...40).map { ("V\($0)[config=Release]", "$(V\($0 - 1):upper)$(V\($0 - 1):default=)") }
        let s = settings(pairs)
        #expect(s.value("W") == "")
        #expect(s.value("V40") == "")
        #expect(s.unresolvedKeys.isEmpty)
    }

    @Test func deepChainsAndNestingAreBounded() {
        // Each level a few stack frames: 5,000 of them overflowed the stack.
        var pairs = (0..<5_000).map { ("D\($0)", "$(D\($0 + 1))") }
        pairs.append(("NESTED", String(repeating: "$(", count: 150) + String(repeating: ")", count: 150)))
        pairs.append(("SHALLOW", "$(D4950)"))
        let s = settings(pairs)
        #expect(s.value("D0") == nil)
        #expect(s.value("NESTED") == nil)
        #expect(s.value("SHALLOW") == "")
        #expect(s.unresolvedKeys.map(\.key) == ["D0", "NESTED"])
        #expect(s.unresolvedKeys.map(\.reason) == [.depth, .depth])
    }

    @Test func oneBudgetForAllConfigurationsOfAProject() {
        // A reference costs a few steps (about 16 for `$(U)`): 40 of them cost about 650, and
        // every configuration of the project draws from one budget.
        let budget = ExpansionBudget(steps: 1_500)
        func configuration(_ name: String) -> BuildSettings {
            let references = String(repeating: "$(U)", count: 40)
            let assignments = [
                SettingAssignment(key: "A", conditions: [], value: references, source: .builtin),
                SettingAssignment(key: "B", conditions: [], value: "b", source: .builtin),
                SettingAssignment(key: "C", conditions: [], value: references, source: .builtin),
            ]
            return BuildSettings(
                assignments: assignments, configuration: name, absoluteRoot: "/root", absoluteProjectFolder: "/root", budget: budget)
        }
        let debug = configuration("Debug"), release = configuration("Release")
        #expect(debug.value("A") == "")
        #expect(release.value("A") == "")
        #expect(release.value("B") == "b")
        #expect(release.value("C") == nil, "past what is left")
        #expect(release.value("B") == nil, "nothing is left")
        #expect(debug.value("B") == nil)
        #expect(release.unresolvedKeys.map(\.key) == ["C", "B"])
        #expect(debug.unresolvedKeys.map(\.key) == ["B"])
    }

    @Test func unterminatedReferenceStaysLiteral() {
        #expect(settings([("A", "$(B"), ("C", "$"), ("D", "cost: $5")]).value("A") == "$(B")
        #expect(settings([("C", "$")]).value("C") == "$")
        #expect(settings([("D", "cost: $5")]).value("D") == "cost: $5")
    }

    @Test func operators() {
        let s = settings([
            ("P", "/a/b/Icon.Name.png"), ("E", ""), ("N", "My App"),
            ("X", "$(P:file) $(P:base) $(P:suffix) $(P:dir) $(N:lower) $(N:upper) $(E:default=fallback)"),
            ("I", "$(N:identifier) $(N:rfc1034identifier) $(N:quote)"),
        ])
        #expect(s.value("X") == "Icon.Name.png Icon.Name .png /a/b/ my app MY APP fallback")
        #expect(s.value("I") == "My_App My-App My\\ App")
    }

    @Test func lists() {
        let s = settings([
            ("Q", #""Blue Icon" Red  'Green Leaf'   Plain\ Name"#), ("E", "  "),
            ("J", joinSettingArray(["$(inherited)", "Dark Mode", "Light"])),
        ])
        #expect(s.list("Q") == ["Blue Icon", "Red", "Green Leaf", "Plain Name"])
        #expect(s.list("E") == [])
        #expect(s.list("J") == ["Dark Mode", "Light"])
        #expect(s.list("NOPE") == [])
        // Commas are not separators: the rule build-setting-malformed looks for them.
        #expect(settings([("C", "og, joy")]).list("C") == ["og,", "joy"])
    }

    @Test func booleans() {
        let s = settings([("A", "YES"), ("B", "true"), ("C", "1"), ("D", "NO"), ("E", "yes "), ("F", "$(A)")])
        #expect(["A", "B", "C", "E", "F"].allSatisfy(s.bool))
        #expect(!s.bool("D"))
        #expect(!s.bool("MISSING"))
    }

    @Test func undefinedReferences() {
        let s = settings([
            ("EMPTY", ""), ("SET", "x"),
            ("ICON", "AppIcon$(SUFFIX)$(EMPTY)$(SET)$(OTHER:default=y)$(inherited)"),
        ])
        #expect(s.referencesUndefinedVariable("ICON") == ["SUFFIX", "EMPTY"])
        #expect(s.referencesUndefinedVariable("SET") == [])
        #expect(s.referencesUndefinedVariable("MISSING") == [])
    }

    @Test func pathsRelativeToTheProjectFolder() {
        let s = settings([
            ("A", "Runner/Info.plist"), ("B", "$(SRCROOT)/Runner/Info.plist"), ("SRCROOT", "/root/ios"),
            ("C", "../Shared/Info.plist"), ("D", "/elsewhere/Info.plist"), ("E", "\"My App/Info.plist\""),
            ("F", "My App/Info.plist"), ("G", ""),
        ])
        #expect(s.path("A") == "ios/Runner/Info.plist")
        #expect(s.path("B") == "ios/Runner/Info.plist")
        #expect(s.path("C") == "Shared/Info.plist")
        #expect(s.path("D") == "../elsewhere/Info.plist")
        #expect(s.path("E") == "ios/My App/Info.plist")
        #expect(s.path("F") == "ios/My App/Info.plist")
        #expect(s.path("G") == nil)
    }

    @Test func sourcesAndKeys() {
        let s = settings([("A", "1"), ("A[sdk=iphonesimulator*]", "2"), ("B[config=Debug]", "3")])
        #expect(s.source("A") == .xcconfig(location: Location(file: "test.xcconfig", line: 1)))
        #expect(s.rawValue("A") == "1")
        #expect(s.keys == ["A"])
    }

    @Test func publicDictionaryInitializer() {
        let s = BuildSettings(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "X[config=Debug]": "d"], configuration: "Debug")
        #expect(s.value("ASSETCATALOG_COMPILER_APPICON_NAME") == "AppIcon")
        #expect(s.value("X") == "d")
    }
}

@Suite struct SettingNameTests {
    @Test(arguments: [
        ("KEY", "KEY", 0), ("KEY[sdk=iphoneos*]", "KEY", 1), ("K_2[sdk=iphoneos*][config=Beta]", "K_2", 2),
        (" KEY ", "KEY", 0), ("KEY[sdk=a,arch=b]", "KEY", 2),
    ])
    func valid(text: String, key: String, conditions: Int) throws {
        let parsed = try #require(parseSettingName(text))
        #expect(parsed.key == key)
        #expect(parsed.conditions.count == conditions)
    }

    @Test(arguments: ["", "2KEY", "BAD NAME", "KEY[sdk]", "KEY[sdk=a", "KEY junk", "KÉY"])
    func invalid(text: String) {
        #expect(parseSettingName(text) == nil)
    }

    @Test func wildcards() {
        #expect(wildcardMatch("iphoneos*", "iphoneos26.0"))
        #expect(wildcardMatch("*", ""))
        #expect(wildcardMatch("i?honeos", "iphoneos"))
        #expect(!wildcardMatch("iphonesimulator*", "iphoneos"))
        #expect(wildcardMatch("*os*", "iphoneos26.0"))
        #expect(!wildcardMatch("", "x"))
    }
}
