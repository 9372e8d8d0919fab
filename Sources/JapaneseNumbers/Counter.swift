import Synchronization

/// A Japanese counter word (本, 人, 日 ...) and how numbers change in front of it.
///
/// Counters are named by how they are written after the number. Where one
/// written form has two uses, each use has its own name: `日` is a day of the
/// month and `日間` a number of days, `月` a month name and `ヶ月` a number of
/// months, `時` a clock hour and `時間` a number of hours, `年` a year and
/// `年間` a number of years.
///
/// ```swift
/// let hon = Counter.named("本")!            // also Counter.named("hon")
/// try JapaneseNumbers.reading(of: 300, counter: hon).hiragana   // "さんびゃっぽん"
/// ```
///
/// The sound change depends on the last element of the number only: 11本 is
/// じゅういっぽん like 1本, 100本 ひゃっぽん, 1000本 せんぼん, 10000本 いちまんぼん.
public struct Counter: Sendable, Hashable, CustomStringConvertible {
    /// The name used on the command line and in data: the written form, as in "本" or "ヶ月".
    public var name: String { entry.spec.name }
    /// The counter's own reading in hiragana, before any sound change ("ほん").
    public var kana: String { entry.spec.kana }
    /// Hepburn romaji of ``kana`` ("hon"); also accepted by ``named(_:)``.
    public var romaji: String { entry.romaji }
    /// What the counter counts, in English ("long thin objects").
    public var meaning: String { entry.spec.meaning }
    /// The numbers the counter can read; outside it `reading(of:counter:)` throws.
    public var validRange: ClosedRange<Int64> { entry.spec.range }
    /// Whether `n` of this counter is written as the bare number: とお, 10 of つ, is 10.
    public func isWrittenBare(_ n: Int64) -> Bool { entry.spec.bareWritten.contains(n) }

    /// The counter's readings in every script, built the first time one is needed.
    var table: CounterTable { entry.table }

    /// A counter is one reference to its entry in ``entries``, cheap to pass around.
    let entry: CounterEntry

    /// One entry per counter of ``CounterCatalog``, held for the life of the process.
    static let entries: [CounterEntry] = CounterCatalog.specs.map(CounterEntry.init)

    /// Every counter the library knows, in the order of ``CounterCatalog``. No counter's
    /// readings are built until it reads a number, so a launch builds only those it uses.
    public static let all: [Counter] = entries.map { Counter(entry: $0) }

    /// Every counter's name (`つ 人 個 本 …`), in the order of ``all``.
    public static let names: [String] = CounterCatalog.specs.map(\.name)

    /// The counter with this written name ("本", "か月"), romaji ("hon") or English alias ("yen").
    public static func named(_ name: String) -> Counter? {
        byName[name] ?? byName[name.lowercased()]
    }

    private static let byName: [String: Counter] = {
        var map: [String: Counter] = [:]
        for counter in all {
            for key in [counter.name] + counter.entry.spec.aliases where map[key] == nil {
                map[key] = counter
            }
        }
        for counter in all where map[counter.romaji] == nil {
            map[counter.romaji] = counter
        }
        return map
    }()

    public var description: String { name }

    public static func == (a: Counter, b: Counter) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A counter as the catalogue writes it, and its table once built: building every
/// counter's readings took a few milliseconds of every launch.
final class CounterEntry: Sendable {
    let spec: CounterSpec
    let romaji: String
    // Published with an atomic, not built under a lock: threads that ask at once may each
    // build one, and all of them get the first stored. ThreadSanitizer sees this handoff;
    // it does not see the kernel's handoff of a contended `Mutex`.
    private let built = AtomicLazyReference<CounterTable>()

    init(_ spec: CounterSpec) {
        self.spec = spec
        romaji = Kana.romaji(spec.kana)
    }

    var table: CounterTable {
        built.load() ?? built.storeIfNil(CounterTable(spec))
    }
}

/// How a counter changes the number element in front of it.
enum UnitTail: Sendable {
    /// The unit as it is, then this counter spelling: せん + ぼん.
    case plain(String)
    /// The unit's last kana becomes っ, then this spelling: ひゃく -> ひゃっ + ぽん.
    case geminated(String)
    /// The unit is replaced by this: じゅう -> じっぽん.
    case whole(String)

