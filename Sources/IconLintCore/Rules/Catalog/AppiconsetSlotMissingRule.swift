/// A compiled set, or an alternate the build does not include, with a required slot empty.
struct AppiconsetSlotMissingRule: Rule {
    static let description = RuleDescription(
        id: .appiconsetSlotMissing, severity: .error, section: .assetCatalogs,
        summary: "A required slot is empty: the 1024 App Store image; in a classic set also iPhone 60@2x/@3x and, for iPad apps, 76@2x and 83.5@2x.",
        rationale:
            "Only iOS slots count: watchOS or macOS images in the same set are not the iOS app's icon. An alternate set the build does not include (appiconset-not-included) is checked as the alternate it would be once included.",
        anchor: "actool \"A 1024x1024 app store icon is required…\"; ITMS-90704")

    static let examples: [RuleExample] = [
        // A set in the classic form whose App Store slot has no image.
        RuleExample(
            "empty-marketing-slot",
            .catalogApp(classic(marketing: ["idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"])),
            reports: [.appiconsetSlotMissing]),
        RuleExample(
            "every-slot-filled",
            .catalogApp(
                classic(marketing: ["filename": "Icon-1024.png", "idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"]).merging(
                    ["AppIcon.appiconset/Icon-1024.png": .png(1024, 1024)]
                ) { _, new in new }),
            silent: [.appiconsetSlotMissing]),
    ]

    /// A classic (per-size) iPhone set: 60 pt at @2x and @3x, and `marketing` as its App Store slot.
    private static func classic(marketing: ExampleValue) -> [String: ExampleFile] {
        [
            "AppIcon.appiconset/Contents.json": .json(
                .contents([
                    ["filename": "Icon-120.png", "idiom": "iphone", "scale": "2x", "size": "60x60"],
                    ["filename": "Icon-180.png", "idiom": "iphone", "scale": "3x", "size": "60x60"], marketing,
                ])),
            "AppIcon.appiconset/Icon-120.png": .png(120, 120), "AppIcon.appiconset/Icon-180.png": .png(180, 180),
        ]
    }

    func check(_ app: AppModel) -> [Finding] {
        app.catalogIcons.examined.compactMap { set, role in
            guard set.kind == .appiconset, set.contentsProblem == nil || !set.slots.isEmpty else { return nil }
            let slots = set.slots.filter(\.isIOS)
            let filled = slots.filter { $0.filename != nil }
            func absent(_ slot: IconSlot) -> String? {
                guard !filled.contains(where: { $0.idiom == slot.idiom.rawValue && $0.size == slot.points && $0.scale == slot.scale }) else { return nil }
                let device = slot.idiom == .ipad ? (slot.points == 83.5 ? "iPad Pro" : "iPad") : "iPhone"
                return "\(device) \(slot.pointsText)pt @\(slot.scale)x (\(slot.pixels.pixelText))"
            }
            var missing: [String] = []
            let classic = slots.contains { $0.idiom == "iphone" || $0.idiom == "ipad" }
            if role == .primary, !filled.contains(where: \.isMarketing) { missing.append("the 1024×1024 App Store image (ITMS-90704)") }
            if !classic, role == .alternate, !filled.contains(where: { $0.idiom == "universal" && $0.pixels == 1024 && $0.appearance == .any }) {
                missing.append("the 1024×1024 universal image")
            }
            if classic {
                missing += IconGeometry.homeScreen(.iphone).compactMap(absent)
                if app.runsOnIPad || !app.settings.known && slots.contains(where: { $0.idiom == "ipad" }) {
                    missing += IconGeometry.homeScreen(.ipad).compactMap(absent)
                }
            }
            guard !missing.isEmpty else { return nil }
            return finding(
                "\(set.path) (\(role == .primary ? "primary icon" : "alternate icon")) has no image for \(missing.joined(separator: ", ")); drop the PNGs into those slots in the asset catalog editor",
                file: set.contentsPath, icon: set.name, role: role)
        }
    }
}

