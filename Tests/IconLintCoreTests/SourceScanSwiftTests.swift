import Foundation
import Testing

@testable import IconLintCore
@testable import SourceScan

/// A scratch folder for one test, removed when the test lets go of it.
final class ScanScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "iconlint-scan-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ text: String, to relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// One line per call site: `line:column names primary? dynamic?`, each name with the
/// position of its literal, so a test states everything the scan found.
func describeCalls(_ source: String, _ language: SourceLanguage) -> [String] {
    AlternateIconSourceScanner.scan(Array(source.utf8), language: language, path: "f").map(describeCall)
}

func describeCall(_ site: AlternateIconCallSite) -> String {
    var parts = ["\(site.line):\(site.column)"]
    parts.append("[" + site.names.map { "\($0.name)@\($0.line):\($0.column)" }.joined(separator: " ") + "]")
    if site.canBePrimary { parts.append("primary") }
    if site.isDynamic { parts.append("dynamic") }
    return parts.joined(separator: " ")
}

@Suite("Source scan: Swift")
struct SourceScanSwiftTests {
    @Test func literalsInTheCall() {
        let source = """
            import UIKit
            func a() {
                UIApplication.shared.setAlternateIconName("Icon1", completionHandler: nil)
            }
            func b() async throws {
                try await UIApplication.shared.setAlternateIconName("Dark")
                UIApplication.shared.setAlternateIconName(nil)
                UIApplication.shared.setAlternateIconName("Blue") { error in print(error as Any) }
            }
            """
        #expect(
            describeCalls(source, .swift) == [
                "3:26 [Icon1@3:47]", "6:36 [Dark@6:57]", "7:26 [] primary", "8:26 [Blue@8:47]",
            ])
    }

    @Test func localFilledBySwitchBeforeTheCall() {
        let source = """
            @IBAction func changed(_ sender: UISegmentedControl) {
                var iconName: String?
                switch sender.selectedSegmentIndex {
                case 0: iconName = nil
                case 1: iconName = "Icon1"
                case 2:
                    iconName = "Icon2"
                default: break
                }
                UIApplication.shared.setAlternateIconName(iconName, completionHandler: nil)
            }
            """
        #expect(describeCalls(source, .swift) == ["10:26 [Icon1@5:24 Icon2@7:20] primary"])
    }

    @Test func ternaryIfAndCoalescing() {
        let source = """
            func apply(dark: Bool) {
                let name = dark ? "Dark" : "Light"
                UIApplication.shared.setAlternateIconName(name)
            }
            func other(flag: Bool, given: String?) {
                let name: String? = if flag { "A" } else { nil }
                UIApplication.shared.setAlternateIconName(name)
                UIApplication.shared.setAlternateIconName(given ?? "Fallback")
            }
            """
        #expect(
            describeCalls(source, .swift) == [
                "3:26 [Dark@2:23 Light@2:32]", "7:26 [A@6:35] primary", "8:26 [Fallback@8:56] dynamic",
            ])
    }

    @Test func silentCases() {
        let source = #"""
            func a(_ name: String?) { UIApplication.shared.setAlternateIconName(name) }
            func b(n: Int) { UIApplication.shared.setAlternateIconName("Icon\(n)") }
            func c() { UIApplication.shared.setAlternateIconName(prefix + "Dark") }
            func d() { UIApplication.shared.setAlternateIconName(self.stored) }
            func e() { UIApplication.shared.setAlternateIconName(makeName()) }
            """#
        #expect(
            describeCalls(source, .swift) == [
                "1:48 [] dynamic", "2:39 [] dynamic", "3:33 [] dynamic", "4:33 [] dynamic", "5:33 [] dynamic",
            ])
    }

    @Test func mentionsThatAreNotCalls() {
        let source = ##"""
            // UIApplication.shared.setAlternateIconName("Comment")
            /* outer /* nested setAlternateIconName("Nested") */ still comment setAlternateIconName("X") */
            let a = "setAlternateIconName(\"InString\")"
            let b = #"setAlternateIconName("Raw")"#
            let c = """
                UIApplication.shared.setAlternateIconName("MultiLine")
                """
            let d = "\(value.map { "setAlternateIconName(\"Interpolated\")" })"
            func setAlternateIconName(_ name: String?) {}
            let s = #selector(UIApplication.setAlternateIconName(_:completionHandler:))
            wrapper.setAlternateIconName(named: "Labelled")
            """##
        #expect(describeCalls(source, .swift) == [])
    }

    @Test func columnsCountCharactersNotBytes() {
        let source = "\u{FEFF}let é = 1; UIApplication.shared.setAlternateIconName(\"Ünïcödé\")\r\nlet s = 2"
        #expect(describeCalls(source, .swift) == ["1:33 [Ünïcödé@1:54]"])
    }

    @Test func everyBranchOfConditionalCompilation() {
        let source = """
            func apply() {
                let name: String
                #if DEBUG
                name = "Debug"
                #elseif BETA // beta builds
                name = "Beta"
                #else
                name = "Release"
                #endif
                UIApplication.shared.setAlternateIconName(name)
            }
            """
        #expect(describeCalls(source, .swift) == ["10:26 [Debug@4:12 Beta@6:12 Release@8:12]"])
    }

    @Test func enumCasesInEveryConditionalBranch() {
        let source = """
            enum Icon: String {
                case primary = "AppIcon"
                #if DEBUG
                case debug = "Debug"
                #endif
                var name: String? { self == .primary ? nil : rawValue }
            }
            func f(_ icon: Icon) { UIApplication.shared.setAlternateIconName(icon.name) }
            """
        #expect(describeCalls(source, .swift) == ["8:45 [Debug@4:18] primary"])
    }

    @Test func rawStringsAndEscapes() {
        let source = ##"""
            func a() {
                UIApplication.shared.setAlternateIconName(#"Raw"#)
                UIApplication.shared.setAlternateIconName("Caf\u{E9}")
                UIApplication.shared.setAlternateIconName(#"Not\(interpolated)"#)
                UIApplication.shared.setAlternateIconName(#"Is\#(interpolated)"#)
            }
            """##
        #expect(
            describeCalls(source, .swift) == [
                "2:26 [Raw@2:47]", "3:26 [Café@3:47]", #"4:26 [Not\(interpolated)@4:47]"#, "5:26 [] dynamic",
            ])
    }

    static let appIconEnum = """
        enum AppIcon: String, CaseIterable, Identifiable {
            case primary = "AppIcon"
            case darkMode = "AppIcon-Dark"
            case blue, red = "Red"

            var id: String { rawValue }
            var iconName: String? {
                switch self {
                case .primary:
                    return nil
                default:
                    return rawValue
                }
            }
            var short: String? { self == .primary ? nil : rawValue }
            var legacy: String? {
                if self == .blue { return "LegacyBlue" }
                guard self != .primary else { return nil }
                return self.rawValue
            }
        }
        """

    @Test func enumPropertyReturningNilForThePrimary() {
        let source =
            Self.appIconEnum + """

                struct Picker {
                    func set(_ icon: AppIcon) {
                        UIApplication.shared.setAlternateIconName(icon.iconName)
                    }
                    func raw(_ icon: AppIcon) { UIApplication.shared.setAlternateIconName(icon.rawValue) }
                    func one() { UIApplication.shared.setAlternateIconName(AppIcon.darkMode.iconName) }
                    func short(icon: AppIcon) { UIApplication.shared.setAlternateIconName(icon.short) }
                    func legacy(_ icon: AppIcon?) { UIApplication.shared.setAlternateIconName(icon?.legacy) }
                }
                """
        #expect(
            describeCalls(source, .swift) == [
                "24:30 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary",
                "26:54 [AppIcon@2:20 AppIcon-Dark@3:21 blue@4:10 Red@4:22]",
                "27:39 [AppIcon-Dark@3:21]",
                "28:54 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary",
                "29:58 [AppIcon-Dark@3:21 Red@4:22 LegacyBlue@17:35] primary",
            ])
    }

    @Test func enumAcrossFilesAndInsideItsOwnBody() throws {
        let folder = try ScanScratchFolder()
        let enumFile = folder.path + "/AppIcon.swift"
        let viewFile = folder.path + "/Settings.swift"
        let insideFile = folder.path + "/Theme.swift"
        try Self.appIconEnum.write(toFile: enumFile, atomically: true, encoding: .utf8)
        try """
        struct Settings: View {
            @State private var selected: AppIcon = .primary
            var body: some View {
                ForEach(AppIcon.allCases) { icon in
                    Button(icon.rawValue) { UIApplication.shared.setAlternateIconName(icon.iconName) }
                }
                Button("Apply") { UIApplication.shared.setAlternateIconName(selected.short) }
            }
        }
        """.write(toFile: viewFile, atomically: true, encoding: .utf8)
        try """
        enum Theme: String {
            case light, night = "Night"
            var icon: String? { self == .light ? nil : rawValue }
            func apply() { UIApplication.shared.setAlternateIconName(icon) }
        }
        """.write(toFile: insideFile, atomically: true, encoding: .utf8)
        let result = AlternateIconSourceScanner.scan(files: [enumFile, viewFile, insideFile, folder.path + "/Missing.swift"])
        #expect(
            result.callSites.map(describeCall) == [
                "5:58 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary",
                "7:48 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary",
                "4:41 [Night@2:25] primary",
            ])
        #expect(result.callSites[0].names.allSatisfy { $0.path == enumFile })
        #expect(result.problems.map(\.path) == [folder.path + "/Missing.swift"])
        #expect(result.isFullyResolved)
    }

    @Test func unknownEnumIsDynamic() {
        let source = """
            func a(_ icon: Unknown) { UIApplication.shared.setAlternateIconName(icon.rawValue) }
            func b(_ icon: Unknown) { UIApplication.shared.setAlternateIconName(icon.name) }
            """
        #expect(describeCalls(source, .swift) == ["1:48 [] dynamic", "2:48 [] dynamic"])
    }

    @Test func localsComeFromTheEnclosingFunctionOnly() {
        let source = """
            final class Switcher {
                var current: String? = "Property"
                func a() { let name = "OtherFunction" }
                func b() {
                    let name = "B"
                    DispatchQueue.main.async { UIApplication.shared.setAlternateIconName(name) }
                }
                func c() { UIApplication.shared.setAlternateIconName(current) }
                func d() {
                    var late: String?
                    UIApplication.shared.setAlternateIconName(late)
                    late = "AfterTheCall"
                }
                func e(name: String?) {
                    if flag { let name = "Shadow"; print(name) }
                    UIApplication.shared.setAlternateIconName(name)
                }
            }
            """
        #expect(describeCalls(source, .swift) == ["6:57 [B@5:20]", "8:37 [] dynamic", "11:30 [] primary", "16:30 [] dynamic"])
    }

    /// A raw value the code rules out before the call is no name it passes.
    @Test func conditionsOnTheEnumNarrowItsCases() {
        let source =
            Self.appIconEnum + """

                func a(_ icon: AppIcon) {
                    UIApplication.shared.setAlternateIconName(icon == .primary ? nil : icon.rawValue)
                }
                func b(_ icon: AppIcon) {
                    if icon != .primary { UIApplication.shared.setAlternateIconName(icon.rawValue) }
                    if icon == AppIcon.primary {
                        UIApplication.shared.setAlternateIconName(nil)
                    } else {
                        UIApplication.shared.setAlternateIconName(icon.rawValue)
                    }
                }
                func c(_ icon: AppIcon) {
                    guard icon != .primary, icon != .blue else { return }
                    UIApplication.shared.setAlternateIconName(icon.rawValue)
                }
                func d(_ icon: AppIcon) {
                    switch icon {
                    case .primary: UIApplication.shared.setAlternateIconName(nil)
                    case .blue, .red: UIApplication.shared.setAlternateIconName(icon.rawValue)
                    default: UIApplication.shared.setAlternateIconName(icon.rawValue)
                    }
                }
                """
        #expect(
            describeCalls(source, .swift) == [
                "23:26 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary",
                "26:48 [AppIcon-Dark@3:21 blue@4:10 Red@4:22]",
                "28:30 [] primary",
                "30:30 [AppIcon-Dark@3:21 blue@4:10 Red@4:22]",
                "35:26 [AppIcon-Dark@3:21 Red@4:22]",
                "39:41 [] primary",
                "40:44 [blue@4:10 Red@4:22]",
                "41:35 [AppIcon-Dark@3:21]",
            ])
    }

    /// The manager class of the SwiftUI tutorials: a local from a ternary on the enum, a
    /// guard, and the call inside a Task closure.
    @Test func iconManagerShape() {
        let source =
            Self.appIconEnum + """

                final class IconManager: ObservableObject {
                    @Published var selectedAppIcon: AppIcon = .primary
                    func updateAppIcon(to icon: AppIcon) {
                        let iconName: String? = (icon != .primary) ? icon.rawValue : nil
                        guard UIApplication.shared.alternateIconName != iconName else { return }
                        Task { @MainActor in
                            do {
                                try await UIApplication.shared.setAlternateIconName(iconName)
                                selectedAppIcon = icon
                            } catch {
                                print("Updating icon to \\(String(describing: iconName)) failed.")
                            }
                        }
                    }
                }
                """
        #expect(describeCalls(source, .swift) == ["29:48 [AppIcon-Dark@3:21 blue@4:10 Red@4:22] primary"])
    }

    /// Issue 20.7: a Bool member or a static alias that compares `self` to a case decides
    /// which cases reach the call (`icon.isDefault ? nil : icon.rawValue`).
    @Test func boolMembersAndStaticAliasesNarrowTheCases() {
        let source = """
            enum Icon: String, CaseIterable {
                case black = "BlackIcon"
                case white = "WhiteIcon"
                case gold = "GoldIcon"
                static let defaultIcon = Icon.black
                static var fallback: Icon { return .white }
                var isDefault: Bool { self == .black }
                var isPremium: Bool {
                    switch self {
                    case .gold: return true
                    default: return false
                    }
                }
                var isLight: Bool { self == .white || isUnknown() }
            }
            func a(_ icon: Icon) {
                UIApplication.shared.setAlternateIconName(icon.isDefault ? nil : icon.rawValue)
                UIApplication.shared.setAlternateIconName(!icon.isPremium ? icon.rawValue : nil)
                UIApplication.shared.setAlternateIconName(icon != Icon.defaultIcon ? icon.rawValue : nil)
                UIApplication.shared.setAlternateIconName(icon == .fallback ? nil : icon.rawValue)
                UIApplication.shared.setAlternateIconName(icon.isLight ? nil : icon.rawValue)
                UIApplication.shared.setAlternateIconName(icon.isNothing ? nil : icon.rawValue)
            }
            func b(_ icon: Icon) {
                guard !icon.isDefault else { return }
                UIApplication.shared.setAlternateIconName(icon.rawValue)
                if icon.isPremium == false { UIApplication.shared.setAlternateIconName(icon.rawValue) }
            }
            """
        #expect(
            describeCalls(source, .swift) == [
                "17:26 [WhiteIcon@3:18 GoldIcon@4:17] primary",
                "18:26 [BlackIcon@2:18 WhiteIcon@3:18] primary",
                "19:26 [WhiteIcon@3:18 GoldIcon@4:17] primary",
                "20:26 [BlackIcon@2:18 GoldIcon@4:17] primary",
                // `isLight` calls a function: not worked out, so no case's name is claimed.
                "21:26 [] primary dynamic",
                "22:26 [] primary dynamic",
                "26:26 [WhiteIcon@3:18 GoldIcon@4:17]",
                "27:55 [WhiteIcon@3:18]",
            ])
    }

    /// Issue 20.8: names from a table of dictionary or struct literals.
    @Test func namesFromATableOfLiterals() {
        let source = """
            struct Variant { let title: String; let iconName: String? }
            final class Picker {
                let items: [[String: Any]] = [
                    ["title": "Ocean", "iconName": "Ocean"],
                    ["title": "Sunset", "iconName": "Sunsett"],
                ]
                static let variants = [
                    Variant(title: "A", iconName: "AltA"),
                    Variant(title: "B", iconName: nil),
                ]
                var changed: [[String: String]] = [["iconName": "X"]]
                func pick(_ index: Int) {
                    let item = items[index]
                    UIApplication.shared.setAlternateIconName(item["iconName"] as? String)
                    for variant in Picker.variants { UIApplication.shared.setAlternateIconName(variant.iconName) }
                    for variant in variants { UIApplication.shared.setAlternateIconName(variant.iconName) }
                    let c = changed[0]
                    UIApplication.shared.setAlternateIconName(c["iconName"])
                }
                func grow() { changed.append(["iconName": "Y"]) }
            }
            """
        // A table that another method appends to is unknown.
        #expect(
            describeCalls(source, .swift) == [
                "14:30 [Ocean@4:40 Sunsett@5:41]", "15:63 [AltA@8:39] primary", "16:56 [AltA@8:39] primary", "18:30 [] dynamic",
            ])
    }
}
