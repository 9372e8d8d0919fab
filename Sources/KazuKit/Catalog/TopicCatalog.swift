import Composable
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import JapaneseNumbers

/// Every topic Kazu drills, in the order they are listed, and ways to find one.
///
/// ```swift
/// TopicCatalog.all.count                        // 50
/// TopicCatalog.topic(id: "number.1-100")?.title // "1 to 100"
/// TopicCatalog.matching("money").map(\.id)      // the four money topics
/// TopicCatalog.closest(to: "mony.conbini")      // ["money.conbini", ...]
/// ```
public enum TopicCatalog {
    public static let all: [Topic] = numbers + money + durations + datesAndTimes + counters + phone + [review]

    /// The topic with exactly this id.
    public static func topic(id: String) -> Topic? {
        byID[id]
    }

    /// The topics an id or a prefix of ids names: the one with that exact id, or every topic
    /// whose id starts with it (`money`, `date.year`).
    public static func matching(_ idOrPrefix: String) -> [Topic] {
        let text = idOrPrefix.lowercased()
        if let exact = byID[text] { return [exact] }
        guard !text.isEmpty else { return [] }
        return all.filter { $0.id.hasPrefix(text) }
    }

    /// The ids nearest to a mistyped one, closest first (at most `limit`).
    public static func closest(to text: String, limit: Int = 3) -> [String] {
        let typed = Array(text.lowercased())
        let threshold = max(2, typed.count / 3)
        // Two texts are at least their difference in length apart: one that cannot come
        // within the threshold is not compared, so a long text costs no more than its reading.
        func distance(to other: [Character]) -> Int {
            abs(typed.count - other.count) > threshold ? threshold + 1 : editDistance(typed, other)
        }
        let scored = all.map { topic -> (String, Int) in
            let id = Array(topic.id)
            // Compare with the whole id, with its last part (`conbini` for `money.conbini`) and
            // with its first (`numbers` for `number.1-10`).
            let parts = topic.id.split(separator: ".")
            let tail = Array(parts.last ?? ""), head = Array(parts.first ?? "")
            return (topic.id, min(distance(to: id), distance(to: tail) + 1, distance(to: head) + 1))
        }
        return scored.filter { $0.1 <= threshold }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// A question on one of the values a learner should review, drawn by weight (see
    /// `ReviewEntry`) among the due ones when there are any; nil when there is nothing to
    /// review or no entry names a known value.
    public static func reviewQuestion(from entries: [ReviewEntry], skill: Skill, script: ReadingScript = .kanji,
                                      using random: RandomSource) -> Question? {
        func question(_ entry: ReviewEntry) -> Question? { reviewQuestion(entry, skill: skill, script: script) }
        let askable = entries.filter { $0.weight > 0 && question($0) != nil }
        let due = askable.filter(\.isDue)
        let usable = due.isEmpty ? askable : due
        let total = usable.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var point = random { Double.random(in: 0..<total, using: &$0) }
        for entry in usable {
            point -= entry.weight
            if point < 0 { return question(entry) }
        }
        return question(usable[usable.count - 1])
    }

    /// The questions of a review session of at most `limit` questions: each value to review
    /// asked once, never twice. The due values come first, drawn by weight without putting
    /// any back, so that those weighted most tend to come first; then the values not yet due,
    /// the soonest due first, so that a session longer than what is due reviews ahead.
    ///
    /// ```swift
    /// let questions = TopicCatalog.reviewQuestions(from: stats.review, skill: .reading, limit: 10, using: .seeded(7))
    /// questions.count   // 3 when three values are left to review
    /// ```
    public static func reviewQuestions(from entries: [ReviewEntry], skill: Skill, script: ReadingScript = .kanji,
                                       limit: Int = .max, using random: RandomSource) -> [Question] {
        // Efraimidis and Spirakis' weighted sampling: each value gets the key u^(1/weight), u
        // uniform in (0, 1), and the largest keys are drawn (compared as log(u) / weight).
        var keyed: [(key: Double, question: Question)] = []
        var ahead: [(due: Date, index: Int, question: Question)] = []
        for entry in entries where entry.weight > 0 {
            guard let question = reviewQuestion(entry, skill: skill, script: script) else { continue }
            if let due = entry.notDueUntil {
                ahead.append((due, ahead.count, question))
                continue
            }
            let uniform = random { Double.random(in: Double.leastNormalMagnitude..<1, using: &$0) }
            keyed.append((log(uniform) / entry.weight, question))
        }
        keyed.sort { $0.key > $1.key }
        ahead.sort { ($0.due, $0.index) < ($1.due, $1.index) }
        return Array((keyed.map(\.question) + ahead.map(\.question)).prefix(max(0, limit)))
    }

    /// How many of `entries` a review can ask.
    static func reviewValueCount(in entries: [ReviewEntry]) -> Int {
        entries.count(where: canReview)
    }

    /// How many of `entries` a review can ask that are due.
    static func reviewDueCount(in entries: [ReviewEntry]) -> Int {
        entries.count { $0.isDue && canReview($0) }
    }

    /// Whether a review can ask `entry`: it has a weight and names a value of a known topic.
    static func canReview(_ entry: ReviewEntry) -> Bool {
        entry.weight > 0 && topic(id: entry.topicID)?.kind.value(fromKey: entry.valueKey) != nil
    }

    /// The question on one value to review. A topic not drilled in `skill` (phone numbers are
    /// not read) is asked in its first skill.
    private static func reviewQuestion(_ entry: ReviewEntry, skill: Skill, script: ReadingScript) -> Question? {
        question(topicID: entry.topicID, valueKey: entry.valueKey, skill: skill, script: script)
    }

    /// The question on one value of a topic, asked again (a review, a retry of missed ones):
    /// in `skill`, or in the topic's first skill when it is not drilled in `skill`; a sentence
    /// in the frame `frameID` when it fits.
    static func question(topicID: String, valueKey: String, skill: Skill, script: ReadingScript,
                         frameID: String? = nil) -> Question? {
        guard let topic = topic(id: topicID) else { return nil }
        return topic.question(valueKey: valueKey, skill: topic.skills.contains(skill) ? skill : topic.skills[0], script: script,
                              frameID: frameID)
    }

    private static let byID: [String: Topic] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: The topics

    static func counter(_ name: String) -> Counter { Counter.named(name)! }

    static func numberTopic(_ id: String, _ title: String, _ summary: String, _ range: ClosedRange<Int64>,
                            step: Int64 = 1, notes: [Topic.Note]) -> Topic {
        Topic("number.\(id)", .numbers, title, summary, notes: notes, kind: .number(NumberDrill(range: range, step: step)))
    }

    static let numbers: [Topic] = [
        numberTopic("1-10", "1 to 10", "The digits and ten.", 1...10,
                    notes: ["4 is よん, 7 is なな, 9 is きゅう (し, しち, く are heard in counting)."]),
        numberTopic("1-100", "1 to 100", "Tens and ones.", 1...100,
                    notes: ["40 is よんじゅう, 70 ななじゅう, 90 きゅうじゅう.", "14 is じゅうよん; 19 is じゅうきゅう."]),
        numberTopic("1-1000", "1 to 1,000", "Hundreds.", 1...1_000,
                    notes: ["300 さんびゃく, 600 ろっぴゃく, 800 はっぴゃく: the sound changes after 3, 6 and 8."]),
        numberTopic("1-10000", "1 to 10,000", "Thousands.", 1...10_000,
                    notes: ["3000 さんぜん, 8000 はっせん.", "10,000 is いちまん: one 万, not じゅうせん."]),
        numberTopic("1-100000", "1 to 100,000", "Counting in 万.", 1...100_000,
                    notes: ["Japanese groups by four digits: 12,345 is いちまんにせんさんびゃくよんじゅうご (1万2345)."]),
        numberTopic("oku", "億 drills", "Millions to a billion, in steps of a million.", 1_000_000...1_000_000_000,
                    step: 1_000_000,
                    notes: ["1,000,000 is ひゃくまん (100万); 10,000,000 せんまん; 100,000,000 いちおく (1億)."]),
        numberTopic("chou", "兆 drills", "Ten billion to ten trillion, in steps of ten billion.",
                    10_000_000_000...10_000_000_000_000, step: 10_000_000_000,
                    notes: ["1兆 is いっちょう, 8兆 はっちょう, 10兆 じゅっちょう; はちちょう is heard too and accepted."]),
    ]

    static func moneyTopic(_ id: String, _ title: String, _ summary: String, _ range: ClosedRange<Int64>, step: Int64 = 1) -> Topic {
        Topic("money.\(id)", .money, title, summary,
              notes: ["4 is よ before 円: よえん, よんひゃくえん stays よん.", .typing("Type the amount; ￥ is shown for you.")],
              kind: .number(NumberDrill(range: range, step: step, counter: counter("円"), prefix: "￥")))
    }

    static let money: [Topic] = [
        moneyTopic("conbini", "Conbini", "A convenience-store bill: ￥100 to ￥1,500.", 100...1_500),
        moneyTopic("restaurant", "Restaurant", "A meal: ￥800 to ￥6,000, in tens.", 800...6_000, step: 10),
        moneyTopic("rent", "Monthly rent", "￥30,000 to ￥200,000, in thousands.", 30_000...200_000, step: 1_000),
        moneyTopic("salary", "Annual salary", "￥2,000,000 to ￥15,000,000, in hundred thousands.",
                   2_000_000...15_000_000, step: 100_000),
    ]

    static func durationTopic(_ id: String, _ title: String, _ summary: String, _ range: ClosedRange<Int64>,
                              _ counterName: String, notes: [Topic.Note], evenSplitAt: Int64? = nil) -> Topic {
        Topic("duration.\(id)", .durations, title, summary, notes: notes,
              kind: .number(NumberDrill(range: range, counter: counter(counterName), postfix: counterName,
                                        evenSplitAt: evenSplitAt)))
    }

    static let durations: [Topic] = [
        durationTopic("hours", "Hours", "1 to 48 時間.", 1...48, "時間",
                      notes: ["4時間 is よじかん, 7時間 しちじかん or ななじかん, 9時間 くじかん."]),
        durationTopic("minutes", "Minutes", "1 to 100 分.", 1...100, "分",
                      notes: ["1 いっぷん, 3 さんぷん, 4 よんぷん, 6 ろっぷん, 8 はっぷん, 10 じゅっぷん (じっぷん too)."]),
        durationTopic("seconds", "Seconds", "1 to 100 秒.", 1...100, "秒", notes: ["秒 has no sound changes: いちびょう, さんびょう."]),
        durationTopic("days", "Days", "1 to 100 日(間); 1 to 10 come up as often as the rest.", 1...100, "日間",
                      notes: ["A duration of one day is いちにちかん or いちにち (not ついたち).",
                              "2-10 and 14, 20, 24 have their own words: ふつか, みっか, はつか...",
                              "間 is optional: みっか or みっかかん."],
                      evenSplitAt: 11),
        durationTopic("weeks", "Weeks", "1 to 52 週間.", 1...52, "週間",
                      notes: ["1 いっしゅうかん, 8 はっしゅうかん, 10 じゅっしゅうかん."]),
        durationTopic("months", "Months", "1 to 18 ヶ月.", 1...18, "ヶ月",
                      notes: ["1 いっかげつ (ひとつき too), 6 ろっかげつ, 10 じゅっかげつ."]),
        durationTopic("years", "Years", "1 to 100 年間.", 1...100, "年間", notes: ["4年間 is よねんかん."]),
        Topic("duration.half-hours", .durations, "Hours and a half", "1時間半 to 12時間半.",
              notes: ["半 is half: いちじかんはん.", .typing("Type 1:30, or the minutes: 90.")], kind: .halfHours),
        Topic("duration.half-years", .durations, "Half years", "半年, 1年半 ... 10年半.",
              notes: ["半年 is はんとし (はんねん too).", .typing("Type years with a decimal (1.5) or the months (18).")],
              kind: .halfYears),
        Topic("duration.hours-minutes", .durations, "Hours and minutes", "Up to 24時間59分.",
              notes: ["分 is ふん or ぷん: にじかんごふん, さんじかんさんぷん.", .typing("Type hours:minutes, such as 2:05.")], kind: .hoursMinutes),
        Topic("duration.hours-minutes-seconds", .durations, "Hours, minutes and seconds", "Up to 24時間59分59秒.",
              notes: ["秒 never changes: いちびょう, さんびょう; no minutes are read when there are none.",
                      .typing("Type hours:minutes:seconds, such as 1:05:30.")], kind: .hoursMinutesSeconds),
    ]

    static func dateTopic(_ id: String, _ title: String, _ summary: String, _ range: ClosedRange<Int64>,
                          _ counterName: String, notes: [Topic.Note], evenSplitAt: Int64? = nil) -> Topic {
        Topic(id, .datesAndTimes, title, summary, notes: notes,
              kind: .number(NumberDrill(range: range, counter: counter(counterName), postfix: counterName, evenSplitAt: evenSplitAt)))
    }

    static let datesAndTimes: [Topic] = [
        dateTopic("time.hour", "Hours of the day", "1時 to 24時.", 1...24, "時",
                  notes: ["4時 is よじ, 7時 しちじ, 9時 くじ."]),
        Topic("time.hour-12", .datesAndTimes, "午前 and 午後", "午前0時 to 午後11時, answered as 0 to 11.",
              notes: ["ごぜん (午前) is a.m., ごご (午後) p.m.; 午前0時 is midnight, 午後0時 noon.",
                      .typing("Type the hour on the 12-hour clock: 午後3時 (ごごさんじ) is 3; 12 is taken for 0.")],
              kind: .twelveHourHour(answerIn24: false)),
        Topic("time.hour-12-as-24", .datesAndTimes, "午後 as 24-hour time", "午前0時 to 午後11時, answered 0 to 23.",
              notes: ["ごぜん (午前) is a.m., ごご (午後) p.m.; 午前0時 is midnight, 午後0時 noon.",
                      .typing("Add 12 after 午後 (ごご): 午後3時 is 15, 午後0時 is 12.")],
              kind: .twelveHourHour(answerIn24: true)),
        dateTopic("time.minute", "Minutes of the hour", "0分 to 59分.", 0...59, "分",
                  notes: ["ふん or ぷん: いっぷん, にふん, さんぷん, よんぷん, ごふん, ろっぷん."]),
        dateTopic("date.day-1-10", "Days 1 to 10", "ついたち to とおか.", 1...10, "日",
                  notes: ["1日 ついたち, 2 ふつか, 3 みっか, 4 よっか, 5 いつか, 6 むいか, 7 なのか, 8 ようか, 9 ここのか, 10 とおか."]),
        dateTopic("date.day", "Days of the month", "1日 to 31日.", 1...31, "日",
                  notes: ["14 じゅうよっか, 20 はつか, 24 にじゅうよっか; the rest are number + にち."]),
        dateTopic("date.month", "Months", "1月 to 12月.", 1...12, "月", notes: ["4月 しがつ, 7月 しちがつ, 9月 くがつ."]),
        dateTopic("date.year-2010-2025", "Recent years", "2010年 to 2025年.", 2010...2025, "年", notes: ["4年 is よねん."]),
        dateTopic("date.year-1950-2030", "Years 1950 to 2030", "Birthdays and history.", 1950...2030, "年", notes: ["4年 is よねん."]),
        dateTopic("date.year-1-2500", "Any year", "1年 to 2500年.", 1...2_500, "年", notes: ["4年 is よねん."]),
        Topic("date.era-year", .datesAndTimes, "Era years", "明治 to 令和, answered in the Western calendar.",
              notes: ["The first year of an era is 元年 (がんねん).",
                      .typing("明治 1868, 大正 1912, 昭和 1926, 平成 1989, 令和 2019: add the year, less one.")],
              kind: .eraYear),
        Topic("time.clock", .datesAndTimes, "Clock times", "Any time of day, 24-hour: 14:45.",
              notes: [.typing("Type 14:45 or 1445."), "Minutes: いっぷん, さんぷん, よんぷん, ろっぷん, はっぷん, じゅっぷん."],
              kind: .clockTime(twelveHour: false)),
        Topic("time.clock-12", .datesAndTimes, "午前 and 午後 clock times", "午後2時45分: any time, 12-hour.",
              notes: [.typing("Type 2:45 (the 12-hour time) or 14:45."), "午前0時 is midnight, 午後0時 noon."],
              kind: .clockTime(twelveHour: true)),
        Topic("date.full", .datesAndTimes, "Full dates", "2017年9月30日.",
              notes: [.typing("Type 2017-09-30 or 2017/9/30."), "Days 1-10, 14, 20 and 24 have their own words."],
              kind: .fullDate(years: 1950...2030)),
        Topic("date.date-time", .datesAndTimes, "Date and time", "2017年9月30日 14:45.",
              notes: ["The date is read first, then the time: じゅうよじよんじゅうごふん is 14:45.",
                      .typing("Type 2017-09-30 14:45.")], kind: .dateTime),
    ]

    static func counterTopic(_ id: String, _ title: String, _ summary: String, _ names: [(String, ClosedRange<Int64>)],
                             notes: [Topic.Note], listeningAsksCounter: Bool = false) -> Topic {
        Topic("counter.\(id)", .counters, title, summary, notes: notes,
              kind: .counters(names.map { (counter($0.0), $0.1) }), listeningAsksCounter: listeningAsksCounter)
    }

    static let counterFamilies: [(id: String, title: String, summary: String, counters: [(String, ClosedRange<Int64>)], notes: [Topic.Note])] = [
        ("people", "People 人", "How many people.", [("人", 1...30)], ["1 ひとり, 2 ふたり, 4 よにん, 7 ななにん (しちにん)."]),
        ("small-things", "Small things 個 and つ", "Apples, eggs, anything small.", [("個", 1...30), ("つ", 1...10)],
         ["個: いっこ, ろっこ, はっこ, じゅっこ.", "つ is native up to 10: ひとつ, ふたつ ... とお."]),
        ("long", "Long things 本", "Pens, bottles, trains.", [("本", 1...100)], ["いっぽん, さんぼん, ろっぽん, はっぽん, じゅっぽん."]),
        ("flat", "Flat things 枚", "Paper, shirts, tickets.", [("枚", 1...100)], ["枚 never changes: いちまい, よんまい."]),
        ("small-animals", "Small animals 匹", "Cats, dogs, fish.", [("匹", 1...100)], ["いっぴき, さんびき, ろっぴき, はっぴき, じゅっぴき."]),
        ("large-animals", "Large animals 頭", "Cows, horses, elephants.", [("頭", 1...100)], ["いっとう, はっとう, じゅっとう."]),
        ("birds", "Birds 羽", "Birds and rabbits.", [("羽", 1...100)], ["いちわ, さんわ (さんば), ろっぱ, はちわ (はっぱ), じゅっぱ."]),
        ("drinks", "Drinks 杯", "Cups and glasses.", [("杯", 1...100)], ["いっぱい, さんばい, ろっぱい, はっぱい, じゅっぱい."]),
        ("books", "Books 冊", "Books and notebooks.", [("冊", 1...100)], ["いっさつ, はっさつ, じゅっさつ."]),
        ("floors", "Floors 階", "Floors of a building.", [("階", 1...50)], ["いっかい, さんがい (さんかい), ろっかい, はっかい."]),
        ("times", "Times 回", "How many times.", [("回", 1...100)], ["いっかい, ろっかい, はっかい, じゅっかい."]),
        ("ages", "Ages 歳", "How old.", [("歳", 1...100)], ["20歳 is はたち; いっさい, はっさい, じゅっさい."]),
        ("machines", "Machines 台", "Cars, computers, machines.", [("台", 1...100)], ["台 never changes: いちだい, よんだい."]),
        ("houses", "Houses 軒", "Houses and shops.", [("軒", 1...100)], ["いっけん, さんげん, ろっけん, はっけん."]),
        ("shoes", "Shoes 足", "Pairs of shoes and socks.", [("足", 1...20)], ["いっそく, さんぞく, はっそく, じゅっそく."]),
        ("order", "Order 番", "Numbers in a sequence.", [("番", 1...100)], ["番 never changes: いちばん, よんばん."]),
    ]

    static let counters: [Topic] = counterFamilies.map { counterTopic($0.id, $0.title, $0.summary, $0.counters, notes: $0.notes) }
        + [counterTopic("mixed", "Mixed counters", "All of the counters above, mixed.",
                        counterFamilies.flatMap(\.counters),
                        notes: ["Each counter has its own sound changes: いっぽん, いっこ, いっさつ.",
                                .listening("Listen for the counter as well as the number.")],
                        listeningAsksCounter: true)]

    static let phone: [Topic] = [
        Topic("phone.mobile", .phone, "Mobile numbers", "090-1234-5678, read digit by digit.",
              notes: phoneNotes, skills: [.listening, .writing], kind: .phone(prefixes: ["090", "080", "070"])),
        Topic("phone.landline", .phone, "Landline numbers", "03-1234-5678 and 06-1234-5678.",
              notes: phoneNotes, skills: [.listening, .writing], kind: .phone(prefixes: ["03", "06"])),
    ]

    static let phoneNotes: [Topic.Note] = [
        "0 is ゼロ (まる, れい too); 2 is にい and 5 ごお; each dash is の.",
        .typing("Type the digits, dashes optional."),
        Topic.Note("Type the reading digit by digit; の at each dash may be left out.", skills: [.writing]),
    ]

    static let review = Topic("review", .review, "Review", "The values you missed, each again when it is due (SM-2).",
                              notes: ["Built from your history: values due today first, recent and repeated misses earliest; then those due soonest."], kind: .review)
}

/// A value to review, how strongly (from the learner's history, see `HistoryStatistics`),
/// and whether it is due (see `ReviewSchedule`).
///
/// ```swift
/// let entries = [ReviewEntry(topicID: "counter.long", valueKey: "3本", weight: 2)]
/// let question = TopicCatalog.reviewQuestion(from: entries, skill: .listening, using: .seeded(1))
/// ```
public struct ReviewEntry: Hashable, Sendable, Codable {
    public var topicID: String
    public var valueKey: String
    public var weight: Double
    /// When the schedule has the value due, when that is after today; nil when it is due.
    public var notDueUntil: Date?

    public var isDue: Bool { notDueUntil == nil }

    public init(topicID: String, valueKey: String, weight: Double, notDueUntil: Date? = nil) {
        self.topicID = topicID
        self.valueKey = valueKey
        self.weight = weight
        self.notDueUntil = notDueUntil
    }
}
