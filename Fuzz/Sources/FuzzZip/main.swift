import BundleKit
import FuzzSupport

// Small caps: an entry may inflate to 1 MB at most, so a bomb costs libFuzzer nothing.
enum Zip {
    static let limits = ZipLimits(
        maxEntries: 4096, maxEntryBytes: 1 << 20, maxTotalBytes: 64 << 20,
        maxCentralDirectoryBytes: 1 << 20)
}

// Opening (EOCD, ZIP64, central directory, name and layout checks), then every entry read
// (local header, inflate, CRC).
runFuzzer { input in
    guard let archive = try? ZipArchive(bytes: Array(input), limits: Zip.limits) else { return }
    var sum = 0
    for entry in archive.entries {
        if let bytes = try? archive.read(entry) { sum &+= bytes.count }
    }
    _ = sum
}
