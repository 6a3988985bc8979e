import Foundation
import PNGKit

/// What every app unit of one run shares: the file index, catalogs and image cache.
public final class LintContext: @unchecked Sendable {
    public let index: FileIndex
    public let catalogs: [String: AssetCatalog]
    public let images: ImageFactsCache

    public init(index: FileIndex, catalogs: [String: AssetCatalog], images: ImageFactsCache) {
        self.index = index
        self.catalogs = catalogs
        self.images = images
    }

    /// Facts of a root-relative image path (after `images.load`).
    func facts(_ relative: String) -> ImageFacts? {
        images.facts(index.absolute(relative))
    }
}

/// Collects the findings of one app unit, stamping target, configuration and location.
struct FindingSink {
    var unit: AppUnit
    private(set) var diagnostics: [Diagnostic] = []

    init(unit: AppUnit) {
        self.unit = unit
    }

    mutating func emit(_ rule: String, _ message: String, file: String, line: Int? = nil, icon: String? = nil,
                       role: IconRole? = nil, idiom: Idiom? = nil, appearance: Appearance? = nil) {
        let severity = RuleCatalog.rule(rule)?.severity ?? .error
        emit(rule, severity: severity, message, file: file, line: line, icon: icon, role: role, idiom: idiom, appearance: appearance)
    }

    mutating func emit(_ rule: String, severity: Severity, _ message: String, file: String, line: Int? = nil,
                       icon: String? = nil, role: IconRole? = nil, idiom: Idiom? = nil, appearance: Appearance? = nil) {
        diagnostics.append(Diagnostic(rule: rule, severity: severity, message: message,
                                      location: Location(file: file, line: line, column: nil), target: unit.target,
                                      configuration: unit.configurationLabel, icon: icon, role: role, idiom: idiom,
                                      appearance: appearance))
    }
}

extension Int {
    var pixelText: String { "\(self)×\(self)" }
}

extension Collection where Element == Int {
    var pixelList: String {
        let sorted = Set(self).sorted().map(\.pixelText)
        switch sorted.count {
        case 0: return "none"
        case 1: return sorted[0]
        default: return sorted.dropLast().joined(separator: ", ") + " and " + sorted.last!
        }
    }
}
