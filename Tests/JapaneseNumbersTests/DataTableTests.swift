import Testing
@testable import JapaneseNumbers

/// Every row of Data/*.tsv against the generator and the parser.
///
/// The canonical reading must match exactly; every alternative in the row
/// must be among the generator's alternatives (the generator may accept more:
/// the tables list alternatives for small numbers only); the parser must read
/// the canonical reading, each alternative and the kanji back to the number.
@Suite struct DataTableTests {
    /// Rows of a table, or a recorded note and no rows when the file is missing.
    func rows(_ name: String) -> [DataTable.Row] {
        guard let table = DataTable.load(name) else {
            Issue.record("Data/\(name) is missing; its checks were skipped")
            return []
        }
        #expect(!table.rows.isEmpty, "Data/\(name) has no rows")
        return table.rows
    }

    /// Readings compared in hiragana, so a table may write a loanword such as ゼロ in katakana.
    func hiragana(_ s: String) -> String { Kana.hiragana(s) }

    func check(_ row: DataTable.Row, file: String, counter: Counter?) throws {
        let where_ = "\(file):\(row.line)"
        guard let number = Int64(row["number"]) else {
            Issue.record("\(where_): bad number \(row["number"])")
            return
        }
        let reading = try JapaneseNumbers.reading(of: number, counter: counter)
        let accepted = [reading.hiragana] + reading.alternatives
        #expect(reading.kanji == row["kanji"], "\(where_) kanji")
        let canonical = hiragana(row["hiragana"])
        #expect(reading.hiragana == canonical, "\(where_) canonical")
        for alternative in [canonical] + row.alternatives.map(hiragana) {
            #expect(accepted.contains(alternative), "\(where_) \(alternative) not generated: \(accepted)")
        }
        for text in [row["hiragana"], row["kanji"]] + row.alternatives {
            #expect(JapaneseNumbers.parse(text, counter: counter) == .success(number), "\(where_) parse \(text)")
        }
    }

    @Test func numbers() throws {
        for row in rows("numbers.tsv") { try check(row, file: "numbers.tsv", counter: nil) }
    }

    @Test func counters() throws {
        for row in rows("counters.tsv") {
            guard let counter = Counter.named(row["counter"]) else {
                Issue.record("counters.tsv:\(row.line): unknown counter \(row["counter"])")
                continue
            }
            try check(row, file: "counters.tsv", counter: counter)
        }
    }

    @Test func daysMonthsHours() throws {
        for (file, name) in [("dates.tsv", "日"), ("months.tsv", "月"), ("hours.tsv", "時")] {
            for row in rows(file) { try check(row, file: file, counter: Counter.named(name)) }
        }
    }

    @Test func eras() throws {
        for row in rows("eras.tsv") {
            let where_ = "eras.tsv:\(row.line)"
            guard let era = Era.named(row["era"]), let year = Int64(row["era_year"]),
                  let gregorian = Int64(row["gregorian"]) else {
                Issue.record("\(where_): unreadable row")
                continue
            }
            let eraYear = try EraYear(era: era, year: year)
            #expect(eraYear.gregorianYear == gregorian, "\(where_)")
            let reading = eraYear.reading()
            #expect(reading.kanji == row["kanji"], "\(where_) kanji")
            #expect(reading.hiragana == row["hiragana"], "\(where_) hiragana")
            // Back from the Gregorian year: this era, or the newer one in a year of change.
            let back = try EraYear(gregorian: gregorian)
            #expect(back == eraYear || (back.year == 1 && back.era != era), "\(where_) from \(gregorian)")
        }
    }

    @Test func times() throws {
        for row in rows("times.tsv") {
            let where_ = "times.tsv:\(row.line)"
            guard let phrase = try TimesText.phrase(row["text"]) else {
                Issue.record("\(where_): the test cannot interpret \(row["text"])")
                continue
            }
            #expect(phrase.hiragana == row["hiragana"], "\(where_) canonical")
            for alternative in row.alternatives {
                #expect(phrase.alternatives.contains(alternative), "\(where_) alternative \(alternative) not generated: \(phrase.alternatives)")
            }
        }
    }
}

/// Turns the `text` column of times.tsv into the value it names.
enum TimesText {
    static func numbers(_ s: Substring) -> [Int64] {
        var result: [Int64] = []
        var current: Int64? = nil
        for c in s.unicodeScalars {
            if let d = Int64(String(c)), c.isASCII {
                current = (current ?? 0) * 10 + d
            } else if let n = current {
                result.append(n)
                current = nil
            }
        }
        if let n = current { result.append(n) }
        return result
    }

    static func phrase(_ text: String) throws -> Phrase? {
        let n = numbers(text[...])
        if text.contains(":") {
            return try ClockTime(hour: Int(n[0]), minute: Int(n[1])).reading()
        }
        if text.hasPrefix("午前") || text.hasPrefix("午後") {
            let hour = Int(n[0]) % 12 + (text.hasPrefix("午後") ? 12 : 0)
            if text.hasSuffix("半") { return try ClockTime(hour: hour, minute: 30).reading(.twelveHour, half: true) }
            return try ClockTime(hour: hour, minute: n.count > 1 ? Int(n[1]) : 0).reading(.twelveHour)
        }
        if text == "半年" { return YearSpan(years: 0, half: true).reading() }
        if text.hasSuffix("年半") { return YearSpan(years: n[0], half: true).reading() }
        if text.hasSuffix("時間半") { return try TimeSpan(hours: n[0], minutes: 30).reading(half: true) }
        if text.contains("時間") {
            return try TimeSpan(hours: n[0], minutes: n.count > 1 ? Int(n[1]) : 0, seconds: n.count > 2 ? Int(n[2]) : 0).reading()
        }
        if text.contains("年") && text.contains("月") {
            return try CalendarDate(year: n[0], month: Int(n[1]), day: Int(n[2])).reading()
        }
        if text.contains("時") && (text.contains("分") || text.contains("秒")) {
            return try ClockTime(hour: Int(n[0]), minute: Int(n[1]), second: n.count > 2 ? Int(n[2]) : nil).reading()
        }
        for counter in Counter.all where text.hasSuffix(counter.name) && n.count == 1 {
            let reading = try JapaneseNumbers.reading(of: n[0], counter: counter)
            return Phrase(written: reading.written, kanji: reading.kanji, hiragana: reading.hiragana,
                          katakana: reading.katakana, romaji: reading.romaji, alternatives: reading.alternatives)
        }
        return nil
    }
}