extension AppiconsetSlotMissingRule: Correctable {
    /// The set's empty required slots filled: each image resized from the set's largest image
    /// into the set's folder, its file name written into the slot's Contents.json entry. A slot
    /// Contents.json does not list, or larger than every image there, is left.
    func corrections(_ app: AppModel, in request: CorrectionRequest) -> [Correction] {
        guard app.built == nil else { return [] }
        let reported = Set(check(app).compactMap(\.icon))
        return app.catalogIcons.examined.flatMap { set, role -> [Correction] in
            guard reported.contains(set.name), set.kind == .appiconset, set.contentsProblem == nil else { return [] }
            let slots = set.slots.filter(\.isIOS)
            let filled = slots.filter { $0.filename != nil }
            var wanted: [AppIconSlot] = []
            var unlisted: [String] = []
            func want(idiom: String, points: Double, scale: Int, label: String) {
                guard !filled.contains(where: { $0.idiom == idiom && $0.size == points && $0.scale == scale && $0.appearance == .any }) else { return }
                if let empty = slots.first(where: { $0.idiom == idiom && $0.size == points && $0.scale == scale && $0.appearance == .any }) {
                    wanted.append(empty)
                } else {
                    unlisted.append(label)
                }
            }
            let classic = slots.contains { $0.idiom == "iphone" || $0.idiom == "ipad" }
            if role == .primary, !filled.contains(where: \.isMarketing) {
                want(idiom: classic ? "ios-marketing" : "universal", points: 1024, scale: 1, label: "1024×1024")
            }
            if classic {
                for slot in IconGeometry.homeScreen(.iphone) { want(idiom: "iphone", points: slot.points, scale: slot.scale, label: slot.pixels.pixelText) }
                if app.runsOnIPad || !app.settings.known && slots.contains(where: { $0.idiom == "ipad" }) {
                    for slot in IconGeometry.homeScreen(.ipad) { want(idiom: "ipad", points: slot.points, scale: slot.scale, label: slot.pixels.pixelText) }
                }
            }
            return slotCorrections(set, wanted: wanted, unlisted: unlisted, app: app)
        }
    }

    private func slotCorrections(_ set: AppIconSet, wanted: [AppIconSlot], unlisted: [String], app: AppModel) -> [Correction] {
        let rule = Self.description.id
        let subject = "\(set.contentsPath): empty slots of \(set.name)"
        var left = unlisted.map {
            Correction(
                rule: rule, subject: "\(subject): \($0)", outcome: .left("Contents.json has no entry for that slot; add it in Xcode's asset catalog editor"))
        }
        var largest: (path: String, side: Int)?
        for slot in set.slots where slot.filename != nil {
            let path = set.path + "/" + slot.filename!
            guard let facts = app.facts(path), facts.error == nil, let header = facts.header, header.width == header.height else { continue }
            if header.width > largest?.side ?? 0 { largest = (path, header.width) }
        }
        guard let source = largest else {
            return left + (wanted.isEmpty ? [] : [Correction(rule: rule, subject: subject, outcome: .left("the set holds no readable square image to resize"))])
        }
        var edits: [PlannedEdit] = []
        var made: [Int] = []
        var taken = Set(set.files.map { $0.lowercased() })
        for slot in wanted {
            guard slot.pixels <= source.side else {
                left.append(
                    Correction(
                        rule: rule, subject: "\(subject): \(slot.pixels.pixelText)",
                        outcome: .left(
                            "its largest image, \(source.path), is \(source.side.pixelText), and fix never upscales: add a \(slot.pixels.pixelText) image from the master artwork"
                        )))
                continue
            }
            var name = "\(set.bareName)-\(slot.sizeText.replacingOccurrences(of: "@1x", with: "")).png"
            if slot.idiom == "ipad" { name = name.replacingOccurrences(of: ".png", with: "~ipad.png") }
            guard taken.insert(name.lowercased()).inserted else {
                left.append(Correction(rule: rule, subject: "\(subject): \(slot.pixels.pixelText)", outcome: .left("\(name) exists in the set already")))
                continue
            }
            edits.append(.newImage(path: set.path + "/" + name, recipe: ImageRecipe(source: source.path, size: slot.pixels)))
            edits.append(.contentsFilename(path: set.contentsPath, index: slot.index, filename: name))
            made.append(slot.pixels)
        }
        guard !edits.isEmpty else { return left }
        return [Correction(rule: rule, subject: "\(subject): \(made.pixelList)", outcome: .planned(edits))] + left
    }
}
