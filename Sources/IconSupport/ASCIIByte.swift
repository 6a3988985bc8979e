/// The C preprocessor's byte classes (ASCII letters, digits, `_`), shared by the Info.plist
/// preprocessor and the source lexers.
public enum ASCIIByte {
    public static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    public static func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
    public static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    /// Space, tab, vertical tab, form feed and carriage return: white space within a line.
    public static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D }
}
