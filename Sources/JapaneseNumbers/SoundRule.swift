/// A sound-change rule a reading uses: one thing a learner has to know to say it.
///
/// ```swift
/// JapaneseNumbers.soundRules(of: 300)                          // [.voicing]
/// JapaneseNumbers.soundRules(of: 1, counter: .named("本"))     // [.gemination, .hToP]
/// SoundRule.voicing.title                                       // "voicing after ん"
/// ```
///
/// The rules of numbers and counters come from the same tables the readings are built from
/// (`NumberTables.parts`, a counter's ``CounterSpec``), so a new counter's rules follow from
/// how it is defined; era years and phone numbers name theirs where KazuKit reads them.
public enum SoundRule: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    /// The unit after ん turns voiced: さんびゃく, さんぜん, さんぼん, さんげん, せんぼん.
    case voicing
    /// A digit or unit ends in っ before the next sound: ろっぴゃく, はっせん, いっぽん, いっさい.
    case gemination
    /// h turns p after 1, 6, 8, 10 and 100 (and ん before 分): いっぽん, ろっぴゃく, じゅっぷん.
    case hToP = "h-to-p"
    /// 4, 7 and 9 have two readings, chosen by what follows: よん, よ, し; なな, しち; きゅう, く.
    case fourSevenNine = "4-7-9"
    /// Native Japanese words instead of the Sino-Japanese count: ひとつ, ひとり, ついたち, はつか, はたち.
    case nativeWords = "native"
    /// 万, 億 and 兆 boundaries: いちまん (never bare まん), いっせんまん, いっちょう, はっちょう.
    case largeUnits = "large-units"
    /// The first year of an era is 元年 (がんねん), never 一年.
    case eraFirstYear = "era-first-year"
    /// Phone numbers are read digit by digit, 0 as まる or ぜろ, the dashes as の.
    case phoneDigits = "phone-digits"

    /// A short name shown to a learner.
    public var title: String {
        switch self {
        case .voicing: "voicing after ん (さんびゃく, さんぼん)"
        case .gemination: "small っ (ろっぴゃく, いっぽん)"
        case .hToP: "h to p (いっぽん, じゅっぷん)"
        case .fourSevenNine: "4, 7 and 9 (よん/よ/し, なな/しち, きゅう/く)"
        case .nativeWords: "native words (ひとつ, ついたち, はたち)"
        case .largeUnits: "万/億/兆 (いちまん, いっちょう)"
        case .eraFirstYear: "first year of an era (元年)"
        case .phoneDigits: "phone digits (まる, の)"
        }
    }

    public static func < (a: SoundRule, b: SoundRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension JapaneseNumbers {
    /// The sound-change rules the canonical reading of `n` (with `counter`) uses, in
    /// ``SoundRule`` order; empty for a reading that only strings digits and units together.
    public static func soundRules(of n: Int64, counter: Counter? = nil) -> [SoundRule] {
        SoundRules.rules(of: n, counter: counter?.table)
    }
}

extension Reading {
    /// ``json`` with the reading's rules added as `"rules":["voicing",...]`.
    public func json(rules: [SoundRule]) -> String {
        var line = json
        line.removeLast()
        line += ",\"rules\":["
        line += rules.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        line += "]}"
        return line
    }
}

/// Works out a reading's rules from the elements ``ReadingBuilder`` joins: each 十/百/千
/// element's table entry, each group, and the counter's tail or exact reading.
enum SoundRules {
    static func rules(of n: Int64, counter: CounterTable?) -> [SoundRule] {
        var found = Set<SoundRule>()
        let m = n.magnitude
        if let counter, counter.hasExact(n), let exact = counter.exact[n]?.first {
            classifyExact(exact.hiragana, n: n, counter: counter, into: &found)
            return found.sorted()
        }
        var rest = m
        while rest > 0 {
            if [4, 7, 9].contains(rest % 10) { found.insert(.fourSevenNine) }
            rest /= 10
        }
        if m == 0 { return found.sorted() }
        var lowestGroup = 0
        while (m / ReadingBuilder.groupPower(lowestGroup)) % 10_000 == 0 { lowestGroup += 1 }
        for g in stride(from: 4, through: 0, by: -1) {
            let section = Int((m / ReadingBuilder.groupPower(g)) % 10_000)
            if section == 0 { continue }
            var lastPos = 0
            var tens = section
            while tens % 10 == 0 { tens /= 10; lastPos += 1 }
            if g > 0 && (section == 1 || section == 1000) { found.insert(.largeUnits) }
            for pos in stride(from: 3, through: 0, by: -1) {
                let d = (section / Int(NumberTables.powersOfTen[pos])) % 10
                if d == 0 { continue }
                if pos == lastPos && g == 0, let counter {
                    let tail = pos == 0 ? counter.digitTails[d] : counter.unitTails[pos][d]
                    let plain = NumberTables.chunk(pos: pos, digit: d, follow: .end)[0].hiragana
                    classifyTail(tail[0].hiragana, plain: plain, digit: d, counter: counter, into: &found)
                    // The number's own changes (さんびゃく in さんびゃっぽん) stay where the tail keeps them.
                    if tail[0].hiragana.hasPrefix(String(plain.unicodeScalars.dropLast())) {
                        classifyElement(pos: pos, digit: d, follow: .end, into: &found)
                    }
                } else {
                    let follow: Follow = pos == lastPos ? (g == 0 ? .end : .group(g)) : .inner
                    classifyElement(pos: pos, digit: d, follow: follow, into: &found)
                }
            }
            if g > 0, g == lowestGroup, let counter, let tail = counter.groupTails[g].first {
                classifyTail(tail.hiragana, plain: NumberTables.groupKana[g], digit: nil, counter: counter, into: &found)
            }
        }
        return found.sorted()
    }

    /// The rules of one number element, from its canonical entry in `NumberTables.parts`.
    static func classifyElement(pos: Int, digit d: Int, follow: Follow, into found: inout Set<SoundRule>) {
        let (multiplier, unit) = NumberTables.parts(pos: pos, digit: d, follow: follow)[0]
        let plainMultiplier = pos > 0 && d == 1 ? "" : NumberTables.digitKana[d]
        let largeFollow = follow == .chou || follow == .kei
        if multiplier != plainMultiplier {
            if multiplier.hasSuffix("っ") { found.insert(largeFollow && pos == 0 ? .largeUnits : .gemination) }
        }
        if pos > 0, unit != NumberTables.unitKana[pos] {
            if largeFollow { found.insert(.largeUnits) }
            if let first = unit.unicodeScalars.first, let plainFirst = NumberTables.unitKana[pos].unicodeScalars.first,
               first != plainFirst {
                found.insert(semivoiced.contains(first) ? .hToP : .voicing)
            }
        }
    }

    /// The rules of a counter's tail: the last element with the counter, against the two said apart.
    static func classifyTail(_ canonical: String, plain: String, digit: Int?, counter: CounterTable,
                             into found: inout Set<SoundRule>) {
        if let digit, let exact = counter.exact[Int64(digit)]?.first, exact.hiragana == canonical, digit > 0 {
            found.insert(.nativeWords)
            return
        }
        if canonical == plain + counter.kana { return }
        let counterFirst = counter.kana.unicodeScalars.first
        if canonical.hasPrefix(plain) {
            let first = canonical.unicodeScalars.dropFirst(plain.unicodeScalars.count).first
            if let first, first != counterFirst { found.insert(semivoiced.contains(first) ? .hToP : .voicing) }
            return
        }
        let scalars = Array(canonical.unicodeScalars)
        if let small = scalars.firstIndex(of: "っ") {
            found.insert(.gemination)
            if small + 1 < scalars.count, semivoiced.contains(scalars[small + 1]), counterFirst != scalars[small + 1] {
                found.insert(.hToP)
            }
        } else if let digit, [4, 7, 9].contains(digit) {
            found.insert(.fourSevenNine)
        }
    }

    /// A whole reading from a counter's exact table: a changed Sino-Japanese count (いっかげつ)
    /// or a native word (ひとつ, ついたち, はたち).
    static func classifyExact(_ canonical: String, n: Int64, counter: CounterTable, into found: inout Set<SoundRule>) {
        // A counter whose every number is its own word (つ) counts natively, ななつ too.
        let native = counter.range.upperBound < 64 && counter.range.allSatisfy(counter.hasExact)
        let number = ReadingWriter.kanaString(n, counter: nil, script: .hiragana)
        if canonical == number + counter.kana && !native { return }
        if !native && canonical == String(number.unicodeScalars.dropLast()) + "っ" + counter.kana {
            found.insert(.gemination)
        } else {
            found.insert(.nativeWords)
        }
    }

    static let semivoiced: Set<Unicode.Scalar> = ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"]
}
