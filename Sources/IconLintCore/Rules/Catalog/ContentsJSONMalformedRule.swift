/// A Contents.json that is not valid or has the wrong shape.
struct ContentsJSONMalformedRule: Rule {
    static let description = RuleDescription(
        id: .contentsJSONMalformed, severity: .error, section: .assetCatalogs,
        summary: "Contents.json is not valid JSON or has the wrong shape (missing `images`, bad `size`/`scale` strings).")

    static let examples: [RuleExample] = [
        // A size without its height ("1024", not "1024x1024").
        RuleExample(
            "size-without-height",
            .catalogBaseline.replacing(
                "App/Assets.xcassets/AppIcon.appiconset/Contents.json",
                .text(#"{"images": [{"filename": "AppIcon.png", "idiom": "universal", "size": "1024"}]}"# + "\n")),
            reports: [.contentsJSONMalformed]),
        RuleExample("as-xcode-writes-it", .catalogBaseline, silent: [.contentsJSONMalformed]),
    ]

    func check(_ app: AppModel) -> [Finding] {
        app.sources.iconSets.compactMap { set in
            guard set.kind == .appiconset, set.isIOS || set.slots.isEmpty, let problem = set.contentsProblem else { return nil }
            return finding(
                "\(set.contentsPath): \(problem.message); fix it or let Xcode rewrite it (remove and re-add the images in the asset catalog editor)",
                file: set.contentsPath, line: problem.line, icon: set.name)
        }
    }
}
