/// The one place that makes text from someone else's files safe to print: every reporter,
/// `inspect`, `generate`'s listing and every line on stderr go through it, one function per
/// output kind.
///
/// What it guards against: a terminal obeys ESC and OSC sequences (cursor moves, colours, the
/// window title, hyperlinks); GitHub Actions' runner executes a log line that starts with `::`
/// after optional whitespace (`::error`, `::add-mask::`, `::stop-commands::`) and the older
/// `##[command]` anywhere in a line, as Azure Pipelines does `##vso[`; and a newline inside a
/// name would start such a line, or a forged `path:1:1: error:` line for Xcode.
///
/// The forms, the same in every kind that cannot carry the character itself:
/// - a control character (C0 but tab and LF, DEL, C1), a line or paragraph separator (U+2028, U+2029)
///   or a bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) is shown as
///   Swift's escape `\u{1B}` (hex, upper case, at least two digits), so ESC `]0;` reads
///   `\u{1B}]0;` and NUL `\u{00}`;
/// - in a piece of one line, CR LF, CR and LF become one space (as before: a message that
///   reads over several lines stays legible);
/// - `##[` and `##vso[` keep their first `#` and escape the second (`#\u{23}[`);
/// - a line whose first character after whitespace is `:` (as in `::error::`) escapes that
///   colon (`\u{3A}:error::`).
/// JSON, XML and HTML say the same characters losslessly where they can (`\u0023`, `&#35;`,
/// `&#58;`, `&#155;`), so a parsed report holds the original text.
///
/// A backslash is not escaped, so ordinary text stays as it was: a name that holds the six
/// characters `\u{1B}` prints as the same six characters.
public enum SafeText {
    // MARK: Line-based text (text and xcode reports, inspect, generate, stderr)

