/// The counters the library knows, as data: each entry says only where it
/// differs from "number, then the counter's kana".
///
/// Notes on the tricky ones:
/// - Counters starting with h (本 匹 杯 分) geminate and turn p after 1 6 8 10
///   100 (いっぽん ろっぽん はっぽん じゅっぽん ひゃっぽん) and voice after ん
///   (さんぼん せんぼん まんぼん); 分 turns p after every ん (さんぷん よんぷん).
/// - Counters starting with k, s, t geminate after 1 8 10 (いっこ はっこ
///   じゅっこ, いってん はってん じってん); k also after 6 and 100 (ろっこ ひゃっこ).
/// - 8 keeps はち as an accepted alternative where speakers still use it
///   (はちこ はちほん はちふん はちさつ); 十 keeps じっ as the alternative of じゅっ.
/// - 4分 is よんぷん; よんふん, widely heard (Radio Kansai's 2021 survey), is accepted.
/// - 4 is よ before 人 円 時 年 (よにん よえん よじ よねん) and し before 月 (しがつ);
///   7 is しち before 時 and 月, 9 is く before 時 and 月 (しちじ くじ くがつ).
/// - 日 as a date and 日 as a count share ふつか ... とおか, はつか and
///   ...よっか, but 1日 is ついたち as a date and いちにち as a count.
enum CounterCatalog {
    static let specs: [CounterSpec] = [
        CounterSpec(
            name: "つ", kana: "つ", meaning: "things (native Japanese numbers, 1 to 10)",
            aliases: ["tsu", "things"], range: 1...10,
            exact: [1: ["ひとつ"], 2: ["ふたつ"], 3: ["みっつ"], 4: ["よっつ"], 5: ["いつつ"],
                    6: ["むっつ"], 7: ["ななつ"], 8: ["やっつ"], 9: ["ここのつ"], 10: ["とお"]],
            exactKanji: [10: "十"], bareWritten: [10]),
        CounterSpec(
            name: "人", kana: "にん", meaning: "people", aliases: ["nin", "people"],
            digits: [4: ["よにん"], 7: ["ななにん", "しちにん"], 9: ["きゅうにん", "くにん"]],
            exact: [1: ["ひとり"], 2: ["ふたり"]]),
        k("個", "こ", meaning: "small objects", aliases: ["ko", "pieces"]),
        h("本", "ほん", "ぼん", "ぽん", meaning: "long thin objects", aliases: ["hon", "bottles"]),
        h("匹", "ひき", "びき", "ぴき", meaning: "small animals", aliases: ["hiki", "animals"]),
        h("杯", "はい", "ばい", "ぱい", meaning: "cups and glasses", aliases: ["hai", "cups"]),
        CounterSpec(name: "枚", kana: "まい", meaning: "flat objects", aliases: ["mai", "sheets"]),
        s("冊", "さつ", meaning: "books", aliases: ["satsu", "books"], eightAlternative: true, hundredGeminates: true),
        k("回", "かい", meaning: "times", aliases: ["kai", "times"]),
        k("階", "かい", voiced: "がい", meaning: "floors", aliases: ["floor", "floors"]),
        CounterSpec(name: "台", kana: "だい", meaning: "machines and vehicles", aliases: ["dai", "machines"]),
        {
            var spec = s("歳", "さい", meaning: "years of age", aliases: ["sai", "age"], eightAlternative: false)
            spec.exact[20] = ["はたち", "にじゅっさい", "にじっさい"]
            return spec
        }(),
        t("頭", "とう", meaning: "large animals", aliases: ["tou", "tō", "head"]),
        CounterSpec(
            name: "羽", kana: "わ", meaning: "birds and rabbits", aliases: ["wa", "birds"],
            // Order as in IMABI's list (most common first): さんわ and はちわ
            // lead, but ろっぱ じゅっぱ ひゃっぱ せんば keep their old sound change.
            digits: [3: ["さんわ", "さんば"], 4: ["よんわ", "よんば"], 6: ["ろっぱ", "ろくわ"], 8: ["はちわ", "はっぱ"]],
            ten: [.geminated("ぱ"), .whole("じっぱ"), .plain("わ")],
            hundred: [.geminated("ぱ"), .plain("わ")],
            thousand: [.plain("ば"), .plain("わ")]),
        s("足", "そく", voiced: "ぞく", meaning: "pairs of footwear", aliases: ["soku", "pairs"], eightAlternative: false),
        k("軒", "けん", voiced: "げん", meaning: "houses and shops", aliases: ["ken", "houses"]),
        CounterSpec(name: "番", kana: "ばん", meaning: "numbers in a sequence", aliases: ["ban", "number"]),
        CounterSpec(name: "円", kana: "えん", meaning: "yen", aliases: ["en", "yen", "¥", "￥"], digits: [4: ["よえん"]]),
        {
            var spec = h("分", "ふん", "ぷん", "ぷん", meaning: "minutes", aliases: ["fun", "pun", "minute", "minutes", "分間"], fourVoiced: true)
            spec.digits[4] = ["よんぷん", "よんふん"]
            spec.digits[7] = ["ななふん", "しちふん"]
            return spec
        }(),
        CounterSpec(name: "秒", kana: "びょう", meaning: "seconds", aliases: ["byou", "byō", "second", "seconds", "秒間"]),
        CounterSpec(
            name: "時", kana: "じ", meaning: "o'clock (hour of the day)", aliases: ["ji", "hour", "o'clock"],
            range: 0...24,
            digits: [0: ["れいじ", "ぜろじ"], 4: ["よじ"], 7: ["しちじ", "ななじ"], 9: ["くじ"]],
            exactKanji: [0: "零時"]),
        CounterSpec(
            name: "時間", kana: "じかん", meaning: "hours (a duration)", aliases: ["jikan", "hours"],
            digits: [4: ["よじかん"], 7: ["ななじかん", "しちじかん"], 9: ["くじかん", "きゅうじかん"]]),
        CounterSpec(
            name: "日", kana: "にち", meaning: "day of the month", aliases: ["nichi", "day", "date"],
            range: 1...31,
            digits: [4: ["よっか"], 7: ["しちにち", "ななにち"], 9: ["くにち", "きゅうにち"]],
            exact: days(suffix: "", first: "ついたち")),
        CounterSpec(
            name: "日間", kana: "にちかん", meaning: "days (a duration)", aliases: ["nichikan", "days"],
            range: 1...Int64.max,
            digits: [4: ["よっかかん"], 7: ["ななにちかん", "しちにちかん"], 9: ["きゅうにちかん", "くにちかん"]],
            exact: days(suffix: "かん", first: "いちにちかん"),
            optionalTail: "かん"),
        s("週間", "しゅうかん", meaning: "weeks", aliases: ["shuukan", "shūkan", "weeks"], eightAlternative: true),
        {
            var spec = k("ヶ月", "かげつ", meaning: "months (a duration)", aliases: ["kagetsu", "months", "か月", "カ月", "ケ月", "ヵ月", "箇月", "ヶ月間", "か月間"])
            spec.exact = [1: ["いっかげつ", "ひとつき"], 2: ["にかげつ", "ふたつき"]]
            return spec
        }(),
        CounterSpec(
            name: "月", kana: "がつ", meaning: "month of the year", aliases: ["gatsu", "month"],
            range: 1...12, digits: [4: ["しがつ"], 7: ["しちがつ"], 9: ["くがつ"]]),
        CounterSpec(
            name: "年", kana: "ねん", meaning: "year (a date)", aliases: ["nen", "year"],
            digits: [4: ["よねん"], 7: ["ななねん", "しちねん"], 9: ["きゅうねん", "くねん"]]),
        CounterSpec(
            name: "年間", kana: "ねんかん", meaning: "years (a duration)", aliases: ["nenkan", "years"],
            digits: [4: ["よねんかん"], 7: ["ななねんかん", "しちねんかん"], 9: ["きゅうねんかん", "くねんかん"]]),
        // Last in the list, and in no topic: frames for scores and temperatures use them as units.
        {
            var spec = t("点", "てん", meaning: "points (a score)", aliases: ["points", "score"])
            spec.digits[7] = ["ななてん", "しちてん"]
            return spec
        }(),
        CounterSpec(name: "度", kana: "ど", meaning: "degrees (a temperature)", aliases: ["do", "degrees"],
                    digits: [7: ["ななど", "しちど"]]),
    ]

