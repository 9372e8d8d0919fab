/// Japanese readings of numbers: from a number to its kanji, kana and romaji,
/// and from what a learner types back to the number.
///
/// ```swift
/// try JapaneseNumbers.reading(of: 321).hiragana                 // "さんびゃくにじゅういち"
/// try JapaneseNumbers.reading(of: 3, counter: .named("本")).romaji  // "sanbon"
/// JapaneseNumbers.parse("sambyaku")                              // .success(300)
/// JapaneseNumbers.parse("さんほん", counter: .named("本"))        // .failure: 3本 is read さんぼん ...
/// ```
public enum JapaneseNumbers {
    /// How romaji spells long vowels.
    public enum RomajiStyle: Sendable, Hashable {
        /// `nijuuichi`, `itchou`: plain ASCII, what people type.
        case ascii
        /// `nijūichi`, `itchō`: Hepburn with macrons.
        case macrons
    }

    /// The reading of `n`, alone or with a counter.
    ///
    /// Throws when the counter does not count `n` (つ past 10, 月 past 12).
    public static func reading(of n: Int64, counter: Counter? = nil) throws(ReadingError) -> Reading {
        try reading(of: n, counter: counter, romaji: .ascii)
    }

    /// The reading of `n`, with long vowels in romaji spelled as asked.
    public static func reading(of n: Int64, counter: Counter?, romaji style: RomajiStyle) throws(ReadingError) -> Reading {
        if let counter, !counter.validRange.contains(n) {
            throw ReadingError(number: n, counter: counter.name, validRange: counter.validRange)
        }
        return ReadingBuilder.build(n, counter: counter?.table, macrons: style == .macrons)
    }

    /// The canonical hiragana reading of `n` alone: the same String as
    /// `reading(of: n, counter: counter).hiragana`, without making the other scripts.
    ///
    /// ```swift
    /// try JapaneseNumbers.hiragana(of: 321)                          // "さんびゃくにじゅういち"
    /// try JapaneseNumbers.hiragana(of: 3, counter: .named("本"))     // "さんぼん"
    /// ```
    public static func hiragana(of n: Int64, counter: Counter? = nil) throws(ReadingError) -> String {
        let table = try checked(n, counter)
        return ReadingWriter.kanaString(n, counter: table, script: .hiragana)
    }

    /// The canonical katakana reading of `n` alone, as in ``Reading/katakana``.
    public static func katakana(of n: Int64, counter: Counter? = nil) throws(ReadingError) -> String {
        let table = try checked(n, counter)
        return ReadingWriter.kanaString(n, counter: table, script: .katakana)
    }

    /// The romaji reading of `n` alone, as in ``Reading/romaji``.
    public static func romaji(of n: Int64, counter: Counter? = nil, style: RomajiStyle = .ascii) throws(ReadingError) -> String {
        let table = try checked(n, counter)
        return ReadingWriter.kanaString(n, counter: table, script: style == .macrons ? .romajiMacrons : .romaji)
    }

    /// The kanji of `n` alone, as in ``Reading/kanji``: "三百二十一", "三本".
    public static func kanji(of n: Int64, counter: Counter? = nil) throws(ReadingError) -> String {
        let table = try checked(n, counter)
        return ReadingWriter.kanjiString(n, counter: table)
    }

    /// The counter's table, after checking that it reads `n`.
    @inline(__always)
    static func checked(_ n: Int64, _ counter: Counter?) throws(ReadingError) -> CounterTable? {
        guard let table = counter?.table else { return nil }
        if !table.range.contains(n) {
            throw ReadingError(number: n, counter: table.name, validRange: table.range)
        }
        return table
    }

    /// The number a learner typed, or why it is not one.
    ///
    /// Accepts Arabic digits (half- or full-width, with `,` separators), kanji
    /// (三百二十一, 3万2千, 二〇二四), hiragana or katakana in any accepted
    /// reading, and romaji (Hepburn, Kunrei or as typed: sanbyaku, sambyaku,
    /// nijuuichi, nijūichi, nizyuuiti; spaces optional). With a counter the
    /// reading must use the counter's sound changes (さんぼん, not さんほん);
    /// a bare number without the counter is accepted too.
    @inlinable
    public static func parse(_ text: some StringProtocol, counter: Counter? = nil) -> Result<Int64, ParseError> {
        // A String as it is: `String(text)` on one is a call into the unspecialised generic
        // initialiser and a copy of its reference, for every answer.
        NumberParser.parse(text as? String ?? String(text), counter: counter)
    }
}
