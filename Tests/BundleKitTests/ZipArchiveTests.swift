import BundleKit
import Foundation
import Testing

@Suite struct ZipArchiveTests {
    static let info = Array("<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)
    static let icon = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) }

    static func ipa(zip64: Bool = false) -> [UInt8] {
        var writer = ZipWriter(zip64: zip64)
        writer.add("Payload/", [], deflate: false)
        writer.add("Payload/App.app/", [], deflate: false)
        writer.add("Payload/App.app/Info.plist", info)
        writer.add("Payload/App.app/AppIcon60x60@2x.png", icon, deflate: false)
        writer.add("Payload/App.app/Assets.car", [UInt8](repeating: 0, count: 100_000))
        return writer.bytes()
    }

    @Test(arguments: [false, true])
    func listsAndReadsStoredAndDeflatedEntries(zip64: Bool) throws {
        let archive = try ZipArchive(bytes: Self.ipa(zip64: zip64))
        #expect(
            archive.entries.map(\.name) == [
                "Payload/", "Payload/App.app/", "Payload/App.app/Info.plist",
                "Payload/App.app/AppIcon60x60@2x.png", "Payload/App.app/Assets.car",
            ])
        #expect(archive.entries[0].isDirectory && !archive.entries[2].isDirectory)
        #expect(try archive.read(named: "Payload/App.app/Info.plist") == Self.info)
        #expect(try archive.read(named: "Payload/App.app/AppIcon60x60@2x.png") == Self.icon)
        #expect(try archive.read(named: "Payload/App.app/Assets.car") == [UInt8](repeating: 0, count: 100_000))
        #expect(archive.entry(named: "Payload/App.app/Assets.car")?.method == 8)
        #expect(throws: ZipError.entryNotFound("Payload/App.app/assets.car")) {
            try archive.read(named: "Payload/App.app/assets.car")
        }
    }

    @Test func readsFromAFileWithACommentAfterTheDirectory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var writer = ZipWriter()
        writer.add("Payload/App.app/Info.plist", Self.info)
        writer.comment = Array("made by a test".utf8)
        let path = try scratch.write("App.ipa", writer.bytes())
        let archive = try ZipArchive(path: path)
        #expect(try archive.read(named: "Payload/App.app/Info.plist") == Self.info)
    }

    @Test func fifoAndFolderAreRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.url.appendingPathComponent("App.ipa").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect { try ZipArchive(path: fifo) } throws: { ($0 as? ZipError)?.kind == "io" }
        #expect { try ZipArchive(path: scratch.url.path) } throws: {
            ($0 as? ZipError) == .io(path: scratch.url.path, reason: "it is a folder")
        }
    }

    @Test func damagedEntryFailsItsCRC() throws {
        var writer = ZipWriter()
        writer.entries = [.init(name: "Payload/App.app/Info.plist", data: Self.info, declaredCRC: 0x1234_5678)]
        let archive = try ZipArchive(bytes: writer.bytes())
        #expect(throws: ZipError.crcMismatch(entry: "Payload/App.app/Info.plist")) {
            try archive.read(named: "Payload/App.app/Info.plist")
        }
    }

    @Test(arguments: ["../evil.png", "/etc/passwd", "Payload/../../x", "C:\\Windows\\x", "Payload\\..\\..\\x", "a/\u{0}b"])
    func zipSlipNamesAreRefused(name: String) throws {
        var writer = ZipWriter()
        writer.add("Payload/App.app/Info.plist", Self.info)
        writer.add(name, [1, 2, 3])
        #expect(throws: ZipError.unsafeName(name)) { try ZipArchive(bytes: writer.bytes()) }
    }

    @Test func encryptedAndUnknownMethodsAreRefusedWhenRead() throws {
        var writer = ZipWriter()
        writer.entries = [
            .init(name: "secret", data: [1, 2, 3], deflate: false, flags: 1),
            .init(name: "bzip", data: [1, 2, 3], deflate: false, method: 12),
        ]
        let archive = try ZipArchive(bytes: writer.bytes())
        #expect(archive.entries.map(\.isEncrypted) == [true, false])
        #expect(throws: ZipError.encrypted(entry: "secret")) { try archive.read(named: "secret") }
        #expect { try archive.read(named: "bzip") } throws: { ($0 as? ZipError)?.kind == "unsupported" }
    }

    @Test func entryInflatingBeyondItsDeclaredSizeIsStopped() throws {
        var writer = ZipWriter()
        // 4 MB of zeros declared as 4 KB: inflation stops at the declared size.
        writer.entries = [.init(name: "bomb", data: [UInt8](repeating: 0, count: 4 << 20), declaredSize: 4096)]
        let archive = try ZipArchive(bytes: writer.bytes())
        #expect { try archive.read(named: "bomb") } throws: { ($0 as? ZipError)?.kind == "too-large" }
    }

    @Test func forgedSizesAndRatiosAreRefusedBeforeInflating() throws {
        var writer = ZipWriter()
        writer.entries = [.init(name: "a", data: [UInt8](repeating: 0, count: 1000), declaredSize: 3_000_000_000)]
        #expect { try ZipArchive(bytes: writer.bytes()) } throws: { ($0 as? ZipError)?.kind == "too-large" }
        var many = ZipWriter()
        for i in 0..<20 { many.add("f\(i)", [UInt8](repeating: 0, count: 1 << 20)) }
        let bytes = many.bytes()
        #expect(try ZipArchive(bytes: bytes).entries.count == 20)
        #expect { try ZipArchive(bytes: bytes, limits: ZipLimits(maxTotalBytes: 10 << 20)) } throws: {
            ($0 as? ZipError)?.kind == "too-large"
        }
        #expect { try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntries: 10)) } throws: {
            ($0 as? ZipError)?.kind == "too-large"
        }
        let capped = try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntryBytes: 1000))
        #expect { try capped.read(named: "f0") } throws: { ($0 as? ZipError)?.kind == "too-large" }
    }

    /// The overlapping zip bomb: many directory records pointing at one compressed kernel.
    @Test func overlappingEntriesAreRefused() throws {
        var writer = ZipWriter()
        writer.add("kernel", [UInt8](repeating: 0, count: 1 << 20))
        var bytes = writer.bytes()
        // Duplicate the single directory record under other names, all at offset 0.
        let window = bytes
        let eocd = bytes.count - 22
        let directoryOffset = Int(window[eocd + 16]) | Int(window[eocd + 17]) << 8 | Int(window[eocd + 18]) << 16
        let record = Array(window[directoryOffset..<eocd])
        var directory = record
        for i in 1..<50 {
            var copy = record
            copy[46 + 5] = UInt8(ascii: "0") + UInt8(i % 10)  // "kernel" → "kerne0" … distinct names
            copy[46 + 4] = UInt8(ascii: "a") + UInt8(i / 10)
            directory += copy
        }
        bytes =
            Array(window[..<directoryOffset]) + directory
            + le32(0x0605_4b50) + le16(0) + le16(0) + le16(50) + le16(50) + le32(UInt32(directory.count))
            + le32(UInt32(directoryOffset)) + le16(0)
        #expect { try ZipArchive(bytes: bytes) } throws: { error in
            (error as? ZipError)?.kind == "too-large" && "\(error)".contains("overlap")
        }
    }

    @Test func notZipTruncatedAndGarbageAreRefusedWithOneLine() throws {
        let ipa = Self.ipa()
        let cases: [([UInt8], String)] = [
            ([], "not-zip"),
            (Array("just text, not an archive at all".utf8), "not-zip"),
            (Array(ipa.prefix(ipa.count - 10)), "not-zip"),
            (Array(ipa[..<100]) + Array(ipa[(ipa.count - 22)...]), "corrupt"),
        ]
        for (bytes, kind) in cases {
            #expect { try ZipArchive(bytes: bytes) } throws: { error in
                guard let error = error as? ZipError else { return false }
                return error.kind == kind && !error.description.contains("\n")
            }
        }
    }

    @Test func damagedDeflateDataIsCorrupt() throws {
        var bytes = Self.ipa()
        let archive = try ZipArchive(bytes: bytes)
        let name = "Payload/App.app/Assets.car"
        // Overwrite the start of the entry's deflate data.
        let start = bytes.indices.first { i in
            i + 4 < bytes.count && bytes[i..<(i + 4)].elementsEqual([0x50, 0x4b, 3, 4])
                && String(decoding: bytes[(i + 30)..<min(i + 30 + name.utf8.count, bytes.count)], as: UTF8.self) == name
        }!
        for i in (start + 30 + name.utf8.count)..<(start + 30 + name.utf8.count + 8) { bytes[i] = 0xff }
        let damaged = try ZipArchive(bytes: bytes)
        #expect(archive.entries == damaged.entries)
        #expect { try damaged.read(named: name) } throws: { ($0 as? ZipError)?.kind == "corrupt" }
    }
}
