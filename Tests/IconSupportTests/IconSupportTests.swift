import Foundation
import Testing

@_spi(Testing) @testable import IconSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scratch folder per test, removed afterwards.
final class Folder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "iconsupport-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Every entry below the folder with its bytes (folders as empty data).
    var snapshot: [String: Data] {
        var result: [String: Data] = [:]
        for name in (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? [] {
            result[name] = FileManager.default.contents(atPath: path + "/" + name) ?? Data()
        }
        return result
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }
}

@Suite struct IconGeometryTests {
    @Test func theClassicSetIsXcodesList() {
        let slots = IconGeometry.classicSlots
        #expect(slots.map(\.pixels) == [40, 60, 58, 87, 80, 120, 120, 180, 20, 40, 29, 58, 40, 80, 76, 152, 167, 1024])
        #expect(slots.map(\.idiom.rawValue) == Array(repeating: "iphone", count: 8) + Array(repeating: "ipad", count: 9) + ["ios-marketing"])
        #expect(slots.first { $0.points == 83.5 }?.sizeText == "83.5x83.5")
        #expect(slots.last?.scaleText == "1x")
        #expect(IconGeometry.singleSize.pixels == 1024 && IconGeometry.singleSize.idiom == .universal)
    }

    @Test func homeScreenFilesAreNamedAsXcodesBuildNamesThem() {
        #expect(IconGeometry.homeScreen(.iphone).map { $0.bundleFileName("AppIcon") } == ["AppIcon60x60@2x.png", "AppIcon60x60@3x.png"])
        #expect(IconGeometry.homeScreen(.ipad).map { $0.bundleFileName("AppIcon") } == ["AppIcon76x76@2x~ipad.png", "AppIcon83.5x83.5@2x~ipad.png"])
        #expect(IconGeometry.homeScreen(.ipad).map(\.pixels) == [152, 167])
        #expect(IconSlot(idiom: .ipad, points: 76, scale: 1).bundleFileName("A") == "A76x76~ipad.png")
        #expect(IconGeometry.homeScreen(.universal).isEmpty)
    }
}

@Suite struct ConcurrentWorkTests {
    struct Odd: Error, Equatable { var value: Int }

    @Test func keepsTheOrderAndThrowsTheFirstErrorInInputOrder() throws {
        let squares = ConcurrentWork.map(Array(0..<500), threads: 4) { $0 * $0 }
        #expect(squares == (0..<500).map { $0 * $0 })
        #expect(throws: Odd(value: 3)) {
            try ConcurrentWork.map(Array(0..<100), threads: 4) { (value: Int) throws(Odd) -> Int in
                if value % 2 == 1 && value > 2 { throw Odd(value: value) }
                return value
            }
        }
        #expect(ConcurrentWork.map([Int](), threads: 4) { $0 }.isEmpty)
    }
}

@Suite struct FileTransactionTests {
    @Test func rollBackPutsTheTreeBackAsItWas() throws {
        let folder = try Folder()
        try folder.write("keep.txt", "mine")
        chmod(folder.path + "/keep.txt", 0o600)
        try folder.write("old.png", "old")
        let before = folder.snapshot
        let transaction = FileTransaction(force: true)
        try transaction.write([(folder.path + "/keep.txt", Array("new".utf8)), (folder.path + "/a/b/new.png", [1, 2, 3])])
        try transaction.write([], removing: [folder.path + "/old.png"])
        #expect(folder.read("keep.txt") == "new")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: folder.path + "/keep.txt")[.posixPermissions] as? Int) == 0o600,
            "a replaced file keeps its mode")
        #expect(folder.read("old.png") == nil)
        transaction.rollBack()
        #expect(folder.snapshot == before, "replaced and removed files back, created files and folders gone")
    }

    @Test func finishKeepsTheChangesAndNoSecondNames() throws {
        let folder = try Folder()
        try folder.write("a.txt", "old")
        let transaction = FileTransaction(force: true)
        try transaction.write([(folder.path + "/a.txt", Array("new".utf8)), (folder.path + "/b.txt", Array("b".utf8))])
        transaction.finish()
        #expect(folder.snapshot.keys.sorted() == ["a.txt", "b.txt"])
        #expect(folder.read("a.txt") == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/b.txt")[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func aFailedBatchIsUndoneAndEarlierBatchesStay() throws {
        let folder = try Folder()
        try folder.write("exists.txt", "mine")
        let transaction = FileTransaction(force: false)
        try transaction.write([(folder.path + "/first.txt", Array("1".utf8))])
        #expect(throws: AtomicFileError(path: folder.path + "/exists.txt", kind: .destinationExists)) {
            try transaction.write([(folder.path + "/new/second.txt", Array("2".utf8)), (folder.path + "/exists.txt", Array("x".utf8))])
        }
        struct Injected: Error {}
        transaction.beforeRename = { index in if index == 1 { throw Injected() } }
        #expect(throws: AtomicFileError.self) {
            try transaction.write([(folder.path + "/n/third.txt", Array("3".utf8)), (folder.path + "/n/fourth.txt", Array("4".utf8))])
        }
        transaction.finish()
        #expect(folder.snapshot.keys.sorted() == ["exists.txt", "first.txt"])
        #expect(folder.read("exists.txt") == "mine")
    }

    @Test func aDestinationThatIsAFolderOrUnderAFileIsRefused() throws {
        let folder = try Folder()
        try folder.write("file", "x")
        let transaction = FileTransaction(force: true)
        #expect(throws: AtomicFileError(path: folder.path, kind: .isDirectory)) {
            try transaction.write([(folder.path, [1])])
        }
        #expect(throws: AtomicFileError(path: folder.path + "/file/inside.png", kind: .notAFolder(folder.path + "/file"))) {
            try transaction.write([(folder.path + "/file/inside.png", [1])])
        }
        transaction.finish()
        #expect(folder.snapshot.keys.sorted() == ["file"])
    }
}

