import Foundation
import IconLintTestSupport
import PNGKit
import Testing

@testable import IconLintCore

/// The html report's structure, read back from the page: what it escapes, where each finding
/// goes, how it draws missing and damaged images, and that the same input gives the same page.
/// (The real browser's view of it is in IconLintCLITests' HTMLBrowserTests.)
@Suite struct HTMLReporterTests {
    static let hostile = "<img src=x onerror=alert(1)>\"'&"
    static let identity = AppModel.Identity(project: "Demo.xcodeproj", target: "Demo", plist: nil)

    /// An app group holding `icons`, rooted at `root`.
    static func result(
        root: String, icons: [IconInventory.Icon], diagnostics: [Diagnostic] = [], configurations: [String] = ["Debug", "Release"]
    ) -> LintResult {
        let app = IconInventory.App(
            identity: identity, configurations: configurations, allConfigurations: configurations, root: root, runsOnIPad: true,
            icons: icons)
        return LintResult(root: root, diagnostics: diagnostics, appTargetCount: 1, inventory: IconInventory(apps: [app]))
    }

    static func finding(
        _ rule: RuleID, _ severity: Severity = .error, icon: String?, role: IconRole? = .alternate, idiom: Idiom? = nil,
        file: String = "Demo/Info.plist", line: Int? = 12, message: String = "message", configurations: [String] = []
    ) -> Diagnostic {
        Diagnostic(
            rule: rule, severity: severity, message: message, location: Location(file: file, line: line), target: "Demo",
            configurations: configurations, icon: icon, role: role, idiom: idiom, app: identity)
    }

    /// The text of every `<tag ...>` opening in the page.
    static func tags(_ name: String, in page: String) -> [String] {
        page.components(separatedBy: "<" + name).dropFirst().map { "<" + name + ($0.components(separatedBy: ">").first ?? "") + ">" }
    }

    /// The section of the page from the element with `id` to the end of its article or section.
    static func element(id: String, in page: String) -> String? {
        guard let start = page.range(of: "id=\"\(id)\"") else { return nil }
        let rest = page[start.lowerBound...]
        let end = rest.range(of: "</article>") ?? rest.range(of: "</section>")
        return String(rest[..<(end?.lowerBound ?? rest.endIndex)])
    }

    // MARK: Escaping

    @Test func everyNameMessageAndPathIsEscaped() throws {
        let folder = try ScratchFolder("html-hostile")
        let name = Self.hostile
        try FileManager.default.createDirectory(atPath: folder.file("A<b>"), withIntermediateDirectories: true)
        try folder.png("A<b>/x\"y.png", side: 16, channels: 4) { _, _ in [200, 40, 40, 255] }
        let icon = IconInventory.Icon(
            name: name, role: .alternate, source: .infoPlist(file: "Info<plist>.plist", keys: ["CFBundleIcons"]),
            slots: [
                IconInventory.Slot(
                    idiom: .iphone, points: 60, scale: 2,
                    image: IconInventory.Image(path: "A<b>/x\"y.png", bytes: .file(absolutePath: folder.file("A<b>/x\"y.png")))),
                IconInventory.Slot(idiom: .iphone, points: 60, scale: 3, image: nil),
            ])
        let diagnostics = [
            Self.finding(.iconFileMissing, icon: name, file: "A<b>/x\"y.png", message: "bad \(name) here"),
            Self.finding(.plistUnreadable, icon: nil, role: nil, file: "<script>alert(2)</script>", message: "</p><script>alert(3)</script>"),
        ]
        var result = Self.result(root: folder.path, icons: [icon], diagnostics: diagnostics)
        result.root = folder.path + "/<root>"
        result.inventory.apps[0].root = folder.path
        let page = HTMLReporter.render(result, options: ReportOptions(toolVersion: "<v>"))

        #expect(!page.contains("<script"))
        #expect(!page.contains("onerror=alert(1)>"))
        #expect(!page.contains("<b>/x"))
        #expect(!page.contains("<plist>"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"))
        // The name as the code passes it: a Swift literal, escaped for HTML.
        #expect(page.contains("setAlternateIconName(\"&lt;img src=x onerror=alert(1)&gt;\\&quot;&#39;&amp;\")"))
        #expect(page.contains("&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
        // The only images are the data: PNGs the reporter made; every attribute value is quoted.
        let images = Self.tags("img", in: page)
        #expect(images.count == 1)
        #expect(images.allSatisfy { $0.hasPrefix("<img src=\"data:image/png;base64,") })
        for tag in images + Self.tags("li", in: page) + Self.tags("article", in: page) {
            // Between quoted values, no raw quote or angle bracket survives.
            let outside = tag.dropFirst().dropLast().split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            #expect(outside.allSatisfy { !$0.contains("<") && !$0.contains(">") }, "\(tag)")
        }
    }

