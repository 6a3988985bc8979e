import BundleKit
import FuzzSupport

// The LZFSE and LZVN decoders on their own: an LZFSE stream sized from its block headers (at
// most 1 MB) and decoded, and decoded again into a fixed 4096 bytes (a catalog's case: the
// size comes from the rendition); the same bytes as a raw LZVN stream of at most 64 KB.
runFuzzer { input in
    let bytes = Array(input)
    if let size = try? LZFSE.declaredSize(bytes, atMost: 1 << 20) {
        // A stream that decodes produced exactly what its blocks declared.
        if let output = try? LZFSE.decode(bytes, expectedSize: size) { precondition(output.count == size) }
    }
    if let output = try? LZFSE.decode(bytes, expectedSize: 4096) { precondition(output.count == 4096) }
    if let output = try? LZVN.decode(bytes, atMost: 1 << 16) { precondition(output.count <= 1 << 16) }
}
