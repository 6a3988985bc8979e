/// One entry of a zip archive's central directory.
public struct ZipEntry: Sendable, Equatable {
    /// The name as stored (UTF-8; `/` separates folders).
    public let name: String
    public let compressedSize: UInt64
    public let uncompressedSize: UInt64
    public let crc32: UInt32
    /// 0 stored, 8 deflate; others are refused when read.
    public let method: UInt16
    public let isEncrypted: Bool
    /// Where the entry's local header starts.
    let localHeaderOffset: UInt64

    public var isDirectory: Bool { name.hasSuffix("/") }
}

/// A minimal zip reader for `.ipa` files: end-of-central-directory (ZIP64 too), the central
/// directory, stored and deflate entries with their CRC-32 checked. It never extracts to
/// disk: entries are listed, and the few that are needed are read into memory.
///
/// Hostile archives are refused when opened, each with a one-line `ZipError`: names that
/// escape a folder, more entries or bytes than `ZipLimits` allow, impossible compression
/// ratios, and entries whose data overlap (the shape of non-recursive zip bombs).
public struct ZipArchive: Sendable {
    public let entries: [ZipEntry]
    public let limits: ZipLimits
    private let source: RandomAccessSource
    private let index: [String: Int]

    /// Opens a file. Only the central directory is read now.
    public init(path: String, limits: ZipLimits = .default) throws(ZipError) {
        switch OpenFile.open(path) {
        case .success(let file): try self.init(source: .file(file), limits: limits)
        case .failure(let error): throw .io(path: path, reason: error.reason)
        }
    }

    /// Reads an archive held in memory.
    public init(bytes: [UInt8], limits: ZipLimits = .default) throws(ZipError) {
        try self.init(source: .memory(bytes), limits: limits)
    }

    private init(source: RandomAccessSource, limits: ZipLimits) throws(ZipError) {
        self.source = source
        self.limits = limits
        let directory = try CentralDirectory.locate(in: source, limits: limits)
        let entries = try CentralDirectory.entries(of: directory, in: source, limits: limits)
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            guard index[entry.name] == nil else {
                throw .corrupt(detail: "two entries named '\(ZipError.printable(entry.name))'")
            }
            index[entry.name] = position
        }
        self.entries = entries
        self.index = index
    }

    public func entry(named name: String) -> ZipEntry? {
        index[name].map { entries[$0] }
    }

    /// The uncompressed bytes of the entry named `name`.
    public func read(named name: String) throws(ZipError) -> [UInt8] {
        guard let entry = entry(named: name) else { throw .entryNotFound(name) }
        return try read(entry)
    }

    /// The uncompressed bytes of `entry`, its CRC-32 checked.
    public func read(_ entry: ZipEntry) throws(ZipError) -> [UInt8] {
        guard !entry.isEncrypted else { throw .encrypted(entry: entry.name) }
        guard entry.method == 0 || entry.method == 8 else {
            throw .unsupported(detail: "entry '\(ZipError.printable(entry.name))' uses compression method \(entry.method) (only stored and deflate are read)")
        }
        // zlib counts in 32 bits; no icon-sized entry comes near.
        guard entry.uncompressedSize <= limits.maxEntryBytes, entry.uncompressedSize < UInt64(UInt32.max),
            entry.compressedSize <= max(entry.uncompressedSize, 1) * 2 + 1024
        else {
            throw .limitExceeded(
                detail: "entry '\(ZipError.printable(entry.name))' would inflate to \(entry.uncompressedSize) bytes, above the limit of \(limits.maxEntryBytes)"
            )
        }
        guard let header = source.read(at: entry.localHeaderOffset, count: 30),
            ByteWindow(header).le32(0) == 0x0403_4b50,
            let nameLength = ByteWindow(header).le16(26), let extraLength = ByteWindow(header).le16(28)
        else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry.name))' has no local header at offset \(entry.localHeaderOffset)")
        }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(nameLength) + UInt64(extraLength)
        guard entry.compressedSize <= UInt64(Int.max),
            let data = source.read(at: dataOffset, count: Int(entry.compressedSize))
        else {
            throw .corrupt(detail: "entry '\(ZipError.printable(entry.name))' runs past the end of the archive")
        }
        let output: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .corrupt(
                    detail:
                        "stored entry '\(ZipError.printable(entry.name))' declares \(entry.compressedSize) bytes stored but \(entry.uncompressedSize) uncompressed"
                )
            }
            output = data
        } else {
            output = try Inflate.raw(data, expectedSize: Int(entry.uncompressedSize), entry: entry.name)
        }
        guard Checksum.crc32(output) == entry.crc32 else { throw .crcMismatch(entry: entry.name) }
        return output
    }
}

/// Where the central directory lies, from the end-of-central-directory record(s).
struct CentralDirectory {
    var offset: UInt64
    var size: UInt64
    var count: UInt64
    /// Where the (ZIP64) end records start: nothing of the directory may reach past it.
    var end: UInt64