    @Test func controlCharactersDoNotReachThePage() {
        let diagnostic = Self.finding(.plistUnreadable, icon: nil, role: nil, message: "a\u{1B}[31mred\u{0}b")
        let page = HTMLReporter.render(LintResult(root: "/r", diagnostics: [diagnostic], appTargetCount: 1), options: ReportOptions())
        #expect(!page.contains("\u{1B}") && !page.contains("\u{0}"))
        #expect(page.contains(#"a\u{1B}[31mred\u{00}b"#))
    }

    // MARK: Summary and placement

    @Test(arguments: [(2, 1, 1), (0, 0, 1), (0, 3, 2), (1, 0, 0)])
    func summaryIsTheTextReportersLine(errors: Int, warnings: Int, targets: Int) {
        let diagnostics =
            (0..<errors).map { Self.finding(.iconFileMissing, icon: nil, line: $0 + 1) }
            + (0..<warnings).map { Self.finding(.alternateIconSizeMissing, .warning, icon: nil, line: $0 + 1) }
        let result = LintResult(root: "/r", diagnostics: diagnostics, appTargetCount: targets)
        let page = HTMLReporter.render(result, options: ReportOptions())
        #expect(page.contains("<p class=\"counts\" id=\"summary\">\(HTMLText.escape(TextReporter.summaryLine(result)))</p>"))
        #expect(Self.tags("li class=\"finding", in: page).count == errors + warnings)
    }

