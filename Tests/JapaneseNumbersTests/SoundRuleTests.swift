import Testing
import JapaneseNumbers

/// The sound-change rules each reading names, checked by example and against the kana of every
/// number 0...10,000 and every counter's 0...100.
@Suite struct SoundRuleTests {
    @Test(arguments: [
        (300, nil, [.voicing]),
        (3000, nil, [.voicing]),
        (600, nil, [.gemination, .hToP]),
        (8000, nil, [.gemination]),
        (123, nil, []),
        (47, nil, [.fourSevenNine]),
        (10_000, nil, [.largeUnits]),
        (10_000_000, nil, [.largeUnits]),
        (8_000_000_000_000, nil, [.largeUnits]),
        (3, "本", [.voicing]),
        (1, "本", [.gemination, .hToP]),
        (300, "本", [.voicing, .gemination, .hToP]),
        (10, "分", [.gemination, .hToP]),
        (1, "歳", [.gemination]),
        (20, "歳", [.nativeWords]),
        (1, "つ", [.nativeWords]),
        (1, "人", [.nativeWords]),
        (4, "人", [.fourSevenNine]),
        (1, "日", [.nativeWords]),
        (20, "日", [.nativeWords]),
        (3, "軒", [.voicing]),
        (1, "ヶ月", [.gemination]),
        (10_000, "本", [.voicing, .largeUnits]),
    ] as [(Int64, String?, [SoundRule])])
    func examples(_ n: Int64, _ counter: String?, _ rules: [SoundRule]) {
        #expect(JapaneseNumbers.soundRules(of: n, counter: counter.flatMap(Counter.named)) == rules)
    }

    @Test func everyNumberToTenThousandAgreesWithItsKana() throws {
        for n: Int64 in 0...10_000 {
            let kana = try JapaneseNumbers.hiragana(of: n)
            let rules = JapaneseNumbers.soundRules(of: n)
            #expect(rules.contains(.voicing) == (kana.contains("んびゃく") || kana.contains("んぜん")), "\(n) \(kana)")
            #expect(rules.contains(.gemination) == kana.contains("っ"), "\(n) \(kana)")
            #expect(rules.contains(.hToP) == kana.contains("ぴゃく"), "\(n) \(kana)")
            #expect(rules.contains(.fourSevenNine) == String(n).contains(where: { "479".contains($0) }), "\(n)")
            #expect(rules.contains(.largeUnits) == (n == 10_000), "\(n)")
        }
    }

    @Test func everyCounterToAHundredAgreesWithItsKana() throws {
        for counter in Counter.all {
            let first = counter.kana.unicodeScalars.first!
            // The counter's first kana voiced: ほ -> ぼ, か -> が (わ of 羽 voices to ば).
            let voiced: Unicode.Scalar = counter.kana.hasPrefix("わ") ? "ば" : Unicode.Scalar(first.value + 1)!
            let firstIsVoiceless = counter.kana.hasPrefix("わ") || "かきくけこさしすせそたちつてとはひふへほ".unicodeScalars.contains(first)
            for n in max(0, counter.validRange.lowerBound)...min(100, counter.validRange.upperBound) {
                let kana = try JapaneseNumbers.hiragana(of: n, counter: counter)
                let rules = JapaneseNumbers.soundRules(of: n, counter: counter)
                let voicedCounter = "ん" + String(voiced) + String(counter.kana.unicodeScalars.dropFirst())
                let voicedAfterN = kana.contains("んびゃ") || kana.contains("んぜん")
                    || (firstIsVoiceless && kana.hasSuffix(voicedCounter))
                let label = "\(n)\(counter.name) \(kana) \(rules)"
                #expect(rules.contains(.voicing) == voicedAfterN, "\(label)")
                #expect(rules.contains(.hToP) == kana.unicodeScalars.contains { "ぱぴぷぺぽ".unicodeScalars.contains($0) }, "\(label)")
                if !rules.contains(.nativeWords) {
                    #expect(rules.contains(.gemination) == kana.contains("っ"), "\(label)")
                    #expect(rules.contains(.fourSevenNine) == String(n).contains(where: { "479".contains($0) }), "\(label)")
                }
            }
        }
    }

    @Test func readingJSONNamesItsRules() throws {
        let reading = try JapaneseNumbers.reading(of: 3, counter: .named("本"))
        #expect(reading.json(rules: JapaneseNumbers.soundRules(of: 3, counter: .named("本")))
            == #"{"number":3,"written":"3本","kanji":"三本","hiragana":"さんぼん","katakana":"サンボン","romaji":"sanbon","alternatives":[],"rules":["voicing"]}"#)
    }
}
