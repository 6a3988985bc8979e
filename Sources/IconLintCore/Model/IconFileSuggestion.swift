import Foundation

/// A file to add for a missing icon size, and the CFBundleIconFiles entry that reaches it.
struct IconFileSuggestion: Sendable, Hashable {
    /// The name to list in CFBundleIconFiles (no scale, device or extension).
    var entry: String
    /// The file name iOS looks up for `entry` at that scale and device, e.g. `icon-red@2x~ipad.png`.
    var fileName: String
    var pixels: Int
}

extension IconFileName {
    /// Points and scale of the app icon sizes iOS asks CFBundleIconFiles for, by idiom.
    static func appIconSlot(pixels: Int, idiom: Idiom) -> (points: Double, scale: Int)? {
        switch (idiom, pixels) {
        case (.ipad, 76): (76, 1)
        case (.ipad, 152): (76, 2)
        case (.ipad, 167): (83.5, 2)
        case (_, 120): (60, 2)
        case (_, 180): (60, 3)
        case (_, 60): (60, 1)
        default: nil
        }
    }

    /// The file to add for `points` at `scale` on `idiom`, built from the entry name and iOS's
    /// suffixes (`Base@2x~ipad.png`). A size the entry's name states (`icon-red-76`,
    /// `AppIcon60x60`) is replaced by the new one in the same style (`icon-red-83.5`,
    /// `AppIcon83.5x83.5`), never glued on (`icon-red-7683.5x83.5`); a name with no size is
    /// kept (`icon-red` → `icon-red@2x~ipad.png`) unless that file is taken (in `existing`,
    /// compared case-insensitively, as by another size), when the size is added (`icon-red-83.5`).
    static func suggestion(
        entry: String, points: Double, scale: Int, idiom: Idiom,
        existing: Set<String> = []
    ) -> IconFileSuggestion {
        let parsed = IconFileName(entry)
        let pointsText = points == points.rounded() ? String(Int(points)) : String(points)
        var base = parsed.base
        if parsed.namedPoints != nil, let (points, stem) = IconFileName.sizeSuffix(base) {
            // `AppIcon60x60` → `AppIcon83.5x83.5`; `icon-red-76` → `icon-red-83.5`.
            let xcodeForm = base.hasSuffix("\(points)x\(points)")
            base = xcodeForm ? "\(stem)\(pointsText)x\(pointsText)" : "\(base.dropLast(points.count))\(pointsText)"
        }
        // An entry written `Name~ipad` keeps its form: iOS appends the scale after the modifier.
        let written = parsed.isLiteral ? nil : parsed.device.map { "~" + $0 }
        func file(_ base: String) -> String {
            if let written { return base + written + (scale > 1 ? "@\(scale)x" : "") + ".png" }
            return base + (scale > 1 ? "@\(scale)x" : "") + (idiom == .ipad ? "~ipad" : "") + ".png"
        }
        let taken = Set(existing.map { $0.lowercased() })
        if parsed.namedPoints == nil, taken.contains(file(base).lowercased()) {
            base += (base.hasSuffix("-") || base.hasSuffix("_") ? "" : "-") + pointsText
        }
        let pixels = Int((points * Double(scale)).rounded())
        return IconFileSuggestion(entry: base + (written ?? ""), fileName: file(base), pixels: pixels)
    }

    /// Files to add for the missing pixel sizes of one entry (sizes iOS does not ask
    /// CFBundleIconFiles for are left out). Two sizes that would share one file name (152 and
    /// 167 are both `@2x~ipad`) get distinct entries.
    static func suggestions(
        entry: String, missingPixels: [Int], idiom: Idiom,
        existing: Set<String> = []
    ) -> [IconFileSuggestion] {
        var taken = existing
        var result: [IconFileSuggestion] = []
        for pixels in missingPixels {
            guard let slot = appIconSlot(pixels: pixels, idiom: idiom) else { continue }
            let suggestion = suggestion(entry: entry, points: slot.points, scale: slot.scale, idiom: idiom, existing: taken)
            taken.insert(suggestion.fileName)
            result.append(suggestion)
        }
        return result
    }
}