    @Test func findingsSitBesideTheIconTheyConcern() {
        let retro = IconInventory.Icon(
            name: "Retro", role: .alternate, source: .infoPlist(file: "Demo/Info.plist", keys: ["CFBundleIcons"]),
            slots: [
                IconInventory.Slot(idiom: .iphone, points: 60, scale: 2, image: nil),
                IconInventory.Slot(idiom: .ipad, points: 76, scale: 2, image: nil),
            ])
        let primary = IconInventory.Icon(name: "AppIcon", role: .primary, source: .notFound, slots: [])
        let diagnostics = [
            Self.finding(.ipadAlternateMissing, icon: "Retro", idiom: .ipad, message: "retro on ipad"),
            Self.finding(.appiconsetNotFound, icon: "AppIcon", role: .primary, message: "no AppIcon set"),
            // Holds only in Beta, which this group does not stand for.
            Self.finding(.iconFileMissing, icon: "Retro", message: "only in beta", configurations: ["Beta"]),
            // Names an icon this app does not have, or none.
            Self.finding(.unknownAlternateIconName, icon: "Retor", file: "Demo/Picker.swift", message: "retor"),
            Self.finding(.plistUnreadable, icon: nil, role: nil, message: "no icon"),
        ]
        let page = HTMLReporter.render(Self.result(root: "/r", icons: [primary, retro], diagnostics: diagnostics), options: ReportOptions())
        let primaryCard = Self.element(id: "icon-0-0", in: page) ?? ""
        let retroCard = Self.element(id: "icon-0-1", in: page) ?? ""
        let other = Self.element(id: "other-findings", in: page) ?? ""
        #expect(primaryCard.contains("no AppIcon set") && primaryCard.contains("setAlternateIconName(nil)"))
        #expect(primaryCard.contains("Nothing provides this icon."))
        #expect(retroCard.contains("retro on ipad") && !retroCard.contains("only in beta"))
        #expect(retroCard.contains("setAlternateIconName(\"Retro\")"))
        for text in ["only in beta", "retor", "no icon"] { #expect(other.contains(text), "\(text)") }
        #expect(!other.contains("retro on ipad"))
        // The iPad finding marks the missing iPad tile, not the iPhone one.
        let tiles = retroCard.components(separatedBy: "<figure").dropFirst()
        #expect(tiles.count == 2)
        #expect(tiles.filter { $0.contains("flagged") }.count == 1)
        #expect(tiles.first { $0.contains("flagged") }?.contains("76 pt @2x") == true)
        // The rule links to its entry in the page's own rule reference.
        #expect(page.contains("href=\"#rule-ipad-alternate-missing\""))
        #expect(page.contains("<dt id=\"rule-ipad-alternate-missing\">"))
    }

    @Test func missingSlotsAreLabelledEmptyTiles() {
        let icon = IconInventory.Icon(
            name: "Sunset", role: .alternate, source: .infoPlist(file: "Info.plist", keys: ["CFBundleIcons"]),
            slots: [
                IconInventory.Slot(idiom: .iphone, points: 60, scale: 2, image: nil),
                IconInventory.Slot(idiom: .iphone, points: 60, scale: 3, image: nil),
                IconInventory.Slot(idiom: .ipad, points: 83.5, scale: 2, image: nil),
            ])
        let page = HTMLReporter.render(Self.result(root: "/r", icons: [icon]), options: ReportOptions())
        let missing = page.components(separatedBy: "<figure class=\"tile missing\">").dropFirst()
        #expect(missing.count == 3)
        #expect(missing.allSatisfy { $0.contains("<span class=\"hole\"") && $0.contains(">missing</span>") })
        #expect(page.contains("style=\"width:83.5px;height:83.5px\""))
        #expect(page.contains("60 pt @3x<br><span>180 px</span>"))
        #expect(page.contains("<h4>iPhone</h4>") && page.contains("<h4>iPad</h4>"))
        #expect(Self.tags("img", in: page).isEmpty)
    }

    // MARK: Images

    @Test func imagesAreResampledToTheirTileAndDecodeAsPNG() throws {
        let folder = try ScratchFolder("html-images")
        let path = try folder.png("big.png", side: 1024, channels: 4) { x, y in [UInt8(x & 255), UInt8(y & 255), 90, 255] }
        let icon = IconInventory.Icon(
            name: "AppIcon", role: .primary, source: .assetCatalog(set: "A.appiconset"),
            slots: [
                IconInventory.Slot(
                    idiom: .universal, points: 1024, scale: 1,
                    image: IconInventory.Image(path: "big.png", bytes: .file(absolutePath: path), width: 1024, height: 1024))
            ])
        let page = HTMLReporter.render(Self.result(root: folder.path, icons: [icon]), options: ReportOptions())
        // iPhone 60 pt, iPad 83.5 pt and the App Store's 128: each at twice its CSS size.
        let sides = try Self.tags("img", in: page).map { tag -> Int in
            let base64 = try #require(tag.components(separatedBy: "base64,").last?.components(separatedBy: "\"").first)
            let data = try #require(Data(base64Encoded: base64))
            let image = try PNGReader().decode(.bytes([UInt8](data)))
            #expect(image.width == image.height)
            return image.width
        }
        #expect(sides.sorted() == [120, 167, 256])
    }

    @Test func damagedOrOversizedImagesAreLabelledBrokenTiles() throws {
        let folder = try ScratchFolder("html-broken")
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: folder.file("text.png")))
        let good = try folder.png("good.png", side: 8, channels: 4) { _, _ in [1, 2, 3, 255] }
        let elsewhere = try ScratchFolder("html-elsewhere")
        let outside = try elsewhere.png("outside.png", side: 8, channels: 4) { _, _ in [1, 2, 3, 255] }
        var truncated = try Data(contentsOf: URL(fileURLWithPath: good))
        truncated.removeLast(20)
        // A valid header claiming 20000 × 20000 (over LintOptions.iconLimits): refused from the header, never decoded.
        var huge = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        let crc = crc32(huge[12..<29])
        huge.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255)])
        try mkfifo(folder.file("fifo.png"))
        let images: [IconInventory.Image] = [
            IconInventory.Image(path: "text.png", bytes: .file(absolutePath: folder.file("text.png"))),
            IconInventory.Image(path: "truncated.png", bytes: .data(truncated)),
            IconInventory.Image(path: "huge.png", bytes: .data(Data(huge))),
            IconInventory.Image(path: "fifo.png", bytes: .file(absolutePath: folder.file("fifo.png"))),
            IconInventory.Image(path: "gone.png", bytes: .file(absolutePath: folder.file("gone.png"))),
            IconInventory.Image(path: "outside.png", bytes: .file(absolutePath: outside)),
        ]
        let icon = IconInventory.Icon(
            name: "Broken", role: .alternate, source: .infoPlist(file: "Info.plist", keys: ["CFBundleIcons"]),
            slots: images.map { IconInventory.Slot(idiom: .iphone, points: 60, scale: 2, image: $0, expected: false) })
        var result = Self.result(root: folder.path, icons: [icon])
        // Even a run with --max-size past 4096 draws nothing larger than an icon can be.
        result.inventory.limits = PNGLimits(maxWidth: 1 << 20, maxHeight: 1 << 20, maxBytes: 1 << 44)
        let page = HTMLReporter.render(result, options: ReportOptions())
        let broken = page.components(separatedBy: "<figure class=\"tile extra broken\">").dropFirst()
        #expect(broken.count == images.count)
        #expect(Self.tags("img", in: page).isEmpty)
        for image in images { #expect(page.contains("<span class=\"why\">\(image.path): "), "\(image.path)") }
        #expect(page.contains("huge.png: image too large"))
        #expect(page.contains("fifo.png: not a regular file"))
        #expect(page.contains("text.png: not a PNG file"))
        #expect(page.contains("outside.png: it lies outside the linted folder"))
    }

    private func mkfifo(_ path: String) throws {
        #if canImport(Glibc)
            guard Glibc.mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        #else
            guard Darwin.mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        #endif
    }

    // MARK: The Example, end to end

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Example").path

    @Test func theExampleShowsEveryIconAndEveryFinding() throws {
        let result = try Linter.lint(LintOptions(path: Self.example))
        let page = HTMLReporter.render(result, options: ReportOptions())
        #expect(page == HTMLReporter.render(result, options: ReportOptions()))
        #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"))
        // Every element the reporter opens, it closes.
        for element in ["section", "article", "div", "figure", "figcaption", "ol", "li", "p", "span", "a", "code", "nav", "header"] {
            let opened = page.components(separatedBy: "<\(element)>").count + page.components(separatedBy: "<\(element) ").count - 2
            #expect(opened == page.components(separatedBy: "</\(element)>").count - 1, "<\(element)>")
        }
        // Debug and Release share the primary AppIcon; Beta has its own.
        let groups = result.inventory.apps
        #expect(groups.map(\.configurations) == [["Debug", "Release"], ["Beta"]])
        #expect(
            groups.map { $0.icons.map(\.name) } == [
                ["AppIcon", "Classic", "Midnight", "Neon", "Retro", "Sunset"],
                ["AppIcon-Beta", "Classic", "Midnight", "Neon", "Retro", "Sunset"],
            ])
        // Every finding is on the page, beside its icon where it names one.
        let items = Self.tags("li class=\"finding", in: page)
        for diagnostic in result.diagnostics {
            let attributes = "data-rule=\"\(diagnostic.rule.rawValue)\" data-file=\"\(HTMLText.escape(diagnostic.location.file))\""
            #expect(items.contains { $0.contains(attributes) }, "\(diagnostic.rule)")
            #expect(page.contains(HTMLText.escape(diagnostic.message)))
        }
        let other = Self.element(id: "other-findings", in: page) ?? ""
        #expect(other.contains("unknown-alternate-icon-name") && !other.contains("marketing-icon-alpha"))
        // Retro: the 120 px file shown, 180 px missing and flagged, the iPad sizes missing.
        let retro = try #require(Self.element(id: "icon-0-4", in: page))
        #expect(retro.contains("data-icon=\"Retro\""))
        let retroTiles = retro.components(separatedBy: "<figure").dropFirst()
        #expect(retroTiles.filter { $0.contains("missing") && $0.contains("flagged") }.count == 3)
        #expect(retroTiles.filter { $0.contains("<img") }.count == 1)
        // The App Store tile of AppIcon carries the alpha finding's number.
        let appIcon = try #require(Self.element(id: "icon-0-0", in: page))
        let store = appIcon.components(separatedBy: "<figure").dropFirst().filter { $0.contains("store") }
        #expect(store.count == 1 && store[0].contains("flagged") && store[0].contains("href=\"#f-0-0-1\""))
        // Dark and tinted appearances on their own backgrounds.
        #expect(appIcon.contains("wall wall-dark") && appIcon.contains("wall wall-tinted"))
        #expect(Self.tags("img", in: page).count == 32)
    }

    @Test func inventoryOfTheExampleKnowsItsImages() throws {
        let result = try Linter.lint(LintOptions(path: Self.example))
        let debug = try #require(result.inventory.apps.first)
        let classic = try #require(debug.icons.first { $0.name == "Classic" })
        #expect(classic.source == .infoPlist(file: "Sunrise/Info.plist", keys: ["CFBundleIcons", "CFBundleIcons~ipad"]))
        #expect(classic.slots.map(\.pixels) == [120, 180, 152, 167])
        #expect(classic.slots.allSatisfy { $0.image != nil && $0.image?.width == $0.pixels })
        let neon = try #require(debug.icons.first { $0.name == "Neon" })
        #expect(!neon.included && neon.alternateIconName == "Neon")
        let appIcon = try #require(debug.icons.first)
        #expect(appIcon.role == .primary && appIcon.alternateIconName == nil)
        #expect(appIcon.slots.map(\.appearance) == [.any, .dark, .tinted])
        guard case .file(let path) = appIcon.slots[0].image?.bytes else {
            Issue.record("AppIcon.png is not read from its file")
            return
        }
        #expect(path == Self.example + "/Sunrise/Assets.xcassets/AppIcon.appiconset/AppIcon.png")
    }
}
