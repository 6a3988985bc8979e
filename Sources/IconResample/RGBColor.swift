/// An opaque 8-bit sRGB colour, as given to `--background`.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Named colours `--background` accepts besides hex.
    public static let names: [String: RGBColor] = [
        "white": RGBColor(red: 255, green: 255, blue: 255),
        "black": RGBColor(red: 0, green: 0, blue: 0),
    ]

    /// Parses `#RRGGBB`, `RRGGBB`, `#RGB`, `white` or `black`.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if let named = RGBColor.names[lowered] {
            self = named
            return
        }
        var hex = Substring(lowered)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        if hex.count == 3 {
            hex = Substring(hex.flatMap { [$0, $0] })
        }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xff), blue: UInt8(value & 0xff))
    }

    public var description: String {
        "#" + [red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    /// The colour in linear light, alpha 1.
    var linear: SIMD4<Float> {
        let t = SRGBTables.shared
        return SIMD4(t.linear8[Int(red)], t.linear8[Int(green)], t.linear8[Int(blue)], 1)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
