import Foundation
import PNGKit
import Testing

@testable import IconGenerate
@testable import IconResample

@Suite struct ResamplerTests {
    static let iconSizes = [20, 29, 40, 58, 60, 76, 80, 87, 120, 152, 167, 180]

    @Test func sameSizeIsTheSourceExactly() throws {
        let side = 48
        let samples = TestImages.noise(side: side)
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: [side])
        #expect(result.images.values.first?.pixels == samples.map { UInt8($0) })
    }

    @Test func checkerboardHalvesToLinearGrey() throws {
        let side = 64
        var samples: [Int] = []
        for y in 0..<side {
            for x in 0..<side {
                let v = (x + y) % 2 == 0 ? 255 : 0
                samples += [v, v, v, 255]
            }
        }
        let png = try TestImages.png(samples, side: side)
        for filter in ResampleFilter.allCases {
            let pixels = try TestImages.resize(png, sizes: [side / 2], filter: filter).images.values.first!.pixels
            // Linear 0.5 is sRGB 187.5; gamma-space resizers give 128.
            let inner = (8..<24).flatMap { y in (8..<24).map { x in Int(pixels[(y * 32 + x) * 4]) } }
            #expect(inner.allSatisfy { abs($0 - 188) <= 1 }, "\(filter): \(inner.min()!)...\(inner.max()!)")
        }
    }

    @Test(arguments: [ResampleFilter.lanczos3, .mitchell, .box])
    func whiteOnTransparentGainsNoDarkFringe(filter: ResampleFilter) throws {
        let side = 200
        var samples: [Int] = []
        for y in 0..<side {
            for x in 0..<side {
                let d = ((Double(x) - 99.5) * (Double(x) - 99.5) + (Double(y) - 99.5) * (Double(y) - 99.5)).squareRoot()
                // Transparent pixels are black, as many exporters write them.
                samples += d < 70 ? [255, 255, 255, 255] : [0, 0, 0, 0]
            }
        }
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: [29, 57, 120], filter: filter)
        for image in result.images.values {
            for p in 0..<(image.size * image.size) where image.pixels[4 * p + 3] > 0 {
                #expect(image.pixels[4 * p] == 255 && image.pixels[4 * p + 1] == 255 && image.pixels[4 * p + 2] == 255)
            }
        }
    }

    @Test func iconMatchesReferenceAtEverySize() throws {
        let side = 256
        let samples = TestImages.icon(side: side)
        let reference = TestImages.reference(samples, side: side)
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: Self.iconSizes)
        for size in Self.iconSizes {
            let pixels = result.images[ResizeTarget(size: size, channels: 4)]!.pixels
            let psnr = Reference.psnr(pixels, against: Reference.resize(reference, to: size))
            #expect(psnr.colour >= 50 && psnr.alpha >= 50, "\(size): colour \(psnr.colour) dB, alpha \(psnr.alpha) dB")
        }
    }

    @Test func noiseMatchesReference() throws {
        let side = 96
        let samples = TestImages.noise(side: side)
        let reference = TestImages.reference(samples, side: side)
        let sizes = [20, 29, 40, 60, 87]
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: sizes)
        for size in sizes {
            let pixels = result.images[ResizeTarget(size: size, channels: 4)]!.pixels
            let psnr = Reference.psnr(pixels, against: Reference.resize(reference, to: size))
            #expect(psnr.colour >= 50 && psnr.alpha >= 50, "\(size): colour \(psnr.colour) dB, alpha \(psnr.alpha) dB")
        }
    }

    /// Large reductions go through a 2 × 2 box first; the reference shows it costs no accuracy.
    @Test func prereducedSizesMatchReference() throws {
        let side = 512
        let samples = TestImages.icon(side: side)
        let reference = TestImages.reference(samples, side: side)
        let sizes = [20, 29, 40]
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: sizes)
        for size in sizes {
            let pixels = result.images[ResizeTarget(size: size, channels: 4)]!.pixels
            let psnr = Reference.psnr(pixels, against: Reference.resize(reference, to: size))
            #expect(psnr.colour >= 50 && psnr.alpha >= 50, "\(size): colour \(psnr.colour) dB, alpha \(psnr.alpha) dB")
        }
    }

    /// Noise is the worst case for the 2 × 2 box ahead of large reductions.
    @Test func prereducedNoiseMatchesReference() throws {
        let side = 320
        let samples = TestImages.noise(side: side, seed: 7)
        let reference = TestImages.reference(samples, side: side)
        let sizes = [10, 20]  // reductions 32 and 16: boxed twice and once, 8 left either way
        let result = try TestImages.resize(TestImages.png(samples, side: side), sizes: sizes)
        for size in sizes {
            let pixels = result.images[ResizeTarget(size: size, channels: 4)]!.pixels
            let psnr = Reference.psnr(pixels, against: Reference.resize(reference, to: size))
            #expect(psnr.colour >= 50 && psnr.alpha >= 50, "\(size): colour \(psnr.colour) dB, alpha \(psnr.alpha) dB")
        }
    }

    @Test func sixteenBitKeepsItsPrecision() throws {
        let side = 128
        let samples = TestImages.icon(side: side, maxValue: 65535)
        let reference = TestImages.reference(samples, side: side, maxValue: 65535)
        let sizes = [20, 58, 87, 128]
        let result = try TestImages.resize(TestImages.png(samples, side: side, sixteen: true), sizes: sizes)
        for size in sizes {
            let pixels = result.images[ResizeTarget(size: size, channels: 4)]!.pixels
            let psnr = Reference.psnr(pixels, against: Reference.resize(reference, to: size))
            #expect(psnr.colour >= 50 && psnr.alpha >= 50, "\(size): colour \(psnr.colour) dB, alpha \(psnr.alpha) dB")
        }
    }

    @Test func oneLaneAndTwoLanesAgree() throws {
        let png = try TestImages.png(TestImages.icon(side: 160), side: 160)
        let one = try TestImages.resize(png, sizes: Self.iconSizes.filter { $0 <= 160 }, lanes: 1)
        let two = try TestImages.resize(png, sizes: Self.iconSizes.filter { $0 <= 160 }, lanes: 2)
        for (target, image) in one.images { #expect(two.images[target]?.pixels == image.pixels) }
    }

    @Test func aTruncatedSourceFailsCleanlyWithLanesRunning() throws {
        let png = try TestImages.png(TestImages.noise(side: 300), side: 300)
        let truncated = Array(png.prefix(png.count * 2 / 3))
        #expect(throws: PNGError.self) { try TestImages.resize(truncated, sizes: [20, 60, 120], lanes: 2) }
    }

    @Test func compositesOntoBackgroundInLinearLight() throws {
        // Half-transparent black over white: linear 0.5, sRGB 188.
        let side = 16
        let samples = (0..<(side * side)).flatMap { _ in [0, 0, 0, 128] }
        let result = try TestImages.resize(
            TestImages.png(samples, side: side), sizes: [16, 8], channels: 3,
            background: RGBColor(red: 255, green: 255, blue: 255))
        for image in result.images.values {
            #expect(image.channels == 3)
            #expect(image.pixels.allSatisfy { abs(Int($0) - 188) <= 1 }, "\(image.pixels.prefix(3))")
        }
    }

    @Test func transferTablesRoundCorrectly() {
        let tables = SRGBTables.shared
        for v in 0..<256 {
            #expect(tables.encode(tables.linear8[v]) == UInt8(v))
        }
        var random = TestImages.Random(state: 42)
        for _ in 0..<20000 {
            let l = Float(random.next() % 1_000_001) / 1_000_000
            let exact = Int((SRGB.fromLinear(Double(l)) * 255).rounded())
            #expect(Int(tables.encode(l)) == exact, "\(l)")
        }
    }
}
