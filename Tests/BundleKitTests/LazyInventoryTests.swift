import Foundation
import IconLintTestSupport
import Testing

@testable import IconLintCore

/// The icon inventory is the html reporter's: a run works it out only when that reporter asks,
/// so the other reporters never read a built app's icons again for it.
@Suite("The icon inventory on demand")
struct LazyInventoryTests {
    @Test func onlyTheHTMLReporterWorksOutTheInventory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (_, ipa, _) = try BuiltAppFixture.xcode16.write(in: scratch.url)
        let result = try BuiltAppLintTests.lint(ipa)
        for kind in ReporterKind.allCases where kind != .html { _ = kind.render(result) }
        #expect(!result.inventorySource.isBuilt)
        let html = ReporterKind.html.render(result)
        #expect(result.inventorySource.isBuilt)
        #expect(html.contains("data:image/png;base64,"))
        #expect(result.inventory.apps.map(\.displayName) == ["Sunrise"])
    }

    @Test func mergedRunsWorkOutTheirInventoriesTogether() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (app, ipa, _) = try BuiltAppFixture.xcode16.write(in: scratch.url)
        let results = try [app, ipa].map(BuiltAppLintTests.lint)
        let merged = IconInventorySource(merging: results.map(\.inventorySource))
        #expect(!merged.isBuilt && results.allSatisfy { !$0.inventorySource.isBuilt })
        #expect(merged.inventory.apps.count == 2)
        #expect(results.allSatisfy { $0.inventorySource.isBuilt })
    }
}
