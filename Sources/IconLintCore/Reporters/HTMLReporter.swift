import Foundation

/// Format: one self-contained HTML page (no script, no network): the summary line, then per app
/// and configuration group each icon's sizes as tiles at their point size, images inlined as
/// `data:` PNGs, with its findings beside it; findings that concern no icon in a section of their own.
public enum HTMLReporter: Reporter {
    public static let kind = ReporterKind.html
    public static let summary = "One self-contained page showing every icon at its sizes beside its findings."

    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let plan = HTMLReportPlan(result)
        let images = HTMLReportImages.render(plan.imageRequests, limits: result.inventory.limits)
        var page = HTMLPage()
        page.open(title: "iconlint report")
        summarySection(result, plan: plan, into: &page)
        for (appIndex, group) in plan.groups.enumerated() {
            appSection(group, appIndex: appIndex, result: result, images: images, into: &page)
        }
        if !plan.unplaced.isEmpty {
            page.line("<section class=\"other\" id=\"other-findings\">")
            page.line("<h2>Findings not tied to an icon</h2>")
            findingList(plan.unplaced, idPrefix: "f-other", into: &page)
            page.line("</section>")
        }
        ruleReference(plan.rules, into: &page)
        page.line("<footer>iconlint \(HTMLText.escape(options.toolVersion)) · rule reference: docs/rules.md, or <code>iconlint rules</code></footer>")
        page.close()
        return page.text
    }

    // MARK: Summary

    private static func summarySection(_ result: LintResult, plan: HTMLReportPlan, into page: inout HTMLPage) {
        let state = result.errorCount > 0 ? "error" : result.warningCount > 0 ? "warning" : "clean"
        page.line("<header class=\"summary \(state)\">")
        page.line("<h1>iconlint</h1>")
        page.line("<p class=\"counts\" id=\"summary\">\(HTMLText.escape(TextReporter.summaryLine(result)))</p>")
        page.line("<p class=\"root\">\(HTMLText.escape(result.root))</p>")
        for note in result.notes {
            page.line("<p class=\"note\">note: \(HTMLText.escape(note))</p>")
        }
        if !plan.groups.isEmpty {
            page.line("<nav class=\"overview\" aria-label=\"Icons\">")
            for (appIndex, group) in plan.groups.enumerated() {
                page.line("<div class=\"overview-app\"><span class=\"overview-name\">\(HTMLText.escape(group.heading))</span>")
                for (iconIndex, icon) in group.icons.enumerated() {
                    let worst = icon.worst.map(\.rawValue) ?? "clean"
                    let count = icon.findings.isEmpty ? "✓" : "\(icon.findings.count)"
                    page.line(
                        "<a class=\"chip \(worst)\" href=\"#icon-\(appIndex)-\(iconIndex)\">\(HTMLText.escape(icon.icon.name)) <b>\(count)</b></a>"
                    )
                }
                page.line("</div>")
            }
            if !plan.unplaced.isEmpty {
                let worst = plan.unplaced.map(\.severity).max()?.rawValue ?? "clean"
                page.line(
                    "<div class=\"overview-app\"><a class=\"chip \(worst)\" href=\"#other-findings\">Other findings <b>\(plan.unplaced.count)</b></a></div>"
                )
            }
            page.line("</nav>")
            page.line(
                "<p class=\"legend\">Tiles are drawn at their size in points. <span class=\"key missing\"></span> a size the icon lacks · <span class=\"key flagged\"></span> a finding below concerns it (by number) · the App Store image lies on a checkerboard, so transparent pixels show; on the home screen iOS fills them with black.</p>"
            )
        }
        page.line("</header>")
    }

    // MARK: Apps and icons

    private static func appSection(
        _ group: HTMLReportPlan.Group, appIndex: Int, result: LintResult, images: HTMLReportImages, into page: inout HTMLPage
    ) {
        page.line("<section class=\"app\" id=\"app-\(appIndex)\">")
        page.line("<h2>\(HTMLText.escape(group.heading))</h2>")
        if group.icons.isEmpty { page.line("<p class=\"note\">No app icon is declared or compiled.</p>") }
        for (iconIndex, icon) in group.icons.enumerated() {
            iconCard(icon, key: "\(appIndex)-\(iconIndex)", group: group, result: result, images: images, into: &page)
        }
        page.line("</section>")
    }

    private static func iconCard(
        _ placed: HTMLReportPlan.PlacedIcon, key: String, group: HTMLReportPlan.Group, result: LintResult,
        images: HTMLReportImages, into page: inout HTMLPage
    ) {
        let icon = placed.icon
        let state = placed.worst.map(\.rawValue) ?? "clean"
        page.line("<article class=\"icon \(state)\" id=\"icon-\(key)\" data-icon=\"\(HTMLText.escape(icon.name))\">")
        page.line("<div class=\"icon-head\">")
        page.line("<span class=\"role\">\(icon.role == .primary ? "Primary" : "Alternate")</span>")
        page.line("<h3>\(HTMLText.escape(icon.name))</h3>")
        let call =
            icon.alternateIconName.map { "setAlternateIconName(\"\(HTMLText.escape(HTMLText.swiftLiteral($0)))\")" }
            ?? "setAlternateIconName(nil)"
        page.line("<code class=\"call\">\(call)</code>")
        if !icon.included { page.line("<span class=\"tag error\">not included in the build</span>") }
        if placed.findings.isEmpty { page.line("<span class=\"tag clean\">no findings</span>") }
        page.line("</div>")
        page.line("<p class=\"source\">\(HTMLText.escape(sourceText(icon.source)))</p>")
        let tiles = HTMLReportTiles.tiles(for: icon, runsOnIPad: group.app.runsOnIPad)
        if tiles.isEmpty {
            let why =
                switch icon.source {
                case .iconComposer: "An Icon Composer bundle: its layers are not previewed."
                case .notFound: "Nothing provides this icon."
                default: "No size of this icon is declared."
                }
            page.line("<p class=\"note\">\(why)</p>")
        } else {
            HTMLReportTiles.write(tiles, icon: placed, cardKey: key, app: group.app, result: result, images: images, into: &page)
        }
        if !placed.findings.isEmpty { findingList(placed.findings, idPrefix: "f-\(key)", into: &page) }
        page.line("</article>")
    }

    private static func sourceText(_ source: IconInventory.Source) -> String {
        switch source {
        case .infoPlist(let file, let keys):
            let named = keys.map { $0.isEmpty ? "CFBundleIconFiles" : $0 }.joined(separator: ", ")
            return "Info.plist entries: \(file) (\(named))"
        case .assetCatalog(let set): return "Asset catalog: \(set)"
        case .iconComposer(let bundle): return "Icon Composer: \(bundle)"
        case .notFound: return "Not found in any asset catalog or Info.plist"
        }
    }

    // MARK: Findings

    static func findingList(_ findings: [Diagnostic], idPrefix: String, into page: inout HTMLPage) {
        page.line("<ol class=\"findings\">")
        for (index, finding) in findings.enumerated() {
            let line = finding.location.reportedLine.map(String.init) ?? ""
            page.line(
                "<li class=\"finding \(finding.severity.rawValue)\" id=\"\(idPrefix)-\(index + 1)\" data-rule=\"\(finding.rule.rawValue)\" data-file=\"\(HTMLText.escape(finding.location.file))\" data-line=\"\(line)\">"
            )
            page.line(
                "<span class=\"n\">\(index + 1)</span><span class=\"severity\">\(finding.severity.rawValue)</span> <a class=\"rule\" href=\"#rule-\(finding.rule.rawValue)\">\(finding.rule.rawValue)</a>"
            )
            page.line("<p class=\"message\">\(HTMLText.escape(finding.message))</p>")
            var location = finding.location.file.isEmpty ? "(no file)" : finding.location.file
            if let line = finding.location.reportedLine {
                location += ":\(line)"
                if let column = finding.location.reportedColumn { location += ":\(column)" }
            }
            let scope = ReportText.scope(finding)
            page.line("<p class=\"where\">\(HTMLText.escape(location + scope))</p>")
            page.line("</li>")
        }
        page.line("</ol>")
    }

    private static func ruleReference(_ rules: [RuleID], into page: inout HTMLPage) {
        guard !rules.isEmpty else { return }
        page.line("<section class=\"rules\" id=\"rules\">")
        page.line("<h2>Rules in this report</h2>")
        page.line("<dl>")
        for rule in rules {
            let description = RuleCatalog.description(rule)
            page.line(
                "<dt id=\"rule-\(rule.rawValue)\"><code>\(rule.rawValue)</code> <span class=\"severity-text\">\(HTMLText.escape(description.severityText))</span></dt>"
            )
            var text = description.summary
            if !description.rationale.isEmpty { text += " " + description.rationale }
            if let anchor = description.anchor { text += " (\(anchor))" }
            page.line("<dd>\(HTMLText.codeSpans(HTMLText.escape(text)))</dd>")
        }
        page.line("</dl>")
        page.line("</section>")
    }
}

