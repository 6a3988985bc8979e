/// A unified diff of two texts, line by line (`diff -u` style, 3 lines of context), from a
/// longest-common-subsequence table. Info.plists and Contents.json files are a few hundred
/// lines; past `maxLines` on either side the diff is one line saying so.
enum UnifiedDiff {
    static let maxLines = 5000
    static let context = 3

    static func text(old: String, new: String, path: String) -> String {
        let a = lines(old), b = lines(new)
        let header = "--- a/\(path)\n+++ b/\(path)\n"
        guard a.count <= maxLines, b.count <= maxLines else {
            return header + "@@ the file has more than \(maxLines) lines; not shown @@\n"
        }
        let script = edits(a, b)
        var out = header
        let changed = script.indices.filter { script[$0].kind != " " }
        var groups: [[Int]] = []
        for index in changed {
            if let last = groups.last?.last, index - last <= 2 * context { groups[groups.count - 1].append(index) } else { groups.append([index]) }
        }
        for group in groups {
            let hunk = script[max(0, group[0] - context)..<min(script.count, group[group.count - 1] + context + 1)]
            let oldStart = hunk.first?.oldLine ?? 0, newStart = hunk.first?.newLine ?? 0
            let oldCount = hunk.filter { $0.kind != "+" }.count, newCount = hunk.filter { $0.kind != "-" }.count
            out += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for step in hunk { out += "\(step.kind)\(step.text)\n" }
        }
        return out
    }

    struct Step {
        var kind: Character
        var text: Substring
        /// 1-based line in the old and the new text where this step is.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The edit script: common lines, removals and additions in order.
    static func edits(_ a: [Substring], _ b: [Substring]) -> [Step] {
        // Common prefix and suffix first: an edit touches a few lines of a long file.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var steps: [Step] = []
        var oldLine = 1, newLine = 1
        func add(_ kind: Character, _ text: Substring) {
            steps.append(Step(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != "+" { oldLine += 1 }
            if kind != "-" { newLine += 1 }
        }
        for line in a[0..<prefix] { add(" ", line) }
        var i = 0, j = 0
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                add(" ", x[i])
                i += 1
                j += 1
            } else if i < x.count, j == y.count || table[i + 1][j] >= table[i][j + 1] {
                add("-", x[i])
                i += 1
            } else {
                add("+", y[j])
                j += 1
            }
        }
        for line in a[(a.count - suffix)...] { add(" ", line) }
        return steps
    }
}
