import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// Every topic and skill, drawn many times: inside its range and step, spoken in kana that
/// reads back to the answer, the learner's answer accepted, its neighbours refused.
@Suite struct TopicDrawTests {
    static let draws = ProcessInfo.processInfo.environment["KAZU_EXHAUSTIVE"] == "1" ? 10_000 : 1_000
    static let drawable = TopicCatalog.all.filter { $0.id != "review" }

    @Test(arguments: drawable)
    func everyQuestionIsInRangeSpokenInKanaAndGradedRight(topic: Topic) throws {
        let random = RandomSource.seeded(DrawSeed.fnv1a(topic.id))
        for skill in topic.skills {
            for _ in 0..<(Self.draws / topic.skills.count) {
                let question = topic.makeQuestion(skill: skill, using: random)
                let value = try #require(topic.kind.value(fromKey: question.valueKey), "\(topic.id): \(question.valueKey) not a value")
                // Made again from what a record keeps: the value's key and, for a sentence, its frame.
                #expect(topic.question(valueKey: question.valueKey, skill: skill, frameID: question.sentence?.frameID) == question,
                        "\(topic.id) \(question.valueKey)")
                #expect(!question.spokenKana.isEmpty)
                #expect(question.spokenKana.unicodeScalars.allSatisfy { (0x3041...0x30FF).contains($0.value) || $0 == "、" || $0 == "。" },
                        "\(topic.id): spoken \(question.spokenKana)")
                #expect(question.grade(question.answer) == .correct, "\(topic.id) \(skill): \(question.answer)")
                if skill == .writing {
                    #expect(question.grade(question.romaji) == .correct, "\(topic.id): romaji \(question.romaji)")
                } else {
                    // The kana that is spoken reads back to the answer.
                    if case let .number(n) = value, skill != .sentences {
                        let counter = Self.counterName(topic)
                        #expect(JapaneseNumbers.parse(question.spokenKana, counter: counter.flatMap(Counter.named)) == .success(n),
                                "\(topic.id): \(question.spokenKana)")
                    }
                    for neighbour in Self.neighbours(of: value, in: topic) {
                        #expect(question.grade(neighbour) != .correct, "\(topic.id) \(question.valueKey): \(neighbour) accepted")
                    }
                }
            }
        }
    }

    /// Kana pasted from macOS comes decomposed (び as ひ and U+3099, ぷ as ふ and U+309A). Every
    /// reader that grades kana (numbers, readings of times, dates, eras, spans, phone numbers)
    /// grades it as the composed kana: the same grade for the answer, the spoken kana and the
    /// reading, composed or not.
    @Test(arguments: drawable)
    func decomposedKanaIsGradedAsComposed(topic: Topic) throws {
        let random = RandomSource.seeded(DrawSeed.fnv1a(topic.id))
        for skill in topic.skills {
            for _ in 0..<50 {
                let question = topic.makeQuestion(skill: skill, using: random)
                for text in [question.answer, question.spokenKana, question.reading] {
                    let decomposed = text.decomposedStringWithCanonicalMapping
                    guard decomposed.unicodeScalars.count != text.unicodeScalars.count else { continue }
                    #expect(question.grade(decomposed) == question.grade(text), "\(topic.id) \(skill): \(text)")
                }
            }
        }
    }

    static func counterName(_ topic: Topic) -> String? {
        if case let .number(drill) = topic.kind { return drill.counter?.name }
        return nil
    }

    /// The answers one step either side, as a learner would type them.
    static func neighbours(of value: QuestionValue, in topic: Topic) -> [String] {
        switch value {
        case let .number(n):
            var step: Int64 = 1
            if case let .number(drill) = topic.kind { step = drill.step }
            if case .eraYear = topic.kind { step = 1 }
            return [String(n - step), String(n + step)]
        case let .counted(n, _): return [String(n - 1), String(n + 1)]
        case let .eraYear(eraName, year):
            let era = Era.allCases.first { $0.kanji == eraName }!
            let gregorian = era.firstYear + year - 1
            return [String(gregorian - 1), String(gregorian + 1)]
        case let .clock(hour, minute):
            if case .twelveHourHour = topic.kind { return [String((hour + 1) % 24), String((hour + 23) % 24)] }
            return ["\(hour):\(QuestionValue.two((minute + 1) % 60))", "\((hour + 1) % 24):\(QuestionValue.two(minute))"]
        case let .date(year, month, day):
            return ["\(year)-\(month)-\(day == 1 ? 2 : day - 1)", "\(year + 1)-\(month)-\(day)"]
        case let .dateTime(year, month, day, hour, minute):
            return ["\(year)-\(month)-\(day) \(hour):\(QuestionValue.two((minute + 1) % 60))"]
        case let .span(hours, minutes, seconds):
            return seconds > 0
                ? ["\(hours):\(QuestionValue.two(minutes)):\(QuestionValue.two((seconds + 1) % 60))"]
                : ["\(hours + 1):\(QuestionValue.two(minutes))", "\(hours):\(QuestionValue.two((minutes + 1) % 60))"]
        case let .halfYears(halves): return ["\(halves / 2 + 1).5"]
        case let .phone(number):
            let last = number.last!.wholeNumberValue!
            return [String(number.dropLast()) + String((last + 1) % 10)]
        }
    }

    @Test func theSameSeedGivesTheSameSession() {
        for topic in Self.drawable {
            let first = RandomSource.seeded(42), second = RandomSource.seeded(42)
            let a = (0..<20).map { _ in topic.makeQuestion(skill: topic.skills[0], using: first) }
            let b = (0..<20).map { _ in topic.makeQuestion(skill: topic.skills[0], using: second) }
            #expect(a == b, "\(topic.id)")
        }
    }
}

