import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// What a question shows and how questions are drawn, as a teacher would check them: every
/// field of every question drawn on its own, notation Japanese uses, one reading behind every
/// form shown, notes that fit the skill, and a report that carries the session's totals.
@Suite struct QuestionMakingTests {
    static let drawable = TopicCatalog.all.filter { $0.id != "review" }

    /// The fields of a value, as numbers: what a question could leak into the next one.
    static func fields(_ value: QuestionValue) -> [Int64] {
        switch value {
        case let .number(n): [n]
        case let .counted(n, counter): [n, Int64(Counter.names.firstIndex(of: counter) ?? -1)]
        case let .clock(hour, minute): [Int64(hour), Int64(minute)]
        case let .date(year, month, day): [year, Int64(month), Int64(day)]
        case let .dateTime(year, month, day, hour, minute): [year, Int64(month), Int64(day), Int64(hour), Int64(minute)]
        case let .span(hours, minutes, seconds): [hours, Int64(minutes), Int64(seconds)]
        case let .halfYears(halves): [halves]
        case let .eraYear(era, year): [Int64(Era.allCases.firstIndex { $0.kanji == era } ?? -1), year]
        case let .phone(digits): digits.compactMap(\.wholeNumberValue).map(Int64.init)
        }
    }

    static func value(_ question: Question, of topic: Topic) -> QuestionValue {
        topic.kind.value(fromKey: question.valueKey)!
    }

