import Foundation
import Testing

/// The image facts cache as a user meets it: a rerun gives the same report, a damaged cache
/// file is ignored, --no-cache writes nothing.
@Suite("Image facts cache")
struct CacheTests {
    @Test func cachedRerunsReportTheSameAndDamagedCachesAreIgnored() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache"
        let example = CLI.fixtures + "/Example"
        let cold = try CLI.run(["lint", example, "--cache-path", cache])
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!files.isEmpty, "the first run keeps what it read")
        let warm = try CLI.run(["lint", example, "--cache-path", cache])
        #expect(warm.stdout == cold.stdout && warm.status == cold.status)
        for file in files { try Data("not a cache".utf8).write(to: URL(fileURLWithPath: cache + "/" + file)) }
        let damaged = try CLI.run(["lint", example, "--cache-path", cache])
        #expect(damaged.stdout == cold.stdout && damaged.status == cold.status && damaged.stderr.isEmpty)
        let none = folder + "/none"
        let uncached = try CLI.run(["lint", example, "--no-cache", "--cache-path", none])
        #expect(uncached.stdout == cold.stdout)
        #expect(!FileManager.default.fileExists(atPath: none))
    }
}
