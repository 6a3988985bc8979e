import Foundation

/// The icon declarations and CFBundleIconFiles entries of a preprocessed Info.plist whose text
/// depends on names that a missing `#include` could define (`PlistDocument.unknownMacros`):
/// what the build makes of them is unknown, so no rule checks them and a note lists them.
struct UndecidedIcons: Sendable {
    struct Item: Sendable {
        var declaration: IconDeclaration
        /// The entry, nil when the declaration itself is unknown (its name, its CFBundleIconName,
        /// or whether a conditional keeps it).
        var entry: String?
        /// The entry's index in CFBundleIconFiles.
        var index: Int?
        var line: Int?
        var names: [String]

        /// `alternate icon 'Brand' (iPhone, CFBundleIcons) entry "BRAND_ICON" (line 31)`.
        var text: String {
            PlistIconAnalysis.place(declaration) + (entry.map { " entry \"\($0)\"" } ?? "") + (line.map { " (line \($0))" } ?? "")
        }
    }

    private(set) var declarations: [Item] = []
    private(set) var entries: [Item] = []

    /// None.
    init() {}

    init(document: PlistDocument, declarations: [IconDeclaration]) {
        guard !document.unknownMacroLines.isEmpty else { return }
        for declaration in declarations {
            var names = document.unknownMacros(at: declaration.keyPath)
            if declaration.iconName != nil { names += document.unknownMacros(at: declaration.keyPath + ["CFBundleIconName"]) }
            if !names.isEmpty {
                self.declarations.append(
                    Item(declaration: declaration, entry: nil, index: nil, line: document.line(declaration.keyPath), names: Array(Set(names)).sorted()))
                continue
            }
            let filesPath = Self.filesPath(declaration)
            for (index, file) in (declaration.files ?? []).enumerated() {
                let names = document.unknownMacros(at: filesPath + [String(index)])
                guard !names.isEmpty else { continue }
                entries.append(
                    Item(declaration: declaration, entry: file, index: index, line: document.line(filesPath + [String(index)]), names: names))
            }
        }
    }

    /// The key path of a declaration's CFBundleIconFiles.
    static func filesPath(_ declaration: IconDeclaration) -> [String] {
        declaration.keyPath.last == "CFBundleIconFiles" ? declaration.keyPath : declaration.keyPath + ["CFBundleIconFiles"]
    }

    var isEmpty: Bool { declarations.isEmpty && entries.isEmpty }

    func isUndecided(_ declaration: IconDeclaration) -> Bool {
        declarations.contains { $0.declaration == declaration }
    }

    /// The names an entry (the `index`th of its declaration's CFBundleIconFiles) depends on, nil for none.
    func names(_ declaration: IconDeclaration, entry index: Int) -> [String]? {
        entries.first { $0.declaration == declaration && $0.index == index }?.names
    }

    /// What a note says was not checked, for the items after plist line `line` (all for nil):
    /// "alternate icon 'Brand' (iPhone, CFBundleIcons) entry "BRAND_ICON" (line 31), …"; nil
    /// when there is none.
    func listed(after line: Int?) -> String? {
        let items = (declarations + entries).filter { ($0.line ?? .max) > (line ?? 0) }.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        guard !items.isEmpty else { return nil }
        let shown = items.prefix(8).map(\.text).joined(separator: ", ")
        return shown + (items.count > 8 ? " and \(items.count - 8) more" : "")
    }
}
