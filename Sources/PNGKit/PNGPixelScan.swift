/// Pixel facts that lint rules need (lowest alpha, grayscale), settled by a streaming scan
/// that decodes only when the header cannot answer and stops at the first decisive row.

/// Which pixel facts a scan must settle.
public struct PNGPixelQuestions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The lowest alpha over all pixels, counting the alpha channel and tRNS.
    public static let minAlpha = PNGPixelQuestions(rawValue: 1 << 0)
    /// Whether the image is grayscale by `PNGGrayscaleRule`.
    public static let grayscale = PNGPixelQuestions(rawValue: 1 << 1)
    /// Decode every row to the end, so damage anywhere (chunk CRCs, zlib stream, filters)
    /// is an error: without it a scan may stop once its answers are known.
    public static let integrity = PNGPixelQuestions(rawValue: 1 << 2)
}

/// When an image counts as grayscale: a pixel is coloured when its (unpremultiplied) R, G
/// and B differ by more than `maxChannelSpread` of 255; the image is coloured when more
/// than 1 % of its visible pixels (alpha > 0) are. Fully transparent pixels never count,
/// so a palette entry used only by transparent pixels does not make the image coloured.
public enum PNGGrayscaleRule {
    /// Largest channel difference, out of 255, that is still rounding noise.
    public static let maxChannelSpread = 8
    /// Coloured pixels allowed, in percent of the visible pixels (strictly more is coloured).
    public static let maxColoredPercent = 1

    /// True when `colored` out of `visible` pixels make an image coloured.
    public static func isColored(colored: Int, visible: Int) -> Bool {
        colored * 100 > visible * maxColoredPercent
    }
}

/// The answers of a pixel scan.
public struct PNGPixelFacts: Sendable, Equatable {
    /// Lowest alpha on a 0...255 scale, nil when not asked. 255 means every pixel is fully
    /// opaque; a 16-bit alpha below 65535 reports at most 254, so "not fully opaque" is never
    /// rounded away.
    public var minAlpha: Int?
    /// Grayscale by `PNGGrayscaleRule`, nil when not asked.
    public var isGrayscale: Bool?
    /// True when the header settled every question and no pixel was decoded.
    public var fromHeader: Bool
    /// True when the whole image was decoded and libpng found it intact.
    public var verified: Bool
    /// Rows decoded before the answers were known (0 when `fromHeader`).
    public var rowsScanned: Int
    /// Coloured and visible pixels counted in the rows scanned.
    public var coloredPixels: Int
    public var visiblePixels: Int

    public init(
        minAlpha: Int? = nil, isGrayscale: Bool? = nil, fromHeader: Bool = false, verified: Bool = false,
        rowsScanned: Int = 0, coloredPixels: Int = 0, visiblePixels: Int = 0
    ) {
        self.minAlpha = minAlpha
        self.isGrayscale = isGrayscale
        self.fromHeader = fromHeader
        self.verified = verified
        self.rowsScanned = rowsScanned
        self.coloredPixels = coloredPixels
        self.visiblePixels = visiblePixels
    }
}

/// What the header alone settles.
extension PNGHeader {
    /// No alpha channel and no tRNS: every pixel is fully opaque without decoding.
    public var isOpaqueByConstruction: Bool { !mayHaveTransparency }
    /// Gray or gray+alpha: no pixel can have colour.
    public var isGrayscaleByConstruction: Bool { colorType == .gray || colorType == .grayAlpha }
}

/// Accumulates pixel facts over decoded RGBA rows (8-bit, or 16-bit in host order) and says
/// when every asked question is settled, so the decode can stop. Usable on any rows, which
/// keeps the counting testable without PNG files.
public struct PNGPixelScanner: Sendable {
    public let questions: PNGPixelQuestions
    public let depth: PNGSampleDepth
    public let width: Int
    public let height: Int
    /// Lowest alpha seen, in the depth's range.
    public private(set) var lowestAlpha: Int
    public private(set) var coloredPixels = 0
    public private(set) var visiblePixels = 0
    public private(set) var rowsScanned = 0

    private let spread: Int
    private let opaque: Int

    public init(questions: PNGPixelQuestions, depth: PNGSampleDepth, width: Int, height: Int) {
        self.questions = questions
        self.depth = depth
        self.width = width
        self.height = height
        opaque = depth == .sixteen ? 65535 : 255
        // 8/255 of full scale: 8 at 8 bits, 8 × 257 at 16 bits.
        spread = depth == .sixteen ? PNGGrayscaleRule.maxChannelSpread * 257 : PNGGrayscaleRule.maxChannelSpread
        lowestAlpha = opaque
    }

    /// Pixels not yet scanned.
    private var remainingPixels: Int { (height - rowsScanned) * width }

    /// The lowest alpha is settled once it is 0 (nothing is lower) or every row is scanned.
    public var minAlphaSettled: Bool { lowestAlpha == 0 || rowsScanned >= height }

    /// Grayscale is settled when the remaining rows cannot change the answer: coloured already
    /// even if every remaining pixel were transparent, or grey even if all were coloured.
    public var grayscaleSettled: Bool {
        if rowsScanned >= height { return true }
        let remaining = remainingPixels
        // Coloured pixels are visible, so later pixels only add to `visible`: coloured for good.
        if PNGGrayscaleRule.isColored(colored: coloredPixels, visible: visiblePixels + remaining) { return true }
        // Worst case for grey: every remaining pixel visible and coloured.
        return !PNGGrayscaleRule.isColored(colored: coloredPixels + remaining, visible: visiblePixels + remaining)
    }

