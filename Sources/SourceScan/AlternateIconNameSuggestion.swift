// "Did you mean 'Dark'?": the declared name nearest to one the code passes. Names are
// compared case-sensitively, as the device looks them up; a swapped pair of neighbours
// (`Drak`) counts as one edit, like a change of letter case.

public enum AlternateIconNameSuggestion {
    /// Edits (insert, delete, substitute, swap two neighbours) between two names, over
    /// Unicode scalars.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the optimal-string-alignment table.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `name` when it is near enough to be a slip: at most one edit
    /// for names up to 5 characters, two up to 11, three beyond. A tie goes to the name that
    /// differs only in letter case, then to the first listed. Nil when `name` is listed itself.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        guard !candidates.contains(name) else { return nil }
        let length = name.unicodeScalars.count
        let allowed = length <= 5 ? 1 : length <= 11 ? 2 : 3
        var best: (name: String, distance: Int, sameLetters: Bool)?
        for candidate in candidates {
            let candidateDistance = distance(name, candidate)
            guard candidateDistance <= allowed else { continue }
            let sameLetters = candidate.lowercased() == name.lowercased()
            if let current = best {
                if candidateDistance > current.distance { continue }
                if candidateDistance == current.distance && (current.sameLetters || !sameLetters) { continue }
            }
            best = (candidate, candidateDistance, sameLetters)
        }
        return best?.name
    }
}
