/// "Did you mean ...?": the candidate closest to a mistyped name, if any is close.
///
/// ```swift
/// Suggestion.closest(to: "raed", among: ["read", "parse", "say"])  // "read"
/// ```
public enum Suggestion {
    /// The closest candidate by edit distance (a swap of neighbours counts as one
    /// edit), when it is close enough to be what the user meant: at most two edits,
    /// and fewer than half of the typed name.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        // More than two edits away from every candidate: not worth an O(n·m) comparison.
        let longest = candidates.map(\.count).max() ?? 0
        guard typed.utf8.count <= 4 * longest + 8 else { return nil }
        let typedCharacters = Array(typed.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typedCharacters, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance > 0, best.distance <= 2, best.distance * 2 < max(typedCharacters.count, 2)
        else { return nil }
        return best.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions
    /// and transpositions of adjacent characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoRowsBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoRowsBack[j - 2] + 1)
                }
            }
            (twoRowsBack, previous, current) = (previous, current, twoRowsBack)
        }
        return previous[b.count]
    }
}