    public var isSettled: Bool {
        if questions.contains(.integrity), rowsScanned < height { return false }
        return (!questions.contains(.minAlpha) || minAlphaSettled) && (!questions.contains(.grayscale) || grayscaleSettled)
    }

    /// Lowest alpha on the 0...255 scale (see `PNGPixelFacts.minAlpha`).
    public var minAlpha255: Int {
        guard depth == .sixteen else { return lowestAlpha }
        return lowestAlpha == 65535 ? 255 : min(254, lowestAlpha / 257)
    }

    public var isGrayscale: Bool { !PNGGrayscaleRule.isColored(colored: coloredPixels, visible: visiblePixels) }

    /// Counts one row of `width` RGBA pixels; returns true when every question is settled.
    @discardableResult
    public mutating func scan(row: UnsafeRawBufferPointer) -> Bool {
        let wantColor = questions.contains(.grayscale)
        switch depth {
        case .eight:
            let count = min(width, row.count / 4)
            let bytes = row.bindMemory(to: UInt8.self)
            tally(bytes, count, wantColor)
        case .sixteen:
            let count = min(width, row.count / 8)
            // Rows from the decoder are aligned; copy when a caller's buffer is not.
            if Int(bitPattern: row.baseAddress) % MemoryLayout<UInt16>.alignment == 0 {
                tally(row.bindMemory(to: UInt16.self), count, wantColor)
            } else {
                let copy = Array(row.prefix(count * 8))
                copy.withUnsafeBytes { tally($0.bindMemory(to: UInt16.self), count, wantColor) }
            }
        }
        rowsScanned += 1
        return isSettled
    }

    /// Lowest alpha, visible and coloured pixels of RGBA rows at 8 or 16 bits (one generic
    /// body, specialised for each sample type).
    private mutating func tally<Sample: FixedWidthInteger & UnsignedInteger>(
        _ p: UnsafeBufferPointer<Sample>, _ count: Int, _ wantColor: Bool
    ) {
        var lowest = lowestAlpha
        var colored = 0
        var visible = 0
        for x in 0..<count {
            let a = Int(p[4 * x + 3])
            if a < lowest { lowest = a }
            guard wantColor, a > 0 else { continue }
            visible += 1
            let r = Int(p[4 * x]), g = Int(p[4 * x + 1]), b = Int(p[4 * x + 2])
            if max(r, g, b) - min(r, g, b) > spread { colored += 1 }
        }
        lowestAlpha = lowest
        coloredPixels += colored
        visiblePixels += visible
    }

    /// The answers to the asked questions, from the rows scanned so far.
    public var facts: PNGPixelFacts {
        PNGPixelFacts(
            minAlpha: questions.contains(.minAlpha) ? minAlpha255 : nil,
            isGrayscale: questions.contains(.grayscale) ? isGrayscale : nil,
            fromHeader: false, rowsScanned: rowsScanned, coloredPixels: coloredPixels,
            visiblePixels: visiblePixels)
    }
}

extension PNGReader {
    /// Settles `questions` for the image at `input`, whose `header` the caller has read.
    /// Questions the header answers (opaque by construction: no alpha channel and no tRNS;
    /// grey by construction: a gray colour type) need no decode; otherwise the image is
    /// decoded row by row (16-bit images at 16 bits, so no alpha is rounded up to opaque) and
    /// the decode stops at the first row after which the answers cannot change. A decode that
    /// stops early does not verify the rest of the stream: ask `.integrity` for that.
    public func pixelFacts(
        _ input: PNGInput, header: PNGHeader,
        questions: PNGPixelQuestions
    ) throws(PNGError) -> PNGPixelFacts {
        var answered = PNGPixelFacts(fromHeader: true)
        var remaining = questions
        if questions.contains(.minAlpha), header.isOpaqueByConstruction {
            answered.minAlpha = 255
            remaining.remove(.minAlpha)
        }
        if questions.contains(.grayscale), header.isGrayscaleByConstruction {
            answered.isGrayscale = true
            remaining.remove(.grayscale)
        }
        guard !remaining.isEmpty else { return answered }

        let depth: PNGSampleDepth = header.bitDepth == 16 ? .sixteen : .eight
        var scanner = PNGPixelScanner(questions: remaining, depth: depth, width: header.width, height: header.height)
        var completed = false
        if !scanner.isSettled {
            let lastRow = header.height - 1
            completed = try decodeRows(input, depth: depth) { y, row in
                // Stopping at the last row would save nothing and skip the end-of-stream checks.
                !scanner.scan(row: row) || y >= lastRow
            }.completed
        }
        answered.verified = completed
        let scanned = scanner.facts
        if remaining.contains(.minAlpha) { answered.minAlpha = scanned.minAlpha }
        if remaining.contains(.grayscale) { answered.isGrayscale = scanned.isGrayscale }
        answered.fromHeader = false
        answered.rowsScanned = scanned.rowsScanned
        answered.coloredPixels = scanned.coloredPixels
        answered.visiblePixels = scanned.visiblePixels
        return answered
    }
}
