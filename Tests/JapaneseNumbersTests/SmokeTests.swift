import Testing
@testable import JapaneseNumbers

@Test func smoke() throws {
    for n: Int64 in [0, 4, 14, 40, 321, 3600, 8800, 11000, 12345, 10_000_000, 38_000_000, 1_000_000_000_000, 10_000_000_000_000, 1_000_000_000_000_000_000, Int64.max, Int64.min, -3] {
        let r = try JapaneseNumbers.reading(of: n)
        print(r.json)
    }
    for (n, c) in [(Int64(3), "本"), (300, "本"), (10000, "本"), (20, "歳"), (14, "日"), (1, "日間"), (4, "円"), (3, "羽")] {
        let r = try JapaneseNumbers.reading(of: n, counter: Counter.named(c))
        print(r.tabSeparated, r.alternatives)
    }
    for s in ["さんびゃくにじゅういち", "よんじゅうじゅう", "sambyaku", "nizyuuiti", "nijūichi", "１２,３４５", "3万2千", "二〇二四", "さんひゃく", "いちちょう", "sanoku", "マイナスさん", "9223372036854775808", "-9223372036854775808", "きゅうひゃくにじゅうにけいさんぜんさんびゃくななじゅうにちょうさんひゃくろくじゅうはちおくごせんよんひゃくななじゅうななまんごせんはっぴゃくなな"] {
        print(s, JapaneseNumbers.parse(s))
    }
    for (s, c) in [("さんぼん", "本"), ("さんほん", "本"), ("にじゅういっぽん", "本"), ("sanbon", "本"), ("はたち", "歳"), ("にじゅうさい", "歳"), ("じゅういっこ", "つ"), ("too", "つ"), ("tō", "つ"), ("sanen", "円"), ("yonen", "年"), ("3本", "本"), ("11", "つ"), ("さんびゃっぽん", "本"), ("さんひゃっぽん", "本")] {
        print(s, c, JapaneseNumbers.parse(s, counter: Counter.named(c)))
    }
}