    static func locate(in source: RandomAccessSource, limits: ZipLimits) throws(ZipError) -> CentralDirectory {
        let size = source.size
        guard size >= 22 else {
            throw .notZip(detail: size == 0 ? "the file is empty" : "\(size) bytes is shorter than an end-of-central-directory record")
        }
        // The record is 22 bytes plus a comment of up to 65535 bytes at the very end.
        let tailLength = Int(min(size, 22 + 65535))
        guard let tail = source.read(at: size - UInt64(tailLength), count: tailLength) else {
            throw .io(path: "<archive>", reason: "read error")
        }
        let window = ByteWindow(tail)
        var found: Int?
        var position = tailLength - 22
        while position >= 0 {
            if window.le32(position) == 0x0605_4b50, let commentLength = window.le16(position + 20),
                position + 22 + Int(commentLength) == tailLength
            {
                found = position
                break
            }
            position -= 1
        }
        guard let eocd = found else {
            throw .notZip(detail: "no end-of-central-directory record")
        }
        let eocdOffset = size - UInt64(tailLength) + UInt64(eocd)
        let disk = window.le16(eocd + 4)!, directoryDisk = window.le16(eocd + 6)!
        let onDisk = window.le16(eocd + 8)!, total = window.le16(eocd + 10)!
        let directorySize = window.le32(eocd + 12)!, directoryOffset = window.le32(eocd + 16)!
        var directory = CentralDirectory(
            offset: UInt64(directoryOffset), size: UInt64(directorySize),
            count: UInt64(total), end: eocdOffset)
        let needsZip64 =
            total == 0xffff || onDisk == 0xffff || directorySize == 0xffff_ffff
            || directoryOffset == 0xffff_ffff || disk == 0xffff || directoryDisk == 0xffff
        if needsZip64 || (eocdOffset >= 20 && source.read(at: eocdOffset - 20, count: 4).map { ByteWindow($0).le32(0) } == 0x0706_4b50) {
            directory = try zip64(in: source, locatorOffset: eocdOffset >= 20 ? eocdOffset - 20 : nil)
        } else {
            guard disk == 0, directoryDisk == 0, onDisk == total else {
                throw .unsupported(detail: "the archive spans several disks")
            }
        }
        guard directory.offset <= directory.end, directory.size <= directory.end - directory.offset else {
            throw .corrupt(detail: "the central directory (offset \(directory.offset), \(directory.size) bytes) lies outside the archive")
        }
        guard directory.count <= UInt64(limits.maxEntries) else {
            throw .limitExceeded(detail: "\(directory.count) entries, above the limit of \(limits.maxEntries)")
        }
        guard directory.size <= UInt64(limits.maxCentralDirectoryBytes) else {
            throw .limitExceeded(detail: "a central directory of \(directory.size) bytes, above the limit of \(limits.maxCentralDirectoryBytes)")
        }
        guard directory.count * 46 <= directory.size else {
            throw .corrupt(detail: "\(directory.count) entries cannot fit in a central directory of \(directory.size) bytes")
        }
        return directory
    }

    private static func zip64(in source: RandomAccessSource, locatorOffset: UInt64?) throws(ZipError) -> CentralDirectory {
        guard let locatorOffset, let locator = source.read(at: locatorOffset, count: 20).map(ByteWindow.init),
            locator.le32(0) == 0x0706_4b50, let recordOffset = locator.le64(8), let disks = locator.le32(16)
        else {
            throw .corrupt(detail: "ZIP64 sizes without a ZIP64 end-of-central-directory locator")
        }
        guard disks <= 1 else { throw .unsupported(detail: "the archive spans \(disks) disks") }
        guard recordOffset < locatorOffset, let record = source.read(at: recordOffset, count: 56).map(ByteWindow.init),
            record.le32(0) == 0x0606_4b50
        else {
            throw .corrupt(detail: "the ZIP64 locator points at no ZIP64 end-of-central-directory record")
        }
        let disk = record.le32(16)!, directoryDisk = record.le32(20)!
        let onDisk = record.le64(24)!, total = record.le64(32)!
        guard disk == 0, directoryDisk == 0, onDisk == total else {
            throw .unsupported(detail: "the archive spans several disks")
        }
        return CentralDirectory(offset: record.le64(48)!, size: record.le64(40)!, count: total, end: recordOffset)
    }

