extension AppModel {
    /// Each image the app's rules read, once per file however many slots or entries use it,
    /// with its facts: the image rules judge a file once.
    var distinctImages: [(use: ImageUse, facts: ImageFacts)] {
        distinctImageUses.compactMap { use in facts(use.path).map { (use, $0) } }
    }

    /// Each image a slot of `appearance` uses, once per file, with its facts: what an
    /// appearance's own check reads (a file both a dark and a tinted slot name is judged as
    /// the tinted image too, not only by its first use).
    func distinctImages(appearance: Appearance) -> [(use: ImageUse, facts: ImageFacts)] {
        var seen: Set<String> = []
        return imageUses.filter { $0.appearance == appearance && seen.insert($0.path).inserted }
            .compactMap { use in facts(use.path).map { (use, $0) } }
    }
}

extension Rule {
    /// A finding about one image file.
    func finding(_ message: String, image use: ImageUse) -> Finding {
        finding(message, file: use.path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
    }
}
