import Foundation

/// A Run Script phase that puts alternate icons into the bundle itself, as tools like
/// `embed-alternate-icons` do (they copy a catalog's sets and write CFBundleAlternateIcons): the
/// sets it handles are not "not included", and what the script does is not known, so they are
/// examined as alternates and a note names the phase.
struct ScriptPhaseEmbedding: Sendable {
    var phase: ScriptPhase
    /// Why the phase counts, for the note ("its input paths name AlternateIcons.xcassets").
    var reason: String

    /// The first phase that handles `set` of the catalog at root-relative `catalog`: its script
    /// or paths name the set (`Dark.appiconset`); or they name the catalog and the phase speaks
    /// of icons or writes into the product; or its name or script speak of alternate icons.
    /// A phase that runs iconlint itself never counts.
    static func phase(handling set: AppIconSet, catalog: String, among phases: [ScriptPhase]) -> ScriptPhaseEmbedding? {
        let setName = (set.bareName + ".appiconset").lowercased()
        let catalogName = ProjectPath.lastComponent(catalog).lowercased()
        for phase in phases {
            let words = ((phase.name ?? "") + "\n" + phase.script).lowercased()
            if words.contains("iconlint") { continue }
            let fields = [
                ("script", [phase.script]), ("input paths", phase.inputPaths), ("output paths", phase.outputPaths),
                ("file lists", phase.fileLists),
            ]
            if let (field, _) = fields.first(where: { $0.1.contains { $0.lowercased().contains(setName) } }) {
                return ScriptPhaseEmbedding(phase: phase, reason: "its \(field) name \(set.bareName).appiconset")
            }
            if !catalogName.isEmpty, let (field, _) = fields.first(where: { $0.1.contains { $0.lowercased().contains(catalogName) } }),
                words.contains("icon") || phase.outputPaths.contains(where: writesIntoProduct)
            {
                return ScriptPhaseEmbedding(phase: phase, reason: "its \(field) name \(ProjectPath.lastComponent(catalog))")
            }
            if words.contains("alternate"), words.contains("icon") {
                return ScriptPhaseEmbedding(phase: phase, reason: "its name or script speaks of alternate icons")
            }
        }
        return nil
    }

    /// An output path inside the built product (`$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/…`).
    static func writesIntoProduct(_ path: String) -> Bool {
        [
            "BUILT_PRODUCTS_DIR", "TARGET_BUILD_DIR", "CODESIGNING_FOLDER_PATH", "CONTENTS_FOLDER_PATH", "UNLOCALIZED_RESOURCES_FOLDER_PATH",
            "WRAPPER_NAME", "FULL_PRODUCT_NAME",
        ]
        .contains { path.contains($0) }
    }

    /// The note for the sets one phase handles.
    static func note(_ embedding: ScriptPhaseEmbedding, sets: [String], target: String?) -> String {
        let phase = embedding.phase
        let names = sets.count < 2 ? sets.joined() : sets.dropLast().joined(separator: ", ") + " and " + sets[sets.count - 1]
        return
            "\(phase.location.file)\(phase.location.line.map { ":\($0)" } ?? ""): \(target.map { "target \($0)'s " } ?? "")\(phase.displayName) puts alternate icons into the bundle itself (\(embedding.reason)), so whether the build includes \(names) was not checked (no appiconset-not-included); their own images still are. If the phase does not embed them, add them to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    }
}
