/// One drawn size of an icon: a slot shown in a device column at its size in points.
struct HTMLReportTile {
    enum Column: Int, CaseIterable {
        case iphone
        case ipad
        case appStore

        var title: String {
            switch self {
            case .iphone: "iPhone"
            case .ipad: "iPad"
            case .appStore: "App Store"
            }
        }
    }

    var slot: IconInventory.Slot
    var column: Column
    /// The tile's side in CSS pixels: the slot's points (the App Store image smaller than life).
    var cssSize: Double
    var label: String
    var detail: String

    /// The image is drawn at twice its CSS size (sharp on a Retina screen, small in the file).
    var imagePixels: Int { Int((cssSize * 2).rounded(.up)) }

    /// The App Store image is drawn at this CSS size instead of 1024.
    static let appStoreSide = 128.0
    /// No home-screen icon is larger than 83.5 pt: an extra file of another size (a 512 px
    /// `logo.png` listed as an icon) is drawn at most this large, its size in the caption.
    static let largestTile = 128.0

    /// A tile's CSS side for `points`: at least 20 (legible), at most `largestTile`.
    static func side(_ points: Double) -> Double { min(max(points, 20), largestTile) }
}

enum HTMLReportTiles {
    /// The tiles of an icon, by column; a single-size 1024 image shows at the home-screen size
    /// of each device (iOS derives them from it) and, in the default appearance, as the App Store image.
    static func tiles(for icon: IconInventory.Icon, runsOnIPad: Bool) -> [HTMLReportTile] {
        var tiles: [HTMLReportTile] = []
        for slot in icon.slots {
            let size = "\(slot.pointsText) pt @\(slot.scale)x"
            let pixels = pixelText(slot)
            switch slot.idiom {
            case .iphone, .ipad:
                let column: HTMLReportTile.Column = slot.idiom == .ipad ? .ipad : .iphone
                let label = slot.expected ? size : "extra file"
                tiles.append(HTMLReportTile(slot: slot, column: column, cssSize: HTMLReportTile.side(slot.points), label: label, detail: pixels))
            case .iosMarketing:
                tiles.append(
                    HTMLReportTile(slot: slot, column: .appStore, cssSize: HTMLReportTile.appStoreSide, label: "App Store 1024 px", detail: pixels))
            case .universal where slot.pixels == 1024:
                let from = "from \(pixels)"
                tiles.append(HTMLReportTile(slot: slot, column: .iphone, cssSize: 60, label: "60 pt", detail: from))
                if runsOnIPad { tiles.append(HTMLReportTile(slot: slot, column: .ipad, cssSize: 83.5, label: "83.5 pt", detail: from)) }
                if slot.appearance == .any {
                    tiles.append(
                        HTMLReportTile(slot: slot, column: .appStore, cssSize: HTMLReportTile.appStoreSide, label: "App Store 1024 px", detail: pixels))
                }
            case .universal:
                tiles.append(HTMLReportTile(slot: slot, column: .iphone, cssSize: HTMLReportTile.side(slot.points), label: size, detail: pixels))
            }
        }
        return tiles
    }

    /// "180 px", or the size the file really has when it differs ("found 100×100").
    private static func pixelText(_ slot: IconInventory.Slot) -> String {
        guard let image = slot.image, let width = image.width, let height = image.height else { return "\(slot.pixels) px" }
        if slot.expected, width == slot.pixels, height == slot.pixels { return "\(slot.pixels) px" }
        return slot.expected ? "\(slot.pixels) px, file \(width)×\(height)" : "\(width)×\(height) px"
    }

    /// The tiles in device columns, a row per appearance on the background iOS shows it on.
    static func write(
        _ tiles: [HTMLReportTile], icon: HTMLReportPlan.PlacedIcon, cardKey: String, app: IconInventory.App,
        result: LintResult, images: HTMLReportImages, into page: inout HTMLPage
    ) {
        page.line("<div class=\"tiles\">")
        let appearances = Set(tiles.map(\.slot.appearance))
        for column in HTMLReportTile.Column.allCases {
            let inColumn = tiles.filter { $0.column == column }
            guard !inColumn.isEmpty else { continue }
            page.line("<div class=\"column\"><h4>\(column.title)</h4><div class=\"walls\">")
            for appearance in Appearance.allCases {
                let row = inColumn.filter { $0.slot.appearance == appearance }
                guard !row.isEmpty else { continue }
                if appearances.count > 1 || appearance != .any {
                    page.line("<div class=\"wall wall-\(appearance.rawValue) labelled\">")
                    page.line("<span class=\"wall-label\">\(appearanceTitle(appearance))</span>")
                } else {
                    page.line("<div class=\"wall wall-\(appearance.rawValue)\">")
                }
                for tile in row {
                    let marked = icon.findings.enumerated().filter { marks($0.element, tile: tile, app: app, result: result) }
                    figure(
                        tile, icon: icon.icon, marks: marked.map { ($0.offset + 1, $0.element.severity) }, cardKey: cardKey, app: app,
                        images: images, into: &page)
                }
                page.line("</div>")
            }
            page.line("</div></div>")
        }
        page.line("</div>")
    }

