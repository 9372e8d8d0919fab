/// What follows an element of a number; it decides the element's sound changes.
///
/// `inner`: another element of the same 4-digit section follows (三百 in 三百二十).
/// `end`: nothing follows. `man`...`kei`: the section's group unit follows
/// (the 一 of 一兆 is いっ because 兆 follows it).
enum Follow: Int, CaseIterable {
    case inner = 0, end, man, oku, chou, kei

    /// The follow value for the group unit with index `group` (1 = 万 ... 4 = 京).
    static func group(_ group: Int) -> Follow { Follow(rawValue: group + 1)! }
}

/// The readings of digits and units, and the rule of how they change when they meet.
///
/// Canonical choices (the first form of each list is the canonical reading;
/// the rest are what a teacher accepts):
/// - 0 is ぜろ (katakana ゼロ), also れい. ゼロ is what people say when counting
///   and reading figures aloud; れい is the formal and clock reading (零時).
/// - 4 is よん, 7 is なな, 9 is きゅう: the readings that cannot be misheard
///   (し sounds like 死, しち like いち, く like 苦) and that every modern source
///   puts first. し, しち and く are accepted only where natives say them for a
///   plain number: as the last digit (じゅうし, じゅうしち, じゅうく) and in
///   しじゅう / しちじゅう. Nobody says しひゃく or くせん, so they are refused.
/// - 十 before 兆 and 京, and before counters that geminate, is じゅっ (the
///   reading NHK has recommended since 2010), also じっ (the older, still
///   taught one).
/// - 一千 is せん; いっせん is accepted too, wherever 一千 stands (いっせん,
///   いっせんごひゃく, いっせんえん, いっせんまん): the formal reading of 一千
///   (金一千円 on a cheque), also said for clarity before 万.
/// - Sound changes inside a number have no alternatives: さんびゃく ろっぴゃく
///   はっぴゃく さんぜん はっせん.
/// - Before 兆 and 京 the sound change is canonical (いっちょう はっちょう
///   じゅっちょう いっけい ろっけい はっけい じゅっけい ひゃっけい), and the
///   unchanged form is accepted after any number (はちちょう, はちじゅうはちちょう,
///   さんじゅうちょう, ろくけい, じゅうけい, ひゃくけい): many speakers say them so, and
///   the widely used converter num2words writes them so for every number but a lone digit.
enum NumberTables {
    static let digitKana = ["ぜろ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]
    static let digitKanji = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    /// Indexed by position: 0 ones, 1 十, 2 百, 3 千.
    static let unitKanji = ["", "十", "百", "千"]
    static let unitKana = ["", "じゅう", "ひゃく", "せん"]
    /// Indexed by group: 1 万, 2 億, 3 兆, 4 京.
    static let groupKanji = ["", "万", "億", "兆", "京"]
    static let groupKana = ["", "まん", "おく", "ちょう", "けい"]

    /// The (multiplier, unit) spellings of one element, canonical first.
    ///
    /// `pos` is 0 for a bare digit, 1 十, 2 百, 3 千; `digit` 1...9 is the
    /// multiplier (or the digit itself at pos 0).
    static func parts(pos: Int, digit d: Int, follow: Follow) -> [(String, String)] {
        let plain = digitKana[d]
        switch pos {
        case 0:
            switch follow {
            case .inner, .end:
                switch d {
                case 4: return [("よん", ""), ("し", "")]
                case 7: return [("なな", ""), ("しち", "")]
                case 9: return [("きゅう", ""), ("く", "")]
                default: return [(plain, "")]
                }
            case .man, .oku:
                return [(plain, "")]
            case .chou:
                switch d {
                case 1: return [("いっ", ""), (plain, "")]
                case 8: return [("はっ", ""), (plain, "")]
                default: return [(plain, "")]
                }
            case .kei:
                switch d {
                case 1: return [("いっ", ""), (plain, "")]
                case 6: return [("ろっ", ""), (plain, "")]
                case 8: return [("はっ", ""), (plain, "")]
                default: return [(plain, "")]
                }
            }
        case 1:
            let multipliers: [String]
            switch d {
            case 1: multipliers = [""]
            case 4: multipliers = ["よん", "し"]
            case 7: multipliers = ["なな", "しち"]
            default: multipliers = [plain]
            }
            let units = (follow == .chou || follow == .kei) ? ["じゅっ", "じっ", "じゅう"] : ["じゅう"]
            var result: [(String, String)] = []
            for m in multipliers { for u in units { result.append((m, u)) } }
            return result
        case 2:
            var pair: (String, String)
            switch d {
            case 1: pair = ("", "ひゃく")
            case 3: pair = ("さん", "びゃく")
            case 6: pair = ("ろっ", "ぴゃく")
            case 8: pair = ("はっ", "ぴゃく")
            default: pair = (plain, "ひゃく")
            }
            if follow == .kei {
                let unchanged = pair
                pair.1 = String(pair.1.unicodeScalars.dropLast()) + "っ"
                return [pair, unchanged]
            }
            return [pair]
        default:
            switch d {
            case 1: return [("", "せん"), ("いっ", "せん")]
            case 3: return [("さん", "ぜん")]
            case 8: return [("はっ", "せん")]
            default: return [(plain, "せん")]
            }
        }
    }

    /// Every element, ready to append, at `chunkIndex(pos:digit:follow:)`.
    static let chunks: [[Piece]] = {
        var table: [[Piece]] = []
        for pos in 0...3 {
            for d in 0...9 {
                for follow in Follow.allCases {
                    table.append(d == 0 ? [] : parts(pos: pos, digit: d, follow: follow).map { Piece($0.0 + $0.1) })
                }
            }
        }
        return table
    }()

    @inline(__always)
    static func chunkIndex(pos: Int, digit: Int, follow: Follow) -> Int {
        (pos * 10 + digit) * 6 + follow.rawValue
    }

    static func chunk(pos: Int, digit: Int, follow: Follow) -> [Piece] {
        chunks[chunkIndex(pos: pos, digit: digit, follow: follow)]
    }

    /// UTF-8 of each kanji digit and unit (every one is three bytes).
    static let digitKanjiUTF8: [[UInt8]] = digitKanji.map { Array($0.utf8) }
    static let unitKanjiUTF8: [[UInt8]] = unitKanji.map { Array($0.utf8) }
    static let groupKanjiUTF8: [[UInt8]] = groupKanji.map { Array($0.utf8) }
    static let minusKanjiUTF8: [UInt8] = Array("マイナス".utf8)
    static let zeroBeforeCounterUTF8: [UInt8] = Array("零".utf8)

    static let groupPieces: [[Piece]] = groupKana.map { [Piece($0)] }
    static let zero: [Piece] = [Piece("ぜろ"), Piece("れい")]
    static let minus: [Piece] = [Piece("まいなす")]

    /// 10^0 ... 10^3 and 10000^0 ... 10000^4.
    static let powersOfTen: [UInt64] = [1, 10, 100, 1000]
    static let groupPowers: [UInt64] = [1, 10_000, 100_000_000, 1_000_000_000_000, 10_000_000_000_000_000]
}
