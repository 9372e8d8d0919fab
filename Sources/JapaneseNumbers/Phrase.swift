/// A reading made of several parts: a clock time, a date, a duration, an era year.
///
/// ```swift
/// let p = try ClockTime(hour: 14, minute: 45).reading()
/// p.written    // "14:45"
/// p.kanji      // "十四時四十五分"
/// p.hiragana   // "じゅうよじよんじゅうごふん"
/// p.romaji     // "juuyoji yonjuugofun"
/// ```
public struct Phrase: Sendable, Hashable {
    public var written: String
    public var kanji: String
    /// The canonical reading.
    public var hiragana: String
    public var katakana: String
    /// Hepburn, ASCII long vowels, a space between parts.
    public var romaji: String
    /// Other accepted hiragana readings (all combinations up to 16, else one change at a time).
    public var alternatives: [String]
}

/// Collects the parts of a ``Phrase`` and combines their alternatives.
struct PhraseBuilder {
    var written = ""
    var kanji = ""
    var romaji = ""
    var parts: [[String]] = []

    mutating func add(_ reading: Reading) {
        written += reading.written
        kanji += reading.kanji
        appendRomaji(reading.romaji)
        parts.append([reading.hiragana] + reading.alternatives)
    }

    mutating func add(kana: String, kanji: String, written: String? = nil, alternatives: [String] = []) {
        self.written += written ?? kanji
        self.kanji += kanji
        appendRomaji(Kana.romaji(kana))
        parts.append([kana] + alternatives)
    }

    private mutating func appendRomaji(_ word: String) {
        if !romaji.isEmpty { romaji += " " }
        romaji += word
    }

    func build(written: String? = nil, moreAlternatives: [String] = []) -> Phrase {
        let hiragana = parts.map { $0[0] }.joined()
        var alternatives: [String] = []
        // Counted up to 17 only: all that matters is whether there are more than 16, and a
        // long decimal (0.000…, two readings per 0) would overflow the product.
        let combinations = parts.reduce(1) { min($0 * $1.count, 17) }
        if combinations <= 16 {
            for combination in 1..<max(combinations, 1) {
                var rest = combination
                var choices = [Int](repeating: 0, count: parts.count)
                for i in stride(from: parts.count - 1, through: 0, by: -1) {
                    choices[i] = rest % parts[i].count
                    rest /= parts[i].count
                }
                alternatives.append(parts.indices.map { parts[$0][choices[$0]] }.joined())
            }
        } else {
            for (i, part) in parts.enumerated() {
                for form in part.dropFirst() {
                    alternatives.append(parts.indices.map { $0 == i ? form : parts[$0][0] }.joined())
                }
            }
        }
        for extra in moreAlternatives where extra != hiragana && !alternatives.contains(extra) {
            alternatives.append(extra)
        }
        return Phrase(written: written ?? self.written, kanji: kanji, hiragana: hiragana,
                      katakana: Kana.katakana(hiragana), romaji: romaji, alternatives: alternatives)
    }
}

/// Shorthand used by the calendar types: the reading of `n` with a counter that surely exists.
func counted(_ n: Int64, _ counter: String) -> Reading {
    // Callers have checked their ranges, so the counter always reads `n`.
    (try? JapaneseNumbers.reading(of: n, counter: Counter.named(counter)!))
        ?? Reading(number: n, written: String(n), kanji: "", hiragana: "", katakana: "", romaji: "", alternatives: [])
}
