import PNGKit

/// An icon file libpng rejects.
struct IconCorruptRule: Rule {
    static let description = RuleDescription(
        id: .iconCorrupt, severity: .error, section: .imageFiles,
        summary: "libpng rejects the file: bad signature, CRC error, truncated data, invalid header; the message carries libpng's reason.", builtProducts: .yes)

    static let examples: [RuleExample] = [
        RuleExample(
            "broken-checksum", .baseline.replacing("App/Icons/Dark@3x.png", .png(180, 180, brokenChecksum: true)),
            reports: [.iconCorrupt]),
        RuleExample("sound", .baseline, silent: [.iconCorrupt]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        // A built app's Assets.car that cannot be read is the reader's finding: its icons were not checked.
        app.readingFindings.filter { $0.rule == Self.description.id } + imageFindings(app)
    }

    /// The icon files libpng rejects.
    func imageFindings(_ app: AppModel) -> [Finding] {
        // In a built app the file came out of the build: the fix is in the sources, then a new build.
        let fix = app.built == nil ? "" : " and build the app again"
        return app.distinctImages.compactMap { use, facts in
            switch facts.error {
            case nil, .notPNG?:
                return nil
            case .io(_, let reason)?:
                return finding("\(use.path) cannot be read (\(reason)); \(app.built == nil ? "check its permissions" : "build the app again")", image: use)
            case .tooLarge(let detail)?:
                return finding("\(use.path) is far too large for an icon (\(detail)); an app icon is at most 1024×1024", image: use)
            case .corrupt(let reason)?:
                return finding("\(use.path) is a damaged PNG: libpng says \"\(reason)\"; export \(use.label) again from its source\(fix)", image: use)
            case let error?:
                return finding(
                    "\(use.path) is a damaged PNG: libpng says \"\(error.description)\"; export \(use.label) again from its source\(fix)", image: use)
            }
        }
    }
}
