import IconSupport

/// A unified diff of two versions of a text file (`diff -u` style, 3 lines of context), what
/// `fix --dry-run` and `add --dry-run` print. Common lines at both ends are set aside first (an
/// edit touches a few lines of a long file, a pbxproj of megabytes among them); the rest is
/// matched by a longest-common-subsequence table while that stays small, and beyond that shown
/// as removed then added. Every line is printed through SafeText: the files are the linted tree's.
public enum UnifiedDiff {
    static let context = 3
    /// Cells of the table at the most (lines of the changed middle, old × new).
    static let maxTable = 4_000_000

    /// `--- a/PATH` / `+++ b/PATH` and the hunks; a new file (`old` nil) is diffed against /dev/null.
    public static func text(path: String, old: [UInt8]?, new: [UInt8]) -> String {
        let before = old.map(lines) ?? []
        let after = lines(new)
        let name = SafeText.inline(path)
        var out = "--- \(old == nil ? "/dev/null" : "a/" + name)\n+++ b/\(name)\n"
        let steps = self.steps(before, after)
        var index = 0
        while index < steps.count {
            guard let change = steps[index...].firstIndex(where: { $0.kind != " " }) else { break }
            var end = change
            // A hunk runs until more than twice the context of unchanged lines follows.
            while let next = steps[(end + 1)...].firstIndex(where: { $0.kind != " " }), next - end <= 2 * context { end = next }
            let hunk = steps[max(index, change - context)..<min(steps.count, end + context + 1)]
            let oldCount = hunk.filter { $0.kind != "+" }.count, newCount = hunk.filter { $0.kind != "-" }.count
            out += "@@ -\(range(hunk.first!.old, oldCount)) +\(range(hunk.first!.new, newCount)) @@\n"
            for step in hunk { out += String(step.kind) + step.text + "\n" }
            index = hunk.endIndex
        }
        return out
    }

    /// `START,COUNT` as diff writes it: 1-based, the count left out when it is one, and the
    /// line before when the range is empty.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    struct Step {
        var kind: Character
        var text: String
        /// 0-based lines of the old and the new file where the step stands.
        var old: Int
        var new: Int
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        var result = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        if result.last == "" { result.removeLast() }
        return result.map { SafeText.line(SafeText.inline($0)) }
    }

    /// The edit script: common lines, removals and additions, in order.
    static func steps(_ a: [String], _ b: [String]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var steps = (0..<prefix).map { Step(kind: " ", text: a[$0], old: $0, new: $0) }
        if x.count * y.count <= maxTable {
            var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
            for i in stride(from: x.count - 1, through: 0, by: -1) {
                for j in stride(from: y.count - 1, through: 0, by: -1) {
                    table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] {
                    steps.append(Step(kind: " ", text: x[i], old: prefix + i, new: prefix + j))
                    i += 1
                    j += 1
                } else if i < x.count, j == y.count || table[i + 1][j] >= table[i][j + 1] {
                    steps.append(Step(kind: "-", text: x[i], old: prefix + i, new: prefix + j))
                    i += 1
                } else {
                    steps.append(Step(kind: "+", text: y[j], old: prefix + i, new: prefix + j))
                    j += 1
                }
            }
        } else {
            steps += x.enumerated().map { Step(kind: "-", text: $0.element, old: prefix + $0.offset, new: prefix) }
            steps += y.enumerated().map { Step(kind: "+", text: $0.element, old: prefix + x.count, new: prefix + $0.offset) }
        }
        let oldEnd = a.count - suffix, newEnd = b.count - suffix
        steps += (0..<suffix).map { Step(kind: " ", text: a[oldEnd + $0], old: oldEnd + $0, new: newEnd + $0) }
        return steps
    }
}
