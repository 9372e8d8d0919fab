import JapaneseNumbers

/// Turns a topic's value into a question in one skill: all readings come from
/// `JapaneseNumbers`, so the voice is only ever given kana.
enum QuestionMaker {
    /// What every skill needs to know of a value.
    struct Facts {
        var written: String
        var kanji: String
        var spoken: String
        var accepted: [String]
        var romaji: String
        /// What a learner types in numerals, and what that is checked against.
        var numerals: String
        var expected: Expected
        var prefix: String?
        var postfix: String?
        /// What the writing skill shows when it is not the written value.
        var writingPrompt: String?
        var writingExpected: Expected?
    }

    /// `frame`: the sentence frame of a question in the sentences skill; nil for the value's own.
    static func question(topic: Topic, value: QuestionValue, skill: Skill, script: ReadingScript = .kanji,
                         frame: SentenceFrame? = nil) -> Question {
        if skill == .sentences { return sentenceQuestion(topic: topic, value: value, frame: frame) }
        let facts = self.facts(topic.kind, value)
        let prompt: String, answer: String, expected: Expected
        var postfix = skill == .writing ? nil : facts.postfix
        switch skill {
        case .listening:
            if topic.listeningAsksCounter, case let .counted(n, counter) = value {
                (prompt, answer, expected) = ("", facts.written, .countedNumber(n, counter: counter))
                postfix = nil
            } else {
                (prompt, answer, expected) = ("", facts.numerals, facts.expected)
            }
        case .reading:
            (prompt, answer, expected) = (script == .kana ? facts.spoken : facts.kanji, facts.numerals, facts.expected)
        case .writing:
            (prompt, answer, expected) = (facts.writingPrompt ?? facts.written, facts.spoken,
                                          facts.writingExpected ?? .reading(facts.accepted))
        case .sentences:
            preconditionFailure("made by sentenceQuestion")
        }
        return Question(
            topicID: topic.id, skill: skill, valueKey: value.key, prompt: prompt, spokenKana: facts.spoken,
            prefix: skill == .writing ? nil : facts.prefix, postfix: postfix,
            answer: answer, written: facts.written, reading: facts.spoken, romaji: facts.romaji, expected: expected)
    }

