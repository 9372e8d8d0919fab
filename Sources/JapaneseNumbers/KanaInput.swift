/// Turning what a learner typed into plain hiragana scalars for the grammar.
enum KanaInput {
    static let smallTsu: UInt32 = 0x3063
    static let n: UInt32 = 0x3093

    static let longVowelMark: UInt32 = 0x30FC

    /// Normalizes width, case, katakana and macrons. Spaces are kept (the
    /// digit path uses them as separators); other scripts pass through.
    /// With `resolvingLongVowelMark` false, ー stays ー (one scalar for one, as it would
    /// become), so that a message can quote it as typed: see ``resolvingLongVowels(_:)``.
    static func normalize(_ text: String, resolvingLongVowelMark: Bool = true) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            var v = scalar.value
            if v >= 0xFF66 && v <= 0xFF9F { v = halfWidthKana[Int(v - 0xFF66)] }    // ｦ … ﾝ ﾞ ﾟ
            if v >= 0xFF01 && v <= 0xFF5E { v -= 0xFEE0 }           // full-width ASCII
            if v == 0x3000 { v = 0x20 }                              // ideographic space
            if v >= 0x41 && v <= 0x5A { v += 0x20 }                  // A-Z
            if v >= 0x30A1 && v <= 0x30F6 && v != 0x30F5 && v != 0x30F6 { v -= 0x60 }  // katakana (not ヵヶ)
            switch v {
            case 0x0101, 0x0100, 0x00E2, 0x00C2: out.append(0x61); out.append(0x61)   // ā â
            case 0x012B, 0x012A, 0x00EE, 0x00CE: out.append(0x69); out.append(0x69)   // ī î
            case 0x016B, 0x016A, 0x00FB, 0x00DB: out.append(0x75); out.append(0x75)   // ū û
            case 0x0113, 0x0112, 0x00EA, 0x00CA: out.append(0x65); out.append(0x65)   // ē ê
            case 0x014D, 0x014C, 0x00F4, 0x00D4: out.append(0x6F); out.append(0x75)   // ō ô
            case 0x2212, 0x2010, 0x2011, 0x2013: out.append(0x2D)                      // minus signs
            case 0x3099, 0x309A:
                // A combining (semi-)voiced mark after its kana, as text pasted from macOS
                // spells び (ひ + ゛): the one kana it makes.
                if let previous = out.last, let composed = voiced(previous, mark: v) { out[out.count - 1] = composed } else { out.append(v) }
            case 0x309B, 0x309C:
                // The spacing marks ゛ and ゜, as some input methods put them after a kana (ひ゛):
                // joined as the combining ones are; left as they are where they join nothing.
                if let previous = out.last, let composed = voiced(previous, mark: v - 2) { out[out.count - 1] = composed } else { out.append(v) }
            case 0x30FC:                                                               // ー
                // The long-vowel mark after kana (キュー, ジュー, チョー, ケー) is the
                // vowel that spelling would use: う after u and o, い after i and e, あ after a.
                if resolvingLongVowelMark, let previous = out.last, let vowel = longVowel(after: previous) { out.append(vowel) } else { out.append(v) }
            default: out.append(v)
            }
        }
        return out
    }

    /// Half-width katakana from ｦ (U+FF66) to ﾝ (U+FF9D) as katakana, then ﾞ and ﾟ as the
    /// combining voiced and semi-voiced marks, which join the kana before them.
    static let halfWidthKana: [UInt32] = [
        0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3,   // ｦ ｧ ｨ ｩ ｪ ｫ ｬ ｭ ｮ ｯ
        0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1,   // ｰ ｱ ｲ ｳ ｴ ｵ ｶ ｷ ｸ ｹ
        0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6,   // ｺ ｻ ｼ ｽ ｾ ｿ ﾀ ﾁ ﾂ ﾃ
        0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8,   // ﾄ ﾅ ﾆ ﾇ ﾈ ﾉ ﾊ ﾋ ﾌ ﾍ
        0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9,   // ﾎ ﾏ ﾐ ﾑ ﾒ ﾓ ﾔ ﾕ ﾖ ﾗ
        0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x3099, 0x309A,                   // ﾘ ﾙ ﾚ ﾛ ﾜ ﾝ ﾞ ﾟ
    ]

    /// The hiragana `base` with a voiced (U+3099) or semi-voiced (U+309A) mark: が from か,
    /// ぱ from は; nil for a kana that takes no such mark.
    static func voiced(_ base: UInt32, mark: UInt32) -> UInt32? {
        let isHaRow = (0x306F...0x307B).contains(base) && (base - 0x306F) % 3 == 0    // は ひ ふ へ ほ
        if mark == 0x309A { return isHaRow ? base + 2 : nil }
        if base == 0x3046 { return 0x3094 }                                            // う → ゔ
        if (0x304B...0x3061).contains(base) && (base - 0x304B) % 2 == 0 { return base + 1 }   // か … ち
        if base == 0x3064 || base == 0x3066 || base == 0x3068 || isHaRow { return base + 1 }   // つ て と, は …
        return nil
    }

    /// Each ー after a kana as the vowel it stands for, as ``normalize(_:resolvingLongVowelMark:)``
    /// makes it: scalar for scalar, so a position in one is the same in the other.
    static func resolvingLongVowels(_ s: [UInt32]) -> [UInt32] {
        var out = s
        for i in out.indices.dropFirst() where out[i] == longVowelMark {
            if let vowel = longVowel(after: out[i - 1]) { out[i] = vowel }
        }
        return out
    }

    static func longVowel(after v: UInt32) -> UInt32? {
        switch v {
        case 0x3083: return 0x3042              // ゃ
        case 0x3085, 0x3087: return 0x3046      // ゅ ょ
        default:
            guard let romaji = Kana.syllableTable[v], let last = romaji.unicodeScalars.last else { return nil }
            switch last {
            case "a": return 0x3042
            case "i", "e": return 0x3044
            case "u", "o": return 0x3046
            default: return nil
            }
        }
    }

    static func isHiragana(_ v: UInt32) -> Bool { v >= 0x3041 && v <= 0x3096 }
    static func isLatin(_ v: UInt32) -> Bool { v >= 0x61 && v <= 0x7A }

    /// お after an o-row kana becomes う, so that `too`, `tō` and `tou` meet.
    static func foldLongO(_ s: [UInt32]) -> [UInt32] {
        var out = s
        for i in out.indices.dropFirst() where out[i] == 0x304A && oRow.contains(out[i - 1]) {
            out[i] = 0x3046
        }
        return out
    }

    static let oRow: Set<UInt32> = Set("おこごそぞとどのほぼぽもよろょ".unicodeScalars.map(\.value))

    /// The kana and its voiced and semi-voiced twins (ほ: ほ ぼ ぽ; か: か が).
    static func voicings(of v: UInt32) -> [UInt32] {
        switch v {
        case 0x304B...0x3062:   // か ... ぢ: plain and voiced alternate
            let base = v - (v - 0x304B) % 2
            return [base, base + 1]
        case 0x3064...0x3069:   // つ ... ど
            let base = v - (v - 0x3064) % 2
            return [base, base + 1]
        case 0x306F...0x307D:   // は ... ぽ: plain, voiced, semi-voiced
            let base = v - (v - 0x306F) % 3
            return [base, base + 1, base + 2]
        default:
            return [v]
        }
    }

    static func string(_ s: some Sequence<UInt32>) -> String {
        var out = String.UnicodeScalarView()
        for v in s { if let scalar = Unicode.Scalar(v) { out.append(scalar) } }
        return String(out)
    }

    // MARK: Romaji

    /// Romaji prepared for conversion: spaces and hyphens kept as word breaks
    /// (an n before them is ん: `sen yonhyaku`), and the places where an `n`
    /// before a vowel could be ん instead of starting a な-row kana (`sanen`
    /// is さねん or さんえん), at most eight, for the caller to try in turn: 256 readings,
    /// enough for a phone number's romaji typed without spaces.
    static func prepareRomaji(_ input: [UInt32]) -> (letters: [UInt32], ambiguous: [Int]) {
        var letters = input.map { $0 == 0x2D ? 0x20 : $0 }
        NumberParser.trim(&letters)
        var ambiguous: [Int] = []
        for i in letters.indices where letters[i] == 0x6E && i > 0 && i + 1 < letters.count {
            let previous = letters[i - 1]
            // ん follows a vowel; an n after n, a consonant or a space starts a syllable.
            if isVowelOrY(previous) && previous != 0x79 && isVowelOrY(letters[i + 1]) { ambiguous.append(i) }
        }
        return (letters, Array(ambiguous.prefix(8)))
    }

    /// The hiragana for `letters`, reading the `n`s chosen by `mask` (bits over
    /// `ambiguous`) as ん; `nil` when the letters are not romaji.
    static func kana(fromRomaji letters: [UInt32], ambiguous: [Int], mask: Int) -> [UInt32]? {
        var marked: [Int] = []
        for (bit, index) in ambiguous.enumerated() where mask & (1 << bit) != 0 { marked.append(index) }
        return kana(fromRomaji: letters, nAsSyllabic: marked)
    }

    static func isVowelOrY(_ v: UInt32) -> Bool {
        v == 0x61 || v == 0x69 || v == 0x75 || v == 0x65 || v == 0x6F || v == 0x79
    }

    static func kana(fromRomaji s: [UInt32], nAsSyllabic: [Int]) -> [UInt32]? {
        var out: [UInt32] = []
        out.reserveCapacity(s.count)
        var i = 0
        func at(_ k: Int) -> UInt32 { k < s.count ? s[k] : 0 }
        while i < s.count {
            let c = s[i]
            if c == 0x27 || c == 0x20 { i += 1; continue }              // apostrophe, space
            if c == 0x6E {                                               // n
                let next = at(i + 1)
                if (!nAsSyllabic.isEmpty && nAsSyllabic.contains(i)) || next == 0x27 || next == 0x20 || next == 0 || (!isVowelOrY(next) && next != 0x6E) {
                    out.append(n); i += 1; continue
                }
                if next == 0x6E {
                    // "nn": ん, and a following vowel starts a な-row kana (sannen = さんねん).
                    out.append(n)
                    i += isVowelOrY(at(i + 2)) ? 1 : 2
                    continue
                }
            }
            if c == 0x6D, at(i + 1) == 0x62 || at(i + 1) == 0x70 || at(i + 1) == 0x6D {        // m before b p m
                out.append(n); i += 1; continue
            }
            if isLatin(c), !isVowelOrY(c) || c == 0x79, c != 0x6E {
                // Doubled consonant, or t before ch: っ.
                if at(i + 1) == c && c != 0x79 || (c == 0x74 && at(i + 1) == 0x63 && at(i + 2) == 0x68) {
                    out.append(smallTsu); i += 1; continue
                }
            }
            var matched = false
            // Longest syllable first: 3 letters, then 2, then 1.
            var length = min(3, s.count - i)
            while length > 0 {
                var key = 0
                var valid = true
                for k in 0..<length {
                    let letter = s[i + k]
                    guard letter >= 0x61 && letter <= 0x7A else { valid = false; break }
                    key += Int(letter - 0x60) * romajiKeyWeights[k]
                }
                if valid {
                    let entry = romajiIndex[key]
                    if entry >= 0 {
                        out.append(contentsOf: romajiKana[Int(entry)])
                        i += length
                        matched = true
                        break
                    }
                }
                length -= 1
            }
            if !matched { return nil }
        }
        return lengthenShortYouon(out)
    }

    /// Learners often type `ju`, `kyu`, `cho` for じゅう きゅう ちょう: no
    /// number reading has ゅ or ょ without う or っ after it, so add the う.
    static func lengthenShortYouon(_ s: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(s.count + 2)
        for (i, v) in s.enumerated() {
            out.append(v)
            if v == 0x3085 || v == 0x3087 {
                let next: UInt32 = i + 1 < s.count ? s[i + 1] : 0
                if next != 0x3046 && next != smallTsu { out.append(0x3046) }
            }
        }
        return out
    }

    /// A romaji syllable of up to three letters as an index: letters 1...26, base 27.
    static let romajiKeyWeights = [1, 27, 729]

    /// `romajiIndex[key]` is the index in `romajiKana` of the syllable's kana, or -1.
    static let romajiIndex: [Int32] = {
        var index = [Int32](repeating: -1, count: 27 * 27 * 27)
        for (i, spelling) in romajiSpellings.enumerated() {
            var key = 0
            for (k, byte) in spelling.utf8.enumerated() { key += Int(byte - 0x60) * romajiKeyWeights[k] }
            index[key] = Int32(i)
        }
        return index
    }()
    static let romajiKana: [[UInt32]] = romajiSpellings.map { romajiTable[$0]! }
    static let romajiSpellings: [String] = Array(romajiTable.keys)

    /// Romaji syllables -> kana.
    static let romajiTable: [String: [UInt32]] = {
        var table: [String: [UInt32]] = [:]
        func add(_ kana: String, _ spellings: String...) {
            for spelling in spellings { table[spelling] = kana.unicodeScalars.map(\.value) }
        }
        add("あ", "a"); add("い", "i"); add("う", "u"); add("え", "e"); add("お", "o")
        let rows: [(String, [String], String)] = [
            ("かきくけこ", ["ka", "ki", "ku", "ke", "ko"], "k"),
            ("がぎぐげご", ["ga", "gi", "gu", "ge", "go"], "g"),
            ("さすせそ", ["sa", "su", "se", "so"], "s"),
            ("ざずぜぞ", ["za", "zu", "ze", "zo"], "z"),
            ("たてと", ["ta", "te", "to"], "t"),
            ("だぢづでど", ["da", "di", "du", "de", "do"], "d"),
            ("なにぬねの", ["na", "ni", "nu", "ne", "no"], "n"),
            ("はひへほ", ["ha", "hi", "he", "ho"], "h"),
            ("ばびぶべぼ", ["ba", "bi", "bu", "be", "bo"], "b"),
            ("ぱぴぷぺぽ", ["pa", "pi", "pu", "pe", "po"], "p"),
            ("まみむめも", ["ma", "mi", "mu", "me", "mo"], "m"),
            ("やゆよ", ["ya", "yu", "yo"], "y"),
            ("らりるれろ", ["ra", "ri", "ru", "re", "ro"], "r"),
            ("わを", ["wa", "wo"], "w"),
        ]
        for (kana, spellings, _) in rows {
            for (k, spelling) in zip(kana.unicodeScalars, spellings) { table[spelling] = [k.value] }
        }
        add("し", "shi", "si"); add("じ", "ji", "zi"); add("ち", "chi", "ti"); add("つ", "tsu", "tu")
        add("ふ", "fu", "hu")
        for (i, consonant) in ["k", "g", "n", "h", "b", "p", "m", "r"].enumerated() {
            let base = Array("きぎにひびぴみり".unicodeScalars)[i]
            for (vowel, small) in zip(["a", "u", "o"], ["ゃ", "ゅ", "ょ"]) {
                table[consonant + "y" + vowel] = [base.value, small.unicodeScalars.first!.value]
            }
        }
        for (vowel, small) in zip(["a", "u", "o"], ["ゃ", "ゅ", "ょ"]) {
            let y = small.unicodeScalars.first!.value
            for spelling in ["sh" + vowel, "sy" + vowel] { table[spelling] = [0x3057, y] }
            for spelling in ["j" + vowel, "jy" + vowel, "zy" + vowel] { table[spelling] = [0x3058, y] }
            for spelling in ["ch" + vowel, "ty" + vowel, "cy" + vowel] { table[spelling] = [0x3061, y] }
        }
        return table
    }()
}
