import Testing
import JapaneseNumbers

@Suite struct CalendarTests {
    @Test func clockTimes() throws {
        let t = try ClockTime(hour: 14, minute: 45)
        #expect(t.written == "14:45")
        #expect(t.reading().kanji == "十四時四十五分")
        #expect(t.reading().hiragana == "じゅうよじよんじゅうごふん")
        #expect(t.reading().romaji == "juuyoji yonjuugofun")
        #expect(t.reading(.twelveHour).written == "午後2時45分")
        #expect(t.reading(.twelveHour).hiragana == "ごごにじよんじゅうごふん")
        #expect(try ClockTime(hour: 0).reading(.twelveHour).hiragana == "ごぜんれいじ")
        #expect(try ClockTime(hour: 12, minute: 30).reading().alternatives.contains("じゅうにじはん"))
        #expect(try ClockTime(hour: 19, minute: 30).reading(.twelveHour, half: true).hiragana == "ごごしちじはん")
        #expect(try ClockTime(hour: 1, minute: 1, second: 1).reading().hiragana == "いちじいっぷんいちびょう")
        #expect(throws: CalendarError.self) { try ClockTime(hour: 10, minute: 75) }
    }

    @Test func durations() throws {
        #expect(try TimeSpan(hours: 1, minutes: 30).reading(half: true).hiragana == "いちじかんはん")
        #expect(try TimeSpan(hours: 2, minutes: 30).reading().hiragana == "にじかんさんじゅっぷん")
        #expect(try TimeSpan(hours: 24, minutes: 60 - 1, seconds: 5).reading().hiragana == "にじゅうよじかんごじゅうきゅうふんごびょう")
        #expect(YearSpan(years: 0, half: true).reading().hiragana == "はんとし")
        #expect(YearSpan(years: 1, half: true).reading().hiragana == "いちねんはん")
    }

    @Test func dates() throws {
        let d = try CalendarDate(year: 2017, month: 9, day: 30)
        #expect(d.reading().written == "2017年9月30日")
        #expect(d.reading().kanji == "二千十七年九月三十日")
        #expect(d.reading().hiragana == "にせんじゅうななねんくがつさんじゅうにち")
        #expect(throws: CalendarError.self) { try CalendarDate(year: 2023, month: 2, day: 29) }
        #expect(try CalendarDate(year: 2024, month: 2, day: 29).day == 29)
    }

    @Test func eras() throws {
        #expect(try EraYear(era: .reiwa, year: 1).reading().kanji == "令和元年")
        #expect(try EraYear(era: .reiwa, year: 1).reading().hiragana == "れいわがんねん")
        #expect(try EraYear(era: .showa, year: 64).gregorianYear == 1989)
        #expect(try EraYear(gregorian: 1989) == EraYear(era: .heisei, year: 1))
        #expect(try EraYear(gregorian: 1926) == EraYear(era: .showa, year: 1))
        #expect(try EraYear(gregorian: 2024) == EraYear(era: .reiwa, year: 6))
        #expect(try EraYear(gregorian: 1868).era == .meiji)
        #expect(throws: CalendarError.self) { try EraYear(gregorian: 1867) }
        #expect(throws: CalendarError.self) { try EraYear(era: .heisei, year: 32) }
        for year in Int64(1868)...2100 {
            let eraYear = try EraYear(gregorian: year)
            #expect(eraYear.gregorianYear == year)
        }
    }
}