    static func correlation(_ x: [Double], _ y: [Double]) -> Double? {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
            syy += (b - my) * (b - my)
        }
        guard sxx > 0, syy > 0 else { return nil }   // a field that never changes predicts nothing
        return sxy / (sxx * syy).squareRoot()
    }

    // MARK: Independent draws

    /// Over 2,000 consecutive questions of each topic, no field of a question predicts any
    /// field of the next: they are equal no more often than their spreads make them by chance
    /// (a shifted phone number, or minutes that are the last seconds, are equal far more), and
    /// they are not correlated. The thresholds are many standard errors from chance.
    @Test(arguments: drawable)
    func noFieldOfAQuestionPredictsTheNext(topic: Topic) {
        let pairs = 2_000
        let values = (1...(pairs + 1)).map { number in
            Self.fields(Self.value(Quiz.State.draw(topic: topic, skill: topic.skills[0], seed: 1, number: number,
                                                   reviewEntries: []), of: topic))
        }
        let width = values.map(\.count).min()!
        for i in 0..<width {
            for j in 0..<width {
                let before = values.dropLast().map { $0[i] }, after = values.dropFirst().map { $0[j] }
                let equal = zip(before, after).count(where: { $0 == $1 })
                // Chance: the probability that two independent draws of these two fields are equal.
                var countsBefore: [Int64: Int] = [:], countsAfter: [Int64: Int] = [:]
                for v in before { countsBefore[v, default: 0] += 1 }
                for v in after { countsAfter[v, default: 0] += 1 }
                let chance = countsBefore.reduce(0.0) { sum, entry in
                    sum + Double(entry.value) / Double(pairs) * Double(countsAfter[entry.key, default: 0]) / Double(pairs)
                }
                let rate = Double(equal) / Double(pairs)
                #expect(rate < chance + 0.08, "\(topic.id): field \(i) equals the next question's field \(j) in \(equal) of \(pairs) pairs (chance \(chance))")
                if let r = Self.correlation(before.map(Double.init), after.map(Double.init)) {
                    #expect(abs(r) < 0.15, "\(topic.id): field \(i) and the next question's field \(j) correlate, r = \(r)")
                }
            }
        }
    }

    /// One seed draws unrelated values in different topics: the first question of 1-100 and
    /// of 1-1000 (and of every other pair of topics) over 500 seeds are not correlated.
    @Test func topicsDrawnWithOneSeedAreNotProportional() {
        let seeds: [UInt64] = Array(1...500)
        let firsts = Self.drawable.map { topic in
            seeds.map { seed in
                Double(Self.fields(Self.value(Quiz.State.draw(topic: topic, skill: topic.skills[0], seed: seed, number: 1,
                                                              reviewEntries: []), of: topic))[0])
            }
        }
        for a in firsts.indices {
            for b in firsts.indices where b > a {
                guard let r = Self.correlation(firsts[a], firsts[b]) else { continue }
                #expect(abs(r) < 0.25, "\(Self.drawable[a].id) and \(Self.drawable[b].id) draw proportional values with one seed: r = \(r)")
            }
        }
    }

    /// The seed of a draw is a stable hash, the same in every process (Swift's `Hasher` is
    /// not), so a session's seed replays it anywhere.
    @Test func drawSeedsAreStableAndDistinct() {
        #expect(DrawSeed.fnv1a("") == 0xCBF2_9CE4_8422_2325 && DrawSeed.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        let seeds = [DrawSeed.seed(session: 1, stream: "number.1-100", number: 1),
                     DrawSeed.seed(session: 1, stream: "number.1-100", number: 2),
                     DrawSeed.seed(session: 1, stream: "number.1-100", number: 1, attempt: 1),
                     DrawSeed.seed(session: 1, stream: "number.1-1000", number: 1),
                     DrawSeed.seed(session: 2, stream: "number.1-100", number: 1)]
        #expect(Set(seeds).count == seeds.count)
        #expect(DrawSeed.seed(session: 1, stream: "number.1-100", number: 1) == seeds[0])
    }

    // MARK: Notation (the sweep over every topic is SelfConsistencyTests)

    @Test func yearsTenAndZeroMinutesAreShownAsTheyAreRead() throws {
        let year = try #require(TopicCatalog.topic(id: "date.year-1950-2030"))
        #expect(year.question(valueKey: "2021", skill: .writing)?.prompt == "2021年")
        #expect(year.question(valueKey: "2021", skill: .listening)?.answer == "2021")
        #expect(year.question(valueKey: "2021", skill: .listening)?.written == "2021年")
        // Counts and amounts keep their comma.
        #expect(TopicCatalog.topic(id: "number.1-10000")?.question(valueKey: "2021", skill: .writing)?.prompt == "2,021")
        #expect(TopicCatalog.topic(id: "money.conbini")?.question(valueKey: "1204", skill: .writing)?.prompt == "￥1,204")
        let ten = try #require(TopicCatalog.topic(id: "counter.small-things")?.question(valueKey: "10つ", skill: .writing))
        #expect(ten.prompt == "10" && ten.written == "10" && ten.answer == "とお" && ten.romaji == "too")
        #expect(ten.grade("とお") == .correct)
        let tenListening = try #require(TopicCatalog.topic(id: "counter.small-things")?.question(valueKey: "10つ", skill: .listening))
        #expect(tenListening.grade("10") == .correct)
        #expect(TopicCatalog.topic(id: "counter.small-things")?.question(valueKey: "9つ", skill: .writing)?.prompt == "9つ")
        let span = try #require(TopicCatalog.topic(id: "duration.hours-minutes-seconds")?.question(valueKey: "15:00:18", skill: .writing))
        #expect(span.prompt == "15時間18秒" && span.answer == "じゅうごじかんじゅうはちびょう")
        let clock = try #require(TopicCatalog.topic(id: "time.clock-12")?.question(valueKey: "14:00", skill: .writing))
        #expect(clock.prompt == "午後2時" && clock.answer == "ごごにじ")
        #expect(TopicCatalog.topic(id: "time.clock-12")?.question(valueKey: "14:05", skill: .writing)?.prompt == "午後2時5分")
    }

    /// `kazu stats` shows a missed value as Kazu writes it now, not as an older Kazu kept it.
    @Test func statsShowTheWrittenFormOfNow() {
        let question = QuestionRecord(topicID: "date.year-1950-2030", valueKey: "2021", prompt: "", answer: "2,021",
                                      written: "2,021年", reading: "にせんにじゅういちねん", romaji: "nisen nijuuichinen",
                                      submissions: [SubmissionRecord(typed: "2020", verdict: .incorrect, seconds: 2)])
        let record = SessionRecord(topicID: "date.year-1950-2030", skill: .listening, mode: .questionLimit(1), seed: 1,
                                   startedAt: sessionStart, endedAt: sessionStart, ending: .completed, questions: [question])
        let missed = HistoryStatistics(records: [record], now: sessionStart).mostMissed
        #expect(missed.map(\.written) == ["2021年"])
    }

    // MARK: Notes

    /// A note fits the skill: no "type the amount" when the answer is the reading, nothing
    /// heard when nothing is spoken.
    @Test func notesFitTheSkillPlayed() throws {
        for topic in TopicCatalog.all {
            for skill in topic.skills {
                #expect(!topic.notes(for: skill).isEmpty, "\(topic.id) has no note in \(skill)")
                for note in topic.notes(for: skill) {
                    if skill != .listening && skill != .sentences {
                        #expect(!note.contains("you hear") && !note.lowercased().contains("listen"), "\(topic.id) \(skill): \(note)")
                    }
                    if skill == .writing && note.hasPrefix("Type") {
                        #expect(note.contains("reading"), "\(topic.id) writing: \(note)")
                    }
                }
            }
        }
        let money = try #require(TopicCatalog.topic(id: "money.conbini"))
        #expect(money.notes(for: .listening).contains("Type the amount; ￥ is shown for you."))
        #expect(!money.notes(for: .writing).contains { $0.hasPrefix("Type") })
        for id in ["phone.mobile", "time.clock", "date.full", "time.hour-12"] {
            let topic = try #require(TopicCatalog.topic(id: id))
            #expect(!topic.notes(for: .writing).contains { $0.contains("digits") || $0.contains("14:45") || $0.contains("2017-09-30") || $0.contains("is 3") }, "\(id)")
        }
    }

    // MARK: 午前0時 and 午後0時

    @Test func twelveHourTopicsAskMidnightAndNoon() throws {
        for id in ["time.hour-12", "time.hour-12-as-24"] {
            let topic = try #require(TopicCatalog.topic(id: id))
            let hours = Set((1...2_000).map { number in
                Quiz.State.draw(topic: topic, skill: .listening, seed: 9, number: number, reviewEntries: []).valueKey
            })
            #expect(hours == Set((0...23).map { "\($0):00" }), "\(id): \(hours.sorted())")
        }
        let as24 = try #require(TopicCatalog.topic(id: "time.hour-12-as-24"))
        let midnight = try #require(as24.question(valueKey: "0:00", skill: .listening))
        #expect(midnight.written == "午前0時" && midnight.answer == "0" && midnight.grade("0") == .correct)
        #expect(midnight.grade("12") == .incorrect)
        let noon = try #require(as24.question(valueKey: "12:00", skill: .listening))
        #expect(noon.written == "午後0時" && noon.answer == "12" && noon.grade("12") == .correct)
        #expect(noon.grade("0") == .incorrect && noon.grade("午後0時") == .correct)
        #expect(as24.question(valueKey: "12:00", skill: .writing)?.prompt == "午後0時")
        #expect(as24.question(valueKey: "12:00", skill: .reading)?.prompt == "午後零時")
        let asHour = try #require(TopicCatalog.topic(id: "time.hour-12")?.question(valueKey: "12:00", skill: .listening))
        #expect(asHour.answer == "0" && asHour.grade("0") == .correct && asHour.grade("12") == .correct)
        // A missed 午後0時 comes back in a review.
        #expect(TopicCatalog.canReview(ReviewEntry(topicID: "time.hour-12-as-24", valueKey: "12:00", weight: 1)))
        #expect(TopicCatalog.canReview(ReviewEntry(topicID: "time.hour-12", valueKey: "0:00", weight: 1)))
    }

    // MARK: The report

    @Test func theReportCarriesTheSummaryAndWhatWasSpoken() throws {
        let topic = try #require(TopicCatalog.topic(id: "number.1-100"))
        let questions = ["3", "40", "75"].map { topic.question(valueKey: $0, skill: .listening)! }
        let record = SessionRecord(
            topicID: topic.id, skill: .listening, mode: .questionLimit(3), seed: 1, startedAt: sessionStart,
            endedAt: sessionStart, ending: .completed, questions: [
                QuestionRecord(question: questions[0], submissions: [SubmissionRecord(typed: "3", verdict: .correct, seconds: 2)]),
                QuestionRecord(question: questions[1], submissions: [SubmissionRecord(typed: "4", verdict: .incorrect, seconds: 3),
                                                                     SubmissionRecord(typed: "40", verdict: .correct, seconds: 5)]),
                QuestionRecord(question: questions[2], submissions: [SubmissionRecord(typed: "", verdict: .skipped, seconds: 8)]),
            ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(SessionReport.json(record).utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["rightFirstTime"] as? Int == 1 && summary["wrong"] as? Int == 1 && summary["skipped"] as? Int == 1)
        #expect(summary["total"] as? Int == 3 && (summary["secondsPerQuestion"] as? NSNumber)?.doubleValue == 5)
        #expect(abs(((summary["accuracy"] as? NSNumber)?.doubleValue ?? 0) - 1.0 / 3) < 1e-9)
        let reported = try #require(json["questions"] as? [[String: Any]])
        #expect(reported.map { $0["spoken"] as? String } == ["さん", "よんじゅう", "ななじゅうご"])
        #expect(reported.map { $0["prompt"] as? String } == ["", "", ""])
        #expect(json["topicID"] as? String == topic.id && json["seed"] as? Int == 1)
        // A reading question shows its prompt and says nothing of speech.
        let read = SessionRecord(topicID: topic.id, skill: .reading, mode: .questionLimit(1), seed: 1, startedAt: sessionStart,
                                 endedAt: sessionStart, ending: .completed, questions: [
                                     QuestionRecord(question: topic.question(valueKey: "3", skill: .reading)!,
                                                    submissions: [SubmissionRecord(typed: "3", verdict: .correct, seconds: 1)])])
        let readJSON = try #require(try JSONSerialization.jsonObject(with: Data(SessionReport.json(read).utf8)) as? [String: Any])
        let readQuestion = try #require((readJSON["questions"] as? [[String: Any]])?.first)
        #expect(readQuestion["prompt"] as? String == "三" && readQuestion["spoken"] == nil)
    }
}