@Suite struct TopicRuleTests {
    func topic(_ id: String) throws -> Topic { try #require(TopicCatalog.topic(id: id)) }

    @Test func theCatalogHasTheReferenceTopicsAndMore() {
        let counts = Dictionary(grouping: TopicCatalog.all, by: \.category).mapValues(\.count)
        #expect(counts[.numbers] == 7 && counts[.money] == 4)
        #expect(counts[.durations] == 11 && counts[.datesAndTimes] == 15)
        #expect(counts[.counters] == 17 && counts[.phone] == 2 && counts[.review] == 1)
        #expect(Set(TopicCatalog.all.map(\.id)).count == TopicCatalog.all.count)
        #expect(TopicCatalog.all.allSatisfy { !$0.notes.isEmpty && !$0.summary.isEmpty })
    }

    @Test func topicsAreFoundByIdPrefixOrNearMiss() {
        #expect(TopicCatalog.matching("money").map(\.id) == ["money.conbini", "money.restaurant", "money.rent", "money.salary"])
        #expect(TopicCatalog.matching("number.1-100").map(\.id) == ["number.1-100"])
        #expect(TopicCatalog.matching("nothing").isEmpty)
        #expect(TopicCatalog.closest(to: "mony.conbini").first == "money.conbini")
        #expect(TopicCatalog.closest(to: "conbini").first == "money.conbini")
        #expect(TopicCatalog.closest(to: "zzzzzzzzzz").isEmpty)
        // A category name typed as a word suggests the topics in it.
        #expect(TopicCatalog.closest(to: "numbers").allSatisfy { $0.hasPrefix("number.") })
        #expect(TopicCatalog.closest(to: "numbers").count == 3)
    }

    @Test func daysOneToTenComeUpAsOftenAsTheRest() throws {
        let days = try topic("duration.days")
        let random = RandomSource.seeded(3)
        let low = (0..<2000).filter { _ in
            Int(days.makeQuestion(skill: .listening, using: random).valueKey)! <= 10
        }.count
        #expect((900...1100).contains(low))
    }

    /// 1日間 is いちにちかん in every form it is shown in, as `kazu read -c 日間 1` reads it;
    /// いちにち (間 left off) is accepted, ついたち (the 1st of a month) is not.
    @Test func oneDayAsADurationIsいちにちかnInEveryForm() throws {
        let question = try #require(try topic("duration.days").question(valueKey: "1", skill: .listening))
        #expect(question.spokenKana == "いちにちかん" && question.reading == "いちにちかん" && question.romaji == "ichinichikan")
        #expect(question.postfix == "日間" && question.written == "1日間")
        let writing = try #require(try topic("duration.days").question(valueKey: "1", skill: .writing))
        #expect(writing.answer == "いちにちかん" && writing.romaji == "ichinichikan")
        for typed in ["いちにちかん", "いちにち", "ichinichi", "ichinichikan"] { #expect(writing.grade(typed) == .correct, "\(typed)") }
        #expect(writing.grade("ついたち") == .incorrect)
        #expect(try topic("date.day").question(valueKey: "1", skill: .listening)?.spokenKana == "ついたち")
    }

    @Test func moneyIsSpokenWith円AndShownWithAYenSign() throws {
        let question = try #require(try topic("money.conbini").question(valueKey: "1204", skill: .listening))
        #expect(question.spokenKana == "せんにひゃくよえん" && question.prefix == "￥" && question.postfix == nil)
        #expect(question.grade("1204") == .correct && question.grade("１,２０４") == .correct && question.grade("￥1,204") == .correct)
        #expect(question.grade("1,204円") == .correct && question.grade("1203") == .incorrect)
        #expect(question.grade("+1204") == .correct && question.grade("＋１２０４") == .correct)
        #expect(question.grade("-1204") == .unreadable(reason: "円 counts from 0 up; -1204 is out of range"))
        #expect(question.grade("1.204e3") == .unreadable(reason: "exponent notation is not supported; type 1204"))
        #expect(try topic("money.conbini").question(valueKey: "1204", skill: .writing)?.prompt == "￥1,204")
        #expect(try topic("money.restaurant").question(valueKey: "805", skill: .listening) == nil, "not a step of 10")
    }

    /// ￥1,000 may be heard or written いっせんえん, the formal reading of 一千円.
    @Test func aThousandYenIsせんえんOrいっせんえん() throws {
        let listening = try #require(try topic("money.conbini").question(valueKey: "1000", skill: .listening))
        #expect(listening.spokenKana == "せんえん")
        for typed in ["1000", "いっせんえん", "いっせん", "issen'en"] { #expect(listening.grade(typed) == .correct, "\(typed)") }
        let writing = try #require(try topic("money.conbini").question(valueKey: "1000", skill: .writing))
        #expect(writing.answer == "せんえん")
        for typed in ["せんえん", "いっせんえん", "issen'en", "イッセンエン"] { #expect(writing.grade(typed) == .correct, "\(typed)") }
        #expect(writing.grade("いちせんえん") == .incorrect)
    }

    @Test func twelveHourHoursAreAnsweredEitherWay() throws {
        let asHour = try #require(try topic("time.hour-12").question(valueKey: "15:00", skill: .listening))
        #expect(asHour.spokenKana == "ごごさんじ" && asHour.answer == "3")
        #expect(asHour.grade("3") == .correct && asHour.grade("15") == .correct && asHour.grade("4") == .incorrect)
        let as24 = try #require(try topic("time.hour-12-as-24").question(valueKey: "15:00", skill: .listening))
        #expect(as24.answer == "15" && as24.grade("15") == .correct && as24.grade("3") == .incorrect)
        #expect(as24.grade("午後3時") == .correct)
        // A plus sign, as a number answer takes it ("+8"), in every kind of count and time.
        #expect(as24.grade("+15") == .correct && asHour.grade("+3") == .correct)
        let span = try #require(try topic("duration.hours-minutes").question(valueKey: "1:30:00", skill: .listening))
        #expect(span.grade("+1:30") == .correct && span.grade("+1時間30分") == .correct)
        let clock = try #require(try topic("time.clock").question(valueKey: "14:45", skill: .listening))
        #expect(clock.grade("+14:45") == .correct)
        // With a space after the plus too, as the number parser takes "+ 8" (time.hour took
        // "+ 15" while time.hour-12-as-24 refused it).
        #expect(as24.grade("+ 15") == .correct && asHour.grade("+ 3") == .correct)
        #expect(span.grade("+ 1:30") == .correct && clock.grade("+　14:45") == .correct)
        #expect(as24.grade("+ +15") != .correct && as24.grade("+ ") != .correct)
    }

    @Test func eraYearsAreAnsweredInTheWesternCalendarWith元年() throws {
        let first = try #require(try topic("date.era-year").question(valueKey: "令和1", skill: .listening))
        #expect(first.spokenKana == "れいわがんねん" && first.answer == "2019" && first.grade("2019") == .correct)
        let showa = try #require(try topic("date.era-year").question(valueKey: "昭和64", skill: .reading))
        #expect(showa.prompt == "昭和六十四年" && showa.grade("1989") == .correct)
        #expect(try topic("date.era-year").question(valueKey: "大正15", skill: .writing)?.prompt == "大正15年")
        #expect(try topic("date.era-year").question(valueKey: "明治46", skill: .writing) == nil)
    }

    @Test func clockTimesAreSpokenAndTypedAsPeopleDo() throws {
        let time = try #require(try topic("time.clock").question(valueKey: "14:45", skill: .listening))
        #expect(time.spokenKana == "じゅうよじよんじゅうごふん")
        for typed in ["14:45", "1445", "１４：４５", "14時45分"] { #expect(time.grade(typed) == .correct, "\(typed)") }
        #expect(time.grade("2:45") == .incorrect)
        #expect(time.grade("half past") == .unreadable(reason: "type the time as 14:45 or 1445"))
        let twelve = try #require(try topic("time.clock-12").question(valueKey: "14:45", skill: .listening))
        #expect(twelve.spokenKana == "ごごにじよんじゅうごふん")
        #expect(twelve.grade("2:45") == .correct && twelve.grade("14:45") == .correct && twelve.grade("3:45") == .incorrect)
    }

    @Test func datesAndDurationsAcceptTheCommonWritings() throws {
        let date = try #require(try topic("date.full").question(valueKey: "2017-09-30", skill: .listening))
        #expect(date.spokenKana == "にせんじゅうななねんくがつさんじゅうにち")
        for typed in ["2017-09-30", "2017/9/30", "2017年9月30日", "20170930"] { #expect(date.grade(typed) == .correct, "\(typed)") }
        #expect(date.grade("2017-9-31") == .unreadable(reason: "type the date as 2017-09-30 or 2017/9/30"))
        let half = try #require(try topic("duration.half-hours").question(valueKey: "1:30:00", skill: .listening))
        #expect(half.spokenKana == "いちじかんはん")
        #expect(half.grade("1:30") == .correct && half.grade("90") == .correct && half.grade("1:31") == .incorrect)
        let halfYear = try #require(try topic("duration.half-years").question(valueKey: "0.5y", skill: .listening))
        #expect(halfYear.spokenKana == "はんとし" && halfYear.grade("0.5") == .correct && halfYear.grade("6") == .correct)
        #expect(try topic("duration.half-years").question(valueKey: "1.5y", skill: .listening)?.grade("18") == .correct)
        // A plus goes before the number, not inside it: "1.+5" is not an answer (it was read,
        // and graded wrong), nor "1.+0" (it was read as 1.0) or "++18".
        let yearAndAHalf = try #require(try topic("duration.half-years").question(valueKey: "1.5y", skill: .listening))
        #expect(yearAndAHalf.grade("+1.5") == .correct && yearAndAHalf.grade("+18") == .correct)
        for typed in ["1.+5", "+1.+5", "1.+0", "++18", "+ +18", "+1年+半"] {
            guard case .unreadable = yearAndAHalf.grade(typed) else {
                Issue.record("\(typed) was read: \(yearAndAHalf.grade(typed))")
                continue
            }
        }
        let leading = try #require(try topic("time.minute").question(valueKey: "5", skill: .listening))
        #expect(leading.grade("05") == .correct)
        #expect(leading.grade("+5") == .correct && leading.grade("-5") != .correct)
        #expect(try topic("date.month").question(valueKey: "9", skill: .listening)?.grade("09") == .correct)
    }

    @Test func phoneNumbersAreReadDigitByDigit() throws {
        let phone = try #require(try topic("phone.mobile").question(valueKey: "090-1234-5678", skill: .listening))
        #expect(phone.spokenKana == "ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはち")
        #expect(phone.grade("09012345678") == .correct && phone.grade("090-1234-5678") == .correct)
        #expect(phone.grade("090-1234-5679") == .incorrect)
        let writing = try #require(try topic("phone.mobile").question(valueKey: "090-1234-5678", skill: .writing))
        for typed in ["ぜろきゅうぜろのいちにいさんよんのごおろくななはち", "まるきゅうまるいちにさんよんごろくななはち",
                      "ぜろきゅうぜろの、いちにいさんよんの、ごおろくななはち", "ぜろきゅうぜろ、いちにさんよん、ごろくななはち",
                      "zero kyuu zero no, ichi nii san yon no, goo roku nana hachi",
                      "zero kyuu zero no ichi nii san yon no goo roku nana hachi", "レイキュウレイノイチニサンヨンノゴロクナナハチ"] {
            #expect(writing.grade(typed) == .correct, "\(typed)")
        }
        #expect(writing.grade("ぜろきゅうぜろのいちにいさんよんのごおろくななきゅう") == .incorrect)
        #expect(try topic("phone.mobile").question(valueKey: "03-1234-5678", skill: .listening) == nil)
    }

    @Test func writingAcceptsEveryVariantAndSaysWhyDigitsAreNotAReading() throws {
        let minutes = try #require(try topic("duration.minutes").question(valueKey: "10", skill: .writing))
        #expect(minutes.prompt == "10分")
        for typed in ["じゅっぷん", "じっぷん", "juppun", "jippun", "ジュップン"] { #expect(minutes.grade(typed) == .correct, "\(typed)") }
        #expect(minutes.grade("じゅうふん") == .incorrect)
        #expect(minutes.grade("10") == .unreadable(reason: "type the reading in kana or romaji, such as さんびゃく or sanbyaku"))
        let chou = try #require(try topic("number.chou").question(valueKey: "8000000000000", skill: .writing))
        #expect(chou.grade("はっちょう") == .correct && chou.grade("はちちょう") == .correct && chou.grade("hachichou") == .correct)
        let three = try #require(try topic("number.1-1000").question(valueKey: "300", skill: .writing))
        #expect(three.grade("sanbyaku") == .correct && three.grade("sambyaku") == .correct && three.grade("sanhyaku") == .incorrect)
    }

    @Test func readingShowsKanjiAndUnreadableAnswersCostNothing() throws {
        let question = try #require(try topic("number.1-1000").question(valueKey: "321", skill: .reading))
        #expect(question.prompt == "三百二十一")
        #expect(try topic("number.1-1000").question(valueKey: "321", skill: .reading, script: .kana)?.prompt == "さんびゃくにじゅういち")
        #expect(question.grade("321") == .correct && question.grade("三百二十一") == .correct)
        guard case let .unreadable(reason) = question.grade("3 21") else { Issue.record("3 21 should be unreadable"); return }
        #expect(reason.contains("type them together"))
    }

    @Test func reviewDrawsOnlyTheEntriesGiven() {
        let entries = [ReviewEntry(topicID: "counter.long", valueKey: "3本", weight: 1),
                       ReviewEntry(topicID: "money.conbini", valueKey: "1204", weight: 3),
                       ReviewEntry(topicID: "gone.topic", valueKey: "1", weight: 100)]
        let random = RandomSource.seeded(5)
        var seen: [String: Int] = [:]
        for _ in 0..<400 {
            let question = TopicCatalog.reviewQuestion(from: entries, skill: .listening, using: random)
            seen[question?.valueKey ?? "none", default: 0] += 1
        }
        #expect(Set(seen.keys) == ["3本", "1204"])
        #expect(seen["1204"]! > seen["3本"]! * 2)
        #expect(TopicCatalog.reviewQuestion(from: [], skill: .listening, using: random) == nil)
    }

    /// A review session's questions: each value once, unknown ones left out, at most the limit,
    /// and the heavier values more often among the first.
    @Test func reviewQuestionsAskEachValueOnceHeavierOnesFirst() {
        let entries = [ReviewEntry(topicID: "counter.long", valueKey: "3本", weight: 1),
                       ReviewEntry(topicID: "money.conbini", valueKey: "1204", weight: 4),
                       ReviewEntry(topicID: "number.1-10", valueKey: "8", weight: 0),
                       ReviewEntry(topicID: "gone.topic", valueKey: "1", weight: 100)]
        #expect(TopicCatalog.reviewValueCount(in: entries) == 2)
        var heavierFirst = 0
        for seed: UInt64 in 0..<400 {
            let all = TopicCatalog.reviewQuestions(from: entries, skill: .listening, limit: 10, using: .seeded(seed))
            #expect(all.map(\.valueKey).sorted() == ["1204", "3本"])
            let one = TopicCatalog.reviewQuestions(from: entries, skill: .listening, limit: 1, using: .seeded(seed))
            #expect(one.count == 1)
            if one.first?.valueKey == "1204" { heavierFirst += 1 }
        }
        // Weight 4 against 1: first four times in five.
        #expect((280...360).contains(heavierFirst), "\(heavierFirst)")
        #expect(TopicCatalog.reviewQuestions(from: [], skill: .listening, limit: 10, using: .seeded(1)).isEmpty)
    }
}

extension Topic: CustomTestStringConvertible {
    public var testDescription: String { id }
}
