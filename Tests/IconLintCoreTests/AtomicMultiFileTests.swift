import Foundation
import Testing

@testable import IconLintCore

/// Several files written one after another, the middle one failing: the ones before are
/// whole, the failing one leaves nothing, and no temporary file survives.
@Suite struct AtomicMultiFileTests {
    @Test func aFailureInTheMiddleOfSeveralWrites() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconlint-multi-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder + "/b.json", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old c".utf8).write(to: URL(fileURLWithPath: folder + "/c.json"))
        var written: [String] = []
        var failure: Error?
        for name in ["a.json", "b.json", "c.json"] {
            do {
                try AtomicFile.write(Data(String(repeating: name, count: 100_000).utf8), to: folder + "/" + name, overwrite: false)
                written.append(name)
            } catch {
                failure = error
                break
            }
        }
        #expect(written == ["a.json"])
        #expect((failure as? AtomicFileError)?.kind == .isDirectory)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.json")).count == 600_000)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/c.json")), as: UTF8.self) == "old c")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json", "c.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/b.json").isEmpty)
        #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(folder) })
    }

    @Test func interruptCleanupRemovesFilesBeingWritten() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconlint-interrupt-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let temporary = folder + "/.report.json.iconlint-ABC123"
        try Data("half a rep".utf8).write(to: URL(fileURLWithPath: temporary))
        TemporaryFiles.register(temporary)
        #expect(TemporaryFiles.pending.contains(temporary))
        // Only this test's file: other tests may be writing at the same time.
        TemporaryFiles.removeAll { $0.hasPrefix(folder) }
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(!TemporaryFiles.pending.contains(temporary))
    }
}