    /// ふつか ... とおか and はつか, shared by the date and the duration.
    static func days(suffix: String, first: String) -> [Int64: [String]] {
        let native: [Int64: [String]] = [
            2: ["ふつか"], 3: ["みっか"], 4: ["よっか"], 5: ["いつか"], 6: ["むいか"],
            7: ["なのか", "なぬか"], 8: ["ようか"], 9: ["ここのか"], 10: ["とおか"], 20: ["はつか"],
        ]
        var result = native.mapValues { $0.map { $0 + suffix } }
        result[1] = [first]
        return result
    }

    /// A counter starting with h: いっぽん さんぼん ろっぽん はっぽん じゅっぽん ひゃっぽん せんぼん まんぼん.
    static func h(_ name: String, _ plain: String, _ voiced: String, _ semivoiced: String,
                  meaning: String, aliases: [String], fourVoiced: Bool = false) -> CounterSpec {
        var digits: [Int: [String]] = [
            1: ["いっ" + semivoiced], 3: ["さん" + voiced], 6: ["ろっ" + semivoiced],
            8: ["はっ" + semivoiced, "はち" + plain],
        ]
        if fourVoiced { digits[4] = ["よん" + voiced] }
        return CounterSpec(
            name: name, kana: plain, meaning: meaning, aliases: aliases, digits: digits,
            ten: [.geminated(semivoiced), .whole("じっ" + semivoiced)],
            hundred: [.geminated(semivoiced)],
            thousand: [.plain(voiced)],
            groups: [1: [.plain(voiced)]])
    }

