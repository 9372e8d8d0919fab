import Testing
import JapaneseNumbers

/// What learners type, and what the parser says back.
@Suite struct ParserTests {
    @Test(arguments: [
        ("１２,３４５", 12345), ("12,345", 12345), ("12 345", 12345), ("3万2千", 32000), ("二〇二四", 2024),
        ("三百二十一", 321), ("千万", 10_000_000), ("一千万", 10_000_000), ("3,800万", 38_000_000), ("一億二千万", 120_000_000),
        ("さんびゃくにじゅういち", 321), ("サンビャクニジュウイチ", 321), ("いちまんいっせん", 11000), ("いっせんまん", 10_000_000),
        ("じっちょう", 10_000_000_000_000), ("しじゅう", 40), ("じゅうく", 19), ("ぜろ", 0), ("れい", 0), ("ゼロ", 0),
        ("sanbyaku", 300), ("sambyaku", 300), ("SANBYAKU", 300), ("nijuuichi", 21), ("nijūichi", 21), ("nizyuuiti", 21),
        ("ni juu ichi", 21), ("niju", 20), ("kyu", 9), ("happyaku", 800), ("roppyaku", 600), ("hyakkei", 1_000_000_000_000_000_000),
        ("itchou", 1_000_000_000_000), ("icchou", 1_000_000_000_000), ("jutchou", 10_000_000_000_000), ("ichiman issen", 11000),
        ("san'oku", 300_000_000), ("sanoku", 300_000_000), ("shichijuu", 70), ("yonjuu", 40),
        ("マイナスさん", -3), ("-3", -3), ("−３", -3), ("-さん", -3), ("－さん", -3), ("−さん", -3), ("-サンビャク", -300), ("minus san", -3), ("mainasu san", -3), ("マイナス3", -3),
        ("キュー", 9), ("ジュー", 10), ("イッチョー", 1_000_000_000_000), ("ニジューイチ", 21),
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("1,000", 1000), ("1 000", 1000), ("12,345,678", 12_345_678), ("１,５００", 1500), ("1、000", 1000),
        ("1,000万", 10_000_000), ("-1,000", -1000), ("9,223,372,036,854,775,807", Int64.max),
        // Before 兆 and 京 the unchanged form is accepted after any number (num2words writes it so).
        ("はちじゅうはちちょう", 88_000_000_000_000), ("さんじゅうちょう", 30_000_000_000_000),
        ("じゅうろくけい", 160_000_000_000_000_000), ("はちちょう", 8_000_000_000_000), ("いちちょう", 1_000_000_000_000),
        ("じゅうちょう", 10_000_000_000_000), ("ろくけい", 60_000_000_000_000_000), ("じゅうけい", 100_000_000_000_000_000),
        ("ひゃくけい", 1_000_000_000_000_000_000), ("hachichou", 8_000_000_000_000), ("rokukei", 60_000_000_000_000_000),
        ("hachijuuhachichou", 88_000_000_000_000), ("ハチチョウ", 8_000_000_000_000),
        // 一千 read いっせん, the formal reading (一千円 on a cheque), beside the canonical せん.
        ("いっせん", 1000), ("イッセン", 1000), ("issen", 1000), ("いっせんごひゃく", 1500), ("issen gohyaku", 1500),
        ("いっせんまん", 10_000_000), ("いちまんいっせんにじゅう", 11020),
        // A plus sign before a number, as kazu read takes +5: the number itself.
        ("+8", 8), ("＋８", 8), ("+ 8", 8), ("+1,000", 1000), ("+三百", 300), ("+さん", 3), ("+san", 3), ("+0", 0),
    ] as [(String, Int64)])
    func accepts(_ text: String, _ number: Int64) {
        #expect(JapaneseNumbers.parse(text) == .success(number))
    }

    /// Kana pasted from macOS comes decomposed: び as ひ and a combining voiced mark (U+3099),
    /// ぴ as ひ and U+309A. Each pair is read as the one kana, in hiragana and katakana.
    @Test(arguments: [
        ("さんひ\u{3099}ゃく", 300), ("ろっひ\u{309A}ゃく", 600), ("はっせん", 8000), ("さんせ\u{3099}ん", 3000),
        ("サンヒ\u{3099}ャク", 300), ("ロッヒ\u{309A}ャク", 600), ("にし\u{3099}ゅう", 20), ("ni\u{3099}", nil),
    ] as [(String, Int64?)])
    func decomposedKanaIsReadAsComposed(_ text: String, _ number: Int64?) {
        // A mark after no kana stays what it is, and is named.
        expectRead(text, as: number, orNaming: ["\u{3099}"])
    }

