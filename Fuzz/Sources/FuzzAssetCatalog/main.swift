import BundleKit
import FuzzSupport

// Limits small enough that libFuzzer's memory and time limits measure the reader, not the
// sizes the default limits allow on purpose.
enum Catalog {
    static let limits = CARLimits(
        maxFileBytes: 1 << 20, maxBlocks: 1 << 16, maxTreePages: 1 << 14,
        maxRenditions: 1 << 16)
}

// The whole BOM/CAR reader: header, block index, variables, every B-tree, every CSI header,
// and the pixel payloads lint decodes (MLEC records, KCBC chunks, zlib, LZVN and LZFSE).
runFuzzer { input in
    guard let catalog = try? AssetCatalogFile(bytes: Array(input), limits: Catalog.limits) else { return }
    var sum = 0
    for rendition in catalog.iconRenditions {
        sum &+= rendition.width &+ rendition.scale &+ rendition.name.utf8.count &+ rendition.appearance.utf8.count
        // The pixels lint decodes (the App Store icon's transparency).
        if case .success(let alpha) = catalog.alpha(rendition) {
            precondition(alpha.lowest <= 255 && alpha.transparentPixels <= alpha.pixels)
            sum &+= alpha.lowest
        }
    }
    _ = sum
}
