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
}