    private static func appearanceTitle(_ appearance: Appearance) -> String {
        switch appearance {
        case .any: "Light"
        case .dark: "Dark"
        case .tinted: "Tinted"
        }
    }

    private static func figure(
        _ tile: HTMLReportTile, icon: IconInventory.Icon, marks: [(number: Int, severity: Severity)], cardKey: String,
        app: IconInventory.App,
        images: HTMLReportImages, into page: inout HTMLPage
    ) {
        let side = cssNumber(tile.cssSize)
        var classes = ["tile"]
        if tile.column == .appStore { classes.append("store") }
        if !tile.slot.expected { classes.append("extra") }
        if let worst = marks.map(\.severity).max() { classes += ["flagged", "flagged-\(worst.rawValue)"] }
        var inner: String
        var caption = "\(HTMLText.escape(tile.label))<br><span>\(HTMLText.escape(tile.detail))</span>"
        let what = "\(icon.name) \(tile.column.title) \(tile.label)"
        if let image = tile.slot.image {
            switch images.outcome(image.bytes, root: app.root, side: tile.imagePixels) {
            case .png(let base64):
                classes.append("shown")
                inner =
                    "<img src=\"data:image/png;base64,\(base64)\" alt=\"\(HTMLText.escape(what))\" title=\"\(HTMLText.escape(image.path))\">"
            case .failed(let reason):
                classes.append("broken")
                inner = "<span class=\"hole\" title=\"\(HTMLText.escape(image.path))\">broken</span>"
                caption += "<br><span class=\"why\">\(HTMLText.escape(image.path)): \(HTMLText.escape(reason))</span>"
            }
        } else {
            classes.append("missing")
            inner = "<span class=\"hole\" title=\"\(HTMLText.escape(what)) is missing\">missing</span>"
        }
        if !marks.isEmpty {
            let links = marks.map { "<a class=\"\($0.severity.rawValue)\" href=\"#f-\(cardKey)-\($0.number)\">\($0.number)</a>" }
                .joined()
            inner += "<span class=\"badges\">\(links)</span>"
        }
        page.line(
            "<figure class=\"\(classes.joined(separator: " "))\"><div class=\"frame\" style=\"width:\(side)px;height:\(side)px\">\(inner)</div><figcaption>\(caption)</figcaption></figure>"
        )
    }

    /// "60", "83.5".
    private static func cssNumber(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The finding is about this tile: it names the tile's file (App Store findings only its
    /// App Store tile), or the tile is missing and the finding is about its device and appearance.
    static func marks(_ finding: Diagnostic, tile: HTMLReportTile, app: IconInventory.App, result: LintResult) -> Bool {
        if let image = tile.slot.image {
            guard ProjectPath.joinForReport(result.root, finding.location.file) == ProjectPath.joinForReport(app.root, image.path) else { return false }
            let aboutStore = finding.rule == .marketingIconAlpha || finding.idiom == .iosMarketing
            return !aboutStore || tile.column == .appStore
        }
        guard Self.absenceRules.contains(finding.rule), let idiom = finding.idiom, idiom == tile.slot.idiom else { return false }
        return finding.appearance == nil || finding.appearance == tile.slot.appearance
    }

    /// Rules about an image that is not there: only these mark an empty tile (a finding about
    /// a file that is there, e.g. an oversized `logo.png`, belongs to that file's tile).
    static let absenceRules: Set<RuleID> = [
        .primaryIconSizeMissing, .alternateIconSizeMissing, .iconFileMissing, .iconFileNotInTarget, .iconInAssetCatalog,
        .ipadAlternateMissing, .pathCaseMismatch, .appiconsetSlotMissing, .appiconsetFileMissing, .marketingIconMissing,
    ]
}
