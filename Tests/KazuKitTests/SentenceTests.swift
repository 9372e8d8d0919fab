import Composable
import ComposableTesting
import Foundation
import JapaneseNumbers
@testable import KazuKit
import Testing

/// The sentence frames (Data/sentences.tsv) and the questions of the sentences skill: every
/// frame with every topic it fits, over many values, says the engine's reading in its slot,
/// is graded as listening is, and gives the voice nothing but kana.
@Suite struct SentenceTests {
    static let frames = SentenceFrame.all
    static let topics = TopicCatalog.all.filter { $0.skills.contains(.sentences) }
    static let numberKanji = Set("〇一二三四五六七八九十百千万億兆")
    static func isKanji(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) } }
    static func isDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) || ("０"..."９").contains(c) }

    @Test func theCompiledTableIsTheDataFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data/sentences.tsv")
        let file = try String(contentsOf: url, encoding: .utf8)
        #expect(file == SentenceFrame.table + "\n", "run scripts/sentence-table after editing Data/sentences.tsv")
        let rows = file.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("id\t") }
        #expect(rows.count == Self.frames.count)
    }

    @Test func everyCategoryHasAtLeastEightFrames() {
        for category in TopicCategory.allCases where category != .review {
            #expect(Self.frames.filter { $0.category == category }.count >= 8, "\(category)")
        }
    }

    @Test func framesAreWellFormed() throws {
        #expect(Set(Self.frames.map(\.id)).count == Self.frames.count, "frame ids are unique")
        for frame in Self.frames {
            #expect(frame.kana.components(separatedBy: SentenceFrame.slot).count == 2, "\(frame.id): one slot in the kana")
            #expect(frame.written.components(separatedBy: SentenceFrame.slot).count == 2, "\(frame.id): one slot written")
            #expect(frame.gloss.contains(SentenceFrame.slot), "\(frame.id): the gloss says the value")
            // No number is typed into a frame, in any script: it comes from the engine.
            let text = frame.written.replacing(SentenceFrame.slot, with: "")
            #expect(!text.contains { Self.isDigit($0) || Self.numberKanji.contains($0) }, "\(frame.id): a number in \(frame.written)")
            // The kana is kana the voice says (the slot empty), and says nothing else.
            let spoken = frame.spokenKana(reading: "")
            #expect(Phonemes.espeak(spoken) != nil, "\(frame.id): not kana: \(spoken)")
            #expect(!spoken.contains("{") && !frame.shownKana(reading: "").contains("{"), "\(frame.id): an unknown marker")
            // It fits topics of its own category, or counters that exist.
            for name in frame.fits {
                if frame.category == .counters {
                    #expect(Counter.named(name) != nil, "\(frame.id): no counter \(name)")
                } else {
                    #expect(TopicCatalog.topic(id: name)?.category == frame.category, "\(frame.id): \(name) is no \(frame.category) topic")
                }
            }
            if let unit = frame.unit { #expect(Counter.named(unit) != nil, "\(frame.id): no counter \(unit)") }
        }
    }

    /// Only the topic with years no sentence fits (1年 to 2500年) and the review go without.
    @Test func topicsWithoutFramesAreNotOfferedSentences() throws {
        let without = TopicCatalog.all.filter { !$0.skills.contains(.sentences) }.map(\.id)
        #expect(without == ["date.year-1-2500", "review"])
        let conbini = try #require(TopicCatalog.topic(id: "money.conbini"))
        #expect(conbini.skills == [.listening, .reading, .writing, .sentences])
    }

    /// The values a topic draws, `count` of them from fixed seeds.
    static func values(_ topic: Topic, count: Int = 300) -> [QuestionValue] {
        let random = RandomSource.seeded(DrawSeed.fnv1a("sentences." + topic.id))
        return (0..<count).map { _ in topic.kind.draw(using: random) }
    }

    /// The reading the engine makes for a value as a frame says it, made here without the
    /// sentence code: the topic's listening reading, or the bare number read with the frame's unit.
    static func engineReading(_ topic: Topic, _ value: QuestionValue, _ frame: SentenceFrame) throws -> String {
        if let unit = frame.unit, case let .number(n) = value {
            return try JapaneseNumbers.reading(of: n, counter: Counter.named(unit)).hiragana
        }
        return try #require(topic.question(valueKey: value.key, skill: .listening)).spokenKana
    }

    @Test(arguments: topics)
    func everyFrameSaysTheEnginesReadingAndIsGradedAsListening(topic: Topic) throws {
        var used = Set<String>()
        for value in Self.values(topic) {
            let fitting = SentenceFrame.frames(for: topic, value: value)
            #expect(!fitting.isEmpty, "\(topic.id) \(value.key): no frame fits")
            let listening = try #require(topic.question(valueKey: value.key, skill: .listening))
            for frame in fitting {
                used.insert(frame.id)
                let question = QuestionMaker.sentenceQuestion(topic: topic, value: value, frame: frame)
                let sentence = try #require(question.sentence)
                let where_ = "\(topic.id) \(frame.id) \(value.key)"
                let reading = try Self.engineReading(topic, value, frame)
                // The slot holds the engine's reading exactly, joined with its sound changes.
                #expect(question.spokenKana == frame.spokenKana(reading: reading), "\(where_): \(question.spokenKana)")
                #expect(sentence.kana == frame.shownKana(reading: reading), "\(where_): \(sentence.kana)")
                // Its subtitle, given to `kazu say`, is said as the quiz says it.
                #expect((Sentence.spokenKana(ofShown: sentence.kana) ?? sentence.kana) == question.spokenKana, "\(where_)")
                // The voice gets kana only: no digits, no kanji.
                #expect(Phonemes.espeak(question.spokenKana) != nil, "\(where_): \(question.spokenKana)")
                #expect(!question.spokenKana.contains { Self.isDigit($0) || $0.isASCII }, "\(where_): \(question.spokenKana)")
                // Graded as listening: its answer, and the value written, are right.
                #expect(question.grade(listening.answer) == .correct, "\(where_): \(listening.answer)")
                #expect(question.grade(question.answer) == .correct, "\(where_): \(question.answer)")
                #expect(question.grade(question.written) == .correct, "\(where_): \(question.written)")
                // The written sentence holds the value as written (an amount as 1,204円).
                let written = question.written.hasPrefix("￥") ? question.written.dropFirst() + "円" : question.written
                #expect(sentence.written.contains(written), "\(where_): \(sentence.written) lacks \(written)")
                // Typed as the sentence shows it, with the word it is written into (4番線, 4人家族): right.
                if let start = sentence.written.range(of: written)?.lowerBound {
                    let shown = String(sentence.written[start...].prefix(written.count)
                        + sentence.written[start...].dropFirst(written.count).prefix { Self.isKanji($0) })
                    #expect(question.grade(shown) == .correct, "\(where_): \(shown) is \(question.grade(shown))")
                }
                #expect(sentence.romaji.contains(question.romaji), "\(where_): \(sentence.romaji)")
                #expect(sentence.romaji.allSatisfy(\.isASCII) || sentence.romaji.contains("ō"), "\(where_): \(sentence.romaji)")
                #expect(!sentence.gloss.contains("{"), "\(where_): \(sentence.gloss)")
            }
            // Asked again without a draw (a review, a retry), a value is said in a frame that fits, the same every time.
            let asked = try #require(topic.question(valueKey: value.key, skill: .sentences))
            #expect(fitting.map(\.id).contains(asked.sentence?.frameID ?? ""), "\(topic.id) \(value.key)")
            #expect(topic.question(valueKey: value.key, skill: .sentences) == asked)
        }
        let own = Self.frames.filter { frame in
            frame.fits.contains(topic.id) || {
                guard case let .counters(choices) = topic.kind else { return false }
                return choices.contains { frame.fits.contains($0.counter.name) }
            }()
        }
        // The mixed counters draw each counter's small numbers too rarely: each counter's own topic covers its frames.
        if !topic.listeningAsksCounter {
            #expect(Set(own.map(\.id)) == used, "\(topic.id): frames never drawn: \(Set(own.map(\.id)).subtracting(used).sorted())")
        }
    }

    /// A question's frame is drawn as its value is, from the question's own seed: only frames
    /// that fit the value, each of them in time, the same for the same seed; the values drawn
    /// are those of the other skills.
    @Test(arguments: topics)
    func theFrameIsADrawAmongTheFramesThatFit(topic: Topic) throws {
        var heard: [String: Set<String>] = [:], draws: [String: Int] = [:]
        for number in 1...300 {
            let seed = DrawSeed.seed(session: 7, stream: topic.id, number: number)
            let question = topic.makeQuestion(skill: .sentences, using: .seeded(seed))
            let frameID = try #require(question.sentence?.frameID)
            let value = try #require(topic.kind.value(fromKey: question.valueKey))
            #expect(SentenceFrame.frames(for: topic, value: value).contains { $0.id == frameID }, "\(topic.id) \(value.key): \(frameID)")
            #expect(topic.makeQuestion(skill: .sentences, using: .seeded(seed)) == question)
            #expect(topic.makeQuestion(skill: .listening, using: .seeded(seed)).valueKey == question.valueKey)
            heard[question.valueKey, default: []].insert(frameID)
            draws[question.valueKey, default: 0] += 1
        }
        // A value drawn often is heard in every frame that fits it (each of at most four missed
        // in 20 draws: under one chance in 300).
        for (key, frames) in heard where draws[key, default: 0] >= 20 {
            let value = try #require(topic.kind.value(fromKey: key))
            let fitting = Set(SentenceFrame.frames(for: topic, value: value).map(\.id))
            if fitting.count <= 4 { #expect(frames == fitting, "\(topic.id) \(key)") }
        }
    }

    /// The sentence shown after an answer is the one heard: the question's record keeps its
    /// frame, the history line keeps it, and the sentence is made again from it.
    @Test func theRecordKeepsTheFrameHeardAndTheSentenceIsMadeAgainFromIt() throws {
        let topic = try #require(TopicCatalog.topic(id: "number.1-10"))
        var frames = Set<String>()
        for number in 1...40 {
            let question = topic.makeQuestion(skill: .sentences, using: .seeded(DrawSeed.seed(session: 1, stream: topic.id, number: number)))
            let record = QuestionRecord(question: question, submissions: [])
            #expect(record.frameID == question.sentence?.frameID)
            let line = HistoryLine.encode(record)
            let read = try HistoryLine.decode(HistoryLine.encode(SessionRecord(
                topicID: topic.id, skill: .sentences, mode: .questionLimit(1), seed: 1, startedAt: Date(timeIntervalSince1970: 0),
                endedAt: Date(timeIntervalSince1970: 0), ending: .completed, questions: [record]))[...])
            #expect(read.questions == [record], "\(String(decoding: line, as: UTF8.self))")
            #expect(TopicCatalog.sentence(topicID: topic.id, valueKey: question.valueKey, skill: .sentences, frameID: record.frameID)
                    == question.sentence)
            frames.insert(record.frameID ?? "")
        }
        #expect(frames.count > 1)
        // A frame the value does not fit (a line edited, a frame since removed): the value's own.
        let own = try #require(topic.question(valueKey: "3", skill: .sentences))
        #expect(TopicCatalog.sentence(topicID: topic.id, valueKey: "3", skill: .sentences, frameID: "money.register") == own.sentence)
        #expect(TopicCatalog.sentence(topicID: topic.id, valueKey: "3", skill: .listening, frameID: own.sentence?.frameID) == nil)
    }

    /// A retry of missed questions says each sentence in the frame it was missed in.
    @MainActor
    @Test func aRetryAsksAMissedSentenceInItsFrame() async throws {
        let topic = try #require(TopicCatalog.topic(id: "number.1-10"))
        // Questions drawn in a frame that is not their value's own, as a session draws them.
        let drawn = (1...40).map { topic.makeQuestion(skill: .sentences, using: .seeded(DrawSeed.seed(session: 2, stream: topic.id, number: $0))) }
        let asked = drawn.filter { $0 != topic.question(valueKey: $0.valueKey, skill: .sentences) }.prefix(2)
        #expect(asked.count == 2)
        let missed = asked.map { QuestionRecord(question: $0, submissions: [SubmissionRecord(typed: "", verdict: .skipped, seconds: 1)]) }
        let record = SessionRecord(topicID: topic.id, skill: .sentences, mode: .questionLimit(2), seed: 1,
                                   startedAt: sessionStart, endedAt: sessionStart, ending: .completed, questions: missed)
        var initial = Navigation.State(settings: KazuSettings())
        initial.path.append(Summary.State(record: record, script: .kanji))
        let clock = TestClock()
        let store = TestStore(initialState: initial) { Navigation() } withDependencies: {
            $0.clock = clock
            $0.speech = .silent
            $0.history = .inMemory()
            $0.settingsClient = .inMemory()
            $0.date = .constant(sessionStart)
        }
        store.exhaustivity = .off
        await store.send(.path(.element(id: store.state.path.ids[0], action: .delegate(.retry(missed)))))
        await store.receive(.destination(.presented(.quiz(.started))))
        let quiz = try #require(store.state.quiz)
        #expect([quiz.question] + quiz.queued == Array(asked))
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    /// No one sets an alarm for 24時 or 0時: midnight is said in frames where it fits.
    @Test func theAlarmIsNeverSetForMidnight() throws {
        for id in ["time.hour", "time.hour-12", "time.clock"] {
            let topic = try #require(TopicCatalog.topic(id: id))
            for value in Self.values(topic) where [0, 24].contains(SentenceFrame.magnitude(of: value)) {
                #expect(!SentenceFrame.frames(for: topic, value: value).contains { $0.id == "times.alarm" }, "\(id) \(value.key)")
            }
        }
    }

    @Test func aSentenceReadsAsItShould() throws {
        let conbini = try #require(TopicCatalog.topic(id: "money.conbini"))
        let frame = try #require(SentenceFrame.all.first { $0.id == "money.register" })
        let question = QuestionMaker.sentenceQuestion(topic: conbini, value: .number(1_204), frame: frame)
        #expect(question.spokenKana == "おかいけい、せんにひゃくよえんになります")
        #expect(question.sentence == Sentence(
            frameID: "money.register", written: "お会計、1,204円になります", kana: "おかいけい、せんにひゃくよえんになります",
            romaji: "okaikei, \(question.romaji) ninarimasu", gloss: "Your total comes to ¥1,204."))
        #expect(question.grade("1204") == .correct && question.grade("1,204円") == .correct && question.grade("1240") == .incorrect)
        // The particle は is written は and said わ.
        let platform = try #require(SentenceFrame.all.first { $0.id == "phone.number" })
        let phone = QuestionMaker.sentenceQuestion(topic: try #require(TopicCatalog.topic(id: "phone.mobile")),
                                                   value: .phone("090-1234-5678"), frame: platform)
        #expect(phone.sentence?.kana.hasPrefix("でんわばんごうは、") == true)
        #expect(phone.spokenKana.hasPrefix("でんわばんごうわ、"))
        #expect(phone.sentence?.romaji.hasPrefix("denwabangouwa, ") == true)
    }
}
