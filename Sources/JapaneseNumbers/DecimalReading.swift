extension JapaneseNumbers {
    /// The reading of a decimal number written with a point: "3.14" is さんてんいちよん.
    ///
    /// ```swift
    /// let pi = try JapaneseNumbers.decimalReading("3.14").get()
    /// pi.kanji      // "三点一四"
    /// pi.hiragana   // "さんてんいちよん"
    /// pi.romaji     // "santen ichiyon"
    /// ```
    ///
    /// The whole part changes before 点 like a counter starting with t
    /// (いってん はってん じゅってん); 0 before the point is れい (れいてんご),
    /// ぜろ accepted. Each digit after the point is read on its own.
    public static func decimalReading(_ text: some StringProtocol) -> Result<Phrase, ParseError> {
        let input = String(text)
        func failure(_ reason: String) -> Result<Phrase, ParseError> { .failure(ParseError(input: input, reason: reason)) }
        var scalars = KanaInput.normalize(input)
        NumberParser.trim(&scalars)
        guard let point = scalars.firstIndex(of: 0x2E) else { return failure("a decimal needs a point, as in 3.14") }
        let fraction = scalars[(point + 1)...]
        guard !fraction.isEmpty, fraction.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return failure("after the point only digits can follow")
        }
        let whole: Int64
        let wholePart = Array(scalars[..<point])
        if wholePart.isEmpty || wholePart == [0x2D] {
            whole = 0
        } else {
            guard wholePart.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2C }) else {
                return failure("before the point only digits can come")
            }
            switch NumberParser.numeral(wholePart) {
            case .success(let n): whole = n
            case .failure(let reason): return failure(reason.text)
            }
        }
        let negative = scalars.first == 0x2D
        var builder = PhraseBuilder()
        let wholeReading = ReadingBuilder.build(whole, counter: pointTable, macrons: false)
        var kanji = wholeReading.kanji
        var forms = [wholeReading.hiragana] + wholeReading.alternatives
        var romaji = wholeReading.romaji
        if negative && whole == 0 {
            kanji = "マイナス" + kanji
            forms = forms.map { "まいなす" + $0 }
            romaji = "mainasu " + romaji
        }
        builder.parts.append(forms)
        builder.kanji = kanji
        builder.romaji = romaji
        var digitRomaji = ""
        for digit in fraction {
            let d = Int(digit - 0x30)
            builder.kanji += NumberTables.digitKanji[d]
            builder.parts.append(d == 0 ? ["ぜろ", "れい"] : [NumberTables.digitKana[d]])
            digitRomaji += Kana.romaji(NumberTables.digitKana[d])
        }
        builder.romaji += " " + digitRomaji
        let writtenWhole = negative && whole == 0 ? "-0" : String(whole)
        return .success(builder.build(written: writtenWhole + "." + KanaInput.string(fraction)))
    }

    /// 点 (てん), the decimal point, read like a counter.
    static let pointTable = CounterTable(CounterSpec(
        name: "点", kana: "てん", meaning: "decimal point",
        digits: [0: ["れいてん", "ぜろてん"], 1: ["いってん"], 8: ["はってん", "はちてん"]],
        ten: [.geminated("てん"), .whole("じってん")],
        hundred: [.plain("てん")]))
}
