// libFuzzer target: what Kazu does with a history file it did not write, or one that was
// damaged: history.jsonl is read back by HistoryClient.decode, and its records feed the
// statistics (`kazu stats`) and the review topic (a question rebuilt from each missed
// value's key).
//
// Two kinds of input:
//   - a history file: any bytes, decoded as `kazu stats` and `kazu quiz review` do, then
//     the statistics, the review draw and a question for every recorded value key;
//   - byte 0x01, a topic index, a skill index, then a value key ("3本", "14:05", "1.5y"):
//     the key as a history line would name it, straight to Topic.question(valueKey:), so
//     the fuzzer need not build JSON to reach it.
// Every record decoded, written as Kazu writes it, must read back and be written the same.
import Composable
import Foundation
import KazuKit

let now = Date(timeIntervalSince1970: 1_795_000_000)
let topics = TopicCatalog.all

func fail(_ message: String) -> Never {
    fatalError("history fuzz: \(message)")
}

/// A question for `key` in `topicID`, in every skill the topic is drilled in, and the
/// review draw over it.
func ask(topicID: String, valueKey: String, skills: [Skill]? = nil) {
    guard let topic = TopicCatalog.topic(id: topicID) else { return }
    for skill in skills ?? topic.skills {
        for script in [ReadingScript.kanji, .kana] {
            // A question rebuilt from a key is graded right when answered with its own answer.
            if let question = topic.question(valueKey: valueKey, skill: skill, script: script),
               question.grade(question.answer) != .correct {
                fail("\(topicID) \(valueKey.debugDescription) \(skill): the answer \(question.answer.debugDescription) is graded \(question.grade(question.answer))")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    if size >= 3 && bytes[0] == 0x01 {
        let topic = topics[Int(bytes[1]) % topics.count]
        let skill = Skill.allCases[Int(bytes[2]) % Skill.allCases.count]
        let key = String(decoding: bytes[3...], as: UTF8.self)
        ask(topicID: topic.id, valueKey: key, skills: [skill])
        let entry = ReviewEntry(topicID: topic.id, valueKey: key, weight: 1)
        _ = TopicCatalog.reviewQuestion(from: [entry], skill: skill, using: .seeded(UInt64(size)))
        return 0
    }

    let load = HistoryClient.decode(Array(bytes))
    for record in load.records {
        let line: [UInt8]
        do { line = try HistoryClient.encodedLine(record) } catch { fail("a decoded record does not encode: \(error)") }
        // What Kazu writes it reads back, and writes the same again. (Not the same record as
        // the input's: Foundation's ISO 8601 decoding takes fractional seconds, "06:50:1.2Z",
        // which encoding drops, as it does for every session's own dates.)
        let again = HistoryClient.decode(line)
        guard again.records.count == 1, again.skippedLines == 0 else {
            fail("a line Kazu writes is not read back: \(String(decoding: line, as: UTF8.self))")
        }
        if (try? HistoryClient.encodedLine(again.records[0])) != line {
            fail("a record read back is written differently: \(String(decoding: line, as: UTF8.self))")
        }
        _ = try? SessionReport.json(record)
        _ = (record.accuracy, record.correctCount, record.skippedCount)
        for question in record.questions {
            _ = (question.outcome, question.seconds)
            ask(topicID: question.topicID, valueKey: question.valueKey)
        }
    }
    let stats = HistoryStatistics(records: load.records, now: now)
    for skill in Skill.allCases {
        _ = TopicCatalog.reviewQuestion(from: stats.review, skill: skill, using: .seeded(UInt64(size)))
    }
    return 0
}