    /// The spacing marks ゛ and ゜ (U+309B, U+309C), as some input methods put them after a
    /// kana, join it as the combining ones do; after no kana they are named.
    @Test(arguments: [
        ("さんひ゛ゃく", 300), ("ろっひ゜ゃく", 600), ("サンヒ゛ャク", 300), ("にし゛ゅう", 20), ("3゛", nil), ("゜", nil),
    ] as [(String, Int64?)])
    func spacingMarksJoinTheKanaBefore(_ text: String, _ number: Int64?) {
        expectRead(text, as: number, orNaming: ["゛", "゜"])
    }

    /// `text` reads as `number`, or, with no number, is refused with a reason that names one
    /// of `marks`.
    private func expectRead(_ text: String, as number: Int64?, orNaming marks: [String]) {
        if let number {
            #expect(JapaneseNumbers.parse(text) == .success(number))
        } else {
            guard case let .failure(error) = JapaneseNumbers.parse(text) else { Issue.record("\(text) was read"); return }
            #expect(marks.contains { error.reason.contains($0) }, "\(error.reason)")
        }
    }

    /// Half-width katakana (ｻﾝﾋﾞｬｸ, as older systems and some keyboards type it) is read as
    /// katakana; its separate ﾞ and ﾟ join the kana before them.
    @Test(arguments: [
        ("ｻﾝﾋﾞｬｸ", 300), ("ﾛｯﾋﾟｬｸ", 600), ("ﾆｼﾞｭｳ", 20), ("ｷｭｰ", 9), ("ﾖﾝｾﾝ", 4000), ("ｲｯｾﾝｺﾞﾋｬｸ", 1500),
        ("ﾏｲﾅｽﾅﾅ", -7), ("ｼﾞｭｳｲﾁ", 11),
    ] as [(String, Int64)])
    func halfWidthKatakanaIsRead(_ text: String, _ number: Int64) {
        #expect(JapaneseNumbers.parse(text) == .success(number))
    }

    @Test(arguments: [
        ("さんぼん", "本", 3), ("sanbon", "本", 3), ("3本", "本", 3), ("３本", "本", 3), ("三本", "本", 3), ("さん", "本", 3),
        ("さんびゃっぽん", "本", 300), ("いちまんぼん", "本", 10000), ("せんぼん", "本", 1000), ("じゅういっぽん", "本", 11),
        ("はちほん", "本", 8), ("じっぽん", "本", 10), ("いっせんぼん", "本", 1000),
        ("いっせんえん", "円", 1000), ("issen'en", "円", 1000), ("イッセンエン", "円", 1000), ("いっせん", "円", 1000),
        ("+3本", "本", 3), ("+1500", "円", 1500),
        ("ひとつ", "つ", 1), ("hitotsu", "つ", 1), ("とお", "つ", 10), ("too", "つ", 10), ("tō", "つ", 10),
        ("はつか", "日", 20), ("hatsuka", "日", 20), ("ついたち", "日", 1), ("yokka", "日", 4), ("juuyokka", "日", 14),
        ("いちにち", "日間", 1), ("みっかかん", "日間", 3), ("みっか", "日間", 3),
        ("sanen", "円", 3), ("san'en", "円", 3), ("yoen", "円", 4), ("￥1500", "円", 1500),
        ("じゅっぷん", "分", 10), ("じっぷん", "分", 10), ("よんぷん", "分", 4),
        ("ななにん", "人", 7), ("しちにん", "人", 7), ("ひとり", "人", 1), ("じゅうよにん", "人", 14),
        ("はちこ", "個", 8), ("はっこ", "個", 8), ("いっかげつ", "ヶ月", 1), ("ひとつき", "ヶ月", 1), ("3か月", "ヶ月", 3),
        ("しがつ", "月", 4), ("yoji", "時", 4), ("kuji", "時", 9), ("しちじ", "時", 7), ("ななじ", "時", 7),
        ("はたち", "歳", 20), ("にじゅっさい", "歳", 20), ("さんがい", "階", 3), ("さんかい", "階", 3),
    ] as [(String, String, Int64)])
    func acceptsWithCounter(_ text: String, _ counter: String, _ number: Int64) {
        #expect(JapaneseNumbers.parse(text, counter: Counter.named(counter)) == .success(number))
    }

