import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// SM-2 over the history, on a fixed clock: the days are those of the records, never today's.
@Suite struct ReviewScheduleTests {
    static let day0 = Date(timeIntervalSince1970: 1_800_000_000)
    static func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }

    func session(_ answers: [(String, [SubmissionRecord.Verdict])], on date: Date) -> SessionRecord {
        sampleRecord(topicID: "number.1-1000", ended: date, answers: answers)
    }

    @Test func aValueAnsweredRightMovesFurtherOutAndAMissBringsItBack() throws {
        var schedule = ReviewSchedule()
        let id = ReviewSchedule.ValueID(topicID: "number.1-1000", valueKey: "300")
        var intervals: [Int] = []
        for (date, verdicts) in [(0.0, [SubmissionRecord.Verdict.correct]), (1, [.correct]), (7, [.correct]), (22, [.incorrect, .correct])] {
            schedule.add(session([("300", verdicts)], on: Self.day(date)))
            intervals.append(try #require(schedule.values[id]).intervalDays)
        }
        // 1 day, 6 days, then 6 × 2.5 (a right answer of quality 4 leaves the ease at 2.5), then back to 1.
        #expect(intervals == [1, 6, 15, 1])
        let item = try #require(schedule.values[id])
        #expect(item.repetitions == 0)
        #expect(abs(item.ease - 2.18) < 1e-9)
        #expect(item.due == Self.day(23))
        // The value's rule is scheduled with it.
        #expect(schedule.rules[.voicing]?.due == Self.day(23))
    }

    @Test func dueCountsMatchTheClock() {
        let records = [
            session([("300", [.incorrect, .correct]), ("12", [.correct]), ("600", [.skipped])], on: Self.day(0)),
            session([("12", [.correct])], on: Self.day(1)),
        ]
        let schedule = ReviewSchedule(records: records)
        // 300 and 600 are due a day after the first session, 12 six days after the second.
        #expect(schedule.dueValues(by: Self.day(0.5)).isEmpty)
        #expect(schedule.dueValues(by: Self.day(1)).map(\.valueKey) == ["300", "600"])
        #expect(schedule.dueValues(by: Self.day(7)).map(\.valueKey) == ["300", "600", "12"])
        let review = HistoryStatistics(records: records, now: Self.day(2)).review
        #expect(Set(schedule.due(review, by: Self.day(1)).map(\.valueKey)) == ["300", "600"])
        #expect(schedule.due(review, by: Self.day(0.5)).isEmpty)
    }

    @Test func aReviewAsksTheDueValuesFirst() {
        // 45 was missed long ago and is due; 300 was missed today and is not due until tomorrow.
        let records = [
            session([("45", [.incorrect, .correct])], on: Self.day(0)),
            session([("300", [.incorrect, .correct]), ("300", [.incorrect, .correct])], on: Self.day(10)),
        ]
        let schedule = ReviewSchedule(records: records)
        let review = HistoryStatistics(records: records, now: Self.day(10)).review
        #expect(Set(review.map(\.valueKey)) == ["45", "300"])
        let prioritized = schedule.prioritizing(review, by: Self.day(10))
        #expect(prioritized.first { $0.valueKey == "45" }!.weight == review.first { $0.valueKey == "45" }!.weight * ReviewSchedule.dueBoost)
        for seed in UInt64(0)..<20 {
            let questions = TopicCatalog.reviewQuestions(from: prioritized, skill: .reading, using: .seeded(seed))
            #expect(questions.first?.valueKey == "45", "seed \(seed)")
        }
    }

    @Test func anEmptyHistoryHasNothingDue() {
        let schedule = ReviewSchedule(records: [])
        #expect(schedule.dueValues(by: Self.day(100)).isEmpty && schedule.dueRules(by: Self.day(100)).isEmpty)
    }
}
