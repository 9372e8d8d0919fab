extension JapaneseNumbers {
    /// Whether what a learner typed spells one of `accepted` (hiragana readings): in
    /// hiragana, katakana (ー as the long vowel), or romaji in any spelling the parser reads
    /// (Hepburn, Kunrei, typing; `sambyaku`, `too` for とお). Spaces between words are
    /// ignored. Nil when the text is not kana or romaji at all (digits, kanji, symbols),
    /// so that a caller can tell "not a reading" from "the wrong reading".
    ///
    /// ```swift
    /// JapaneseNumbers.spells("sambyaku", oneOf: ["さんびゃく"])   // true
    /// JapaneseNumbers.spells("サンビャク", oneOf: ["さんびゃく"])  // true
    /// JapaneseNumbers.spells("さんひゃく", oneOf: ["さんびゃく"])  // false
    /// JapaneseNumbers.spells("300", oneOf: ["さんびゃく"])        // nil
    /// ```
    public static func spells(_ typed: some StringProtocol, oneOf accepted: [String]) -> Bool? {
        let candidates = hiraganaSpellings(of: typed)
        guard !candidates.isEmpty else { return nil }
        let folded = Set(accepted.map { KanaInput.foldLongO(KanaInput.normalize($0).filter { !isPause($0) }) })
        return candidates.contains { folded.contains(KanaInput.foldLongO(KanaInput.normalize($0))) }
    }

    /// The hiragana that typed kana or romaji may stand for, without spaces and pauses (、 and
    /// commas, as Kazu shows between phone-number groups): one spelling for
    /// kana (katakana and ー folded), each reading of an ambiguous `n` for romaji (`sanen` is
    /// さねん or さんえん). Empty when the text is not kana or romaji.
    ///
    /// ```swift
    /// JapaneseNumbers.hiraganaSpellings(of: "ゼロキューゼロ")   // ["ぜろきゅうぜろ"]
    /// JapaneseNumbers.hiraganaSpellings(of: "sanen")          // ["さねん", "さんえん"]
    /// ```
    public static func hiraganaSpellings(of typed: some StringProtocol) -> [String] {
        var text = KanaInput.normalize(String(typed)).map { isPause($0) ? 0x20 : $0 }
        NumberParser.trim(&text)
        guard !text.isEmpty else { return [] }
        if text.allSatisfy({ KanaInput.isHiragana($0) || $0 == 0x20 || $0 == 0x2D }) {
            return [KanaInput.string(text.filter { $0 != 0x20 && $0 != 0x2D })]
        }
        guard text.allSatisfy({ KanaInput.isLatin($0) || $0 == 0x20 || $0 == 0x27 || $0 == 0x2D }) else { return [] }
        let (letters, ambiguous) = KanaInput.prepareRomaji(text)
        var spellings: [String] = []
        for mask in 0..<(1 << ambiguous.count) {
            guard let kana = KanaInput.kana(fromRomaji: letters, ambiguous: ambiguous, mask: mask) else { continue }
            spellings.append(KanaInput.string(kana.filter { $0 != 0x20 }))
        }
        return spellings
    }

    /// 、 and a comma (full-width ones are normalised to it): where Kazu's readings pause.
    private static func isPause(_ scalar: UInt32) -> Bool { scalar == 0x3001 || scalar == 0x2C }
}
