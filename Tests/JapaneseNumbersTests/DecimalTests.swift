import Testing
import JapaneseNumbers

@Suite struct DecimalTests {
    @Test(arguments: [
        ("3.14", "三点一四", "さんてんいちよん", "santen ichiyon"),
        ("0.5", "零点五", "れいてんご", "reiten go"),
        ("1.5", "一点五", "いってんご", "itten go"),
        ("8.25", "八点二五", "はってんにご", "hatten nigo"),
        ("10.01", "十点〇一", "じゅってんぜろいち", "jutten zeroichi"),
        ("-2.5", "マイナス二点五", "まいなすにてんご", "mainasu niten go"),
    ])
    func decimals(_ text: String, _ kanji: String, _ hiragana: String, _ romaji: String) throws {
        let phrase = try JapaneseNumbers.decimalReading(text).get()
        #expect(phrase.kanji == kanji)
        #expect(phrase.hiragana == hiragana)
        #expect(phrase.romaji == romaji)
        #expect(phrase.written == text)
    }

    @Test func rejects() {
        #expect(JapaneseNumbers.decimalReading("3") == .failure(ParseError(input: "3", reason: "a decimal needs a point, as in 3.14")))
        #expect(JapaneseNumbers.decimalReading("3.x") == .failure(ParseError(input: "3.x", reason: "after the point only digits can follow")))
    }
}
