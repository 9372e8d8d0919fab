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