    static func facts(_ kind: Kind, _ value: QuestionValue) -> Facts {
        switch (kind, value) {
        case let (.number(drill), .number(n)):
            var facts = countedFacts(n, counter: drill.counter, prefix: drill.prefix, postfix: drill.postfix)
            if drill.counter?.name == "時", let time = try? ClockTime(hour: Int(n)) {
                facts.writingExpected = timeReading(facts, time, shown: .twentyFourHour)
            }
            return facts
        case let (.counters, .counted(n, name)):
            return countedFacts(n, counter: Counter.named(name), prefix: nil, postfix: name)
        case let (.twelveHourHour(answerIn24), .clock(hour, _)):
            let time = try! ClockTime(hour: hour)
            let phrase = time.reading(.twelveHour)
            let shownHour = hour % 12
            var facts = Facts(
                written: "\(hour >= 12 ? "午後" : "午前")\(shownHour)時", kanji: phrase.kanji, spoken: phrase.hiragana,
                accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji,
                numerals: answerIn24 ? String(hour) : String(shownHour),
                expected: .hour(hour, twelveHourToo: !answerIn24), prefix: nil, postfix: "時")
            facts.writingExpected = timeReading(facts, time, shown: .twelveHour)
            return facts
        case let (.eraYear, .eraYear(eraName, year)):
            let era = Era.allCases.first { $0.kanji == eraName } ?? .reiwa
            let phrase = (try! EraYear(era: era, year: year)).reading()
            let gregorian = era.firstYear + year - 1
            return Facts(
                written: year == 1 ? "\(era.kanji)元年" : "\(era.kanji)\(year)年", kanji: phrase.kanji,
                spoken: phrase.hiragana, accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji,
                numerals: String(gregorian), expected: .gregorianYear(gregorian), prefix: nil, postfix: "年")
        case let (.clockTime(twelveHour), .clock(hour, minute)):
            let time = try! ClockTime(hour: hour, minute: minute)
            let style: ClockTime.Style = twelveHour ? .twelveHour : .twentyFourHour
            let phrase = time.reading(style)
            // On the hour 午後2時, as it is read: not 午後2時0分.
            let written = twelveHour
                ? "\(hour >= 12 ? "午後" : "午前")\(hour % 12)時" + (minute > 0 ? "\(minute)分" : "")
                : "\(hour):\(QuestionValue.two(minute))"
            var facts = Facts(
                written: written, kanji: phrase.kanji, spoken: phrase.hiragana,
                accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji,
                numerals: twelveHour ? "\(hour % 12):\(QuestionValue.two(minute))" : "\(hour):\(QuestionValue.two(minute))",
                expected: .clock(hour: hour, minute: minute, twelveHourToo: twelveHour))
            facts.writingExpected = timeReading(facts, time, shown: style)
            return facts
        case let (.fullDate, .date(year, month, day)):
            let phrase = (try! CalendarDate(year: year, month: month, day: day)).reading()
            return Facts(
                written: "\(year)年\(month)月\(day)日", kanji: phrase.kanji, spoken: phrase.hiragana,
                accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji,
                numerals: value.key, expected: .date(year: year, month: month, day: day))
        case let (.dateTime, .dateTime(year, month, day, hour, minute)):
            let date = (try! CalendarDate(year: year, month: month, day: day)).reading()
            let clockTime = try! ClockTime(hour: hour, minute: minute)
            let time = clockTime.reading()
            let accepted = date.forms.flatMap { d in time.forms.map { d + $0 } }
            // A pause (、) between the date and the time, where a speaker pauses.
            var facts = Facts(
                written: "\(year)年\(month)月\(day)日 \(clockTime.written)",
                kanji: date.kanji + time.kanji, spoken: date.hiragana + "、" + time.hiragana,
                accepted: Array(accepted.prefix(64)), romaji: date.romaji + ", " + time.romaji,
                numerals: value.key, expected: .dateTime(year: year, month: month, day: day, hour: hour, minute: minute))
            // Asked about after the date forms that are accepted, so that each is answered alike.
            let datesAccepted = date.forms.filter { date in facts.accepted.contains { $0.hasPrefix(date) } }
            facts.writingExpected = timeReading(facts, clockTime, shown: .twentyFourHour, after: datesAccepted)
            return facts
        case let (_, .span(hours, minutes, seconds)):
            let half: Bool
            if case .halfHours = kind { half = true } else { half = false }
            let phrase = (try! TimeSpan(hours: hours, minutes: minutes, seconds: seconds)).reading(half: half)
            // What is read: 15時間18秒, not 15時間0分18秒.
            var written = "\(hours)時間"
            if half { written += "半" } else {
                if minutes > 0 { written += "\(minutes)分" }
                if seconds > 0 { written += "\(seconds)秒" }
            }
            let numerals = "\(hours):\(QuestionValue.two(minutes))" + (seconds > 0 ? ":\(QuestionValue.two(seconds))" : "")
            return Facts(
                written: written, kanji: phrase.kanji, spoken: phrase.hiragana,
                accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji, numerals: numerals,
                expected: .span(hours: hours, minutes: minutes, seconds: seconds, minutesToo: half))
        case let (.halfYears, .halfYears(halves)):
            let phrase = YearSpan(years: halves / 2, half: halves % 2 == 1).reading()
            return Facts(
                written: phrase.written, kanji: phrase.kanji, spoken: phrase.hiragana,
                accepted: [phrase.hiragana] + phrase.alternatives, romaji: phrase.romaji,
                numerals: halves % 2 == 0 ? "\(halves / 2)" : "\(halves / 2).5", expected: .halfYears(halves),
                postfix: "年")
        case let (.phone, .phone(number)):
            let kana = PhoneReading.kana(number)
            return Facts(
                written: number, kanji: number, spoken: kana, accepted: [kana] + PhoneReading.alternatives(number),
                romaji: PhoneReading.romaji(number), numerals: number, expected: .phone(digits: number),
                writingExpected: .phoneReading(digits: number))
        default:
            preconditionFailure("\(value) is not a value of \(kind)")
        }
    }

