import Testing
import JapaneseNumbers

/// Exact readings the library promises, beyond the Data tables.
@Suite struct ReadingTests {
    @Test(arguments: [
        (0, "〇", "ぜろ", "zero"),
        (321, "三百二十一", "さんびゃくにじゅういち", "sanbyaku nijuuichi"),
        (12000, "一万二千", "いちまんにせん", "ichiman nisen"),
        (12345, "一万二千三百四十五", "いちまんにせんさんびゃくよんじゅうご", "ichiman nisen sanbyaku yonjuugo"),
        (38_000_000, "三千八百万", "さんぜんはっぴゃくまん", "sanzen happyakuman"),
        (300_000_000, "三億", "さんおく", "san'oku"),
        (1_000_000_000_000, "一兆", "いっちょう", "itchou"),
        (8_000_000_000_000, "八兆", "はっちょう", "hatchou"),
        (10_000_000_000_000, "十兆", "じゅっちょう", "jutchou"),
        (60_000_000_000_000_000, "六京", "ろっけい", "rokkei"),
        (1_000_000_000_000_000_000, "百京", "ひゃっけい", "hyakkei"),
        (-3, "マイナス三", "まいなすさん", "mainasu san"),
    ] as [(Int64, String, String, String)])
    func plain(_ n: Int64, _ kanji: String, _ hiragana: String, _ romaji: String) throws {
        let reading = try JapaneseNumbers.reading(of: n)
        #expect(reading.kanji == kanji)
        #expect(reading.hiragana == hiragana)
        #expect(reading.romaji == romaji)
        #expect(reading.katakana == Kana.katakana(hiragana))
        #expect(reading.written == String(n))
    }

    @Test func extremes() throws {
        let max = try JapaneseNumbers.reading(of: .max)
        #expect(max.kanji == "九百二十二京三千三百七十二兆三百六十八億五千四百七十七万五千八百七")
        #expect(max.hiragana == "きゅうひゃくにじゅうにけいさんぜんさんびゃくななじゅうにちょうさんびゃくろくじゅうはちおくごせんよんひゃくななじゅうななまんごせんはっぴゃくなな")
        let min = try JapaneseNumbers.reading(of: .min)
        #expect(min.written == "-9223372036854775808")
        #expect(min.hiragana.hasSuffix("はっぴゃくはち"))
    }

    @Test(arguments: [
        (3, "本", "3本", "三本", "さんぼん", "sanbon"),
        (11, "本", "11本", "十一本", "じゅういっぽん", "juuippon"),
        (100, "本", "100本", "百本", "ひゃっぽん", "hyappon"),
        (300, "本", "300本", "三百本", "さんびゃっぽん", "sanbyappon"),
        (1000, "本", "1000本", "千本", "せんぼん", "senbon"),
        (10000, "本", "10000本", "一万本", "いちまんぼん", "ichimanbon"),
        (14, "人", "14人", "十四人", "じゅうよにん", "juuyonin"),
        (1, "分", "1分", "一分", "いっぷん", "ippun"),
        (4, "分", "4分", "四分", "よんぷん", "yonpun"),
        (10, "ヶ月", "10ヶ月", "十ヶ月", "じゅっかげつ", "jukkagetsu"),
        (6, "ヶ月", "6ヶ月", "六ヶ月", "ろっかげつ", "rokkagetsu"),
        (3, "階", "3階", "三階", "さんがい", "sangai"),
        (4, "円", "4円", "四円", "よえん", "yoen"),
        (1000, "円", "1000円", "千円", "せんえん", "sen'en"),
        (10, "つ", "10", "十", "とお", "too"),   // とお has no つ: written 10
        (24, "日", "24日", "二十四日", "にじゅうよっか", "nijuuyokka"),
        (0, "時", "0時", "零時", "れいじ", "reiji"),
        (9, "月", "9月", "九月", "くがつ", "kugatsu"),
        (1_000_000_000_000, "個", "1000000000000個", "一兆個", "いっちょうこ", "itchouko"),
    ] as [(Int64, String, String, String, String, String)])
    func counted(_ n: Int64, _ name: String, _ written: String, _ kanji: String, _ hiragana: String, _ romaji: String) throws {
        let reading = try JapaneseNumbers.reading(of: n, counter: Counter.named(name))
        #expect(reading.written == written)
        #expect(reading.kanji == kanji)
        #expect(reading.hiragana == hiragana)
        #expect(reading.romaji == romaji)
    }

