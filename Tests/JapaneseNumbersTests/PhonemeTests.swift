import Testing
import JapaneseNumbers

/// The rules of `Phonemes.espeak`, one class at a time, in espeak-ng's Japanese mnemonics.
@Suite struct PhonemeTests {
    @Test("each mora's phonemes, palatalised ones included", arguments: [
        ("か", "k'a"), ("し", "s\\'i"), ("ち", "t_s\\'i"), ("つ", "t_s'u"), ("ふ", "p\\'u"), ("ひ", "C'i"),
        ("じ", "d_z\\'i"), ("ぢ", "d_z\\'i"), ("ず", "z'u"), ("づ", "z'u"), ("を", "'o"), ("ら", "r`'a"),
        ("きゃ", "k_j'a"), ("ぎゅ", "g_j'u"), ("しょ", "s\\'o"), ("じゃ", "d_z\\'a"), ("ちゅ", "t_s\\'u"),
        ("にゃ", "n_j'a"), ("ひょ", "C'o"), ("びゃ", "b_j'a"), ("ぴゃ", "p_j'a"), ("みょ", "m_j'o"), ("りゅ", "r`_j'u"),
        ("ふぁ", "p\\'a"), ("てぃ", "t'i"),
    ])
    func moras(_ kana: String, _ phonemes: String) {
        #expect(Phonemes.espeak(kana) == phonemes)
    }

    @Test("っ holds the closure of the next consonant, never an [h]", arguments: [
        ("いっぽん", "'ippoN\\"), ("ろっぴゃく", "r`opp_j'aku"), ("はっぴゃく", "happ_j'aku"), ("いっこ", "'ikko"),
        ("いっさい", "iss'ai"), ("いっしゅう", "'is\\s\\u:"), ("いっちょう", "'itt_s\\o:"), ("みっつ", "m'itt_su"),
        ("いってん", "'itteN\\"), ("ろっけい", "r`'okke:"), ("じゅっぷん", "d_z\\'uppuN\\"),
    ])
    func geminates(_ kana: String, _ phonemes: String) {
        #expect(Phonemes.espeak(kana) == phonemes)
    }

    @Test("ん takes the place of the next sound: m, n, ŋ, or ɴ at the end and before vowels", arguments: [
        ("さんびゃく", "samb_j'aku"), ("さんぽん", "s'ampoN\\"), ("さんまい", "samm'ai"),
        ("よんじゅう", "j'ond_z\\u:"), ("さんぜん", "s'anzeN\\"), ("さんにん", "s'anniN\\"), ("さんてん", "s'anteN\\"),
        ("さんかい", "saNk'ai"), ("さんがつ", "saNg'at_su"), ("さん", "s'aN\\"), ("さんえん", "s'aN\\eN\\"),
        ("さんふん", "s'aN\\p\\uN\\"),
    ])
    func moraicNasal(_ kana: String, _ phonemes: String) {
        #expect(Phonemes.espeak(kana) == phonemes)
    }

    @Test("おう, おお, えい, うう, いい, ああ and ー are one long vowel", arguments: [
        ("ようか", "j'o:ka"), ("とお", "t'o:"), ("へいせい", "h'e:se:"), ("めいじ", "m'e:d_z\\i"),
        ("じゅう", "d_z\\'u:"), ("にい", "n'i:"), ("ああ", "'a:"), ("キュー", "k_j'u:"), ("ごお", "g'o:"),
        ("しょうわ", "s\\'o:wa"), ("れいいち", "r`e:'it_s\\i"),
    ])
    func longVowels(_ kana: String, _ phonemes: String) {
        #expect(Phonemes.espeak(kana) == phonemes)
    }

    @Test("、 is a pause between phrases; stress falls as espeak-ng's own rules put it")
    func pausesAndStress() {
        #expect(Phonemes.espeak("ぜろの、いち") == "zer`'ono \(Phonemes.pause) 'it_s\\i")
        #expect(Phonemes.espeak("、いち。") == "'it_s\\i")
        #expect(Phonemes.espeak("ぜろ いち") == "z'er`o 'it_s\\i")
        // What `espeak-ng -v ja -x ごおろくななはち` prints, marks and all.
        #expect(Phonemes.espeak("ごおろくななはち") == "g,o:r`ok,unanah'at_s\\i")
    }

    @Test func katakanaIsReadAsHiragana() {
        #expect(Phonemes.espeak("サンビャク") == Phonemes.espeak("さんびゃく"))
        #expect(Phonemes.espeak("イッポン") == Phonemes.espeak("いっぽん"))
    }

    @Test("text that is not kana has no phonemes", arguments: ["三百", "300", "abc", "さん3"])
    func notKana(_ text: String) {
        #expect(Phonemes.espeak(text) == nil)
    }
}
