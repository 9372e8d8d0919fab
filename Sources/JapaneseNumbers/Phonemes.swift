/// The espeak-ng phoneme string Kazu speaks for a kana reading, written by the rules of Japanese
/// so that the voice says the sound changes a topic drills (っ as a held closure, ん as m, n, ŋ or
/// ɴ by what follows, long vowels as one long vowel, a pause at 、).
///
/// ```swift
/// Phonemes.espeak("いっぽん")        // "'ippoN\\"      a held p, where espeak's own rules say [h]p
/// Phonemes.espeak("さんびゃく")      // "samb_j'aku"    m before b, where espeak says a nasal vowel
/// Phonemes.espeak("ようか")          // "j'o:ka"        one long o, where espeak says o and u
/// Phonemes.espeak("ぜろの、いち")    // "zer`'ono _;_ 'it_s\\i"
/// Phonemes.espeak("三百")            // nil: not kana
/// ```
///
/// The mnemonics are those of espeak-ng's Japanese phoneme table (what `espeak-ng -v ja -x`
/// prints); espeak reads them inside `[[...]]` when synthesising with `espeakPHONEMES`. Stress
/// marks fall where espeak's own Japanese rules put them: the main one on the next-to-last
/// syllable of each phrase, secondary ones on every other syllable from the first.
public enum Phonemes {
    /// The pause at 、 between phrases: espeak's clause pause, about 150 ms at the default rate,
    /// the pause espeak makes for 、 in text.
    public static let pause = "_;_"

