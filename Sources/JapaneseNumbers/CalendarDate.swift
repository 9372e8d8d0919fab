/// A date of the Gregorian calendar, read 年 月 日: 2017年9月30日.
///
/// ```swift
/// let d = try CalendarDate(year: 2024, month: 4, day: 1)
/// d.reading().hiragana   // "にせんにじゅうよねんしがつついたち"
/// ```
public struct CalendarDate: Sendable, Hashable {
    public var year: Int64
    public var month: Int
    public var day: Int

    public init(year: Int64, month: Int, day: Int) throws(CalendarError) {
        guard year >= 1 else { throw CalendarError("year must be 1 or later") }
        guard (1...12).contains(month) else { throw CalendarError("month", Int64(month), 1...12) }
        let last = CalendarDate.daysIn(month: month, year: year)
        guard (1...last).contains(day) else { throw CalendarError("day", Int64(day), 1...Int64(last)) }
        self.year = year
        self.month = month
        self.day = day
    }

    static func daysIn(month: Int, year: Int64) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public func reading() -> Phrase {
        var builder = PhraseBuilder()
        builder.add(counted(year, "年"))
        builder.add(counted(Int64(month), "月"))
        builder.add(counted(Int64(day), "日"))
        return builder.build()
    }
}

/// A Japanese era (元号) since the Meiji restoration.
public enum Era: String, CaseIterable, Sendable, Hashable {
    case meiji, taisho, showa, heisei, reiwa

    public var kanji: String { ["明治", "大正", "昭和", "平成", "令和"][index] }
    public var kana: String { ["めいじ", "たいしょう", "しょうわ", "へいせい", "れいわ"][index] }
    /// The Gregorian year of 元年, the era's first year.
    public var firstYear: Int64 { [1868, 1912, 1926, 1989, 2019][index] }
    /// The era's last year counted in it (明治45, 大正15, 昭和64, 平成31); `nil` for the current era.
    public var lastEraYear: Int64? { [45, 15, 64, 31, nil][index] }

    private var index: Int { Era.allCases.firstIndex(of: self)! }

    /// The era written in kanji ("令和"), kana, or romaji ("reiwa").
    public static func named(_ name: String) -> Era? {
        allCases.first { $0.kanji == name || $0.kana == name || $0.rawValue == name.lowercased() }
    }
}

/// A year counted in a Japanese era, convertible to and from the Gregorian year.
///
/// ```swift
/// let y = try EraYear(era: .reiwa, year: 1)
/// y.reading().kanji      // "令和元年"
/// y.gregorianYear        // 2019
/// try EraYear(gregorian: 1989).reading().hiragana   // "へいせいがんねん" (the newer era wins)
/// ```
public struct EraYear: Sendable, Hashable {
    public var era: Era
    public var year: Int64

    public init(era: Era, year: Int64) throws(CalendarError) {
        let last = era.lastEraYear ?? (Int64.max - era.firstYear)
        guard (1...last).contains(year) else { throw CalendarError("\(era.kanji) year", year, 1...last) }
        self.era = era
        self.year = year
    }

    /// The era year of a Gregorian year; in a year when the era changed, the new era.
    public init(gregorian: Int64) throws(CalendarError) {
        guard let era = Era.allCases.last(where: { $0.firstYear <= gregorian }) else {
            throw CalendarError("years before 1868 (明治元年) have no era here; \(gregorian) is out of range")
        }
        try self.init(era: era, year: gregorian - era.firstYear + 1)
    }

    public var gregorianYear: Int64 { era.firstYear + year - 1 }

    /// 令和元年 (れいわがんねん), 令和6年 (れいわろくねん).
    public func reading() -> Phrase {
        var builder = PhraseBuilder()
        builder.add(kana: era.kana, kanji: era.kanji)
        if year == 1 {
            builder.add(kana: "がんねん", kanji: "元年")
            return builder.build()
        }
        builder.add(counted(year, "年"))
        return builder.build()
    }
}