    @Test(arguments: [
        ("よんじゅうじゅう", nil, "十 cannot follow 十"),
        ("", nil, "type a number"),
        ("   ", nil, "type a number"),
        ("さんひゃく", nil, "三百 is read さんびゃく, not さんひゃく"),
        ("sanhyaku", nil, "三百 is read さんびゃく, not さんひゃく"),
        ("ろくひゃく", nil, "六百 is read ろっぴゃく, not ろくひゃく"),
        ("さんせん", nil, "三千 is read さんぜん, not さんせん"),
        ("いちおくちょう", nil, "兆 cannot follow 億"),
        ("さんひゃくちょう", nil, "三百兆 is read さんびゃくちょう, not さんひゃくちょう"),
        ("いちじゅう", nil, "十 is read じゅう, not いちじゅう"),
        ("じゅっ", nil, "十 is read じゅう, not じゅっ"),
        ("しひゃく", nil, "四百 is read よんひゃく, not しひゃく"),
        ("いちせん", nil, "千 is read せん, not いちせん"),
        ("にいっせん", nil, "一 cannot follow 二"),
        ("まんまん", nil, "万 needs a number before it, as in いちまん"),
        ("いちまんいちまん", nil, "万 cannot follow 万"),
        ("いちまんいちおく", nil, "億 cannot follow 万"),
        ("にさん", nil, "三 cannot follow 二"),
        ("ひゃくせん", nil, "千 cannot follow 百"),
        ("ぜろぜろ", nil, "ゼロ (0) cannot be part of a longer number"),
        ("さんまいなす", nil, "マイナス can only come first"),
        ("ほげ", nil, "cannot read ほげ as part of a number"),
        ("さんほげ", nil, "cannot read ほげ as part of a number"),
        ("xyz", nil, "cannot read it as romaji"),
        ("3.14", nil, "decimals are not supported; type a whole number"),
        ("12a", nil, "it mixes romaji with other writing; write the whole number one way"),
        ("3ぼん", nil, "it mixes kana with digits or kanji; write the whole number one way"),
        (",12", nil, ", can only separate digits"),
        ("1,00", nil, "separators must group thousands, three digits after each; type 100"),
        ("12,34", nil, "separators must group thousands, three digits after each; type 1234 or 1,234"),
        ("１２,３４", nil, "separators must group thousands, three digits after each; type 1234 or 1,234"),
        ("1234,567", nil, "separators must group thousands, three digits after each; type 1234567 or 1,234,567"),
        ("12,34万", nil, "separators must group thousands, three digits after each; type 1234 or 1,234"),
        ("5 5", nil, "a space splits the digits; type them together (55)"),
        ("5　5", nil, "a space splits the digits; type them together (55)"),
        ("12 34", nil, "a space splits the digits; type them together (1234) or 1,234"),
        ("1,000 000", nil, "it mixes separators; group thousands one way, as in 1,000,000"),
        ("1,00本", "本", "separators must group thousands, three digits after each; type 100"),
        ("万", nil, "万 needs a number before it, as in 一万"),
        ("十十", nil, "十 cannot follow 十"),
        ("3-4", nil, "a minus sign can only come first"),
        ("+", nil, "type a number after +"),
        ("+-5", nil, "a number takes one sign, + or -, not both"),
        ("+-0", nil, "a number takes one sign, + or -, not both"),
        ("+マイナスさん", nil, "a number takes one sign, + or -, not both"),
        ("+minus san", nil, "a number takes one sign, + or -, not both"),
        ("+まいなすぜろ", nil, "a number takes one sign, + or -, not both"),
        ("+マイナス0", nil, "a number takes one sign, + or -, not both"),
        ("+minus zero", nil, "a number takes one sign, + or -, not both"),
        ("0001e3", nil, "exponent notation is not supported; type 1000"),
        ("- 1e3", nil, "exponent notation is not supported; type -1000"),
        ("マイナス1e3", nil, "exponent notation is not supported; type -1000"),
        ("minus 1e3", nil, "exponent notation is not supported; type -1000"),
        // Leading zeros went one array shift each: a million of them took 40 s.
        (String(repeating: "0", count: 1_000_000) + "1e3", nil, "exponent notation is not supported; type 1000"),
        ("-+5", nil, "a number takes one sign, + or -, not both"),
        ("まいなす +5", nil, "a number takes one sign, + or -, not both"),
        ("minus+5", nil, "a number takes one sign, + or -, not both"),
        ("－＋５", nil, "a number takes one sign, + or -, not both"),
        ("1,000e3", nil, "exponent notation is not supported; type 1000000"),
        ("-1,000.5e3", nil, "exponent notation is not supported; type -1000500"),
        ("++5", nil, "a number takes one +, or none"),
        ("+ +5", nil, "a number takes one +, or none"),
        // Exponent notation with something after it, or two signs: said, with no number to offer.
        ("1e+-3", nil, "exponent notation is not supported"),
        ("1e3つ", nil, "exponent notation is not supported"),
        ("1e+3本", nil, "exponent notation is not supported"),
        ("1e3 本", nil, "exponent notation is not supported"),
        ("1en", nil, "it mixes romaji with other writing; write the whole number one way"),
        // Exponent notation: say so, and give the number in digits when there is one.
        ("1e3", nil, "exponent notation is not supported; type 1000"),
        ("1E3", nil, "exponent notation is not supported; type 1000"),
        ("１ｅ３", nil, "exponent notation is not supported; type 1000"),
        ("2.5e3", nil, "exponent notation is not supported; type 2500"),
        ("1e+3", nil, "exponent notation is not supported; type 1000"),
        ("+1e3", nil, "exponent notation is not supported; type 1000"),
        ("-1.5e2", nil, "exponent notation is not supported; type -150"),
        ("12e-1", nil, "exponent notation is not supported; type a whole number in digits"),
        ("1000e-2", nil, "exponent notation is not supported; type 10"),
        ("-1e19", nil, "exponent notation is not supported, and the number is too small: the smallest is -9223372036854775808"),
        ("1e19", nil, "exponent notation is not supported, and the number is too large: the largest is 9223372036854775807"),
        ("1e99999", nil, "exponent notation is not supported, and the number is too large: the largest is 9223372036854775807"),
        ("1e3本", "本", "exponent notation is not supported; type 1000"),
        // With a written counter, the reason is the number's before it.
        ("3x本", "本", "it mixes romaji with other writing; write the whole number one way"),
        ("1,00本", "本", "separators must group thousands, three digits after each; type 100"),
        ("さん本", "本", "本 goes after digits or kanji (3本); after kana or romaji, write the counter the same way"),
        ("san本", "本", "本 goes after digits or kanji (3本); after kana or romaji, write the counter the same way"),
        ("さんヶ月", "ヶ月", "ヶ月 goes after digits or kanji (3ヶ月); after kana or romaji, write the counter the same way"),
        ("3e", nil, "it mixes romaji with other writing; write the whole number one way"),
        ("9223372036854775808", nil, "too large: the largest number is 9223372036854775807"),
        ("-9223372036854775809", nil, "too small: the smallest number is -9223372036854775808"),
        ("一万京", nil, "京 cannot follow 万"),
        ("千京", nil, "too large: the largest number is 9223372036854775807"),
        ("せんけい", nil, "too large: the largest number is 9223372036854775807"),
        ("きゅうひゃくにじゅうにけいさんぜんさんびゃくななじゅうにちょうさんびゃくろくじゅうはちおくごせんよんひゃくななじゅうななまんごせんはっぴゃくはち",
         nil, "too large: the largest number is 9223372036854775807"),
        ("さんほん", "本", "3本 is read さんぼん (sanbon)"),
        ("sanhon", "本", "3本 is read さんぼん (sanbon)"),
        ("ろくほん", "本", "6本 is read ろっぽん (roppon)"),
        ("さんひゃっぽん", "本", "300本 is read さんびゃっぽん (sanbyappon)"),
        ("にじゅうさい", "歳", "20歳 is read はたち (hatachi)"),
        ("いちにち", "日", "1日 is read ついたち (tsuitachi)"),
        ("よんにん", "人", "4人 is read よにん (yonin)"),
        ("11", "つ", "つ counts 1 to 10; 11 is out of range"),
        ("13月", "月", "月 counts 1 to 12; 13 is out of range"),
        ("じゅうさんがつ", "月", "月 counts 1 to 12; 13 is out of range"),
        ("25", "時", "時 counts 0 to 24; 25 is out of range"),
        ("-1", "本", "本 counts from 0 up; -1 is out of range"),
    ] as [(String, String?, String)])
    func rejects(_ text: String, _ counter: String?, _ reason: String) {
        let result = JapaneseNumbers.parse(text, counter: counter.flatMap(Counter.named))
        #expect(result == .failure(ParseError(input: text, reason: reason)))
    }

