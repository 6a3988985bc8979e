import Testing

@testable import IconLintCore

@Suite struct IconFileSuggestionTests {
    func name(_ entry: String, _ points: Double, _ scale: Int, _ idiom: Idiom, existing: Set<String> = []) -> String {
        IconFileName.suggestion(entry: entry, points: points, scale: scale, idiom: idiom, existing: existing).fileName
    }

    @Test func namesAreBuiltFromTheEntryAndIOSSuffixes() {
        #expect(name("icon-red", 83.5, 2, .ipad) == "icon-red@2x~ipad.png")
        #expect(name("icon-red-76", 83.5, 2, .ipad) == "icon-red-83.5@2x~ipad.png")
        #expect(name("AppIcon76x76", 83.5, 2, .ipad) == "AppIcon83.5x83.5@2x~ipad.png")
        #expect(name("Blue-20", 60, 3, .iphone) == "Blue-60@3x.png")
        #expect(name("Blue", 60, 2, .iphone) == "Blue@2x.png")
        #expect(name("dark_60", 60, 3, .iphone) == "dark_60@3x.png")
        // The entry written as a file name still gives a base.
        #expect(name("Ocean@2x.png", 60, 3, .iphone) == "Ocean@3x.png")
        // A device modifier alone leaves a base name: iOS appends the scale after it.
        #expect(name("Sun~ipad", 76, 2, .ipad) == "Sun~ipad@2x.png")
        #expect(name("Icon", 76, 1, .ipad) == "Icon~ipad.png")
        // Digits glued to a word are part of the name, not a size.
        #expect(name("Pride2", 60, 2, .iphone) == "Pride2@2x.png")
    }

    @Test func aTakenNameGetsTheSizeAdded() {
        #expect(name("icon-red", 83.5, 2, .ipad, existing: ["Icon-Red@2x~ipad.png"]) == "icon-red-83.5@2x~ipad.png")
        let both = IconFileName.suggestions(entry: "icon-red", missingPixels: [152, 167], idiom: .ipad)
        #expect(both.map(\.fileName) == ["icon-red@2x~ipad.png", "icon-red-83.5@2x~ipad.png"])
        #expect(both.map(\.entry) == ["icon-red", "icon-red-83.5"])
        #expect(both.map(\.pixels) == [152, 167])
        let phone = IconFileName.suggestions(entry: "Blue-20", missingPixels: [120, 180, 1024], idiom: .iphone)
        #expect(phone.map(\.fileName) == ["Blue-60@2x.png", "Blue-60@3x.png"])
    }
}
