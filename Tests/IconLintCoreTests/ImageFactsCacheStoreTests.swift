import Foundation
import IconLintTestSupport
import PNGKit
import Testing

@testable import IconLintCore

/// The cache of repeated runs. Every store lives in a scratch folder, never in $HOME.
@Suite struct ImageFactsCacheStoreTests {
    /// One run: a fresh per-run cache over a store read from disk, as a new process would.
    func run(
        _ folder: ScratchFolder, _ requests: [ImageRequest],
        limits: PNGLimits = .default
    ) -> (ImageFactsCache, ImageFactsCacheStore) {
        let store = ImageFactsCacheStore(directory: folder.file("cache"))
        let cache = ImageFactsCache(limits: limits, store: store)
        cache.load(requests)
        return (cache, store)
    }

    func images(_ folder: ScratchFolder) throws -> [ImageRequest] {
        [
            ImageRequest(try folder.png("any.png", channels: 4) { x, _ in [200, 40, 40, x == 0 ? 12 : 255] }, needs: .minAlpha),
            ImageRequest(try folder.png("tinted.png", channels: 4) { _, _ in [90, 90, 90, 255] }, needs: [.grayscale, .minAlpha]),
            ImageRequest(try folder.png("rgb.png", channels: 3) { _, _ in [1, 2, 3] }, needs: .header),
        ]
    }