    @Test func errorDescriptionQuotesTheInput() {
        guard case .failure(let error) = JapaneseNumbers.parse("よんじゅうじゅう") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.description == "\"よんじゅうじゅう\": 十 cannot follow 十")
    }

    @Test func errorDescriptionShortensLongInputAndKeepsItWhole() {
        let long = String(repeating: "さ", count: 1_000_000)
        guard case .failure(let error) = JapaneseNumbers.parse(long) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.input == long)
        #expect(error.description.count < 200)
        #expect(error.description.hasPrefix("\"" + String(repeating: "さ", count: 40) + "…\": "))
    }

    @Test func errorDescriptionEscapesControlCharacters() {
        guard case .failure(let error) = JapaneseNumbers.parse("\u{1B}[2J\0さん") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.description == "\"\\u{1B}[2J\\u{0}さん\": \\u{1B} is not part of a number")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func excerptCutsAtFortyAndEscapesWhatWouldMoveTheCursor() {
        #expect(ParseError.excerpt(of: String(repeating: "a", count: 40)) == String(repeating: "a", count: 40))
        #expect(ParseError.excerpt(of: String(repeating: "a", count: 41)) == String(repeating: "a", count: 40) + "…")
        #expect(ParseError.excerpt(of: "a\tb\r\n\u{7F}\u{202E}") == "a\\u{9}b\\u{D}\\u{A}\\u{7F}\\u{202E}")
        #expect(ParseError.excerpt(of: "三百") == "三百")
    }

    /// A hint "needs a number before it, as in X" must suggest an X that parses:
    /// いっけい and いっちょう, with their sound change, not いちけい.
    @Test(arguments: [
        ("まん", Int64(10_000)), ("おく", 100_000_000), ("ちょう", 1_000_000_000_000), ("けい", 10_000_000_000_000_000),
        ("万", 10_000), ("億", 100_000_000), ("兆", 1_000_000_000_000), ("京", 10_000_000_000_000_000),
        ("kei", 10_000_000_000_000_000), ("chou", 1_000_000_000_000),
    ])
    func everySuggestedReadingParses(_ text: String, _ value: Int64) throws {
        guard case .failure(let error) = JapaneseNumbers.parse(text) else {
            Issue.record("\(text) alone should be refused")
            return
        }
        let parts = error.reason.split(separator: "needs a number before it, as in ", omittingEmptySubsequences: false)
        try #require(parts.count == 2, "\(error.reason)")
        let suggestion = String(parts[1])
        #expect(JapaneseNumbers.parse(suggestion) == .success(value), "\(text): suggested \(suggestion)")
    }

    /// Whatever comes in, the parser answers and does not crash.
    @Test func garbageNeverCrashes() {
        var generator = SplitMix64(seed: 99)
        let alphabet = Array("いちにさんよんごろくななはちきゅうじゅうひゃくせんまんおくちょうけいっゃゅょぜろれいしくほぼぽん0123456789一二三十百千万億兆京〇,.- anikshuyo'ー").map(String.init)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 14)
            var text = ""
            for _ in 0..<length { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            for counter in [nil, Counter.named("本"), Counter.named("日")] {
                if case .failure(let error) = JapaneseNumbers.parse(text, counter: counter) {
                    #expect(!error.reason.isEmpty, "no reason given for \(text)")
                }
            }
        }
    }

    /// Separators are read only as thousands separators: every number grouped in thousands
    /// (with any one separator) reads back, and one separator anywhere else is refused.
    @Test func separatorsAreAcceptedOnlyAsThousands() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let n = Int64(generator.next() % 1_000_000_000_000)
            let digits = Array(String(n))
            let separator = [",", "，", " ", "、"][Int(generator.next() % 4)]
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += separator }
                grouped.append(digit)
            }
            #expect(JapaneseNumbers.parse(grouped) == .success(n), "\(grouped)")
            guard digits.count >= 2 else { continue }
            let cut = 1 + Int(generator.next() % UInt64(digits.count - 1))
            guard (digits.count - cut) % 3 != 0 else { continue }
            let misplaced = String(digits[..<cut]) + separator + String(digits[cut...])
            guard case .failure(let error) = JapaneseNumbers.parse(misplaced) else {
                Issue.record("\(misplaced) should be refused")
                continue
            }
            #expect(error.reason.contains(String(n)), "\(misplaced): \(error.reason)")
        }
    }
}