    func apply(to unit: String) -> String {
        switch self {
        case .plain(let s): return unit + s
        case .geminated(let s): return String(unit.unicodeScalars.dropLast()) + "っ" + s
        case .whole(let s): return s
        }
    }
}

/// One counter as written down in ``CounterCatalog``: only what differs from the default.
struct CounterSpec: Sendable {
    var name: String
    /// Written after the number's kanji ("本"); `nil` means the same as `name`.
    var kanji: String?
    var kana: String
    var meaning: String
    var aliases: [String] = []
    var range: ClosedRange<Int64> = 0...Int64.max
    /// Whole readings of a bare last digit, canonical first, e.g. 1: ["いっぽん"].
    var digits: [Int: [String]] = [:]
    var ten: [UnitTail]? = nil
    var hundred: [UnitTail]? = nil
    var thousand: [UnitTail]? = nil
    /// By group: 1 万, 2 億, 3 兆, 4 京.
    var groups: [Int: [UnitTail]] = [:]
    /// Readings of whole numbers that follow no rule (ひとつ, ついたち, はたち).
    var exact: [Int64: [String]] = [:]
    var exactKanji: [Int64: String] = [:]
    /// Numbers whose word has no counter in it, written as the bare number: とお, 10 of つ,
    /// is written 10 (十), never 10つ.
    var bareWritten: Set<Int64> = []
    /// A tail that may be left off (間 of 日間): readings without it are accepted too.
    var optionalTail: String? = nil
}

/// A counter's readings, precomputed: every element it can follow, in every script.
final class CounterTable: Sendable {
    let name: String
    let kanji: String
    let kanjiUTF8: [UInt8]
    let kana: String
    let aliases: [String]
    let range: ClosedRange<Int64>
    /// Index 0...9: a bare last digit with the counter.
    let digitTails: [[Piece]]
    /// `[pos][digit]`, pos 1...3: a last 十/百/千 element with its multiplier and the counter.
    let unitTails: [[[Piece]]]
    /// Index 1...4: a last 万/億/兆/京 with the counter.
    let groupTails: [[Piece]]
    let exact: [Int64: [Piece]]
    let exactKanji: [Int64: String]
    let exactKanjiUTF8: [Int64: [UInt8]]
    /// Written without the counter: see `CounterSpec.bareWritten`.
    let bareWritten: Set<Int64>
    let nameUTF8: [UInt8]
    /// For the parser: hiragana (and its romaji-folded form) -> number, for `exact`.
    let exactLookup: [[UInt32]: Int64]
    /// For the parser: every accepted tail, longest first.
    let tails: [(scalars: [UInt32], element: FinalElement)]
    /// For the parser's diagnosis of a wrong sound change: the counter spelled
    /// with every voicing, longest first (ほん ぼん ぽん).
    let spellings: [[UInt32]]

    /// The canonical pieces as bytes for ``ReadingWriter``, one pool per script (see
    /// ``CounterPieces``), and for kanji: entry 0 the counter's kanji, 1 + n the exact kanji of n.
    let hiraganaPool: BytePool
    let katakanaPool: BytePool
    let romajiPool: BytePool
    let romajiMacronsPool: BytePool
    let kanjiPool: BytePool
    /// Bit n: `exact` (or `exactKanji`) has n, for n in 0..<64.
    let exactMask: UInt64
    let exactKanjiMask: UInt64
    /// `exact` or `exactKanji` has a number outside 0..<64: look those up in the dictionaries.
    let hasOtherExact: Bool

