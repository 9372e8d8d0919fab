/// Conversions between the two kana scripts and from hiragana to Hepburn romaji.
///
/// These run once per table entry when the number tables are built, and on
/// the learner's input when parsing, never per reading on the hot path.
///
/// ```swift
/// Kana.katakana("さんびゃく")                    // "サンビャク"
/// Kana.romaji("じゅうよっか", macrons: true)     // "jūyokka"
/// ```
public enum Kana {
    /// The same text with every hiragana letter swapped for its katakana twin.
    public static func katakana(_ hiragana: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in hiragana.unicodeScalars {
            let v = scalar.value
            if v >= 0x3041 && v <= 0x3096, let k = Unicode.Scalar(v + 0x60) {
                out.append(k)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The same text with every katakana letter swapped for its hiragana twin.
    public static func hiragana(_ katakana: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in katakana.unicodeScalars {
            let v = scalar.value
            if v >= 0x30A1 && v <= 0x30F6, let h = Unicode.Scalar(v - 0x60) {
                out.append(h)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Hepburn romaji for a hiragana word.
    ///
    /// Long vowels are written doubled in ASCII (`juu`, `chou`, `too`) or with
    /// a macron (`jū`, `chō`, `tō`); `ei` and `ii` stay as they are in both.
    /// ん before a vowel or `y` is written `n'` (`san'en`).
    public static func romaji(_ hiragana: some StringProtocol, macrons: Bool = false) -> String {
        let scalars = Array(hiragana.unicodeScalars)
        var out = ""
        var geminate = false
        var i = 0
        while i < scalars.count {
            let v = scalars[i].value
            if v == 0x3063 { // っ doubles the next consonant
                geminate = true
                i += 1
                continue
            }
            if v == 0x3093 { // ん
                out += "n"
                if i + 1 < scalars.count, let next = syllableTable[scalars[i + 1].value],
                   let first = next.utf8.first, "aiueoy".utf8.contains(first) {
                    out += "'"
                }
                i += 1
                continue
            }
            guard var syllable = syllableTable[v] else {
                out.unicodeScalars.append(scalars[i])
                i += 1
                continue
            }
            i += 1
            // Small ゃゅょ fuse with the i-row letter before them.
            if i < scalars.count, let small = smallY[scalars[i].value], syllable.hasSuffix("i") {
                syllable.removeLast()
                if syllable == "sh" || syllable == "ch" || syllable == "j" {
                    syllable += small
                } else {
                    syllable += "y" + small
                }
                i += 1
            }
            if geminate {
                if syllable.hasPrefix("ch") {
                    out += "t"
                } else if let c = syllable.first {
                    out.append(c)
                }
                geminate = false
            }
            // Long vowels: o + う/お and u + う.
            if i < scalars.count, let last = syllable.last {
                let next = scalars[i].value
                let lengthens = (last == "o" && (next == 0x3046 || next == 0x304A)) || (last == "u" && next == 0x3046)
                if lengthens {
                    if macrons {
                        syllable.removeLast()
                        syllable += last == "o" ? "ō" : "ū"
                    } else {
                        syllable += next == 0x304A ? "o" : "u"
                    }
                    i += 1
                }
            }
            out += syllable
        }
        // A trailing っ (ひゃっ before けい) is written by whoever appends the next word.
        return out
    }

    static let smallY: [UInt32: String] = [0x3083: "a", 0x3085: "u", 0x3087: "o"]

    static let syllableTable: [UInt32: String] = {
        let rows: [(String, [String])] = [
            ("あいうえお", ["a", "i", "u", "e", "o"]),
            ("かきくけこ", ["ka", "ki", "ku", "ke", "ko"]),
            ("がぎぐげご", ["ga", "gi", "gu", "ge", "go"]),
            ("さしすせそ", ["sa", "shi", "su", "se", "so"]),
            ("ざじずぜぞ", ["za", "ji", "zu", "ze", "zo"]),
            ("たちつてと", ["ta", "chi", "tsu", "te", "to"]),
            ("だぢづでど", ["da", "ji", "zu", "de", "do"]),
            ("なにぬねの", ["na", "ni", "nu", "ne", "no"]),
            ("はひふへほ", ["ha", "hi", "fu", "he", "ho"]),
            ("ばびぶべぼ", ["ba", "bi", "bu", "be", "bo"]),
            ("ぱぴぷぺぽ", ["pa", "pi", "pu", "pe", "po"]),
            ("まみむめも", ["ma", "mi", "mu", "me", "mo"]),
            ("やゆよ", ["ya", "yu", "yo"]),
            ("らりるれろ", ["ra", "ri", "ru", "re", "ro"]),
            ("わを", ["wa", "o"]),
        ]
        var table: [UInt32: String] = [:]
        for (kana, romaji) in rows {
            for (scalar, r) in zip(kana.unicodeScalars, romaji) {
                table[scalar.value] = r
            }
        }
        return table
    }()
}
