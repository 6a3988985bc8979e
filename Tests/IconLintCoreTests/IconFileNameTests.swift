import Testing

@testable import IconLintCore

@Suite("Icon file names as iOS reads them")
struct IconFileNameTests {
    @Test(
        arguments: [
            ("AppIcon60x60@2x.png", "AppIcon60x60", 2, nil, 120),
            ("Icon-83.5@2x~ipad.png", "Icon-83.5", 2, "ipad", 167),
            ("Icon-60@3x", "Icon-60", 3, nil, 180),
            ("Icon-1024.png", "Icon-1024", nil, nil, 1024),
            ("Dark76x76@2x~ipad.png", "Dark76x76", 2, "ipad", 152),
        ] as [(String, String, Int?, String?, Int?)])
    func namedSizes(_ name: String, base: String, scale: Int?, device: String?, pixels: Int?) {
        let parsed = IconFileName(name)
        #expect(parsed.base == base)
        #expect(parsed.scale == scale)
        #expect(parsed.device == device)
        #expect(parsed.namedPixels == pixels)
        #expect(!parsed.modifierMisordered)
    }

    @Test(arguments: ["Icon020@2x.png", "Pride2@3x.png", "Icon1", "Summer2024@2x.png", "Dark@2x.png", "Icon-Small@2x.png"])
    func namesWithoutSizes(_ name: String) {
        #expect(IconFileName(name).namedPixels == nil, "\(name)")
    }

    @Test func modifierOrder() {
        #expect(IconFileName("Icon~ipad@2x.png").modifierMisordered)
        #expect(IconFileName("Icon~ipad@2x.png").scale == 2)
        #expect(!IconFileName("Icon@2x~ipad.png").modifierMisordered)
    }

    @Test func candidatesFollowTheLookup() {
        #expect(IconFileName.candidates(for: "Dark", idiom: .iphone).prefix(3) == ["Dark.png", "Dark@2x.png", "Dark@3x.png"])
        #expect(IconFileName.candidates(for: "Dark", idiom: .ipad).contains("Dark@2x~ipad.png"))
        #expect(IconFileName.candidates(for: "Dark@2x.png", idiom: .iphone) == ["Dark@2x.png"])
    }

    @Test func aDeviceModifierAloneLeavesABaseName() {
        // iOS appends the scale to the entry as written: `Dark~ipad` → `Dark~ipad@2x.png`.
        #expect(!IconFileName("Dark~ipad").isLiteral)
        #expect(IconFileName("Dark~ipad").lookupBase == "Dark~ipad")
        #expect(IconFileName("Dark@2x~ipad").lookupBase == "Dark")
        #expect(IconFileName.candidates(for: "Dark~ipad", idiom: .ipad) == ["Dark~ipad.png", "Dark~ipad@2x.png"])
        let suggestion = IconFileName.suggestion(entry: "Dark~ipad", points: 83.5, scale: 2, idiom: .ipad, existing: ["Dark~ipad@2x.png"])
        #expect(suggestion.fileName == "Dark-83.5~ipad@2x.png" && suggestion.entry == "Dark-83.5~ipad")
    }

    @Test func advisedSizesAreThoseOfTheEntrysDevice() {
        #expect(IconFileName("Big@2x.png").advisedPixels(for: 2048, idiom: .iphone) == [120])
        #expect(IconFileName("Big@3x.png").advisedPixels(for: 3072, idiom: .iphone) == [180])
        #expect(IconFileName("Big@2x.png").advisedPixels(for: 1024, idiom: .ipad) == [152, 167])
        #expect(IconFileName("Odd@2x.png").advisedPixels(for: 110, idiom: .iphone) == [114, 120])
    }
}
