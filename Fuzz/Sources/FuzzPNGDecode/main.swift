import FuzzSupport
import PNGKit

// Limits small enough that libFuzzer's memory and time limits measure the decoder, not the
// size of images the default limits allow on purpose.
enum Decoder {
    static let reader = PNGReader(limits: PNGLimits(maxWidth: 1024, maxHeight: 1024, maxBytes: 1024 * 1024 * 8))
}

// Full decode to RGBA, every row touched: 8-bit for inputs of even length, 16-bit for odd.
runFuzzer { input in
    var sum = 0
    _ = try? Decoder.reader.decodeRows(.bytes(Array(input)), depth: input.count % 2 == 0 ? .eight : .sixteen) { _, row in
        sum &+= Int(row.last ?? 0)
        return true
    }
}