    /// Every form from the one reading `JapaneseNumbers` makes: the kana spoken, its romaji and
    /// kanji, and the written form (10 of つ is 10, its word とお has no つ).
    static func countedFacts(_ n: Int64, counter: Counter?, prefix: String?, postfix: String?) -> Facts {
        let reading = (try? JapaneseNumbers.reading(of: n, counter: counter)) ?? (try! JapaneseNumbers.reading(of: n))
        let digits = shownDigits(n, counter: counter)
        let plain = String(n)
        let counterWritten = reading.written.hasPrefix(plain) ? String(reading.written.dropFirst(plain.count)) : ""
        let written = counter?.name == "円" ? "￥\(digits)" : digits + counterWritten
        return Facts(
            written: written, kanji: reading.kanji, spoken: reading.hiragana,
            accepted: [reading.hiragana] + reading.alternatives, romaji: reading.romaji,
            numerals: digits, expected: .number(n, counter: counter?.name), prefix: prefix, postfix: postfix)
    }

    /// What the writing skill accepts for a time shown as `facts` writes it: its readings,
    /// and a `?` for the same time read on the other clock (after one of `dates`).
    static func timeReading(_ facts: Facts, _ time: ClockTime, shown: ClockTime.Style, after dates: [String] = [""]) -> Expected {
        let hint = shown == .twentyFourHour
            ? "that is the same time on the 12-hour clock; read \(facts.written) as it is written"
            : "that is the same time said another way; read \(facts.written) as it is written"
        let other = otherClock(time, shown: shown)
        return .reading(facts.accepted, askedAbout: dates.flatMap { date in other.map { date + $0 } }, hint: hint)
    }

    /// The readings of `time` on the other clock than the one it is shown on: with 午前 or
    /// 午後 (and 12 for 0: ごごじゅうにじ), or on the 24-hour clock. A learner who reads 16:39
    /// as ごごよじ… has the time right and the form wrong; よじ… alone is 4:39, another time.
    static func otherClock(_ time: ClockTime, shown: ClockTime.Style) -> [String] {
        let twelveHour = time.reading(.twelveHour)
        var readings = (shown == .twentyFourHour ? twelveHour : time.reading()).forms
        if time.hour % 12 == 0, let twelve = try? ClockTime(hour: 12, minute: time.minute) {
            let half = twelveHour.hiragana.hasPrefix("ごご") ? "ごご" : "ごぜん"
            readings += twelve.reading().forms.map { half + $0 }
        }
        return readings
    }

    /// The digits of a counted number as Japanese shows them: amounts and counts grouped in
    /// thousands (￥1,500, 1,200人), a calendar year never (2021年).
    static func shownDigits(_ n: Int64, counter: Counter?) -> String {
        counter?.name == "年" ? String(n) : groupedDigits(n)
    }

    /// 1500 as "1,500": how amounts are shown.
    static func groupedDigits(_ n: Int64) -> String {
        let digits = Array(String(n.magnitude))
        var text = n < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

}

extension QuestionMaker.Facts {
    init(written: String, kanji: String, spoken: String, accepted: [String], romaji: String, numerals: String,
         expected: Expected, prefix: String? = nil, postfix: String? = nil, writingExpected: Expected? = nil) {
        self.init(written: written, kanji: kanji, spoken: spoken, accepted: accepted, romaji: romaji,
                  numerals: numerals, expected: expected, prefix: prefix, postfix: postfix,
                  writingPrompt: nil, writingExpected: writingExpected)
    }
}

extension Phrase {
    /// Every reading, the canonical one first.
    var forms: [String] { [hiragana] + alternatives }
}
