import Composable
import Foundation
@testable import KazuKit
import Testing

/// The history's own JSON writer and reader agree with Foundation's coders, byte for byte
/// when writing, and read back what either wrote.
@Suite struct HistoryLineTests {
    static let awkward = ["", "5", "x\"y", "back\\slash", "a/b", "line\nbreak", "tab\there", "\u{01}\u{1F}",
                          "さんびゃく", "🎌 flag", "é", "\u{7F}", "￥1,500"]

    func foundationLine(_ record: SessionRecord) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(record))
    }

    func record(_ seed: Int) -> SessionRecord {
        var generator = SplitMix64(seed: UInt64(seed))
        func text() -> String { Self.awkward[Int(generator.next() % UInt64(Self.awkward.count))] }
        let modes: [QuizMode] = [.infinite, .questionLimit(10), .timeLimit(seconds: 60)]
        let questions = (0..<Int(generator.next() % 4)).map { _ in
            QuestionRecord(topicID: text(), valueKey: text(), prompt: text(), answer: text(), written: text(),
                           reading: text(), romaji: text(),
                           submissions: (0..<Int(generator.next() % 3)).map { _ in
                               SubmissionRecord(typed: text(), verdict: [.correct, .incorrect, .skipped][Int(generator.next() % 3)],
                                                seconds: [0, 1, 2.5, 0.1, 12.375, 1234.5][Int(generator.next() % 6)])
                           },
                           frameID: generator.next() % 2 == 0 ? nil : text())
        }
        // Whole seconds: the line keeps no fraction, as JSONEncoder's .iso8601 does not.
        let start = Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000))
        return SessionRecord(id: text(), topicID: text(), skill: Skill.allCases[Int(generator.next() % 3)],
                             mode: modes[Int(generator.next() % 3)], seed: generator.next(), startedAt: start,
                             endedAt: start.addingTimeInterval(Double(generator.next() % 100_000)),
                             ending: [.completed, .timeUp, .stopped][Int(generator.next() % 3)], questions: questions,
                             rateReached: [nil, nil, 110, 350][Int(generator.next() % 4)])
    }

    @Test func writesWhatJSONEncoderWritesAndReadsItBack() throws {
        for seed in 0..<300 {
            let record = record(seed)
            let ours = HistoryLine.encode(record)
            #expect(ours == (try foundationLine(record)), "seed \(seed): \(String(decoding: ours, as: UTF8.self))")
            #expect(try HistoryLine.decode(ours[...]) == record)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            #expect(try decoder.decode(SessionRecord.self, from: Data(ours)) == record)
        }
    }

    @Test func readsKeysInAnyOrderSpacesEscapesAndFieldsItDoesNotKnow() throws {
        let line = """
         { "version" : 1, "future": {"a": [1, 2.5e3, true, false, null, "x"]}, "topicID": "number.1-10",
           "skill": "reading", "mode": {"limit": 5, "kind": "questions"}, "seed": 7, "id": "A\\u0042\\ud83c\\udf8c",
           "startedAt": "2026-11-23T07:45:06Z", "endedAt": "2026-11-23T16:45:06.5+09:00", "ending": "stopped",
           "questions": [ { "written": "3", "romaji": "san", "reading": "さん", "answer": "3", "prompt": "三",
           "valueKey": "3", "topicID": "number.1-10", "submissions": [{"verdict": "correct", "typed": "3\\/", "seconds": 1.0}] } ] }
        """
        let record = try HistoryLine.decode(Array(line.utf8)[...])
        #expect(record.id == "AB🎌" && record.mode == .questionLimit(5) && record.seed == 7)
        #expect(record.startedAt == Date(timeIntervalSince1970: 1_795_419_906))
        #expect(record.endedAt == Date(timeIntervalSince1970: 1_795_419_906.5))
        #expect(record.questions.first?.submissions == [SubmissionRecord(typed: "3/", verdict: .correct, seconds: 1)])
    }

    /// The rate a `--rate auto` session reached is kept; a line without one (any written
    /// before there was one) reads as a session that had none.
    @Test func theRateReachedIsKeptAndALineWithoutOneHasNone() throws {
        var record = record(1)
        record.rateReached = 170
        let line = HistoryLine.encode(record)
        #expect(String(decoding: line, as: UTF8.self).contains("],\"rateReached\":170,\"seed\":"))
        #expect(try HistoryLine.decode(line[...]).rateReached == 170)
        record.rateReached = nil
        let old = HistoryLine.encode(record)
        #expect(!String(decoding: old, as: UTF8.self).contains("rateReached"))
        #expect(try HistoryLine.decode(old[...]) == record)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(SessionRecord.self, from: Data(old)).rateReached == nil)
        // A rate no voice speaks, edited in by hand, is no rate reached: the session reads as one without.
        for rate in [99_999, 0, -150] {
            let edited = String(decoding: HistoryLine.encode(record), as: UTF8.self)
                .replacingOccurrences(of: ",\"seed\":", with: ",\"rateReached\":\(rate),\"seed\":")
            #expect(try HistoryLine.decode(Array(edited.utf8)[...]) == record, "\(rate)")
        }
    }

    @Test func aLineCutAnywhereOrBrokenIsDamagedNeverACrash() throws {
        let whole = HistoryLine.encode(record(3))
        for end in 0..<whole.count {
            #expect(throws: HistoryLine.Damaged.self) { try HistoryLine.decode(whole[..<end]) }
        }
        for broken in ["{}", "[]", "null", "{\"version\":1", "{\"version\":\"1\"}", "\"\\ud83c\"", "{\"seed\":-1}",
                       "{\"future\":" + String(repeating: "[", count: 10_000)] {
            #expect(throws: HistoryLine.Damaged.self) { try HistoryLine.decode(Array(broken.utf8)[...]) }
        }
        var extra = whole
        extra.append(contentsOf: Array(" {}".utf8))
        #expect(throws: HistoryLine.Damaged.self) { try HistoryLine.decode(extra[...]) }
    }

    @Test func datesAreCivilDatesInUTC() {
        #expect(HistoryLine.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(HistoryLine.iso8601(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(HistoryLine.iso8601(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        for days: Int64 in [-800_000, -1, 0, 59, 60, 11_016, 2_932_896] {
            let (year, month, day) = HistoryLine.civilDate(daysSinceEpoch: days)
            #expect(HistoryLine.daysSinceEpoch(year: year, month: month, day: day) == days)
        }
    }
}
