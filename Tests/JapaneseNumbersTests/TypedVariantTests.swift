import Testing
@testable import JapaneseNumbers

/// Readings learners type that a dictionary or everyday speech backs: ー for a long vowel,
/// はちさつ, よんふん. And what the parser says when ー lengthens a vowel no reading has.
@Suite struct TypedVariantTests {
    /// Every canonical reading with its long vowels typed as ー (じゅー, キュー, イッチョー), in
    /// hiragana and katakana: the full parser reads the number, and the quick parser either
    /// reads the same number or hands the text over.
    @Test func theLongVowelMarkIsReadWhereverAReadingHasALongVowel() throws {
        var numbers: [Int64] = Array(0...1200) + [9_999, 19_999, 99_999, 1_000_000_000_000, 9_000_000_000_000]
        numbers += FastPathTests.numbers(count: 500, seed: 41)
        for n in numbers {
            let reading = try JapaneseNumbers.reading(of: n)
            for kana in [reading.hiragana, reading.katakana] {
                let marked = Self.withLongVowelMarks(kana)
                guard marked != kana else { continue }
                #expect(JapaneseNumbers.parse(marked) == .success(n), "\(marked)")
                if let quick = QuickParser.parse(marked) { #expect(quick == n, "\(marked): quick \(quick)") }
            }
        }
        for (text, counter, number) in [("じゅーいっぽん", "本", Int64(11)), ("キューホン", "本", 9), ("とー", "つ", 10),
                                        ("とーか", "日", 10), ("じゅーよっか", "日", 14), ("じゅーごびょー", "秒", 15)] {
            #expect(JapaneseNumbers.parse(text, counter: Counter.named(counter)) == .success(number), "\(text)")
        }
    }

    /// `kana` with the long vowels of number readings typed as ー: the う of ゅう and ょう
    /// (じゅう, ちょう) and the い of けい.
    static func withLongVowelMarks(_ kana: String) -> String {
        var out: [Character] = []
        for character in kana {
            if let previous = out.last, "うウ".contains(character) && "ゅょュョ".contains(previous)
                || "いイ".contains(character) && "けケ".contains(previous) {
                out.append("ー")
            } else {
                out.append(character)
            }
        }
        return String(out)
    }

    /// ー after a digit that has no long vowel (ごー and にー, as phone numbers are read) is
    /// named as typed: never as the う or い it would stand for.
    @Test(arguments: [
        ("ごー", "五 is read ご, without ー"), ("にー", "二 is read に, without ー"), ("ゴー", "五 is read ご, without ー"),
        ("ニー", "二 is read に, without ー"), ("にじゅうごー", "五 is read ご, without ー"),
        ("さーん", "cannot read さーん as part of a number"), ("ーさん", "ー is not part of a number"),
    ])
    func aLongVowelMarkNoReadingHasIsQuotedAsTyped(_ text: String, _ reason: String) {
        guard case let .failure(error) = JapaneseNumbers.parse(text) else { Issue.record("\(text) was read"); return }
        #expect(error.reason == reason)
        #expect(error.input == text)
    }

    /// With a counter too: the message quotes ー, not the vowel it was taken for.
    @Test func aLongVowelMarkBeforeACounterIsQuotedAsTyped() {
        guard case let .failure(error) = JapaneseNumbers.parse("ごーほん", counter: Counter.named("本")) else {
            Issue.record("ごーほん was read")
            return
        }
        #expect(error.reason == "五 is read ご, without ー")
    }

    /// はちさつ beside はっさつ for 8冊, and よんふん beside よんぷん for 4分 and every number
    /// ending in 4 (14, 24 … 94, 104), in kana and romaji; the canonical readings stay.
    @Test func はちさつAndよんふんAreAccepted() throws {
        let satsu = try #require(Counter.named("冊")), fun = try #require(Counter.named("分"))
        for text in ["はちさつ", "hachisatsu", "ハチサツ", "はっさつ"] {
            #expect(JapaneseNumbers.parse(text, counter: satsu) == .success(8), "\(text)")
        }
        #expect(try JapaneseNumbers.reading(of: 8, counter: satsu).hiragana == "はっさつ")
        #expect(try JapaneseNumbers.reading(of: 8, counter: satsu).alternatives.contains("はちさつ"))
        for tens in 0...10 {
            let n = Int64(tens * 10 + 4)
            let reading = try JapaneseNumbers.reading(of: n, counter: fun)
            #expect(reading.hiragana.hasSuffix("よんぷん"), "\(n): \(reading.hiragana)")
            let yonfun = String(reading.hiragana.dropLast(2)) + "ふん"
            #expect(reading.alternatives.contains(yonfun), "\(n): \(reading.alternatives)")
            #expect(JapaneseNumbers.parse(yonfun, counter: fun) == .success(n), "\(yonfun)")
        }
        #expect(JapaneseNumbers.parse("yonfun", counter: fun) == .success(4))
        #expect(JapaneseNumbers.parse("ヨンフン", counter: fun) == .success(4))
        // The clock reads minutes with 分: 4:04 is よじよんぷん, and よじよんふん too.
        #expect(try ClockTime(hour: 4, minute: 4).reading().alternatives.contains("よじよんふん"))
    }
}