/// Where each finding goes: beside the icon it concerns, else in the section of its own.
struct HTMLReportPlan {
    struct PlacedIcon {
        var icon: IconInventory.Icon
        var findings: [Diagnostic]
        var worst: Severity? { findings.map(\.severity).max() }
    }

    struct Group {
        var app: IconInventory.App
        var icons: [PlacedIcon]
        /// "Sunrise (Debug, Release)".
        var heading: String {
            let configurations = app.configurations.joined(separator: ", ")
            return configurations.isEmpty ? app.displayName : "\(app.displayName) (\(configurations))"
        }
    }

    var groups: [Group] = []
    var unplaced: [Diagnostic] = []
    /// The rules the findings name, in id order.
    var rules: [RuleID]

    init(_ result: LintResult) {
        let diagnostics = result.sortedDiagnostics
        var placed: Set<Int> = []
        for app in result.inventory.apps {
            var icons: [PlacedIcon] = []
            for icon in app.icons {
                var findings: [Diagnostic] = []
                for (index, diagnostic) in diagnostics.enumerated() where Self.concerns(diagnostic, icon, app) {
                    findings.append(diagnostic)
                    placed.insert(index)
                }
                icons.append(PlacedIcon(icon: icon, findings: findings))
            }
            groups.append(Group(app: app, icons: icons))
        }
        unplaced = diagnostics.enumerated().filter { !placed.contains($0.offset) }.map(\.element)
        rules = Set(diagnostics.map(\.rule)).sorted { $0.rawValue < $1.rawValue }
    }

