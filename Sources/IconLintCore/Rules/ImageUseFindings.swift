extension AppModel {
    /// Each image the app's rules read, once per file however many slots or entries use it,
    /// with its facts: the image rules judge a file once.
    var distinctImages: [(use: ImageUse, facts: ImageFacts)] {
        distinctImageUses.compactMap { use in facts(use.path).map { (use, $0) } }
    }
}

extension Rule {
    /// A finding about one image file.
    func finding(_ message: String, image use: ImageUse) -> Finding {
        finding(message, file: use.path, icon: use.icon, role: use.role, idiom: use.idiom, appearance: use.appearance)
    }
}
