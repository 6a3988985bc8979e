extension PNGHeader {
    /// A header from stored values (a cache of earlier runs, tests); PNGReader makes the
    /// others from the file.
    public init(
        width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, interlaced: Bool = false,
        hasTRNS: Bool = false, hasSRGB: Bool = false, hasICCP: Bool = false, hasGAMA: Bool = false,
        hasCHRM: Bool = false, isCgBI: Bool = false, isAPNG: Bool = false, srgbIntent: Int? = nil,
        gamma: UInt32? = nil
    ) {
        self.init(
            width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced,
            hasTRNS: hasTRNS, hasSRGB: hasSRGB, hasICCP: hasICCP, hasGAMA: hasGAMA, hasCHRM: hasCHRM,
            isCgBI: isCgBI, isAPNG: isAPNG, srgbIntent: srgbIntent, gamma: gamma, iccProfile: nil,
            iccProfileName: nil)
    }
}
