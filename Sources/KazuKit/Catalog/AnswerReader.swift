import JapaneseNumbers

/// Reads answers typed in numerals the way people write them: full-width digits, `14:45`
/// and `1445`, `2017-09-30` and `2017/9/30`, `1:30` and `90`, leading zeros. Each reader
/// returns nil for text it cannot read, so the question can say what to type.
///
/// ```swift
/// AnswerReader.clockTime("１４：４５")   // (14, 45)
/// AnswerReader.date("2017/9/30")       // [2017, 9, 30]
/// ```
enum AnswerReader {
    /// Full-width ASCII and the ideographic space folded to ASCII, surrounding spaces trimmed.
    static func normalized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            case 0x3000: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        return String(scalars).trimmingSpaces
    }

    /// `normalized`, and without a plus sign before a digit: a count or a time typed "+3" (or
    /// "+ 3") is 3, as the number parser takes "+8" and "+ 8". (Dates and phone numbers take no
    /// sign.)
    static func unsigned(_ text: String) -> String {
        let text = normalized(text)
        guard text.hasPrefix("+") else { return text }
        let rest = text.dropFirst().trimmingSpaces
        guard let next = rest.first, next.isASCII && next.isNumber else { return text }
        return rest
    }

    /// Digits only, leading zeros allowed: "05" is 5; a plus before them is taken.
    static func wholeNumber(_ text: String) -> Int64? {
        plainDigits(unsigned(text))
    }

    /// Digits and nothing else, not even a plus: a part of an answer whose sign was read
    /// before it was taken apart ("+1.5" is 1.5; "1.+5" is not a number).
    private static func plainDigits<S: StringProtocol>(_ text: S) -> Int64? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }

    /// A time of day as typed, and the half of the day it names, if any: 午後2:45 is 14:45
    /// and names the afternoon; 2:45 names neither.
    struct TypedClockTime: Equatable {
        var hour: Int
        var minute: Int
        /// true for 午後, pm, ごご, gogo; false for 午前, am, ごぜん, gozen; nil when none is typed.
        var afternoon: Bool?
    }

    /// The words that name a half of the day, before or after the time, lowercased: 午前 and
    /// 午後 in kanji, kana and romaji, and am and pm with or without dots.
    static let halfOfDayMarkers: [(marker: String, afternoon: Bool)] = [
        ("午前", false), ("午後", true), ("ごぜん", false), ("ごご", true), ("ゴゼン", false), ("ゴゴ", true),
        ("gozen", false), ("gogo", true), ("a.m.", false), ("p.m.", true), ("a.m", false), ("p.m", true),
        ("am", false), ("pm", true),
    ]

    /// 14:45, 14時45分, 14時半, 1445, 945, 14, 午後2:45 (read as 14:45), 2:45pm; nil when it is
    /// not a time, or names a half of the day twice.
    static func clockTime(_ text: String) -> (hour: Int, minute: Int)? {
        guard case let .success(time) = typedClockTime(text) else { return nil }
        return (time.hour, time.minute)
    }

    /// A text that is not an answer of the kind asked, and what to type instead when the
    /// reader knows better than the question's general advice.
    struct Unreadable: Error {
        var reason: String?
    }

    /// `clockTime`, with the half of the day the text names. 午前12時 and 午後12時 are read
    /// two ways in Japanese (noon or midnight), so they are asked about, not read; 12am is
    /// midnight and 12pm noon, as in English.
    static func typedClockTime(_ text: String) -> Result<TypedClockTime, Unreadable> {
        var text = unsigned(text).lowercased()
        var afternoon: Bool?
        var japaneseMarker = false
        for (marker, isAfternoon) in halfOfDayMarkers {
            for atStart in [true, false] where atStart ? text.hasPrefix(marker) : text.hasSuffix(marker) {
                guard afternoon == nil else { return .failure(Unreadable(reason: "name the half of the day once, as in 午後2:45 or 2:45pm")) }
                afternoon = isAfternoon
                japaneseMarker = !marker.allSatisfy(\.isASCII)
                text = String(atStart ? text.dropFirst(marker.count) : text.dropLast(marker.count)).trimmingSpaces
            }
        }
        // 2時半 is 2:30, as the half hour is said and written.
        text = text.replacingEvery("時半", with: ":30").replacingEvery("時", with: ":").replacingEvery("分", with: "")
        var hour: Int, minute: Int
        if text.contains(":") || text.contains(".") {
            let parts = text.split(separator: text.contains(":") ? ":" : ".", omittingEmptySubsequences: false)
            guard parts.count == 2 || (parts.count == 3 && parts[2].isEmpty),
                  let h = digits(parts[0], maxCount: 2) else { return .failure(Unreadable()) }
            hour = h
            minute = parts[1].isEmpty ? 0 : (digits(parts[1], exactCount: 2) ?? -1)
        } else {
            guard let all = digits(Substring(text), maxCount: 4) else { return .failure(Unreadable()) }
            if text.count <= 2 { (hour, minute) = (all, 0) } else { (hour, minute) = (all / 100, all % 100) }
        }
        if let afternoon {
            if japaneseMarker && hour == 12 {
                return .failure(Unreadable(reason: "午前12時 and 午後12時 are read as noon by some and midnight by others; type 午前0時 (midnight) or 午後0時 (noon), or 0:00 or 12:00"))
            }
            guard (0...12).contains(hour) else { return .failure(Unreadable(reason: "after 午前 or 午後 (am, pm) the hour is 0 to 12; type 2:45pm or 14:45")) }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        guard (0...24).contains(hour), (0...59).contains(minute) else { return .failure(Unreadable()) }
        return .success(TypedClockTime(hour: hour, minute: minute, afternoon: afternoon))
    }

    /// 2017-09-30, 2017/9/30, 2017.9.30, 2017年9月30日, 20170930: [year, month, day].
    static func date(_ text: String) -> [Int64]? {
        let text = normalized(text).replacingEvery("年", with: "-").replacingEvery("月", with: "-").replacingEvery("日", with: "")
        if text.count == 8, let all = Int64(text), text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return checkedDate([all / 10_000, all / 100 % 100, all % 100])
        }
        let parts = text.split(whereSeparator: { "-‐‑‒–—―−/. ".contains($0) })
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        return checkedDate(parts.compactMap { Int64($0) })
    }

    /// [year, month, day] when it is a day of the calendar.
    private static func checkedDate(_ parts: [Int64]) -> [Int64]? {
        guard parts.count == 3, Kind.isDate(parts[0], parts[1], parts[2]) else { return nil }
        return parts
    }

    /// A date, then a time: 2017-09-30 14:45, 2017/9/30 14時45分, 2017-09-30 2:45 pm.
    static func dateTime(_ text: String) -> [Int64]? {
        let text = normalized(text).replacingEvery("日", with: "日 ").replacingEvery("T", with: " ")
        // The time may hold a space of its own: 2:45 pm.
        let words = text.split(separator: " ", maxSplits: 1)
        guard words.count == 2, let day = date(String(words[0])), let time = clockTime(String(words[1])) else { return nil }
        return day + [Int64(time.hour), Int64(time.minute)]
    }

    /// A length of time: 1:30, 1:05:30, 1時間30分, 1時間半, 2時間5分10秒: [hours, minutes, seconds].
    static func span(_ text: String) -> [Int64]? {
        let text = unsigned(text)
        if text.hasSuffix("時間半") {
            guard let hours = plainDigits(text.dropLast(3).trimmingSpaces) else { return nil }
            return [hours, 30, 0]
        }
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), let hours = digits(parts[0], maxCount: 3) else { return nil }
            let rest = parts.dropFirst().map { digits($0, exactCount: 2) }
            guard rest.allSatisfy({ $0 != nil }) else { return nil }
            let values = [Int64(hours)] + rest.map { Int64($0!) } + (parts.count == 2 ? [0] : [])
            return values[1] < 60 && values[2] < 60 ? values : nil
        }
        var values: [Int64] = [0, 0, 0]
        var rest = Substring(text)
        for (index, unit) in ["時間", "分", "秒"].enumerated() {
            guard let range = rest.firstRange(of: unit) else { continue }
            guard let n = digits(rest[rest.startIndex..<range.lowerBound].trimmingSpaces[...], maxCount: 3) else { return nil }
            values[index] = Int64(n)
            rest = rest[range.upperBound...]
        }
        guard rest.trimmingSpaces.isEmpty, text != "", values != [0, 0, 0] || text.hasPrefix("0") else { return nil }
        return values[1] < 60 && values[2] < 60 ? values : nil
    }

    /// A whole number of minutes: 90, 90分.
    static func totalMinutes(_ text: String) -> Int64? {
        let text = unsigned(text)
        return plainDigits(text.hasSuffix("分") ? text.dropLast().trimmingSpaces : text)
    }

    /// Three or four digits read as hours and minutes, as clock times are typed without
    /// the colon (930 is 9:30); nil when the last two are not minutes.
    static func hoursAndMinutesWithoutColon(_ text: String) -> (hours: Int64, minutes: Int64)? {
        let text = unsigned(text)
        guard (3...4).contains(text.count), let n = plainDigits(text), n % 100 < 60 else { return nil }
        return (n / 100, n % 100)
    }

    /// Half years: 1.5 (years), 18 (months), 1年半, 半年. Months that are not a whole number of
    /// half years read as -1, which matches no answer.
    static func halfYears(_ text: String) -> Int64? {
        var text = unsigned(text)
        if text == "半年" { return 1 }
        if text.hasSuffix("年半"), let years = plainDigits(text.dropLast(2)) { return years * 2 + 1 }
        // Months in any of the ways they are written: 18ヶ月, 18か月, 18カ月, 18ヵ月, 18ケ月.
        let monthWord = ["ヶ月", "か月", "カ月", "ヵ月", "ケ月"].first { text.hasSuffix($0) }
        if let months = plainDigits(monthWord.map { text.dropLast($0.count) } ?? Substring(text)) {
            return months % 6 == 0 ? months / 6 : -1
        }
        // Years with a decimal take 年 after it (4.5年); a whole number before 年 would read as months.
        if text.hasSuffix("年"), text.contains(".") { text.removeLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let whole = parts[0].isEmpty ? 0 : plainDigits(parts[0]),
              let fraction = plainDigits(parts[1]) else { return nil }
        switch (fraction, parts[1].count) {
        case (5, 1), (50, 2): return whole * 2 + 1
        case (0, _): return whole * 2
        default: return -1
        }
    }

    /// A number typed with its counter, a number without one, or neither.
    enum CountedReading: Equatable {
        case counted(Int64, counter: String)
        case bareNumber
        /// Not a number and a counter; `reason` says why when a counter was typed with the
        /// wrong sound change (さんほん).
        case unreadable(reason: String?)
    }

    /// An era and a year in it as typed: 平成3年, 平成三年, 令和元年, へいせい3ねん, heisei sannen,
    /// shōwa 47; nil when `text` does not start with an era's name. The year is not checked
    /// against the era.
    static func eraYear(_ text: String) -> (era: Era, year: Int64)? {
        let text = normalized(text).lowercased()
        guard let (era, name) = eraNames.first(where: { text.hasPrefix($0.name) }) else { return nil }
        var rest = String(text.dropFirst(name.count)).trimmingSpaces
        if case let .success(year) = JapaneseNumbers.parse(rest, counter: Counter.named("年")) { return (era, year) }
        for suffix in ["年", "ねん", "nen"] where rest.hasSuffix(suffix) { rest = String(rest.dropLast(suffix.count)).trimmingSpaces }
        if ["元", "がん", "gan"].contains(rest) { return (era, 1) }
        guard case let .success(year) = JapaneseNumbers.parse(rest) else { return nil }
        return (era, year)
    }

    /// Each era's name in kanji, kana and romaji (with ou, ō or a short o), longest first so
    /// that taishou is not read as taisho and a u.
    static let eraNames: [(era: Era, name: String)] = Era.allCases.flatMap { era -> [(era: Era, name: String)] in
        let hepburn = era.rawValue.replacingEvery("sho", with: "shou")
        return [era.kanji, era.kana, hepburn, hepburn.replacingEvery("ou", with: "ō"), era.rawValue].map { (era: era, name: $0) }
    }.sorted { $0.name.count > $1.name.count }

    /// A number and its counter: digits and the counter in any writing (3本, 3 ほん, 3hon,
    /// 3ぼん), or a reading in kanji, kana or romaji (三本, さんぼん, sanbon). Where two
    /// counters read alike (回 and 階 are both かい), `expected` is the one taken.
    static func counted(_ text: String, expecting expected: String) -> CountedReading {
        let text = unsigned(text)
        let counters = (Counter.named(expected).map { [$0] } ?? []) + Counter.all.filter { $0.name != expected }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty {
            guard let n = plainDigits(digits) else { return .unreadable(reason: nil) }
            let rest = text.dropFirst(digits.count).trimmingSpaces
            if rest.isEmpty { return .bareNumber }
            guard let counter = counter(named: rest, among: counters) else { return .unreadable(reason: nil) }
            return .counted(n, counter: counter.name)
        }
        if case .success = JapaneseNumbers.parse(text) { return .bareNumber }
        // With a counter, the parser reads a bare number too: that case is taken above.
        for counter in counters {
            if case let .success(n) = JapaneseNumbers.parse(text, counter: counter) { return .counted(n, counter: counter.name) }
        }
        // A counter's kana at the end, misread (さんほん): the parser says how it is read.
        let spellings = JapaneseNumbers.hiraganaSpellings(of: text)
        for counter in counters where spellings.contains(where: { endsWithKana(of: counter, $0) }) {
            if case let .failure(error) = JapaneseNumbers.parse(text, counter: counter) { return .unreadable(reason: error.reason) }
        }
        return .unreadable(reason: nil)
    }

    /// Whether `spelling` ends with the counter's kana, voiced or not: さんぼん with 本's ほん.
    private static func endsWithKana(of counter: Counter, _ spelling: String) -> Bool {
        let count = counter.kana.count
        return spelling.count > count && unvoicedFirstKana(String(spelling.suffix(count))) == unvoicedFirstKana(counter.kana)
    }

    /// The counter `text` names: its written form or a name `Counter.named` knows (本, hon,
    /// bottles), or its kana in kana or romaji, voiced or not (ほん, ぼん, ポン, bon).
    private static func counter(named text: String, among counters: [Counter]) -> Counter? {
        if let counter = Counter.named(text), counters.contains(counter) { return counter }
        let spellings = JapaneseNumbers.hiraganaSpellings(of: text).map(unvoicedFirstKana)
        return counters.first { spellings.contains(unvoicedFirstKana($0.kana)) }
    }

    /// The kana with its first kana unvoiced, as a counter's sound change voices it: ぼん is ほん.
    private static func unvoicedFirstKana(_ kana: String) -> String {
        guard let first = kana.unicodeScalars.first else { return kana }
        let v = first.value
        let plain: UInt32
        switch v {
        case 0x304C...0x3062 where (v - 0x304B) % 2 == 1: plain = v - 1      // が … ぢ
        case 0x3065...0x3069 where (v - 0x3064) % 2 == 1: plain = v - 1      // づ で ど
        case 0x3070...0x307D: plain = v - (v - 0x306F) % 3                  // ば ぱ … ぼ ぽ
        default: return kana
        }
        return String(Character(Unicode.Scalar(plain)!)) + kana.dropFirst()
    }

    /// The digits of a phone number, with or without dashes (any of the dashes keyboards and
    /// autocorrection type), spaces or brackets.
    static func phoneDigits(_ text: String) -> String? {
        let text = normalized(text).filter { !"-‐‑‒–—―−ーｰ－ ()".contains($0) }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return text
    }

    private static func digits(_ text: Substring, maxCount: Int) -> Int? {
        guard !text.isEmpty, text.count <= maxCount, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func digits(_ text: Substring, exactCount: Int) -> Int? {
        guard text.count == exactCount || (text.count == 1 && exactCount == 2) else { return nil }
        return digits(text, maxCount: exactCount)
    }
}

extension StringProtocol {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
        while scalars.last == " " || scalars.last == "\t" || scalars.last == "\r" || scalars.last == "\n" { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// Every `target` replaced by `replacement`.
    func replacingEvery(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
