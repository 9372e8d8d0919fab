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