    /// A counter starting with k: いっこ ろっこ はっこ じゅっこ ひゃっこ (and さんがい where voiced).
    static func k(_ name: String, _ plain: String, voiced: String? = nil,
                  meaning: String, aliases: [String]) -> CounterSpec {
        var digits: [Int: [String]] = [
            1: ["いっ" + plain], 6: ["ろっ" + plain], 8: ["はっ" + plain, "はち" + plain],
        ]
        if let voiced { digits[3] = ["さん" + voiced, "さん" + plain] }
        return CounterSpec(
            name: name, kana: plain, meaning: meaning, aliases: aliases, digits: digits,
            ten: [.geminated(plain), .whole("じっ" + plain)],
            hundred: [.geminated(plain)])
    }

    /// A counter starting with s: いっさつ はっさつ じゅっさつ (and さんぞく where voiced).
    static func s(_ name: String, _ plain: String, voiced: String? = nil,
                  meaning: String, aliases: [String], eightAlternative: Bool,
                  hundredGeminates: Bool = false) -> CounterSpec {
        var digits: [Int: [String]] = [
            1: ["いっ" + plain], 8: eightAlternative ? ["はっ" + plain, "はち" + plain] : ["はっ" + plain],
        ]
        if let voiced { digits[3] = ["さん" + voiced] }
        return CounterSpec(
            name: name, kana: plain, meaning: meaning, aliases: aliases, digits: digits,
            ten: [.geminated(plain), .whole("じっ" + plain)],
            hundred: hundredGeminates ? [.plain(plain), .geminated(plain)] : nil,
            thousand: voiced.map { [.plain($0)] })
    }

    /// A counter starting with t: いっとう はっとう じゅっとう.
    static func t(_ name: String, _ plain: String, meaning: String, aliases: [String]) -> CounterSpec {
        CounterSpec(
            name: name, kana: plain, meaning: meaning, aliases: aliases,
            digits: [1: ["いっ" + plain], 8: ["はっ" + plain, "はち" + plain]],
            ten: [.geminated(plain), .whole("じっ" + plain)])
    }
}
