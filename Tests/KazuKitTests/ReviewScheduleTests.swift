import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// SM-2 over the history, on a fixed clock: the days are those of the records, never today's.
@Suite struct ReviewScheduleTests {
    static let day0 = Date(timeIntervalSince1970: 1_800_000_000)
    static func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }

    func session(_ answers: [(String, [SubmissionRecord.Verdict])], topicID: String = "number.1-1000", on date: Date) -> SessionRecord {
        sampleRecord(topicID: topicID, ended: date, answers: answers)
    }

    @Test func aMissEntersTheScheduleRightMovesFurtherOutAndAMissBringsItBack() throws {
        var schedule = ReviewSchedule()
        let id = ReviewSchedule.ValueID(topicID: "number.1-1000", valueKey: "300")
        schedule.add(session([("300", [.correct])], on: Self.day(0)))
        #expect(schedule.values[id] == nil && schedule.rules.isEmpty, "never missed: nothing to review")
        var intervals: [Int] = [], dues: [Date] = []
        let answers: [(Double, [SubmissionRecord.Verdict])] = [(1, [.incorrect, .correct]), (2, [.correct]), (3, [.correct]),
                                                                (9, [.correct]), (22, [.skipped])]
        for (date, verdicts) in answers {
            schedule.add(session([("300", verdicts)], on: Self.day(date)))
            let item = try #require(schedule.values[id], "a missed value stays in the schedule")
            intervals.append(item.intervalDays)
            dues.append(item.due)
        }
        // The miss: 1 day, ease 2.5 - 0.32; right: 1 day, 6 days, then 6 × 2.18 rounded; the skip: back to 1.
        #expect(intervals == [1, 1, 6, 13, 1])
        #expect(dues == [2, 3, 9, 22, 23].map { Self.day($0) })
        let item = try #require(schedule.values[id])
        #expect(item.repetitions == 0)
        #expect(abs(item.ease - 1.38) < 1e-9)
        // The value's rule is scheduled with it.
        #expect(schedule.rules[.voicing]?.due == Self.day(23))
    }

    /// Days are counted on the learner's clock: across a change of daylight saving time an
    /// item answered near midnight comes due on the right day, at the same clock time. With
    /// 24-hour days it came due a day late (spring) or again the same day (autumn).
    @Test(arguments: [(3_600, 7_200), (7_200, 3_600)])
    func aDayAcrossDaylightSavingTimeIsADayOnTheClock(before: Int, after: Int) {
        // The clock changes at 2 in the morning; answered at half past eleven the night before,
        // and at half past midnight.
        let switchAt = Self.day0
        let offset = { (date: Date) in date < switchAt ? before : after }
        for answered in [switchAt.addingTimeInterval(-2.5 * 3_600), switchAt.addingTimeInterval(-1.5 * 3_600)] {
            for days in [1, 6] {
                let due = ReviewSchedule.date(days: days, after: answered, offset: offset)
                let onTheClock = due.timeIntervalSince(answered) + Double(offset(due) - offset(answered))
                #expect(onTheClock == Double(days) * 86_400, "answered \(answered), \(days) days: due \(due)")
            }
        }
        // Where the clock does not change, a day is 86,400 seconds.
        #expect(ReviewSchedule.date(days: 6, after: Self.day(0), offset: { _ in 3_600 }) == Self.day(6))
    }

    /// A rule is one item across topics: 3本 missed puts voicing in the schedule, and 300
    /// answered right in another topic moves it out.
    @Test func aRuleMovesWithEveryValueUsingIt() throws {
        var schedule = ReviewSchedule()
        schedule.add(session([("3本", [.incorrect])], topicID: "counter.long", on: Self.day(0)))
        #expect(schedule.rules[.voicing]?.due == Self.day(1))
        schedule.add(session([("300", [.correct])], on: Self.day(1)))
        schedule.add(session([("300", [.correct])], on: Self.day(2)))
        #expect(schedule.rules[.voicing]?.due == Self.day(8))
        #expect(schedule.values[ReviewSchedule.ValueID(topicID: "number.1-1000", valueKey: "300")] == nil)
        #expect(schedule.dueRules(by: Self.day(7)).isEmpty && schedule.dueRules(by: Self.day(8)) == [.voicing])
    }

    @Test func dueCountsMatchTheSchedule() {
        let records = [
            session([("300", [.incorrect, .correct]), ("12", [.correct]), ("600", [.skipped])], on: Self.day(0)),
            session([("12", [.correct]), ("300", [.correct])], on: Self.day(1)),
        ]
        let schedule = ReviewSchedule(records: records)
        // 600 is due a day after the first session; 300, right on the second, a day after that.
        #expect(schedule.dueValues(by: Self.day(0.5)).isEmpty)
        #expect(schedule.dueValues(by: Self.day(1)).map(\.valueKey) == ["600"])
        #expect(schedule.dueValues(by: Self.day(2)).map(\.valueKey) == ["600", "300"])
        #expect(Set(schedule.values.keys.map(\.valueKey)) == ["300", "600"], "12 was never missed")
        let review = HistoryStatistics(records: records, now: Self.day(2)).review
        for date in [0.5, 1, 1.5, 2, 7].map({ Self.day($0) }) {
            let ordered = schedule.review(review, by: date)
            let due = ordered.filter(\.isDue)
            #expect(due.count == schedule.dueValues(by: date).count)
            #expect(Set(due.map(\.valueKey)) == Set(schedule.dueValues(by: date).map(\.valueKey)))
            #expect(Array(ordered.prefix(due.count)) == due, "the due ones first")
            #expect(Set(ordered.map(\.valueKey)) == ["300", "600"], "the due and the others, all of them")
        }
        // ろっぴゃく's two rules are due with 600; voicing moved to day 2 with 300.
        #expect(Set(schedule.dueRules(by: Self.day(1))) == [.gemination, .hToP])
        #expect(Set(schedule.dueRules(by: Self.day(2))) == [.gemination, .hToP, .voicing])
    }

    /// 45 is due; 300 and 600 are not yet, 600 sooner although it was asked later: the review
    /// asks 45, then 600, then 300, whatever the draw, and a short one only the first.
    @Test func aReviewAsksTheDueValuesFirstThenTheSoonestDue() throws {
        let records = [
            session([("45", [.incorrect])], on: Self.day(0)),
            session([("300", [.incorrect])], on: Self.day(2)),
            session([("300", [.correct])], on: Self.day(3)),
            session([("300", [.correct])], on: Self.day(4)),
            session([("600", [.skipped])], on: Self.day(8)),
        ]
        let schedule = ReviewSchedule(records: records)
        let stats = HistoryStatistics(records: records, now: Self.day(8.5))
        #expect(stats.review.map(\.valueKey) == ["45", "300", "600"])
        let review = schedule.review(stats.review, by: Self.day(8.7))
        #expect(review.map(\.valueKey) == ["45", "600", "300"])
        #expect(review.map(\.notDueUntil) == [nil, Self.day(9), Self.day(10)])
        for seed in UInt64(0)..<20 {
            let all = TopicCatalog.reviewQuestions(from: review, skill: .reading, using: .seeded(seed))
            #expect(all.map(\.valueKey) == ["45", "600", "300"], "seed \(seed)")
            let short = TopicCatalog.reviewQuestions(from: review, skill: .reading, limit: 2, using: .seeded(seed))
            #expect(short.map(\.valueKey) == ["45", "600"], "seed \(seed)")
            #expect(TopicCatalog.reviewQuestion(from: review, skill: .reading, using: .seeded(seed))?.valueKey == "45")
        }
    }

    /// With nothing due the review still asks: the values due soonest first (reviewing ahead).
    @Test func withNothingDueAReviewAsksAhead() throws {
        let records = [session([("300", [.incorrect]), ("45", [.incorrect])], on: Self.day(0)),
                       session([("300", [.correct])], on: Self.day(0.2))]
        let review = ReviewSchedule(records: records).review(HistoryStatistics(records: records, now: Self.day(0.5)).review,
                                                             by: Self.day(0.5))
        #expect(review.map(\.valueKey) == ["45", "300"] && review.filter(\.isDue).isEmpty)
        #expect(TopicCatalog.reviewQuestions(from: review, skill: .reading, using: .seeded(1)).map(\.valueKey) == ["45", "300"])
        #expect(TopicCatalog.reviewQuestion(from: review, skill: .reading, using: .seeded(1)) != nil)
        #expect(TopicCatalog.reviewDueCount(in: review) == 0 && TopicCatalog.reviewValueCount(in: review) == 2)
    }

    @Test func anEmptyHistoryHasNothingDue() {
        let schedule = ReviewSchedule(records: [])
        #expect(schedule.dueValues(by: Self.day(100)).isEmpty && schedule.dueRules(by: Self.day(100)).isEmpty)
        #expect(schedule.review([], by: Self.day(100)).isEmpty)
    }

    /// Lines written before the schedule (no omitted tries, no parts, keys in any order) are
    /// read into it whole: the same schedule as the records they hold, nothing skipped.
    @Test func oldHistoryLinesAreReadIntoTheScheduleWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        func line(_ ended: String, _ key: String, _ kanji: String, _ kana: String, _ romaji: String, _ verdict: String) -> String {
            #"{"version":1,"id":"\#(ended)","topicID":"number.1-1000","skill":"reading","mode":{"kind":"questions","limit":1},"#
                + #""seed":1,"startedAt":"\#(ended)","endedAt":"\#(ended)","ending":"completed","questions":[{"topicID":"number.1-1000","#
                + #""valueKey":"\#(key)","prompt":"\#(kanji)","answer":"\#(key)","written":"\#(key)","reading":"\#(kana)","#
                + #""romaji":"\#(romaji)","submissions":[{"typed":"1","verdict":"\#(verdict)","seconds":2}]}]}"#
        }
        let text = [line("2027-01-15T08:00:00Z", "300", "三百", "さんびゃく", "sanbyaku", "incorrect"),
                    line("2027-01-16T08:00:00Z", "300", "三百", "さんびゃく", "sanbyaku", "correct"),
                    line("2027-01-16T08:01:00Z", "600", "六百", "ろっぴゃく", "roppyaku", "skipped")].joined(separator: "\n") + "\n"
        let locations = try StorageLocations(environment: ["KAZU_DATA_DIR": directory + "/data", "KAZU_CONFIG_DIR": directory + "/config"])
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        try text.write(toFile: locations.historyFile, atomically: true, encoding: .utf8)
        let history = HistoryClient.live(locations)
        var fromFile = ReviewSchedule()
        let skipped = try history.scan { fromFile.add($0) }
        #expect(skipped.total == 0)
        let start = try #require(ISO8601DateFormatter().date(from: "2027-01-15T08:00:00Z"))
        let expected = ReviewSchedule(records: [
            sampleRecord(topicID: "number.1-1000", ended: start, answers: [("300", [.incorrect])]),
            sampleRecord(topicID: "number.1-1000", ended: start.addingTimeInterval(86_400), answers: [("300", [.correct])]),
            sampleRecord(topicID: "number.1-1000", ended: start.addingTimeInterval(86_460), answers: [("600", [.skipped])]),
        ])
        #expect(fromFile.values == expected.values && fromFile.rules == expected.rules)
        #expect(fromFile.values.count == 2)
        let now = start.addingTimeInterval(86_400 * 2.5)
        #expect(try history.review(now: now).filter(\.isDue).count == fromFile.dueValues(by: ReviewSchedule.endOfDay(containing: now)).count)
    }
}
