/// A Contents.json that is not valid or has the wrong shape.
struct ContentsJSONMalformedRule: Rule {
    static let description = RuleDescription(
        id: .contentsJSONMalformed, severity: .error, section: .assetCatalogs,
        summary: "Contents.json is not valid JSON or has the wrong shape (missing `images`, bad `size`/`scale` strings).")

    func check(_ app: AppModel) -> [Finding] {
        app.sources.iconSets.compactMap { set in
            guard set.kind == .appiconset, set.isIOS || set.slots.isEmpty, let problem = set.contentsProblem else { return nil }
            return finding(
                "\(set.contentsPath): \(problem.message); fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor)",
                file: set.contentsPath, line: problem.line, icon: set.name)
        }
    }
}