    @Test func alternatives() throws {
        #expect(try JapaneseNumbers.reading(of: 10, counter: Counter.named("分")).alternatives == ["じっぷん"])
        #expect(try JapaneseNumbers.reading(of: 8, counter: Counter.named("個")).alternatives == ["はちこ"])
        #expect(try JapaneseNumbers.reading(of: 7, counter: Counter.named("人")).alternatives == ["しちにん"])
        #expect(try JapaneseNumbers.reading(of: 10_000_000).alternatives == ["いっせんまん"])
        // Before 兆 and 京 the sound change is canonical and the unchanged form an alternative.
        let eightyEightTrillion = try JapaneseNumbers.reading(of: 88_000_000_000_000)
        #expect(eightyEightTrillion.hiragana == "はちじゅうはっちょう")
        #expect(eightyEightTrillion.alternatives == ["はちじゅうはちちょう"])
        #expect(try JapaneseNumbers.reading(of: 60_000_000_000_000_000).alternatives == ["ろくけい"])
        #expect(try JapaneseNumbers.reading(of: 30_000_000_000_000).alternatives == ["さんじっちょう", "さんじゅうちょう"])
        // 一千 is せん; いっせん, its formal reading, is accepted and listed.
        #expect(try JapaneseNumbers.reading(of: 1000).hiragana == "せん")
        #expect(try JapaneseNumbers.reading(of: 1000).alternatives == ["いっせん"])
        #expect(try JapaneseNumbers.reading(of: 1000, counter: Counter.named("円")).alternatives == ["いっせんえん"])
        #expect(try JapaneseNumbers.reading(of: 2000).alternatives == [])
        #expect(try JapaneseNumbers.reading(of: 77).alternatives == ["ななじゅうしち", "しちじゅうなな", "しちじゅうしち"])
    }

    /// 点 geminates like a t counter (いってん はってん じゅってん, ひゃくてん plain); 度 never changes.
    @Test func scoresAndDegrees() throws {
        let points: [(Int64, String, [String])] = [
            (1, "いってん", []), (2, "にてん", []), (3, "さんてん", []), (4, "よんてん", []), (6, "ろくてん", []),
            (7, "ななてん", ["しちてん"]), (8, "はってん", ["はちてん"]), (9, "きゅうてん", []), (10, "じゅってん", ["じってん"]),
            (100, "ひゃくてん", []), (1000, "せんてん", ["いっせんてん"]),
        ]
        let degrees: [(Int64, String, [String])] = [
            (1, "いちど", []), (3, "さんど", []), (4, "よんど", []), (7, "ななど", ["しちど"]), (9, "きゅうど", []),
            (10, "じゅうど", []), (38, "さんじゅうはちど", []),
        ]
        for (name, cases) in [("点", points), ("度", degrees)] {
            let counter = try #require(Counter.named(name))
            for (n, kana, alternatives) in cases {
                let reading = try JapaneseNumbers.reading(of: n, counter: counter)
                #expect(reading.hiragana == kana, "\(n)\(name)")
                #expect(reading.alternatives == alternatives, "\(n)\(name)")
                for typed in [kana] + alternatives + ["\(n)\(name)"] {
                    #expect(JapaneseNumbers.parse(typed, counter: counter) == .success(n), "\(typed)")
                }
            }
        }
        #expect(Counter.named("points")?.name == "点")
        #expect(Counter.named("degrees")?.name == "度")
    }