    /// The phonemes for `kana` (hiragana or katakana, with ー, 、 and 。), phrases separated by
    /// `pause` at 、。，！？ and by a space at a space or ・; nil when `kana` holds anything else.
    public static func espeak(_ kana: String) -> String? {
        var phrases: [(units: [Unit], pauseBefore: Bool)] = []
        var current: [Unit] = []
        var pauseBefore = false
        func endPhrase() {
            guard !current.isEmpty else { return }
            phrases.append((current, pauseBefore && !phrases.isEmpty))
            current = []
            pauseBefore = false
        }

        let scalars = kana.unicodeScalars.map { hiragana($0.value) }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case 0x3001, 0x3002, 0xFF0C, 0x2C, 0xFF01, 0x21, 0xFF1F, 0x3F:    // 、 。 ， , ！ ! ？ ?
                endPhrase()
                pauseBefore = true
            case 0x20, 0x3000, 0x30FB:                                        // spaces, ・
                endPhrase()
            case 0x3063:                                                      // っ
                current.append(.geminate)
            case 0x3093:                                                      // ん
                current.append(.nasal)
            case 0x30FC:                                                      // ー
                if case let .syllable(onset, vowel)? = current.last, vowel.count == 1 {
                    current[current.count - 1] = .syllable(onset: onset, vowel: vowel + ":")
                }
            default:
                guard var (onset, vowel) = moras[scalar] else { return nil }
                if index < scalars.count, let small = smallY[scalars[index]], let palatal = palatalOnsets[scalar] {
                    (onset, vowel) = (palatal, small)
                    index += 1
                } else if index < scalars.count, let small = smallVowels[scalars[index]] {
                    // ふぁ, てぃ, うぇ: the small vowel replaces the kana's own.
                    if scalar == 0x3044 { onset = "j" } else if scalar == 0x3046 { onset = "w" }
                    vowel = small
                    index += 1
                }
                // A bare vowel after its like (おう, おお, えい, うう, いい, ああ) lengthens it.
                if onset.isEmpty, case let .syllable(previousOnset, previous)? = current.last,
                   previous.count == 1, lengthens(previous, by: vowel) {
                    current[current.count - 1] = .syllable(onset: previousOnset, vowel: previous + ":")
                } else {
                    current.append(.syllable(onset: onset, vowel: vowel))
                }
            }
        }
        endPhrase()
        let text = phrases.map { ($0.pauseBefore ? " \(pause) " : " ") + written($0.units) }.joined()
        return String(text.dropFirst())
    }

    /// One mora or long syllable of a phrase; っ and ん are written once their next sound is known.
    private enum Unit {
        /// A consonant (or none) and a vowel, long as "o:".
        case syllable(onset: String, vowel: String)
        /// っ: a held closure of the next consonant.
        case geminate
        /// ん: a nasal at the place of the next sound.
        case nasal

        var onset: String? {
            if case let .syllable(onset, _) = self { onset } else { nil }
        }
    }

    private static func written(_ units: [Unit]) -> String {
        let syllables = units.filter { $0.onset != nil }.count
        let main = max(syllables - 2, 0)
        var text = ""
        var syllable = 0
        for (index, unit) in units.enumerated() {
            let next = index + 1 < units.count ? units[index + 1].onset : nil
            switch unit {
            case .geminate:
                text += closure(before: next)
            case .nasal:
                text += nasal(before: next)
            case let .syllable(onset, vowel):
                text += onset
                if syllable == main {
                    text += "'"
                } else if syllable % 2 == 0, syllable + 1 < main {
                    text += ","
                }
                text += vowel
                syllable += 1
            }
        }
        return text
    }

    /// っ before `onset`: its closure (p in pp, t in tt_s\), or nothing before a vowel or a pause.
    static func closure(before onset: String?) -> String {
        guard let onset, !onset.isEmpty else { return "" }
        if onset.hasPrefix("t_s") { return "t" }
        if onset.hasPrefix("d_z") { return "d" }
        if onset.hasSuffix("_j") { return String(onset.dropLast(2)) }
        return onset
    }

    /// ん before `onset`: m before the lips' stops and nasal, n before the tongue-tip consonants,
    /// ŋ (N) before k and g, and the uvular ɴ (N\) at the end and before vowels and fricatives.
    static func nasal(before onset: String?) -> String {
        guard let onset, let first = onset.first, onset != "p\\" else { return "N\\" }
        switch first {
        case "p", "b", "m": return "m"
        case "t", "d", "n", "r", "z": return "n"
        case "k", "g": return "N"
        default: return "N\\"
        }
    }

    private static func lengthens(_ vowel: String, by next: String) -> Bool {
        vowel == next || (vowel == "o" && next == "u") || (vowel == "e" && next == "i")
    }

    /// Katakana as hiragana; other scalars as they are.
    private static func hiragana(_ scalar: UInt32) -> UInt32 {
        (0x30A1...0x30F4).contains(scalar) ? scalar - 0x60 : scalar
    }

    /// Each kana's consonant and vowel, in espeak-ng's Japanese mnemonics.
    static let moras: [UInt32: (onset: String, vowel: String)] = {
        let rows: [(kana: String, onsets: [String])] = [
            ("あいうえお", ["", "", "", "", ""]),
            ("ぁぃぅぇぉ", ["", "", "", "", ""]),
            ("かきくけこ", ["k", "k", "k", "k", "k"]),
            ("がぎぐげご", ["g", "g", "g", "g", "g"]),
            ("さしすせそ", ["s", "s\\", "s", "s", "s"]),
            ("ざじずぜぞ", ["z", "d_z\\", "z", "z", "z"]),
            ("たちつてと", ["t", "t_s\\", "t_s", "t", "t"]),
            ("だぢづでど", ["d", "d_z\\", "z", "d", "d"]),
            ("なにぬねの", ["n", "n", "n", "n", "n"]),
            ("はひふへほ", ["h", "C", "p\\", "h", "h"]),
            ("ばびぶべぼ", ["b", "b", "b", "b", "b"]),
            ("ぱぴぷぺぽ", ["p", "p", "p", "p", "p"]),
            ("まみむめも", ["m", "m", "m", "m", "m"]),
            ("らりるれろ", ["r`", "r`", "r`", "r`", "r`"]),
        ]
        var table: [UInt32: (onset: String, vowel: String)] = [:]
        for row in rows {
            for (scalar, (onset, vowel)) in zip(row.kana.unicodeScalars, zip(row.onsets, ["a", "i", "u", "e", "o"])) {
                table[scalar.value] = (onset, vowel)
            }
        }
        for (kana, onset, vowel) in [("や", "j", "a"), ("ゆ", "j", "u"), ("よ", "j", "o"), ("ゃ", "j", "a"),
                                     ("ゅ", "j", "u"), ("ょ", "j", "o"), ("わ", "w", "a"), ("ゎ", "w", "a"),
                                     ("ゐ", "", "i"), ("ゑ", "", "e"), ("を", "", "o"), ("ゔ", "v", "u")] {
            table[kana.unicodeScalars.first!.value] = (onset, vowel)
        }
        return table
    }()

    /// The consonant of an い-row kana before small ゃ, ゅ, ょ: きゃ is k_ja, しゃ s\a.
    static let palatalOnsets: [UInt32: String] = [
        0x304D: "k_j", 0x304E: "g_j", 0x3057: "s\\", 0x3058: "d_z\\", 0x3061: "t_s\\", 0x3062: "d_z\\",
        0x306B: "n_j", 0x3072: "C", 0x3073: "b_j", 0x3074: "p_j", 0x307F: "m_j", 0x308A: "r`_j",
    ]

    private static let smallY: [UInt32: String] = [0x3083: "a", 0x3085: "u", 0x3087: "o"]
    private static let smallVowels: [UInt32: String] = [0x3041: "a", 0x3043: "i", 0x3045: "u", 0x3047: "e", 0x3049: "o"]
}
