/// Splits text into words as a POSIX shell does (no expansion, no operators): white space
/// separates words; `'...'` keeps everything literal, a backslash too; `"..."` keeps everything
/// but a backslash before `$`, `` ` ``, `"`, `\` or a newline, which it drops; elsewhere a
/// backslash keeps the next character literal, and a backslash before a newline joins the
/// lines. An unclosed quote runs to the end of the text, and a backslash at the very end stays.
///
/// Build settings (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, `GCC_PREPROCESSOR_DEFINITIONS`,
/// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`) are lists in this form; Tests/IconSupportTests holds it
/// to `sh` on random text.
public enum ShellWords {
    public static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        // Scalars, not Characters: a quote followed by a combining mark is still a quote to sh.
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "'":
                inWord = true
                while let quoted = scalars.popFirst(), quoted != "'" { current.append(quoted) }
            case "\"":
                inWord = true
                while let quoted = scalars.popFirst(), quoted != "\"" {
                    if quoted == "\\", let next = scalars.first, "$`\"\\\n".unicodeScalars.contains(next) {
                        scalars.removeFirst()
                        if next != "\n" { current.append(next) }
                    } else {
                        current.append(quoted)
                    }
                }
            case "\\":
                guard let next = scalars.popFirst() else {
                    current.append(scalar)
                    inWord = true
                    continue
                }
                // A backslash and a newline are a line continuation: nothing at all.
                if next != "\n" {
                    current.append(next)
                    inWord = true
                }
            default:
                // Any white space separates (as the build settings' readers always took it);
                // sh itself splits only at spaces, tabs and newlines.
                if scalar.properties.isWhitespace {
                    if inWord { words.append(String(current)) }
                    current = String.UnicodeScalarView()
                    inWord = false
                } else {
                    current.append(scalar)
                    inWord = true
                }
            }
        }
        if inWord { words.append(String(current)) }
        return words
    }
}