    func cacheFiles(_ folder: ScratchFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.file("cache"))) ?? [])
            .filter { $0.hasSuffix(".cache") }.map { folder.file("cache/" + $0) }
    }

    @Test func aRerunOfAnUnchangedTreeOnlyStatsFiles() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        let (first, _) = run(folder, requests)
        #expect(first.counters.filesRead == 3)
        #expect(cacheFiles(folder).count == 1)
        let (second, store) = run(folder, requests)
        #expect(second.counters == ImageFactsCounters(filesRead: 0, pixelDecodes: 0, storeHits: 3))
        for request in requests { #expect(second.facts(request.path) == first.facts(request.path)) }
        #expect(second.facts(requests[0].path)?.minAlpha == 12)
        #expect(store.lastProblem == nil)
    }

    @Test func theCacheFolderIsPrivateAndHoldsNoTemporaryFiles() throws {
        let folder = try ScratchFolder("store")
        _ = run(folder, try images(folder))
        var info = stat()
        #expect(stat(folder.file("cache"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("cache"))
        #expect(names.count == 1 && names[0].hasPrefix("image-facts-v1-"))
    }

    @Test func aChangedFileIsReadAgain() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        _ = run(folder, requests)
        // Same size, new pixels: the times change.
        try folder.png("any.png", channels: 4) { x, _ in [200, 40, 40, x == 0 ? 99 : 255] }
        let (rerun, _) = run(folder, requests)
        #expect(rerun.counters.filesRead == 1 && rerun.counters.storeHits == 2)
        #expect(rerun.facts(requests[0].path)?.minAlpha == 99)
    }

    @Test func aFileReplacedByRenameIsReadAgain() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        _ = run(folder, requests)
        let other = try folder.png("other.png", channels: 4) { _, _ in [0, 0, 0, 7] }
        #expect(rename(other, requests[0].path) == 0)
        let (rerun, _) = run(folder, requests)
        #expect(rerun.facts(requests[0].path)?.minAlpha == 7)
    }

    @Test func aRestoredModificationTimeIsStillNoticed() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        _ = run(folder, requests)
        let path = requests[1].path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        try folder.png("tinted.png", channels: 4) { _, _ in [200, 0, 0, 255] }
        // Put the old modification time back: the change time still differs.
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: path)
        let (rerun, _) = run(folder, requests)
        #expect(rerun.facts(path)?.isGrayscale == false)
    }

    @Test func moreNeedsThanCachedReadTheFileAndKeepBoth() throws {
        let folder = try ScratchFolder("store")
        let path = try folder.png("a.png", channels: 4) { x, _ in [200, 0, 0, x == 1 ? 3 : 255] }
        _ = run(folder, [ImageRequest(path, needs: .header)])
        let (second, _) = run(folder, [ImageRequest(path, needs: .minAlpha)])
        #expect(second.counters.filesRead == 1)
        let (third, _) = run(folder, [ImageRequest(path, needs: .minAlpha)])
        #expect(third.counters.storeHits == 1 && third.facts(path)?.minAlpha == 3)
        // Grayscale is added to what the cache knew; both are then answered from it.
        let (fourth, _) = run(folder, [ImageRequest(path, needs: .grayscale)])
        #expect(fourth.counters.filesRead == 1 && fourth.facts(path)?.isGrayscale == false)
        let (fifth, _) = run(folder, [ImageRequest(path, needs: [.grayscale, .minAlpha])])
        #expect(fifth.counters.storeHits == 1 && fifth.facts(path)?.minAlpha == 3)
    }

    @Test func everyDamagedCacheFileIsIgnored() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        let (truth, _) = run(folder, requests)
        let cacheFile = try #require(cacheFiles(folder).first)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        let key = ImageFactsCacheFile.fingerprint(.default)
        #expect(try ImageFactsCacheFile.decode(good, limitsKey: key).count == 3)
        // Every truncation and every single flipped byte is refused as a whole.
        for length in 0..<good.count {
            #expect(throws: ImageFactsCacheFile.Invalid.self) { try ImageFactsCacheFile.decode(Array(good.prefix(length)), limitsKey: key) }
        }
        for index in good.indices {
            var bad = good
            bad[index] ^= 0x41
            #expect(throws: ImageFactsCacheFile.Invalid.self) { try ImageFactsCacheFile.decode(bad, limitsKey: key) }
        }
        #expect(throws: ImageFactsCacheFile.Invalid.self) { try ImageFactsCacheFile.decode(good + [0], limitsKey: key) }
        #expect(throws: ImageFactsCacheFile.Invalid.self) { try ImageFactsCacheFile.decode(good, limitsKey: key ^ 1) }

        // On disk: a flipped byte is ignored, the facts are read again, and the file is rewritten.
        var flipped = good
        flipped[flipped.count - 5] ^= 0x01
        try Data(flipped).write(to: URL(fileURLWithPath: cacheFile))
        let (rerun, store) = run(folder, requests)
        #expect(rerun.counters.filesRead == 3)
        #expect(store.lastProblem?.contains("checksum mismatch") == true)
        for request in requests { #expect(rerun.facts(request.path) == truth.facts(request.path)) }
        #expect(try ImageFactsCacheFile.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: cacheFile))), limitsKey: key).count == 3)
    }

    @Test func aWellFormedCacheOfAnotherFactsVersionIsNotTrusted() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        _ = run(folder, requests)
        let cacheFile = try #require(cacheFiles(folder).first)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cacheFile)))
        bytes[12] &+= 1  // facts version, after magic (8) and format version (4)
        try Data(bytes).write(to: URL(fileURLWithPath: cacheFile))
        let (rerun, store) = run(folder, requests)
        #expect(rerun.counters.filesRead == 3)
        #expect(store.lastProblem?.contains("another facts version") == true)
    }

    @Test func foreignFilesAndFilesOthersCanWriteAreIgnored() throws {
        let folder = try ScratchFolder("store")
        let requests = try images(folder)
        _ = run(folder, requests)
        let cacheFile = try #require(cacheFiles(folder).first)
        let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))

        try Data("{\"not\": \"ours\"}".utf8).write(to: URL(fileURLWithPath: cacheFile))
        var (rerun, store) = run(folder, requests)
        #expect(rerun.counters.filesRead == 3)
        #expect(store.lastProblem?.contains("not an iconlint image facts cache") == true)

        try good.write(to: URL(fileURLWithPath: cacheFile))
        #expect(chmod(cacheFile, 0o666) == 0)
        (rerun, store) = run(folder, requests)
        #expect(rerun.counters.filesRead == 3)
        #expect(store.lastProblem?.contains("writable by other users") == true)

        // A symbolic link in place of the cache file is not followed.
        let elsewhere = folder.file("elsewhere.cache")
        try good.write(to: URL(fileURLWithPath: elsewhere))
        #expect(unlink(cacheFile) == 0 && symlink(elsewhere, cacheFile) == 0)
        (rerun, _) = run(folder, requests)
        #expect(rerun.counters.filesRead == 3)
    }

    @Test func otherLimitsUseAnotherCacheFile() throws {
        let folder = try ScratchFolder("store")
        let path = try folder.png("wide.png", side: 64, channels: 4) { _, _ in [1, 1, 1, 255] }
        let (small, _) = run(folder, [ImageRequest(path, needs: .minAlpha)], limits: PNGLimits(maxWidth: 32, maxHeight: 32))
        #expect(small.facts(path)?.error?.kind == "too-large")
        let (normal, _) = run(folder, [ImageRequest(path, needs: .minAlpha)])
        #expect(normal.counters.filesRead == 1)
        #expect(normal.facts(path)?.minAlpha == 255)
        #expect(cacheFiles(folder).count == 2)
    }

    @Test func readErrorsThatDependOnTheMachineAreNotCached() throws {
        let folder = try ScratchFolder("store")
        let text = folder.file("text.png")
        try Data("GIF89a..........................".utf8).write(to: URL(fileURLWithPath: text))
        let missing = folder.file("missing.png")
        _ = run(folder, [ImageRequest(text, needs: .minAlpha), ImageRequest(missing, needs: .minAlpha)])
        let (rerun, _) = run(folder, [ImageRequest(text, needs: .minAlpha), ImageRequest(missing, needs: .minAlpha)])
        // The GIF is a fact of its bytes (cached); the missing file is looked at again.
        #expect(rerun.counters.storeHits == 1)
        #expect(rerun.facts(text)?.error == .notPNG(detail: "it is a GIF image"))
    }

    @Test func anUnwritableCacheFolderNeverStopsTheRun() throws {
        let folder = try ScratchFolder("store")
        let blocker = folder.file("blocker")
        try Data("file".utf8).write(to: URL(fileURLWithPath: blocker))
        let path = try folder.png("a.png", channels: 4) { _, _ in [1, 1, 1, 200] }
        let store = ImageFactsCacheStore(directory: blocker + "/cache")
        let cache = ImageFactsCache(store: store)
        cache.load([ImageRequest(path, needs: .minAlpha)])
        #expect(cache.facts(path)?.minAlpha == 200)
        #expect(store.lastProblem?.contains("cannot create the cache folder") == true)
        #expect(!store.save())
    }

    @Test func entriesUnusedForLongAreDropped() throws {
        let folder = try ScratchFolder("store")
        let path = try folder.png("a.png", channels: 3) { _, _ in [1, 1, 1] }
        let longAgo = Date(timeIntervalSince1970: 1_000 * 86_400)
        let old = ImageFactsCacheStore(directory: folder.file("cache"), now: longAgo)
        ImageFactsCache(store: old).load([ImageRequest(path, needs: .header)])
        let other = try folder.png("b.png", channels: 3) { _, _ in [1, 1, 1] }
        let later = ImageFactsCacheStore(directory: folder.file("cache"), now: longAgo.addingTimeInterval(61 * 86_400))
        ImageFactsCache(store: later).load([ImageRequest(other, needs: .header)])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try #require(cacheFiles(folder).first))))
        let entries = try ImageFactsCacheFile.decode(bytes, limitsKey: ImageFactsCacheFile.fingerprint(.default))
        #expect(Array(entries.keys) == [other])
    }

    @Test func theDefaultFolderFollowsThePlatform() {
        #if os(macOS)
            #expect(ImageFactsCacheStore.defaultDirectory(environment: ["HOME": "/Users/a"]) == "/Users/a/Library/Caches/iconlint")
        #else
            #expect(ImageFactsCacheStore.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.cache/iconlint")
            #expect(ImageFactsCacheStore.defaultDirectory(environment: ["HOME": "/home/a", "XDG_CACHE_HOME": "/xdg"]) == "/xdg/iconlint")
            // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
            #expect(ImageFactsCacheStore.defaultDirectory(environment: ["HOME": "/home/a", "XDG_CACHE_HOME": "rel"]) == "/home/a/.cache/iconlint")
        #endif
        #expect(ImageFactsCacheStore.defaultDirectory(environment: [:]) == nil)
        #expect(ImageFactsCacheStore.forCommandLine(cachePath: "/x", noCache: true, environment: ["HOME": "/h"]) == nil)
        #expect(ImageFactsCacheStore.forCommandLine(cachePath: "/x", noCache: false, environment: ["HOME": "/h"])?.directory == "/x")
        #expect(ImageFactsCacheStore.forCommandLine(cachePath: nil, noCache: false, environment: [:]) == nil)
    }
}