    /// A piece of one line: unsafe characters escaped, line breaks folded to one space, and
    /// `##[` neutralised. Where the piece starts a line, `line(_:)` neutralises `::` too.
    public static func inline(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsInlineWork) else { return text }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                out.append(" ")
            } else if isUnsafe(scalar) {
                out.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return neutraliseCommands(String(out), escape: escapedHash)
    }

    /// A whole output line as CI reads it: `::` at its start (after whitespace) and `##[` or
    /// `##vso[` anywhere neutralised. Controls are left to `inline(_:)`, so the SGR colour of
    /// a terminal report survives.
    public static func line(_ line: String) -> String {
        var text = neutraliseCommands(line, escape: escapedHash)
        if let start = commandStart(text) {
            text.unicodeScalars.replaceSubrange(start...start, with: "\\u{3A}".unicodeScalars)
        }
        return text
    }

    /// Plain text of several lines that holds names from files (`inspect`, `generate`'s
    /// listing): each LF-separated line through `inline(_:)` and `line(_:)`.
    public static func text(_ text: String) -> String {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line(inline(String($0))) }.joined(separator: "\n")
    }

    /// The text split at CR LF, CR and LF (scalar by scalar: Swift sees CR LF as one character).
    public static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    // MARK: GitHub Actions workflow commands

    /// A command's message (after the second `::`): `%`, CR and LF percent-encoded as the
    /// runner decodes them (%25, %0D, %0A), other unsafe characters and `##[` as in `inline`.
    public static func workflowData(_ text: String) -> String {
        workflowEncode(text, ["%", "\r", "\n"])
    }

    /// A command's property value: as its message, and `:` and `,` too (%3A, %2C), which end values.
    public static func workflowProperty(_ text: String) -> String {
        workflowEncode(text, ["%", "\r", "\n", ":", ","])
    }

    private static func workflowEncode(_ text: String, _ special: Set<Unicode.Scalar>) -> String {
        var encoded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if special.contains(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                encoded.append(contentsOf: ((hex.count == 1 ? "%0" : "%") + hex).unicodeScalars)
            } else if isUnsafe(scalar) {
                encoded.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                encoded.append(scalar)
            }
        }
        return neutraliseCommands(String(encoded), escape: escapedHash)
    }

    // MARK: JSON (json and sarif reports, inspect --json, rules --json)

    /// JSONEncoder's output as it may be printed: every unsafe character JSONEncoder leaves
    /// raw (DEL, C1, separators, bidirectional controls) and the second `#` of `##[` written
    /// as a `\uXXXX` escape. A JSON parser reads back exactly the encoded strings.
    ///
    /// Outside strings JSON has no `#` and no such character, so the text can be rewritten
    /// as a whole; inside one, no escape sequence contains `#` or these characters.
    public static func json(_ encoded: String) -> String {
        guard encoded.unicodeScalars.contains(where: { $0 == "#" || isUnsafe($0) }) else { return encoded }
        var out = String.UnicodeScalarView()
        for scalar in encoded.unicodeScalars {
            if isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return neutraliseCommands(String(out), escape: "\\u0023")
    }

    // MARK: XML (junit)

    /// Text safe both as element content and inside a double- or single-quoted attribute:
    /// markup characters become entities; tab, LF and CR character references (so attribute
    /// value normalisation keeps them); DEL, C1 and the other unsafe characters XML can hold
    /// character references too (`&#155;`), and `##[` `#&#35;[`; what XML 1.0 cannot hold at
    /// all (other C0 controls, U+FFFE, U+FFFF) is shown escaped, `\u{1B}`.
    public static func xml(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped += "&#\(scalar.value);"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    escaped += Self.escaped(scalar)
                } else if isUnsafe(scalar) {
                    escaped += "&#\(value);"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return neutraliseCommands(escaped, escape: "&#35;")
    }

    // MARK: HTML

    /// Text safe in element content and in quoted attribute values: `&`, `<`, `>`, `"`, `'` as
    /// entities; CR LF and CR as LF (the report's `pre-line` keeps message lines), other unsafe
    /// characters shown escaped (`\u{1B}`, as HTML maps some character references to other
    /// characters); `##[` as `#&#35;[`, and `::` after a line break as `&#58;:`.
    public static func html(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for (index, line) in splitLines(text).enumerated() {
            if index > 0 { escaped += "\n" }
            var piece = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "&": piece += "&amp;"
                case "<": piece += "&lt;"
                case ">": piece += "&gt;"
                case "\"": piece += "&quot;"
                case "'": piece += "&#39;"
                default:
                    if isUnsafe(scalar) { piece += Self.escaped(scalar) } else { piece.unicodeScalars.append(scalar) }
                }
            }
            // The first line follows the reporter's own markup; a later one starts a line of the page.
            if index > 0, let start = commandStart(piece) { piece.unicodeScalars.replaceSubrange(start...start, with: "&#58;".unicodeScalars) }
            escaped += piece
        }
        return neutraliseCommands(escaped, escape: "&#35;")
    }

    // MARK: The characters

    /// Shown escaped (or, in JSON, XML and HTML, by reference) wherever they appear.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: Swift's escape, hex in upper case, at least two digits.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count == 1 ? "0" : "") + hex + "}"
    }

    private static let escapedHash = "\\u{23}"

    private static func needsInlineWork(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "#" || isUnsafe(scalar)
    }

    /// The second `#` of every `##[` and `##vso[` (any case) replaced by `escape`. Characters
    /// that a culture-aware search skips (zero-width spaces, joiners, soft hyphens) count as
    /// absent, so `#\u{200B}#[` is caught too.
    private static func neutraliseCommands(_ text: String, escape: String) -> String {
        guard text.contains("#") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for (index, scalar) in scalars.enumerated() {
            if scalar == "#", previous == "#", opensCommand(scalars, after: index) {
                out.append(contentsOf: escape.unicodeScalars)
                previous = "u"
                continue
            }
            out.append(scalar)
            if !isIgnorable(scalar) { previous = scalar }
        }
        return String(out)
    }

    /// `[` or `vso[` (any case) follows position `index`, ignorable characters aside.
    private static func opensCommand(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        let rest = Array(scalars[(index + 1)...].lazy.filter { !isIgnorable($0) }.prefix(4))
        if rest.first == "[" { return true }
        return String(String.UnicodeScalarView(rest)).lowercased() == "vso["
    }

    /// Where a line's `::` would start: its first `:` when only whitespace, ignorable
    /// characters and marks come before it (the runner trims whitespace; a culture-aware
    /// comparison skips the rest). Any first `:` counts, not only a doubled one: a mark
    /// between two colons could hide the pair.
    private static func commandStart(_ line: String) -> String.Index? {
        for index in line.unicodeScalars.indices {
            let scalar = line.unicodeScalars[index]
            if scalar == ":" { return index }
            let category = scalar.properties.generalCategory
            let skipped =
                scalar.properties.isWhitespace || isIgnorable(scalar)
                || [.nonspacingMark, .enclosingMark, .spacingMark].contains(category)
            if !skipped { return nil }
        }
        return nil
    }

    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }
}
