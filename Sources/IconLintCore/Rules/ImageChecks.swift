import Foundation
import PNGKit

/// An icon image some rule reached, with what it is for.
struct ImageUse: Sendable {
    var path: String
    var icon: String?
    var role: IconRole?
    var idiom: Idiom?
    var appearance: Appearance = .any
    /// The primary icon's App Store image: must have no alpha channel at all.
    var isMarketing = false
    /// A tinted-appearance image: should be grayscale.
    var isTinted: Bool { appearance == .tinted }
}

/// The rules of RULES.md's "Image files" section, once per file however many slots use it.
enum ImageChecks {
    /// Whether reading `use` needs pixels (transparency or colour), not only the header.
    static func needsPixels(_ use: ImageUse) -> Bool {
        use.appearance == .any || use.isTinted
    }

    static func check(_ uses: [ImageUse], context: LintContext, into sink: inout FindingSink) {
        var reported: Set<String> = []
        func once(_ rule: String, _ path: String) -> Bool { reported.insert(rule + "\u{0}" + path).inserted }

        for use in uses {
            guard let facts = context.facts(use.path) else { continue }
            let path = use.path
            let label = use.icon.map { use.role == .alternate ? "alternate icon '\($0)'" : "primary icon '\($0)'" } ?? "app icon"
            if let error = facts.error {
                switch error {
                case .notPNG(let detail):
                    if once("icon-not-png", path) {
                        sink.emit("icon-not-png", "\(path) is not a PNG (\(detail)); export \(label) as PNG: iOS icons and App Store Connect accept only PNG (ITMS-90022)",
                                  file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
                    }
                case .io(_, let reason):
                    if once("icon-corrupt", path) {
                        sink.emit("icon-corrupt", "\(path) cannot be read (\(reason)); check its permissions", file: path,
                                  icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
                    }
                case .tooLarge(let detail):
                    if once("icon-corrupt", path) {
                        sink.emit("icon-corrupt", "\(path) is far too large for an icon (\(detail)); an app icon is at most 1024×1024",
                                  file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
                    }
                default:
                    if once("icon-corrupt", path) {
                        sink.emit("icon-corrupt", "\(path) is a damaged PNG: libpng says \"\(reasonText(error))\"; export \(label) again from its source",
                                  file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
                    }
                }
                continue
            }
            guard let header = facts.header else { continue }
            if header.isCgBI {
                if once("icon-not-png", path) {
                    sink.emit("icon-not-png", "\(path) is Apple's CgBI (\"iPhone-optimised\") variant, taken from a built app, not a standard PNG; replace it with the original PNG",
                              file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
                }
                continue
            }
            if header.width != header.height, once("icon-not-square", path) {
                sink.emit("icon-not-square", "\(path) is \(header.width)×\(header.height); \(label) must be square: crop or pad it to a square and export each size again",
                          file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
            }
            if header.interlaced, once("icon-interlaced", path) {
                sink.emit("icon-interlaced", "\(path) is an Adam7-interlaced PNG; save \(label) without interlacing (e.g. `pngcrush -n`, or uncheck \"Interlaced\" when exporting)",
                          file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
            }
            if use.isMarketing, header.mayHaveTransparency, once("marketing-icon-alpha", path) {
                let what = header.hasAlphaChannel ? "an alpha channel (\(header.colorType.rawValue))" : "a tRNS transparency chunk"
                sink.emit("marketing-icon-alpha", "\(path) is the 1024×1024 App Store icon and has \(what); App Store Connect rejects it (ITMS-90717): flatten it onto an opaque background and save it without alpha",
                          file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
            }
            if use.appearance == .any, let minAlpha = facts.minAlpha, minAlpha < 255, once("icon-has-transparency", path) {
                sink.emit("icon-has-transparency", "\(path) has pixels that are not fully opaque (lowest alpha \(minAlpha) of 255); iOS fills them with black: flatten \(label) onto an opaque background",
                          file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
            }
            if use.isTinted, facts.hasColor == true, once("tinted-icon-not-grayscale", path) {
                sink.emit("tinted-icon-not-grayscale", "\(path) fills a tinted-appearance slot but has colour; iOS tints a grayscale image: convert it to grayscale",
                          file: path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: .tinted)
            }
        }
    }

    static func reasonText(_ error: PNGError) -> String {
        switch error {
        case .corrupt(let reason): reason
        default: error.description
        }
    }
}
