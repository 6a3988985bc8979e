/// An icon whose width and height differ.
struct IconNotSquareRule: Rule {
    static let description = RuleDescription(
        id: .iconNotSquare, severity: .error, section: .imageFiles,
        summary: "The icon's width and height differ.", builtProducts: .yes)

    func check(_ app: AppModel) -> [Finding] {
        app.distinctImages.compactMap { use, facts in
            guard let header = facts.header, !app.isForeign(header), header.width != header.height else { return nil }
            return finding(
                "\(use.path) is \(header.width)×\(header.height); \(use.label) must be square: crop or pad it to a square and export each size again",
                image: use)
        }
    }
}