@Suite struct OutputDestinationTests {
    @Test func whatAPathLeadsTo() throws {
        let folder = try Folder()
        let p = folder.path
        try folder.write("report.txt", "old")
        try FileManager.default.createSymbolicLink(atPath: p + "/link", withDestinationPath: "report.txt")
        try FileManager.default.createSymbolicLink(atPath: p + "/chain", withDestinationPath: p + "/link")
        try FileManager.default.createSymbolicLink(atPath: p + "/dangling", withDestinationPath: "later.txt")
        try FileManager.default.createSymbolicLink(atPath: p + "/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: p + "/fd", withDestinationPath: "/dev/fd/7")
        try FileManager.default.createSymbolicLink(atPath: p + "/null", withDestinationPath: "/dev/null")
        #expect(mkfifo(p + "/fifo", 0o600) == 0)

        #expect(try OutputDestination.resolve("-", force: false) == .descriptor(1))
        #expect(try OutputDestination.resolve(p + "/new.txt", force: false) == .file(path: p + "/new.txt"))
        #expect(try OutputDestination.resolve(p + "/chain", force: true) == .file(path: p + "/report.txt"))
        #expect(try OutputDestination.resolve(p + "/dangling", force: false) == .file(path: p + "/later.txt"))
        #expect(try OutputDestination.resolve(p + "/fd", force: false) == .descriptor(7))
        #expect(try OutputDestination.resolve(p + "/null", force: false) == .device(path: "/dev/null"))
        #expect(try OutputDestination.resolve(p + "/fifo", force: false) == .device(path: p + "/fifo"))
        #expect(throws: AtomicFileError(path: p + "/chain", kind: .destinationExists)) {
            try OutputDestination.resolve(p + "/chain", force: false)
        }
        #expect(throws: AtomicFileError(path: p + "/loop", kind: .system(ELOOP))) { try OutputDestination.resolve(p + "/loop", force: true) }
        #expect(throws: AtomicFileError(path: p, kind: .isDirectory)) { try OutputDestination.resolve(p, force: true) }
        #expect(throws: AtomicFileError(path: p + "/no/such.txt", kind: .system(ENOENT))) {
            try OutputDestination.resolve(p + "/no/such.txt", force: true)
        }
        #expect(throws: AtomicFileError(path: "", kind: .system(ENOENT))) { try OutputDestination.resolve("", force: true) }

        try OutputDestination.resolve(p + "/link", force: true).write(Data("new".utf8), force: true, naming: p + "/link")
        #expect(folder.read("report.txt") == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: p + "/link") == "report.txt")
    }

    @Test func aSocketIsConnectedTo() throws {
        let folder = try Folder()
        let path = folder.path + "/log.sock"
        #if canImport(Glibc)
            let server = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let server = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        #expect(server >= 0)
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(server, 1) == 0)
        let destination = try OutputDestination.resolve(path, force: false)
        #expect(destination == .socket(path: path))
        // The backlog takes the connection, so writing needs no accepting thread yet.
        try destination.write(Data("report\n".utf8), force: false, naming: path)
        let client = accept(server, nil, nil)
        #expect(client >= 0)
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(client, &buffer, buffer.count)
        #expect(count == 7 && String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "report\n")
    }
}
