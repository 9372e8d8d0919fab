import JapaneseNumbers

/// One question: what is shown, the kana that is spoken, what stands around the answer box,
/// the answer and its reading, and what is accepted.
///
/// ```swift
/// let question = TopicCatalog.topic(id: "counter.long")!.question(valueKey: "3本", skill: .writing)!
/// question.prompt        // "3本"
/// question.spokenKana    // "さんぼん"
/// question.grade("sanbon")       // .correct
/// question.grade("さんほん")       // .incorrect
/// question.grade("3")            // .unreadable(reason: "type the reading in kana or romaji, …")
/// ```
public struct Question: Hashable, Sendable, Codable {
    public let topicID: String
    public let skill: Skill
    /// The value's stable text (see `QuestionValue.key`), kept in the history.
    public let valueKey: String
    /// What is shown: nothing for listening, the kanji (or kana) for reading, the value with
    /// its counter for writing.
    public let prompt: String
    /// What the voice says, always kana: the voice never sees digits or kanji.
    public let spokenKana: String
    /// Fixed text shown before and after the answer box: ￥, 時, 分.
    public let prefix: String?
    public let postfix: String?
    /// The answer as a learner would type it: "300" for listening and reading, "さんびゃく" for writing.
    public let answer: String
    /// The value written out (3本, 14:45, ￥1,500), the canonical reading and its romaji, for feedback.
    public let written: String
    public let reading: String
    public let romaji: String
    let expected: Expected
    /// In the sentences skill, the sentence the value is said in (`spokenKana` is its kana as said).
    public internal(set) var sentence: Sentence? = nil

    /// Grades what a learner typed: `.unreadable` says why when it is not an answer of this
    /// kind at all (no penalty), otherwise `.correct` or `.incorrect`.
    public func grade(_ typed: String) -> AnswerGrade {
        let grade = expected.grade(typed)
        // A sentence writes the value into a word (4番線, 4人家族): typed with that word, it is
        // the value as shown, not an unreadable answer.
        guard case .unreadable = grade, let word = sentence?.word(joinedTo: written) else { return grade }
        let trimmed = typed.trimmingSpaces
        guard trimmed.hasSuffix(word), trimmed.count > word.count else { return grade }
        let value = expected.grade(String(trimmed.dropLast(word.count)))
        if case .unreadable = value { return grade }
        return value
    }
}

extension Sentence {
    /// The kanji written right after `value` in the sentence, the word the value is part of:
    /// 線 in 4番線に, 家族 in 4人家族です; nil when a kana or nothing follows it.
    func word(joinedTo value: String) -> String? {
        guard let end = written.firstRange(of: value)?.upperBound else { return nil }
        let word = written[end...].prefix { $0.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) || $0 == "々" } }
        return word.isEmpty ? nil : String(word)
    }
}

/// What a question accepts.
enum Expected: Hashable, Sendable, Codable {
    /// A number, perhaps with its counter written after it (3本), in any script the parser reads.
    case number(Int64, counter: String?)
    /// A number and the counter it counts with, both typed: 3本, 3ほん, 3hon, さんぼん.
    case countedNumber(Int64, counter: String)
    /// A year of the Western calendar, or the same year in an era (平成3年, 令和元年).
    case gregorianYear(Int64)
    /// A time of day; `twelveHourToo` also accepts the 12-hour hour (2:45 for 14:45).
    case clock(hour: Int, minute: Int, twelveHourToo: Bool)
    case hour(Int, twelveHourToo: Bool)
    case date(year: Int64, month: Int, day: Int)
    case dateTime(year: Int64, month: Int, day: Int, hour: Int, minute: Int)
    /// A length of time as h:mm or h:mm:ss; `minutesToo` also accepts the total minutes (90).
    case span(hours: Int64, minutes: Int, seconds: Int, minutesToo: Bool)
    case halfYears(Int64)
    case phone(digits: String)
    /// A reading in kana or romaji, one of `accepted`. One of `askedAbout`, the same value
    /// read in another form than the one shown (16:39 on the 12-hour clock), is answered
    /// with `hint`.
    case reading(_ accepted: [String], askedAbout: [String] = [], hint: String = "")
    case phoneReading(digits: String)