    /// The finding names this icon of this app, in a configuration of this group.
    static func concerns(_ diagnostic: Diagnostic, _ icon: IconInventory.Icon, _ app: IconInventory.App) -> Bool {
        guard diagnostic.icon == icon.name, diagnostic.role == nil || diagnostic.role == icon.role else { return false }
        if let identity = diagnostic.app {
            guard identity == app.identity else { return false }
        } else {
            guard let target = diagnostic.target, target == app.identity.target else { return false }
        }
        if !diagnostic.configurations.isEmpty, !app.configurations.isEmpty {
            return !Set(diagnostic.configurations).isDisjoint(with: app.configurations)
        }
        return true
    }

    /// Every image the page shows, at the pixel sizes it shows it.
    var imageRequests: [HTMLReportImages.Request] {
        var requests: [HTMLReportImages.Request] = []
        var seen: Set<HTMLReportImages.Request> = []
        for group in groups {
            for placed in group.icons {
                for tile in HTMLReportTiles.tiles(for: placed.icon, runsOnIPad: group.app.runsOnIPad) {
                    guard let image = tile.slot.image else { continue }
                    let request = HTMLReportImages.Request(
                        bytes: image.bytes, root: group.app.root, side: tile.imagePixels)
                    if seen.insert(request).inserted { requests.append(request) }
                }
            }
        }
        return requests
    }
}

/// The page being written, line by line.
struct HTMLPage {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    mutating func open(title: String) {
        line("<!DOCTYPE html>")
        line("<html lang=\"en\">")
        line("<head>")
        line("<meta charset=\"utf-8\">")
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        // Nothing may load from elsewhere: the page stands alone, images are data: URIs.
        line("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">")
        line("<title>\(HTMLText.escape(title))</title>")
        line("<style>")
        text += HTMLReportStyle.css
        line("</style>")
        line("</head>")
        line("<body>")
    }

    mutating func close() {
        line("</body>")
        line("</html>")
    }
}

/// Text as HTML shows it.
enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities, control characters shown escaped, CI commands
    /// neutralised (`SafeText.html`): safe in element text and in quoted attribute values.
    static func escape(_ text: String) -> String { SafeText.html(text) }

    /// Escaped text with its Markdown `code` spans as <code> elements (the rule catalogue's style).
    static func codeSpans(_ escaped: String) -> String {
        let parts = escaped.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return escaped }
        return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    /// The contents of a Swift string literal holding `text` (before HTML escaping).
    static func swiftLiteral(_ text: String) -> String {
        var literal = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal
    }
}
