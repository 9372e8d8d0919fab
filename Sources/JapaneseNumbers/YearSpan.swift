/// A number of years, possibly with a half: 半年 (はんとし), 1年半 (いちねんはん).
///
/// ```swift
/// YearSpan(years: 0, half: true).reading().hiragana   // "はんとし" (also はんねん)
/// YearSpan(years: 3, half: true).reading().kanji      // "三年半"
/// ```
public struct YearSpan: Sendable, Hashable {
    public var years: Int64
    public var half: Bool

    public init(years: Int64, half: Bool = false) {
        self.years = max(0, years)
        self.half = half
    }

    public func reading() -> Phrase {
        if years == 0 && half {
            return Phrase(written: "半年", kanji: "半年", hiragana: "はんとし", katakana: "ハントシ",
                          romaji: "hantoshi", alternatives: ["はんねん"])
        }
        var builder = PhraseBuilder()
        builder.add(counted(years, "年"))
        if half { builder.add(kana: "はん", kanji: "半") }
        return builder.build()
    }
}