    func grade(_ typed: String) -> AnswerGrade {
        switch self {
        case let .number(n, counterName):
            switch JapaneseNumbers.parse(typed, counter: counterName.flatMap(Counter.named)) {
            case let .success(value): return value == n ? .correct : .incorrect
            case let .failure(error):
                // An hour of the day typed with its half: 午後3時 or 3pm is 15時, 午前0時 24時.
                if counterName == "時", case let .success(time) = AnswerReader.typedClockTime(typed),
                   time.afternoon != nil, time.minute == 0 {
                    return time.hour == n || time.hour == 0 && n == 24 ? .correct : .incorrect
                }
                // A length without its 間 (37年 for 37年間, 9日, ここのか) is the same length;
                // not 4時 for 4時間, which is a time of day.
                if let counterName, counterName.hasSuffix("間"), counterName != "時間" {
                    let trimmed = typed.trimmingSpaces
                    for withSuffix in [trimmed + "間", trimmed + "かん", trimmed + "kan"] {
                        if case let .success(value) = JapaneseNumbers.parse(withSuffix, counter: Counter.named(counterName)) {
                            return value == n ? .correct : .incorrect
                        }
                    }
                }
                return .unreadable(reason: error.reason)
            }
        case let .gregorianYear(year):
            if let (era, eraYear) = AnswerReader.eraYear(typed) {
                guard let typedYear = try? EraYear(era: era, year: eraYear) else {
                    return .unreadable(reason: "\(era.kanji) has no year \(eraYear); type the year as 1991 or 平成3年")
                }
                return typedYear.gregorianYear == year ? .correct : .incorrect
            }
            // The year as the answer box shows it, with 年 after it or not: 1991 or 1991年.
            return Expected.number(year, counter: "年").grade(typed)
        case let .countedNumber(n, counter):
            switch AnswerReader.counted(typed, expecting: counter) {
            case .bareNumber:
                // とお is 10 of つ and is written 10: the number alone names the counter.
                if Counter.named(counter)?.isWrittenBare(n) == true, case let .success(value) = JapaneseNumbers.parse(typed) {
                    return value == n ? .correct : .incorrect
                }
                return .unreadable(reason: "type the counter too, as in 3本 or 3ほん")
            case let .unreadable(reason):
                return .unreadable(reason: reason ?? "type the number and its counter, as in 3本, 3ほん or さんぼん")
            case let .counted(typedNumber, typedCounter):
                return typedNumber == n && typedCounter == counter ? .correct : .incorrect
            }
        case let .clock(hour, minute, twelveHourToo):
            switch AnswerReader.typedClockTime(typed) {
            case let .failure(unreadable):
                return .unreadable(reason: unreadable.reason ?? "type the time as 14:45 or 1445")
            case let .success(time):
                return Self.grade(time, hour: hour, twelveHourToo: twelveHourToo) && time.minute == minute ? .correct : .incorrect
            }
        case let .hour(hour, twelveHourToo):
            let reason = "type the hour as a number, such as 3 or 15"
            switch AnswerReader.typedClockTime(typed) {
            case let .failure(unreadable):
                return .unreadable(reason: unreadable.reason ?? reason)
            case let .success(time):
                guard time.minute == 0 else { return .unreadable(reason: reason) }
                return Self.grade(time, hour: hour, twelveHourToo: twelveHourToo) ? .correct : .incorrect
            }
        case let .date(year, month, day):
            guard let date = AnswerReader.date(typed) else {
                return .unreadable(reason: "type the date as 2017-09-30 or 2017/9/30")
            }
            return date == [year, Int64(month), Int64(day)] ? .correct : .incorrect
        case let .dateTime(year, month, day, hour, minute):
            guard let parts = AnswerReader.dateTime(typed) else {
                return .unreadable(reason: "type the date and time as 2017-09-30 14:45")
            }
            return parts == [year, Int64(month), Int64(day), Int64(hour), Int64(minute)] ? .correct : .incorrect
        case let .span(hours, minutes, seconds, minutesToo):
            if minutesToo, let total = AnswerReader.totalMinutes(typed) {
                // 930 could be 9:30 or 930 minutes: a guess either way could mark a right answer wrong.
                if let clock = AnswerReader.hoursAndMinutesWithoutColon(typed), clock.hours * 60 + clock.minutes != total {
                    let colon = "\(clock.hours):\(QuestionValue.two(Int(clock.minutes)))"
                    return .unreadable(reason: "\(total) could be \(colon) or \(total) minutes; type \(colon) or \(total)分")
                }
                return seconds == 0 && total == hours * 60 + Int64(minutes) ? .correct : .incorrect
            }
            guard let parts = AnswerReader.span(typed) else {
                return .unreadable(reason: seconds > 0
                    ? "type the length as hours:minutes:seconds, such as 1:05:30"
                    : "type the length as hours:minutes, such as 1:30" + (minutesToo ? ", or in minutes (90)" : ""))
            }
            return parts == [hours, Int64(minutes), Int64(seconds)] ? .correct : .incorrect
        case let .halfYears(halves):
            guard let typedHalves = AnswerReader.halfYears(typed) else {
                return .unreadable(reason: "type years with a decimal (1.5) or the months (18)")
            }
            return typedHalves == halves ? .correct : .incorrect
        case let .phone(digits):
            guard let typedDigits = AnswerReader.phoneDigits(typed) else {
                return .unreadable(reason: "type the phone number's digits, with or without dashes: 090-1234-5678")
            }
            return typedDigits == digits.filter(\.isNumber) ? .correct : .incorrect
        case let .reading(accepted, askedAbout, hint):
            guard let spelled = JapaneseNumbers.spells(typed, oneOf: accepted) else {
                return .unreadable(reason: "type the reading in kana or romaji, such as さんびゃく or sanbyaku")
            }
            // A number alone where the reading has more (a counter, 円, 時): not yet an answer.
            if !spelled, (try? JapaneseNumbers.parse(typed).get()) != nil,
               !accepted.contains(where: { (try? JapaneseNumbers.parse($0).get()) != nil }) {
                return .unreadable(reason: "that is the number alone; type the whole reading, with the counter or unit after it (さんぼん, not さん)")
            }
            // The time read without the 午前 or 午後 shown before it: not yet an answer.
            if !spelled, let half = ["ごぜん", "ごご"].first(where: { half in accepted.allSatisfy { $0.hasPrefix(half) } }),
               JapaneseNumbers.spells(typed, oneOf: accepted.map { String($0.dropFirst(half.count)) }) == true {
                return .unreadable(reason: "read the \(half == "ごご" ? "午後" : "午前") too: \(half)…")
            }
            if !spelled, JapaneseNumbers.spells(typed, oneOf: askedAbout) == true {
                return .unreadable(reason: hint)
            }
            // Typed as a Japanese keyboard takes it, nn is ん: nihyakumannen is にひゃくまんえん
            // there, にひゃくまんねん in Hepburn; asked about, as the Hepburn is wrong.
            if !spelled, let apostrophed = Self.apostrophedN(typed), JapaneseNumbers.spells(apostrophed, oneOf: accepted) == true {
                return .unreadable(reason: "in romaji nn before a vowel reads as ん + n; type ん before a vowel as n': \(apostrophed)")
            }
            return spelled ? .correct : .incorrect
        case let .phoneReading(digits):
            let spellings = JapaneseNumbers.hiraganaSpellings(of: typed)
            guard !spellings.isEmpty else {
                return .unreadable(reason: "type the reading in kana or romaji, such as ぜろきゅうぜろの…")
            }
            return spellings.contains { PhoneReading.matches($0, digits: digits) } ? .correct : .incorrect
        }
    }

    /// Romaji with each nn before a vowel or y written n' (mannen: man'en), as a Japanese
    /// keyboard reads it; nil when there is none.
    private static func apostrophedN(_ typed: String) -> String? {
        let letters = Array(typed.lowercased())
        var result = "", changed = false, index = 0
        while index < letters.count {
            if letters[index] == "n", index + 2 < letters.count, letters[index + 1] == "n",
               "aiueoyāīūēōâîûêô".contains(letters[index + 2]) {
                result += "n'"
                changed = true
                index += 2
            } else {
                result.append(letters[index])
                index += 1
            }
        }
        return changed ? result : nil
    }

    /// Whether a typed time names `hour` (0-23): the same hour, or with `twelveHourToo` the
    /// same 12-hour hour (2 for 14), but only when no half of the day is named: 午前5時 and
    /// 5am are not 17時.
    private static func grade(_ time: AnswerReader.TypedClockTime, hour: Int, twelveHourToo: Bool) -> Bool {
        if time.hour == hour { return true }
        return twelveHourToo && time.afternoon == nil && time.hour <= 12 && time.hour % 12 == hour % 12
    }
}
