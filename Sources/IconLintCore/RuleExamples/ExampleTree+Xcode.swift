import Foundation

extension ExampleTree {
    /// An Xcode project, App.xcodeproj, as Xcode's app template makes it: an app target and its
    /// unit-test target, App/Info.plist (`plist`), and a catalog holding AppIcon and `sets`
    /// (single-size, opaque 1024 images). `settings` changes the app target's build settings
    /// (nil removes one); `files` are added to the tree, and their PNGs are in the project but
    /// copied only when `resources` lists them.
    public static func xcodeApp(
        settings: [(String, String?)] = [], sets: [String] = [], resources: [String] = [], files: [String: ExampleFile] = [:],
        plist: ExampleValue = .infoPlist(), tests: Bool = true
    ) -> ExampleTree {
        var tree: [String: ExampleFile] = ["\(catalog)/Contents.json": .json(.catalogInfo)]
        for name in ["AppIcon"] + sets {
            tree["\(catalog)/\(name).appiconset/Contents.json"] = .json(.singleSizeSet("\(name).png"))
            tree["\(catalog)/\(name).appiconset/\(name).png"] = .png(1024, 1024)
        }
        tree["App/Info.plist"] = .plist(plist)
        if tests { tree["AppTests/Info.plist"] = .plist(["CFBundleExecutable": "$(EXECUTABLE_NAME)", "CFBundlePackageType": "BNDL"]) }
        tree.merge(files) { _, new in new }
        let copied = [catalog] + resources
        let loose = files.keys.filter { $0.hasSuffix(".png") && !copied.contains($0) }.sorted()
        let project = ExampleXcodeProject(
            settings: ExampleXcodeProject.appSettings(settings), resources: copied, references: ["App/Info.plist"] + loose, tests: tests)
        tree["App.xcodeproj/project.pbxproj"] = .text(project.pbxproj)
        return ExampleTree(tree)
    }

    /// The baseline's loose icons in an Xcode project whose app target copies them.
    public static var xcodeBaseline: ExampleTree {
        let loose = baseline.files.filter { $0.key.hasPrefix("App/Icons/") }
        return xcodeApp(resources: loose.keys.sorted(), files: loose, plist: .infoPlist(icons: .icons()))
    }

    /// The tree with the text file at `path` edited.
    public func editingText(_ path: String, _ change: (inout String) -> Void) -> ExampleTree {
        mutating { tree in
            guard case .text(var text) = tree.files[path] else { return }
            change(&text)
            tree.files[path] = .text(text)
        }
    }

    /// The tree moved into `folder` (an app's ios/).
    public func nested(under folder: String) -> ExampleTree {
        ExampleTree(Dictionary(uniqueKeysWithValues: files.map { ("\(folder)/\($0.key)", $0.value) }))
    }

    /// The project file of `xcodeApp`.
    public static let projectFile = "App.xcodeproj/project.pbxproj"
}