    @Test func outOfRange() {
        #expect(throws: ReadingError.self) { try JapaneseNumbers.reading(of: 11, counter: Counter.named("つ")) }
        do {
            _ = try JapaneseNumbers.reading(of: 11, counter: Counter.named("つ"))
        } catch {
            #expect(error.description == "つ counts 1 to 10; 11 is out of range")
        }
        #expect(throws: ReadingError.self) { try JapaneseNumbers.reading(of: 0, counter: Counter.named("月")) }
        #expect(throws: ReadingError.self) { try JapaneseNumbers.reading(of: 32, counter: Counter.named("日")) }
        #expect(throws: ReadingError.self) { try JapaneseNumbers.reading(of: 25, counter: Counter.named("時")) }
    }

    @Test func macrons() throws {
        let reading = try JapaneseNumbers.reading(of: 21, counter: nil, romaji: .macrons)
        #expect(reading.romaji == "nijūichi")
        #expect(try JapaneseNumbers.reading(of: 1_000_000_000_000, counter: nil, romaji: .macrons).romaji == "itchō")
        #expect(try JapaneseNumbers.reading(of: 10, counter: Counter.named("つ"), romaji: .macrons).romaji == "tō")
        #expect(try JapaneseNumbers.reading(of: 500_000_000, counter: nil, romaji: .macrons).romaji == "gooku")
    }

    @Test func lineFormats() throws {
        let reading = try JapaneseNumbers.reading(of: 3, counter: Counter.named("本"))
        #expect(reading.tabSeparated == "3本\t三本\tさんぼん\tsanbon")
        #expect(reading.json == #"{"number":3,"written":"3本","kanji":"三本","hiragana":"さんぼん","katakana":"サンボン","romaji":"sanbon","alternatives":[]}"#)
        let ten = try JapaneseNumbers.reading(of: 10, counter: Counter.named("本"))
        #expect(ten.json.hasSuffix(#""alternatives":["じっぽん"]}"#))
        let escaped = Reading(number: 1, written: "a\"b\\c\n", kanji: "", hiragana: "", katakana: "", romaji: "", alternatives: [])
        #expect(escaped.json.contains(#""written":"a\"b\\c\n""#))
    }

    @Test func documentedExamples() throws {
        #expect(try JapaneseNumbers.reading(of: 3, counter: .named("本")).tabSeparated == "3本\t三本\tさんぼん\tsanbon")
        #expect(try JapaneseNumbers.reading(of: 300, counter: .named("本")).hiragana == "さんびゃっぽん")
        #expect(YearSpan(years: 3, half: true).reading().kanji == "三年半")
        #expect(Kana.romaji("じゅうよっか", macrons: true) == "jūyokka")
        #expect(Kana.katakana("さんびゃく") == "サンビャク")
    }

    @Test func counterNames() {
        #expect(Counter.all.count >= 29)
        #expect(Counter.names == Counter.all.map(\.name))
        #expect(Counter.named("hon")?.name == "本")
        #expect(Counter.named("yen")?.name == "円")
        #expect(Counter.named("か月")?.name == "ヶ月")
        #expect(Counter.named("nope") == nil)
        for name in ["つ", "人", "個", "本", "匹", "杯", "枚", "冊", "回", "階", "台", "歳", "頭", "羽", "足", "軒", "番",
                     "円", "分", "秒", "時", "時間", "日", "日間", "週間", "ヶ月", "月", "年", "年間"] {
            #expect(Counter.named(name)?.name == name)
        }
        #expect(Counter.named("月")?.validRange == 1...12)
        #expect(Counter.named("日")?.validRange == 1...31)
        #expect(Counter.named("つ")?.validRange == 1...10)
        #expect(Counter.named("時")?.validRange == 0...24)
    }
}
