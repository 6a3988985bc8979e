import Foundation

/// A source's `includes`/`excludes` pattern as XcodeGen matches it (Bash glob with globstar):
/// `*` and `?` within one path component, `**` across components (`**/` also matches no
/// folder at all), `[abc]`, `[a-z]`, `[!x]`, and `{a,b}` alternatives. Matching is a table
/// over pattern and path (no backtracking), so a hostile pattern costs pattern × path steps.
struct XcodeGenGlob {
    private enum Token: Equatable {
        case literal(Character)
        case one
        case star
        /// `**/`: any folders, or none.
        case folders
        /// `**` elsewhere: anything, slashes included.
        case anything
        case set([ClosedRange<Character>], negated: Bool)
    }

    private let alternatives: [[Token]]
    /// Tokens in all alternatives: the table's height, for the caller's work count.
    var length: Int { alternatives.reduce(1) { $0 + $1.count } }

    /// Patterns longer than this, or with more alternatives, match nothing.
    static let maximumLength = 512
    static let maximumAlternatives = 64

    init(_ pattern: String) {
        guard pattern.count <= Self.maximumLength else {
            alternatives = []
            return
        }
        alternatives = Self.expandBraces(pattern).map(Self.tokens)
    }

    /// Whether the path (relative to the source's folder) matches.
    func matches(_ path: String) -> Bool {
        let characters = Array(path)
        return alternatives.contains { Self.match($0, characters) }
    }

    private static func expandBraces(_ pattern: String) -> [String] {
        var results = [pattern]
        var expanded: [String] = []
        while let next = results.popLast() {
            guard let open = next.firstIndex(of: "{"), let close = next[open...].firstIndex(of: "}") else {
                expanded.append(next)
                if expanded.count >= maximumAlternatives { break }
                continue
            }
            let body = next[next.index(after: open)..<close]
            for option in body.split(separator: ",", omittingEmptySubsequences: false) {
                results.append(String(next[..<open]) + option + String(next[next.index(after: close)...]))
            }
            if results.count > maximumAlternatives { break }
        }
        return expanded
    }

    private static func tokens(_ pattern: String) -> [Token] {
        let characters = Array(pattern)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*":
                if index + 1 < characters.count, characters[index + 1] == "*" {
                    if index + 2 < characters.count, characters[index + 2] == "/" {
                        tokens.append(.folders)
                        index += 3
                    } else {
                        tokens.append(.anything)
                        index += 2
                    }
                    continue
                }
                tokens.append(.star)
            case "?":
                tokens.append(.one)
            case "[":
                var end = index + 1
                if end < characters.count, characters[end] == "!" || characters[end] == "^" { end += 1 }
                if end < characters.count, characters[end] == "]" { end += 1 }
                while end < characters.count, characters[end] != "]" { end += 1 }
                guard end < characters.count else {
                    tokens.append(.literal("["))
                    break
                }
                var start = index + 1
                let negated = characters[start] == "!" || characters[start] == "^"
                if negated { start += 1 }
                var ranges: [ClosedRange<Character>] = []
                var cursor = start
                while cursor < end {
                    if cursor + 2 < end, characters[cursor + 1] == "-", characters[cursor] <= characters[cursor + 2] {
                        ranges.append(characters[cursor]...characters[cursor + 2])
                        cursor += 3
                    } else {
                        ranges.append(characters[cursor]...characters[cursor])
                        cursor += 1
                    }
                }
                tokens.append(.set(ranges, negated: negated))
                index = end
            default:
                tokens.append(.literal(character))
            }
            index += 1
        }
        return tokens
    }

    /// `table[t][p]`: tokens from t match the path from p.
    private static func match(_ tokens: [Token], _ path: [Character]) -> Bool {
        let width = path.count + 1
        var table = [Bool](repeating: false, count: (tokens.count + 1) * width)
        table[tokens.count * width + path.count] = true
        for t in stride(from: tokens.count - 1, through: 0, by: -1) {
            var slashRun = false
            for p in stride(from: path.count, through: 0, by: -1) {
                let next = (t + 1) * width
                var result = false
                switch tokens[t] {
                case .literal(let character):
                    result = p < path.count && path[p] == character && table[next + p + 1]
                case .one:
                    result = p < path.count && path[p] != "/" && table[next + p + 1]
                case .star:
                    result = table[next + p] || (p < path.count && path[p] != "/" && table[t * width + p + 1])
                case .anything:
                    result = table[next + p] || (p < path.count && table[t * width + p + 1])
                case .folders:
                    // None, or a run of characters ending in a slash (`slashRun`: some slash at or after p ends one).
                    if p < path.count, path[p] == "/", table[next + p + 1] { slashRun = true }
                    result = table[next + p] || slashRun
                case .set(let ranges, let negated):
                    if p < path.count, path[p] != "/" {
                        let inside = ranges.contains { $0.contains(path[p]) }
                        result = inside != negated && table[next + p + 1]
                    }
                }
                table[t * width + p] = result
            }
        }
        return table[0]
    }
}
