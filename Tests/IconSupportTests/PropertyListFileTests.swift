import Foundation
import Testing

@testable import IconSupport

@Suite("The one property-list reader")
struct PropertyListFileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `bplist00`, the objects, a table of `offsetSize`-byte offsets and the trailer.
    static func binaryPlist(_ objects: [[UInt8]], top: Int, offsetSize: Int = 1, referenceSize: Int = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        for value in [objects.count, top, table] { bytes += bigEndian(value, size: 8) }
        return bytes
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// `{CFBundleName: A<depth>}`, A0 = "", Ai = [Ai-1, Ai-1]: 2^(depth+1) + 1 objects expanded.
    static func bomb(depth: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0x50]]
        for level in 1...depth { objects.append([0xA2, UInt8(level - 1), UInt8(level - 1)]) }
        objects.append([0x5C] + Array("CFBundleName".utf8))
        objects.append([0xD1, UInt8(depth + 1), UInt8(depth)])
        return binaryPlist(objects, top: depth + 2)
    }

    static func walk(_ bytes: [UInt8]) -> Result<Int, BinaryPlistWalk.Refusal>? {
        BinaryPlistWalk.expandedCount(bytes, limit: PropertyListFile.maxObjects)
    }

    /// The objects Foundation's value holds, counted as the walk counts them.
    static func objects(_ value: Any) -> Int {
        if let dictionary = value as? [String: Any] { return 1 + dictionary.values.reduce(0) { $0 + 1 + objects($1) } }
        if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + objects($1) } }
        return 1
    }

    @Test func bombsAreRefusedBeforeFoundation() throws {
        #expect(Self.walk(Self.bomb(depth: 17)) == .success((1 << 18) + 1))
        #expect(Self.walk(Self.bomb(depth: 18)) == .failure(.expandsPast(limit: 500_000)))
        let bomb = Self.bomb(depth: 40)
        #expect(bomb.count == 220)
        #expect(Self.walk(bomb) == .failure(.expandsPast(limit: 500_000)))
        #expect(throws: PropertyListFile.Failure.self) { try PropertyListFile.parse(Data(bomb), limit: 1 << 20) }
        #expect(
            BinaryPlistWalk.Refusal.expandsPast(limit: 500_000).description
                == "the binary plist expands to more than 500000 objects (it repeats shared arrays or dictionaries; real plists stay far below)")
        // Under the bound it is read, and Foundation's value has the objects the walk counted.
        let (value, format) = try PropertyListFile.parse(Data(Self.bomb(depth: 12)), limit: 1 << 20)
        #expect(format == .binary)
        #expect(Self.objects(value) == (1 << 13) + 1)
    }

    @Test func malformedTablesAreRefused() {
        let key: [UInt8] = [0x51, 0x4B]
        // An array that holds itself, directly and through another.
        #expect(Self.walk(Self.binaryPlist([[0xA1, 0]], top: 0)) == .failure(.containsItself(object: 0)))
        #expect(Self.walk(Self.binaryPlist([[0xA1, 1], [0xD1, 2, 0], key], top: 0)) == .failure(.containsItself(object: 0)))
        // A reference beyond the table, a count beyond the file, a bad top object, a bad trailer.
        #expect(Self.walk(Self.binaryPlist([[0xA1, 7]], top: 0)) == .failure(.malformed("a reference names an object beyond the 1 it has")))
        #expect(
            Self.walk(Self.binaryPlist([[0xAF, 0x10, 200]], top: 0))
                == .failure(.malformed("object 0 holds more references than the file has bytes")))
        #expect(
            Self.walk(Self.binaryPlist([[0x50]], top: 3)) == .failure(.malformed("the top object 3 is not one of its 1 objects")))
        var trailer = Self.binaryPlist([[0x50]], top: 0)
        trailer[trailer.count - 26] = 9
        #expect(Self.walk(trailer) == .failure(.malformed("the trailer gives integer sizes of 9 and 1 bytes")))
        #expect(Self.walk(Self.binaryPlist([[0xD1, 1, 2], key, [0xC1, 1]], top: 0)) == .failure(.set(object: 2)))
        // Not a binary plist: left to Foundation.
        #expect(Self.walk(Array("<plist/>".utf8)) == nil)
    }

    @Test func longCountsAndWideReferences() {
        // A 300-element array (count as a 2-byte integer object) of 2-byte references to one string.
        let array: [UInt8] = [0xAF, 0x11, 0x01, 0x2C] + (0..<300).flatMap { _ in [0x00, 0x01] }
        #expect(Self.walk(Self.binaryPlist([array, [0x51, 0x61]], top: 0, offsetSize: 2, referenceSize: 2)) == .success(301))
    }

    @Test func everyCutAndEveryByteOfARealBinaryPlistIsWalkedSafely() throws {
        let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.repository + "/Fuzz/Seeds/info-plist/rich.bplist")))
        #expect(Self.walk(seed) == .success(51))
        for length in 0..<seed.count { _ = Self.walk(Array(seed.prefix(length))) }
        for index in 8..<seed.count {
            for value: UInt8 in [0x00, 0x0F, 0xAF, 0xDF, 0xFF] {
                var mutated = seed
                mutated[index] = value
                if case .success(let count) = Self.walk(mutated) { #expect(count <= PropertyListFile.maxObjects) }
            }
        }
    }

    /// Every Info.plist and project file of the fixtures, written as binary: the walk counts
    /// exactly the objects Foundation reads from it, far below the bound.
    @Test func theWalkCountsWhatFoundationReads() throws {
        let fixtures = Self.repository + "/Fixtures"
        var checked = 0
        for case let path as String in FileManager.default.enumerator(atPath: fixtures)!
        where path.hasSuffix("Info.plist") || path.hasSuffix(".pbxproj") {
            guard let data = FileManager.default.contents(atPath: fixtures + "/" + path),
                let (value, _) = try? PropertyListFile.parse(data, limit: 1 << 24)
            else { continue }
            let binary = try PropertyListFile.binaryData(value)
            let (reread, format) = try PropertyListFile.parse(binary, limit: 1 << 24)
            #expect(format == .binary)
            #expect(Self.walk([UInt8](binary)) == .success(Self.objects(reread)), "\(path)")
            #expect(Self.objects(reread) < 2_000, "\(path)")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func sizeLimitIsTheCallers() {
        #expect(throws: PropertyListFile.Failure.self) { try PropertyListFile.parse(Data(count: 11), limit: 10) }
    }

    /// Every plist iconlint reads goes through `PropertyListFile`: no other file of the sources
    /// calls Foundation's property-list readers or writers (a new call fails this test).
    @Test func noOtherPropertyListSerializationCall() throws {
        let allowed = "Sources/IconSupport/PropertyListFile.swift"
        let patterns = [
            "PropertyListSerialization.", "PropertyListDecoder", "PropertyListEncoder", "NSDictionary(contentsOf",
            "NSArray(contentsOf", "CFPropertyListCreate",
        ]
        var offenders: [String] = []
        var scanned = 0
        for folder in ["Sources", "Plugins", "Fuzz/Sources"] {
            guard let walker = FileManager.default.enumerator(atPath: Self.repository + "/" + folder) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                let relative = folder + "/" + name
                let text = try String(contentsOfFile: Self.repository + "/" + relative, encoding: .utf8)
                scanned += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                    if relative != allowed, patterns.contains(where: { code.contains($0) }) { offenders.append("\(relative):\(number + 1)") }
                }
            }
        }
        #expect(scanned > 100)
        #expect(offenders.isEmpty, "read plists through PropertyListFile: \(offenders)")
    }
}
