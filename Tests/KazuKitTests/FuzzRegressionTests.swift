import Foundation
@testable import KazuKit
import Testing

/// What `scripts/fuzz history` found in history files Kazu did not write (or damaged ones),
/// each fixed in the source. The fuzzer's inputs are in fuzz/history/regressions/ (the
/// script replays them before fuzzing); the tests here state what they decode to.
@Suite struct FuzzRegressionTests {
    func topic(_ id: String) throws -> Topic { try #require(TopicCatalog.topic(id: id)) }

    /// A key of the review topic names a value only when its topic could have drawn it;
    /// otherwise its question's own answer could not be typed or would be graded wrong.
    func expectAnswerable(_ id: String, _ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for skill in try topic(id).skills {
            let question = try #require(try topic(id).question(valueKey: key, skill: skill), "\(id) \(key)", sourceLocation: sourceLocation)
            #expect(question.grade(question.answer) == .correct, "\(id) \(key) \(skill)", sourceLocation: sourceLocation)
        }
    }

    /// fuzz/history/regressions/date-time-key-with-a-ten-digit-year: the year 2222225147 in a
    /// date-time key made a question whose answer the answer box refuses (years have four digits).
    @Test func aDateTimeKeyOutsideTheDrawnYearsIsNoValue() throws {
        let dateTime = try topic("date.date-time")
        #expect(dateTime.question(valueKey: ".2222225147e\0.5\u{FFFD}1\u{01}#5u0<&", skill: .listening) == nil)
        #expect(dateTime.question(valueKey: "2222225147-05-01 5:00", skill: .listening) == nil)
        #expect(dateTime.question(valueKey: "1989-12-31 23:59", skill: .listening) == nil)
        #expect(dateTime.question(valueKey: "2031-01-01 00:00", skill: .listening) == nil)
        try expectAnswerable("date.date-time", "1990-01-01 00:00")
        try expectAnswerable("date.date-time", "2030-12-31 23:59")
    }

    /// fuzz/history/regressions/half-years-key-with-no-half: 1y (two halves) is never drawn,
    /// and its answer "1" reads as one month, so it was graded wrong; infy and 1e300y would
    /// have trapped converting to Int64.
    @Test func aHalfYearsKeyIsAnOddNumberOfHalvesUpToTenAndAHalf() throws {
        let halfYears = try topic("duration.half-years")
        for key in ["1y", "0y", "-0.5y", "11.5y", "infy", "-infy", "nany", "1e300y", "0.25y", "y", "1.5"] {
            #expect(halfYears.question(valueKey: key, skill: .listening) == nil, "\(key)")
        }
        try expectAnswerable("duration.half-years", "0.5y")
        try expectAnswerable("duration.half-years", "10.5y")
    }

    /// fuzz/history/regressions/span-key-with-2090-hours: 2090:06:04 made the answer 2090:06:04,
    /// which the answer box refuses (at most three digits of hours); lengths are drawn up to 24 hours.
    @Test func aSpanKeyOutsideTheDrawnHoursIsNoValue() throws {
        #expect(try topic("duration.hours-minutes-seconds").question(valueKey: "2090:06:04", skill: .listening) == nil)
        #expect(try topic("duration.hours-minutes").question(valueKey: "25:01:00", skill: .listening) == nil)
        #expect(try topic("duration.half-hours").question(valueKey: "13:30:00", skill: .listening) == nil)
        try expectAnswerable("duration.hours-minutes-seconds", "24:59:59")
        try expectAnswerable("duration.hours-minutes", "24:59:00")
        try expectAnswerable("duration.half-hours", "12:30:00")
    }

    /// fuzz/history/regressions/missed-value-with-an-empty-topic.jsonl: the statistics joined
    /// topic and value key into one string and split it again; an empty topic id (or value
    /// key) gave one part, and reading the second trapped in `kazu stats` and the review draw.
    @Test func aMissedValueWithAnEmptyTopicOrKeyIsCounted() throws {
        let line = try String(contentsOfFile: Self.regressions + "/missed-value-with-an-empty-topic.jsonl", encoding: .utf8)
        let load = HistoryClient.decode(Array(line.utf8))
        #expect(load.records.count == 1 && load.skippedLines == 0)
        var record = try #require(load.records.first)
        var second = record.questions[0]
        second.topicID = "number.1-10"
        second.valueKey = ""
        var third = record.questions[0]
        third.topicID = "a\u{1F}b"
        third.valueKey = "c"
        record.questions += [second, third]
        let stats = HistoryStatistics(records: [record], now: record.endedAt)
        #expect(stats.mostMissed.map { [$0.topicID, $0.valueKey] } == [["", "x"], ["number.1-10", ""], ["a\u{1F}b", "c"]])
        // None of them can be asked, so none is left to review; drawn from, they give no question.
        #expect(stats.review.isEmpty)
        let entries = stats.mostMissed.map { ReviewEntry(topicID: $0.topicID, valueKey: $0.valueKey, weight: 1) }
        #expect(TopicCatalog.reviewQuestion(from: entries, skill: .listening, using: .seeded(1)) == nil)
    }

    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz/history/regressions").path
}
