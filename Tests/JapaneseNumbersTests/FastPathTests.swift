import Testing
@testable import JapaneseNumbers

/// The fast paths against the slow ones they stand in for: the one-script readings
/// (`hiragana(of:)` and friends, written from the section tables) against the fields of
/// `Reading`, and the quick parser against the full parser, which must agree on every
/// text the quick one accepts.
@Suite struct FastPathTests {
    /// Numbers at every edge the writers treat apart (0, the group boundaries, 兆 and 京,
    /// the ends of Int64), then random ones of every size.
    static func numbers(count: Int, seed: UInt64) -> [Int64] {
        var numbers: [Int64] = [0, 1, 9, 10, 11, 100, 1000, 9999, 10_000, 10_001, 100_000_000,
                                999_999_999_999, 1_000_000_000_000, 1_000_000_000_001,
                                8_000_000_000_000, 10_000_000_000_000_000, 6_000_000_000_000_000_000,
                                .max, .min, -1, -10_000]
        var generator = SplitMix64(seed: seed)
        for _ in 0..<count {
            numbers.append(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64))
        }
        return numbers
    }

    func expectOneScriptReadings(_ n: Int64, counter: Counter?) throws {
        let reading = try JapaneseNumbers.reading(of: n, counter: counter)
        #expect(try JapaneseNumbers.hiragana(of: n, counter: counter) == reading.hiragana)
        #expect(try JapaneseNumbers.katakana(of: n, counter: counter) == reading.katakana)
        #expect(try JapaneseNumbers.romaji(of: n, counter: counter) == reading.romaji)
        #expect(try JapaneseNumbers.kanji(of: n, counter: counter) == reading.kanji)
        let macrons = try JapaneseNumbers.reading(of: n, counter: counter, romaji: .macrons)
        #expect(try JapaneseNumbers.romaji(of: n, counter: counter, style: .macrons) == macrons.romaji)
    }

    @Test func oneScriptReadingsAreTheReadingsFields() throws {
        for n in Self.numbers(count: 3000, seed: 11) { try expectOneScriptReadings(n, counter: nil) }
        for counter in Counter.all {
            let range = counter.validRange
            for n in range.lowerBound...min(range.upperBound, range.lowerBound + 130) {
                try expectOneScriptReadings(n, counter: counter)
            }
            for n in Self.numbers(count: 40, seed: 12) where range.contains(n) {
                try expectOneScriptReadings(n, counter: counter)
            }
            try expectOneScriptReadings(range.upperBound, counter: counter)
        }
    }

    /// The macrons column against the plain one, for numbers without a counter (whose long
    /// vowels are all uu and ou: じゅう, きゅう, ちょう).
    @Test func romajiWithMacronsIsThePlainRomajiWithItsLongVowelsMarked() throws {
        for n in Self.numbers(count: 3000, seed: 13) {
            let plain = try JapaneseNumbers.romaji(of: n)
            let macrons = try JapaneseNumbers.romaji(of: n, style: .macrons)
            let unmarked = String(macrons.flatMap { $0 == "ū" ? ["u", "u"] : $0 == "ō" ? ["o", "u"] : [$0] })
            #expect(unmarked == plain, "\(n): \(macrons) against \(plain)")
        }
    }

    @Test func oneScriptReadingsRefuseWhatTheCounterCannotRead() {
        let tsu = Counter.named("つ")!
        #expect(throws: ReadingError.self) { try JapaneseNumbers.hiragana(of: 11, counter: tsu) }
        #expect(throws: ReadingError.self) { try JapaneseNumbers.kanji(of: -1, counter: tsu) }
    }

    /// The full parser's answer when the quick one has one; `nil` when the quick one passes.
    func disagreement(_ text: String) -> String? {
        guard let quick = QuickParser.parse(text) else { return nil }
        switch NumberParser.parseReason(text, counter: nil) {
        case .success(let full) where full == quick: return nil
        case .success(let full): return "\(text.debugDescription): quick \(quick), full \(full)"
        case .failure(let reason): return "\(text.debugDescription): quick \(quick), full refuses (\(reason))"
        }
    }

    @Test func theQuickParserReadsTheCanonicalReadingsLikeTheFullOne() throws {
        for n in Self.numbers(count: 3000, seed: 21) {
            let reading = try JapaneseNumbers.reading(of: n)
            let canonical = [reading.written, reading.kanji, reading.hiragana, reading.katakana, reading.romaji]
            for text in canonical + reading.alternatives {
                if let problem = disagreement(text) { Issue.record("\(problem)") }
            }
            // The point of it: a learner's canonical answer below 兆 takes the quick path.
            if n > 0 && n < 1_000_000_000_000 {
                for text in canonical where QuickParser.parse(text) == nil { Issue.record("\(text) took the slow path") }
            }
        }
    }

    /// Every section alone and before each unit, in every script the automata read, and
    /// the kana forms changed before 兆 and 京: the quick parser reads them all, so that
    /// its tokens, put together, are the generator's spellings and no more (a token that
    /// stopped where a longer one goes on would leave some of them to the full parser).
    @Test func theQuickParserReadsEverySectionBeforeEveryUnit() throws {
        let powers: [Int64] = [1, 10_000, 100_000_000, 1_000_000_000_000, 10_000_000_000_000_000]
        for v in Int64(1)...9999 {
            for (g, power) in powers.enumerated() where g < 4 || v <= 922 {
                let n = v * power
                let reading = try JapaneseNumbers.reading(of: n)
                let texts = [reading.hiragana, reading.katakana, reading.romaji]
                for text in texts {
                    if let problem = disagreement(text) { Issue.record("\(problem)") }
                }
                // Romaji with a sound change before 兆 or 京 (hatchou) is left to the full parser.
                for text in g < 3 ? texts : Array(texts.prefix(2)) where QuickParser.parse(text) == nil {
                    Issue.record("\(n) \(text) took the slow path")
                }
            }
        }
    }

    /// The joins the romaji automaton reads (a space between elements but not before ones
    /// after tens, `'` between an n and oku and nowhere else, one space after a unit) and
    /// the kana one's order of elements and units, each broken: the quick parser leaves
    /// them all to the full parser, or reads them as it does.
    @Test func theQuickParserKeepsToTheWritersJoins() {
        let accepted: [(String, Int64)] = [
            ("sen nihyaku sanjuuyon'oku gosen roppyaku nanajuuhachiman kyuusen juuni", 123_456_789_012),
            ("sanjuuyon", 34), ("hyaku hachi", 108), ("sanzen san", 3003), ("san'oku", 300_000_000),
            ("nioku", 200_000_000), ("juuman", 100_000), ("ichioku ichiman", 100_010_000), ("ni", 2),
            ("いっちょう", 1_000_000_000_000), ("ひゃっけい", 1_000_000_000_000_000_000),
            ("はっちょうはちまん", 8_000_000_080_000), ("はっけいいっちょう", 80_001_000_000_000_000), ("さんぜんまん", 30_000_000), ("センニヒャク", 1200),
        ]
        for (text, value) in accepted {
            #expect(QuickParser.parse(text) == value, "\(text)")
        }
        let refused = [
            "sanjuu yon", "senhyaku", "sen  hyaku", "hyakuhachi", "sanoku", "ni'oku", "san 'oku", "san' oku",
            "ichimanichi", "ichiman  ichi", "ichiman ", "ichioku ichioku", "ichiman ichioku", "juuichijuu",
            "sen sen", "hyaku sen", "ichi ni", "s", "sa", "san'", "sanj", "sanjuu'oku", "hatchou", "ikkei",
            "いっまん", "いっ", "いっちょういっけい", "いちまんいちまん", "まんいち", "ひゃくせん", "にに", "さんぜんぜん",
        ]
        for text in refused {
            #expect(QuickParser.parse(text) == nil, "\(text)")
            if let problem = disagreement(text) { Issue.record("\(problem)") }
        }
    }

    /// Near-misses of real readings (a character dropped, doubled, swapped or put in, a
    /// space moved) and texts at the edges of its tables: the quick parser either leaves
    /// them to the full parser or reads the same number.
    @Test func theQuickParserNeverAcceptsWhatTheFullOneRefuses() throws {
        let edges = [
            "龍", "一龍", "鿿", "龍一", "〇", "零", "〇〇", "一〇", "十十", "百十百", "万", "一万万", "億万",
            "九千九百九十九京九千九百九十九兆", "九百二十二京", "九百二十三京", "一京京",
            "まん", "いちまんまん", "おく", "ちょう", "けい", "いっちょう", "いちちょう", "はっけい",
            "ひゃくまんおく", "ゔ", "ヵ", "ヶ", "ー", "ゟ", "㡯っぴゃくろくじゅう", "はっぴゃく㡯", "いち ", " いち", "いち\u{3000}",
            "man", "ichiman man", "san'oku", "sanoku", "roku", "rokuoku", "chou", "icchou", "kei",
            "ichi ", " ichi", "ichi  man", "'", "''", "n'", "issen", "hyaku'", "sen'en",
            "9223372036854775807", "9223372036854775808", "000000000000000001", "0000000000000000000",
            "999999999999999999", "9999999999999999999",
        ]
        for text in edges {
            if let problem = disagreement(text) { Issue.record("\(problem)") }
        }
        let alphabet = Array("いちにさんよんごろくななはちきゅうじゅうひゃくせんまんおくちょうけいっゃゅょびぴぜ一二三四五六七八九十百千万億兆京〇零 'aeiounkshcmy")
        var generator = SplitMix64(seed: 31)
        for n in Self.numbers(count: 1500, seed: 32) {
            let reading = try JapaneseNumbers.reading(of: n)
            for text in [reading.kanji, reading.hiragana, reading.katakana, reading.romaji] {
                var characters = Array(text)
                guard !characters.isEmpty else { continue }
                let i = Int(generator.next() % UInt64(characters.count))
                switch generator.next() % 4 {
                case 0: characters.remove(at: i)
                case 1: characters.insert(characters[i], at: i)
                case 2: characters.swapAt(i, Int(generator.next() % UInt64(characters.count)))
                default: characters.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: i)
                }
                if let problem = disagreement(String(characters)) { Issue.record("\(problem)") }
            }
        }
    }
}
