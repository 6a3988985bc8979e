extension AppModel {
    /// Each image the app's rules read, once per file however many slots or entries use it,
    /// with its facts: the image rules judge a file once.
    var distinctImages: [(use: ImageUse, facts: ImageFacts)] {
        var seen: Set<String> = []
        return imageUses.compactMap { use in
            guard seen.insert(use.path).inserted, let facts = facts(use.path) else { return nil }
            return (use, facts)
        }
    }
}

extension Rule {
    /// A finding about one image file.
    func finding(_ message: String, image use: ImageUse) -> Finding {
        finding(message, file: use.path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
    }
}