    static func entries(
        of directory: CentralDirectory, in source: RandomAccessSource,
        limits: ZipLimits
    ) throws(ZipError) -> [ZipEntry] {
        guard let bytes = source.read(at: directory.offset, count: Int(directory.size)) else {
            throw .corrupt(detail: "the central directory runs past the end of the archive")
        }
        let window = ByteWindow(bytes)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(directory.count))
        var position = 0
        var total: UInt64 = 0
        for number in 0..<directory.count {
            guard window.le32(position) == 0x0201_4b50,
                let flags = window.le16(position + 8), let method = window.le16(position + 10),
                let crc = window.le32(position + 16), let compressed32 = window.le32(position + 20),
                let uncompressed32 = window.le32(position + 24), let nameLength = window.le16(position + 28),
                let extraLength = window.le16(position + 30), let commentLength = window.le16(position + 32),
                let offset32 = window.le32(position + 42),
                let name = window.slice(position + 46, Int(nameLength)),
                let extra = window.window(position + 46 + Int(nameLength), Int(extraLength)),
                window.window(position + 46 + Int(nameLength) + Int(extraLength), Int(commentLength)) != nil
            else {
                throw .corrupt(detail: "central directory record \(number + 1) of \(directory.count) is truncated or missing")
            }
            var compressed = UInt64(compressed32), uncompressed = UInt64(uncompressed32), offset = UInt64(offset32)
            try applyZip64(extra, &uncompressed, &compressed, &offset, entry: number + 1)
            let text = String(decoding: name, as: UTF8.self)
            try checkName(Array(name), text)
            let entry = ZipEntry(
                name: text, compressedSize: compressed, uncompressedSize: uncompressed, crc32: crc,
                method: method, isEncrypted: flags & 1 != 0 || method == 99,
                localHeaderOffset: offset)
            // A ratio deflate cannot reach is a forged size; stored entries must be 1:1.
            if uncompressed > 0 {
                if compressed == 0 || uncompressed / max(compressed, 1) > limits.maxRatio {
                    throw .limitExceeded(
                        detail: "entry '\(ZipError.printable(text))' claims \(uncompressed) bytes from \(compressed) (ratio above \(limits.maxRatio):1)")
                }
            }
            total = total &+ uncompressed
            guard total <= limits.maxTotalBytes, total >= uncompressed else {
                throw .limitExceeded(detail: "entries would inflate to more than \(limits.maxTotalBytes) bytes in total")
            }
            entries.append(entry)
            position += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
        }
        try checkLayout(entries, directoryOffset: directory.offset)
        return entries
    }

    /// ZIP64 extended information (extra field 0x0001): 64-bit values for the fields whose
    /// 32-bit slot holds 0xFFFFFFFF, in the order uncompressed, compressed, offset.
    private static func applyZip64(
        _ extra: ByteWindow, _ uncompressed: inout UInt64, _ compressed: inout UInt64,
        _ offset: inout UInt64, entry: UInt64
    ) throws(ZipError) {
        let wanted = [uncompressed, compressed, offset].filter { $0 == 0xffff_ffff }.count
        guard wanted > 0 else { return }
        var position = 0
        while let id = extra.le16(position), let length = extra.le16(position + 2) {
            guard let field = extra.window(position + 4, Int(length)) else { break }
            if id == 0x0001 {
                var at = 0
                func next() -> UInt64? {
                    defer { at += 8 }
                    return field.le64(at)
                }
                if uncompressed == 0xffff_ffff {
                    guard let v = next() else { break }
                    uncompressed = v
                }
                if compressed == 0xffff_ffff {
                    guard let v = next() else { break }
                    compressed = v
                }
                if offset == 0xffff_ffff {
                    guard let v = next() else { break }
                    offset = v
                }
                return
            }
            position += 4 + Int(length)
        }
        throw .corrupt(detail: "central directory record \(entry) needs ZIP64 sizes but has no complete ZIP64 field")
    }

    /// Zip slip: a name that would land outside the folder it is extracted into.
    private static func checkName(_ raw: [UInt8], _ name: String) throws(ZipError) {
        guard !raw.isEmpty else { throw .corrupt(detail: "an entry has an empty name") }
        if raw.contains(0) { throw .unsafeName(name) }
        if raw.first == UInt8(ascii: "/") || raw.first == UInt8(ascii: "\\") { throw .unsafeName(name) }
        if raw.count >= 2, raw[1] == UInt8(ascii: ":"), (UInt8(ascii: "A")...UInt8(ascii: "z")).contains(raw[0]) {
            throw .unsafeName(name)
        }
        let components = raw.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
        if components.contains(where: { $0.elementsEqual("..".utf8) }) { throw .unsafeName(name) }
    }

    /// Every entry's data lies before the central directory and no two entries share bytes:
    /// overlapping entries are how a small archive declares terabytes.
    private static func checkLayout(_ entries: [ZipEntry], directoryOffset: UInt64) throws(ZipError) {
        let ordered = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (position, entry) in ordered.enumerated() {
            let (end, overflow) = entry.localHeaderOffset.addingReportingOverflow(30 &+ entry.compressedSize)
            guard !overflow, entry.compressedSize < UInt64.max - 30, end <= directoryOffset else {
                throw .corrupt(detail: "entry '\(ZipError.printable(entry.name))' runs into the central directory")
            }
            if position + 1 < ordered.count, end > ordered[position + 1].localHeaderOffset {
                throw .limitExceeded(
                    detail: "entries '\(ZipError.printable(entry.name))' and '\(ZipError.printable(ordered[position + 1].name))' overlap (a zip bomb's shape)")
            }
        }
    }
}