    init(_ spec: CounterSpec) {
        name = spec.name
        kanji = spec.kanji ?? spec.name
        kanjiUTF8 = Array(kanji.utf8)
        kana = spec.kana
        aliases = spec.aliases
        range = spec.range
        let optional = spec.optionalTail
        func withOptional(_ forms: [String]) -> [Piece] {
            var all = forms
            if let optional {
                for form in forms where form.hasSuffix(optional) {
                    let short = String(form.unicodeScalars.dropLast(optional.unicodeScalars.count))
                    if !all.contains(short) { all.append(short) }
                }
            }
            var unique: [String] = []
            for form in all where !unique.contains(form) { unique.append(form) }
            return unique.map(Piece.init)
        }
        let suffix = spec.kana
        digitTails = (0...9).map { d in
            if let forms = spec.digits[d] { return withOptional(forms) }
            switch d {
            case 0: return withOptional(["ぜろ" + suffix, "れい" + suffix])
            default: return withOptional([NumberTables.digitKana[d] + suffix])
            }
        }
        unitTails = (0...3).map { pos in
            (0...9).map { d in
                guard pos > 0, d > 0 else { return [] }
                let rule = [spec.ten, spec.hundred, spec.thousand][pos - 1] ?? [.plain(suffix)]
                var forms: [String] = []
                for (multiplier, unit) in NumberTables.parts(pos: pos, digit: d, follow: .end) {
                    for tail in rule { forms.append(multiplier + tail.apply(to: unit)) }
                }
                return withOptional(forms)
            }
        }
        groupTails = (0...4).map { g in
            guard g > 0 else { return [] }
            let rule = spec.groups[g] ?? [.plain(suffix)]
            return withOptional(rule.map { $0.apply(to: NumberTables.groupKana[g]) })
        }
        exact = spec.exact.mapValues(withOptional)
        exactKanji = spec.exactKanji
        exactKanjiUTF8 = spec.exactKanji.mapValues { Array($0.utf8) }
        bareWritten = spec.bareWritten
        nameUTF8 = Array(spec.name.utf8)

        var lookup: [[UInt32]: Int64] = [:]
        for (n, pieces) in exact {
            for piece in pieces {
                lookup[piece.scalars] = n
                lookup[KanaInput.foldLongO(piece.scalars)] = n
            }
        }
        exactLookup = lookup

        var tails: [(scalars: [UInt32], element: FinalElement)] = []
        for d in 0...9 { for p in digitTails[d] { tails.append((p.scalars, .ones(d))) } }
        for pos in 1...3 { for d in 1...9 { for p in unitTails[pos][d] { tails.append((p.scalars, .unit(pos: pos, digit: d))) } } }
        for g in 1...4 { for p in groupTails[g] { tails.append((p.scalars, .group(g))) } }
        tails.sort { $0.scalars.count > $1.scalars.count }
        self.tails = tails

        var spellings: Set<[UInt32]> = []
        let base = Array(suffix.unicodeScalars.map(\.value))
        if let first = base.first {
            for variant in KanaInput.voicings(of: first) {
                spellings.insert([variant] + base.dropFirst())
            }
        }
        self.spellings = spellings.sorted { $0.count > $1.count }

        let (digitTails, unitTails, groupTails, exact) = (digitTails, unitTails, groupTails, exact)
        let pool = { (script: Script) in
            CounterPieces.build(script, digitTails: digitTails, unitTails: unitTails, groupTails: groupTails, exact: exact)
        }
        hiraganaPool = pool(.hiragana)
        katakanaPool = pool(.katakana)
        romajiPool = pool(.romaji)
        romajiMacronsPool = pool(.romajiMacrons)
        var kanjiStrings: [(bytes: [UInt8], geminates: Bool)] = [(kanjiUTF8, false)]
        for n in 0..<64 { kanjiStrings.append((exactKanjiUTF8[Int64(n)] ?? [], false)) }
        kanjiStrings.append((nameUTF8, false))
        kanjiPool = BytePool(kanjiStrings)
        var mask: UInt64 = 0, kanjiMask: UInt64 = 0
        var other = false
        for n in exact.keys { if (0..<64).contains(n) { mask |= 1 << UInt64(n) } else { other = true } }
        for n in exactKanji.keys { if (0..<64).contains(n) { kanjiMask |= 1 << UInt64(n) } else { other = true } }
        exactMask = mask
        exactKanjiMask = kanjiMask
        hasOtherExact = other
    }

    @inline(__always)
    func pool(_ script: Script) -> BytePool {
        switch script {
        case .hiragana: return hiraganaPool
        case .katakana: return katakanaPool
        case .romaji: return romajiPool
        case .romajiMacrons: return romajiMacronsPool
        }
    }

    /// Whether `n` has an exact reading (ひとつ, ついたち), without hashing for small n.
    @inline(__always)
    func hasExact(_ n: Int64) -> Bool {
        if n >= 0 && n < 64 { return exactMask & (1 << UInt64(n)) != 0 }
        return hasOtherExact && exact[n] != nil
    }
}
