import Composable
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// What the voice is handed for every topic's questions (`Phonemes.espeak` of the spoken kana)
/// has none of the faults espeak-ng's own Japanese rules make, and pauses where a speaker does.
@Suite struct SpokenPhonemeTests {
    static let drawable = TopicCatalog.all.filter { $0.id != "review" }
    /// Over a thousand questions in all; 1,000 per topic with KAZU_EXHAUSTIVE=1.
    static let draws = ProcessInfo.processInfo.environment["KAZU_EXHAUSTIVE"] == "1" ? 1_000 : 24

    /// espeak-ng's faults, as they show in a phoneme string without its stress marks.
    static let faults: [(String, String)] = [
        ("hp", "っ before p as an [h]"), ("~", "a nasal vowel for ん"),
        ("N\\p", "ɴ before p"), ("N\\b", "ɴ before b"), ("N\\m", "ɴ before m"),
        ("N\\z", "ɴ before z"), ("N\\d", "ɴ before d"), ("N\\t", "ɴ before t"), ("N\\n", "ɴ before n"),
        ("ou", "o and u for a long o"), ("ei", "e and i for a long e"), ("oo", "two o"), ("uu", "two u"),
        ("ii", "two i"), ("aa", "two a"), ("ee", "two e"),
    ]

    @Test(arguments: drawable)
    func spokenPhonemesHaveNoneOfEspeaksFaults(topic: Topic) throws {
        let random = RandomSource.seeded(UInt64(topic.id.unicodeScalars.count) * 7919 + 30)
        for index in 0..<Self.draws {
            let question = topic.makeQuestion(skill: topic.skills[index % topic.skills.count], using: random)
            let phonemes = try #require(Phonemes.espeak(question.spokenKana), "\(topic.id): \(question.spokenKana)")
            let unstressed = phonemes.filter { $0 != "'" && $0 != "," }
            for (fault, name) in Self.faults {
                #expect(!unstressed.contains(fault), "\(topic.id): \(name) in \(phonemes) (\(question.spokenKana))")
            }
            let pauses = phonemes.components(separatedBy: Phonemes.pause).count - 1
            // A sentence pauses where its frame says: `SentenceTests` checks those.
            switch question.skill == .sentences ? nil : topic.category {
            case nil:
                break
            case .phone?:
                #expect(pauses == question.written.filter { $0 == "-" }.count, "\(topic.id): \(phonemes)")
            default:
                #expect(pauses == (topic.id == "date.date-time" ? 1 : 0), "\(topic.id): \(phonemes)")
            }
        }
    }

    /// The reading Kazu shows pauses with 、; a learner typing it with or without them is right.
    @Test(arguments: drawable.filter { $0.skills.contains(.writing) })
    func writtenReadingsAreRightWithOrWithoutPauses(topic: Topic) {
        let random = RandomSource.seeded(30)
        for _ in 0..<Self.draws {
            let question = topic.makeQuestion(skill: .writing, using: random)
            #expect(question.grade(question.answer) == .correct, "\(topic.id): \(question.answer)")
            let unpaused = question.answer.filter { $0 != "、" }
            #expect(question.grade(unpaused) == .correct, "\(topic.id): \(unpaused)")
            #expect(question.grade(question.romaji) == .correct, "\(topic.id): \(question.romaji)")
        }
    }

    @Test func dateTimesPauseBetweenTheDateAndTheTime() throws {
        let topic = try #require(TopicCatalog.topic(id: "date.date-time"))
        let question = try #require(topic.question(valueKey: "2017-09-30 14:45", skill: .listening))
        #expect(question.spokenKana == "にせんじゅうななねんくがつさんじゅうにち、じゅうよじよんじゅうごふん")
        #expect(question.romaji.contains(", "))
    }
}
