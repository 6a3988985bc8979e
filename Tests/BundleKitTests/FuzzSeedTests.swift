import Foundation
import Testing

/// The fuzz targets' seeds (Fuzz/Seeds/asset-catalog, Fuzz/Seeds/zip) are what the test
/// writers make: this fails when they drift, and `ICONLINT_RECORD_SNAPSHOTS=1` rewrites them.
@Suite struct FuzzSeedTests {
    static let seeds = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Seeds")

    static var expected: [(String, [UInt8])] {
        var paged = CARWriter.appIcon
        paged.perPage = 2
        var single = CARWriter()
        single.renditions = [.init(name: "AppIcon", fileName: "Icon-1024.png", idiom: 6, scale: 1, width: 1024, height: 1024)]
        var plain = ZipWriter()
        plain.add("Payload/", [], deflate: false)
        plain.add("Payload/App.app/Info.plist", Array("<plist><dict/></plist>".utf8))
        plain.add("Payload/App.app/AppIcon60x60@2x.png", Array(repeating: 7, count: 300), deflate: false)
        plain.add("Payload/App.app/Assets.car", single.bytes())
        var wide = plain
        wide.zip64 = true
        wide.comment = Array("zip64".utf8)
        return [
            ("asset-catalog/appicon.car", CARWriter.appIcon.bytes()), ("asset-catalog/appicon-paged.car", paged.bytes()),
            ("asset-catalog/marketing-only.car", single.bytes()), ("zip/app.ipa", plain.bytes()),
            ("zip/app-zip64.ipa", wide.bytes()),
        ]
    }

    @Test func seedsAreCurrent() throws {
        let record = ProcessInfo.processInfo.environment["ICONLINT_RECORD_SNAPSHOTS"] == "1"
        for (name, bytes) in Self.expected {
            let url = Self.seeds.appendingPathComponent(name)
            if record {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                Issue.record("recorded Fuzz/Seeds/\(name); run again without ICONLINT_RECORD_SNAPSHOTS")
                continue
            }
            let stored = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
            #expect(stored == bytes, "Fuzz/Seeds/\(name) differs from what the writers make; record it with ICONLINT_RECORD_SNAPSHOTS=1")
        }
    }
}
