import Composable
import ComposableTesting
import Foundation
@testable import KazuKit
import SpeechClient
import Testing

let sessionStart = Date(timeIntervalSince1970: 1_767_225_600)

/// A speech client whose every utterance lasts `length` on `clock`, and which writes down
/// what it was asked to say.
func timedSpeech(_ clock: TestClock, length: Duration = .seconds(1), said: LockedValue<[String]>) -> SpeechClient {
    SpeechClient(
        speak: { utterance in
            try utterance.checkSpeakable()
            said.withLock { $0.append(utterance.text) }
            try await clock.sleep(for: length)
        },
        stop: {},
        voices: { [Voice(id: "ja", name: "Japanese", language: "ja"), Voice(id: "ja+f1", name: "Japanese, female 1", language: "ja")] },
        synthesize: { _ in PCMAudio(samples: [], sampleRate: 22050) })
}

@MainActor
@Suite struct QuizTests {
    let topic = TopicCatalog.topic(id: "number.1-100")!

    func quizState(mode: QuizMode = .questionLimit(3), seed: UInt64 = 11) -> Quiz.State {
        Quiz.State(topic: topic, skill: .listening, mode: mode, seed: seed, speech: SpeechPreferences(), startedAt: sessionStart)
    }

    func makeStore(_ state: Quiz.State, clock: TestClock, said: LockedValue<[String]>) -> TestStore<Quiz.State, Quiz.Action> {
        TestStore(initialState: state) { Quiz() } withDependencies: {
            $0.clock = clock
            $0.speech = timedSpeech(clock, said: said)
            $0.date = .constant(sessionStart.addingTimeInterval(100))
        }
    }

    @Test func startingSpeaksTheFirstQuestionAndPlaybackFinishingClearsTheFlag() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let store = makeStore(quizState(), clock: clock, said: said)
        let first = store.state.question
        await store.send(.started) { $0.isSpeaking = true }
        await clock.advance(by: .seconds(1))
        // Both end at the same instant; the utterance began first.
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
        #expect(said.value == [first.spokenKana])
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(.delegate(.sessionEnded(nil)))
        await store.finish()
    }

    @Test func incorrectThenCorrectRecordsBothTriesAndMovesOn() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        var state = quizState()
        state.isSpeaking = false
        let store = makeStore(state, clock: clock, said: said)
        let first = store.state.question
        let wrong = first.answer == "1" ? "2" : "1"
        await store.send(.answerSubmitted("x")) {
            $0.feedback = .unreadable(reason: "cannot read it as romaji")
        }
        await store.send(.answerSubmitted(wrong)) {
            $0.submissions = [SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 0)]
            $0.feedback = .incorrect(typed: wrong)
            $0.isSpeaking = true
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        let second = Quiz.State.draw(topic: topic, skill: .listening, seed: 11, number: 2, reviewEntries: [],
                                     avoiding: first.valueKey)
        await store.send(.answerSubmitted(first.answer)) {
            $0.answered = [QuestionRecord(question: first, submissions: [
                SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 0),
                SubmissionRecord(typed: first.answer, verdict: .correct, seconds: 0),
            ])]
            $0.submissions = []
            $0.feedback = .correct
            $0.questionNumber = 2
            $0.question = second
            $0.isSpeaking = true
        }
        #expect(store.state.answered[0].outcome == .incorrect)
        #expect(said.value == [first.spokenKana, second.spokenKana])
        await clock.advance(by: .seconds(1))
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
    }

    @Test func showAnswerIsASkipAndTheNextSubmitMovesOn() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let store = makeStore(quizState(mode: .questionLimit(1)), clock: clock, said: said)
        let first = store.state.question
        await store.send(.showAnswerTapped) {
            $0.submissions = [SubmissionRecord(typed: "", verdict: .skipped, seconds: 0)]
            $0.isAnswerShown = true
            $0.feedback = .answerShown(first)
        }
        let record = SessionRecord(
            id: "00000000-0000-0000-0000-000000000000", topicID: topic.id, skill: .listening, mode: .questionLimit(1), seed: 11,
            startedAt: sessionStart, endedAt: sessionStart.addingTimeInterval(100), ending: .completed,
            questions: [QuestionRecord(question: first, submissions: [SubmissionRecord(typed: "", verdict: .skipped, seconds: 0)])])
        await store.send(.answerSubmitted("")) {
            $0.answered = record.questions
            $0.submissions = []
            $0.isAnswerShown = false
            $0.ending = .completed
        }
        await store.receive(.delegate(.sessionEnded(record)))
        #expect(record.questions[0].outcome == .skipped)
        await store.finish()
    }

    @Test func replayWhileSpeakingStopsAndReplayAfterSpeaksAgain() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        var state = quizState()
        state.isSpeaking = false
        let store = makeStore(state, clock: clock, said: said)
        await store.send(.replayTapped) { $0.isSpeaking = true }
        await store.send(.replayTapped) { $0.isSpeaking = false }
        await clock.advance(by: .seconds(2))   // the stopped utterance never reports
        await store.send(.replayTapped) { $0.isSpeaking = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        #expect(said.value.count == 2)
        await store.finish()
    }

    /// Reading and writing questions are never spoken, the voice would read the number out or
    /// say the answer: not when asked, not after a wrong try, not on replay.
    @Test(arguments: [Skill.reading, .writing])
    func readingAndWritingQuestionsAreNeverSpoken(skill: Skill) async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let state = Quiz.State(topic: topic, skill: skill, mode: .questionLimit(2), seed: 11, speech: SpeechPreferences(),
                               startedAt: sessionStart)
        let store = makeStore(state, clock: clock, said: said)
        let first = store.state.question
        let wrong = skill == .writing ? (first.answer == "いち" ? "に" : "いち") : (first.answer == "1" ? "2" : "1")
        await store.send(.started)
        await store.send(.answerSubmitted(wrong)) {
            $0.submissions = [SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 0)]
            $0.feedback = .incorrect(typed: wrong)
        }
        await store.send(.replayTapped)
        let second = Quiz.State.draw(topic: topic, skill: skill, seed: 11, number: 2, reviewEntries: [],
                                     avoiding: first.valueKey)
        await store.send(.answerSubmitted(first.answer)) {
            $0.answered = [QuestionRecord(question: first, submissions: [
                SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 0),
                SubmissionRecord(typed: first.answer, verdict: .correct, seconds: 0),
            ])]
            $0.submissions = []
            $0.feedback = .correct
            $0.questionNumber = 2
            $0.question = second
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
        #expect(said.value.isEmpty)
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
    }

    /// A reading review asks phone numbers, which are not read, by listening: that question is
    /// spoken, and the reading question after it stops it if it is still playing.
    @Test func aReviewSpeaksOnlyItsListeningQuestionsAndTheNextStopsOneStillPlaying() async throws {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let phone = try #require(TopicCatalog.topic(id: "phone.mobile")).makeQuestion(skill: .listening, using: .seeded(1))
        let reading = topic.makeQuestion(skill: .reading, using: .seeded(2))
        let state = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(2), seed: 11,
                               speech: SpeechPreferences(), startedAt: sessionStart, queued: [phone, reading])
        let store = makeStore(state, clock: clock, said: said)
        await store.send(.started) { $0.isSpeaking = true }
        await store.send(.answerSubmitted(phone.answer)) {
            $0.answered = [QuestionRecord(question: phone, submissions: [
                SubmissionRecord(typed: phone.answer, verdict: .correct, seconds: 0),
            ])]
            $0.feedback = .correct
            $0.questionNumber = 2
            $0.question = reading
            $0.queued = []
            $0.isSpeaking = false
        }
        await clock.advance(by: .seconds(1))   // the stopped utterance never reports
        await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
        #expect(said.value == [phone.spokenKana])
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
    }

    @Test func aPlaybackErrorIsShownThenClearedAfterTwoSeconds() async {
        let clock = TestClock()
        var state = quizState()
        state.isSpeaking = false
        let store = TestStore(initialState: state) { Quiz() } withDependencies: {
            $0.clock = clock
            $0.speech = .failing(.noAudioOutput("no player"))
        }
        await store.send(.replayTapped) { $0.isSpeaking = true }
        let message = "no player"   // the problem alone: the front adds its own words
        await store.receive(.playbackFailed(message)) {
            $0.isSpeaking = false
            $0.playbackError = message
        }
        await clock.advance(by: .milliseconds(1_999))
        await clock.advance(by: .milliseconds(1))
        await store.receive(.playbackErrorCleared) { $0.playbackError = nil }
        await store.finish()
    }

    /// Opening the settings stops time; time running out while the learner types ends the
    /// session at once, and the half-answered question is kept with its tries.
    @Test func aTimeLimitSessionPausesInSettingsAndEndsAtOnceWhenTimeRunsOut() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let store = makeStore(quizState(mode: .timeLimit(seconds: 3)), clock: clock, said: said)
        let first = store.state.question
        await store.send(.started) { $0.isSpeaking = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
        #expect(store.state.progress == "0:02 left")
        await store.send(.settingsTapped) {
            $0.settings = Settings.State(topic: topic, speech: SpeechPreferences())
        }
        await clock.advance(by: .seconds(30))   // no ticks while the settings are open
        await store.send(.settings(.presented(.speech(.rateChanged(120))))) {
            $0.settings?.speech.preferences.rate = 120
            $0.speech.rate = 120
        }
        await store.receive(.delegate(.speechChanged(SpeechChange(rate: 120))))
        await store.send(.settings(.presented(.doneTapped)))
        await store.receive(.settings(.dismiss)) { $0.settings = nil }
        let wrong = first.answer == "1" ? "2" : "1"
        await store.send(.answerSubmitted(wrong)) {
            $0.submissions = [SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 1)]
            $0.feedback = .incorrect(typed: wrong)
            $0.isSpeaking = true
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.timerTicked) { $0.secondsElapsed = 2 }
        await store.receive(.playbackFinished) { $0.isSpeaking = false }
        // The learner is typing the next try when the last second runs out.
        await clock.advance(by: .seconds(1))
        let record = SessionRecord(
            id: "00000000-0000-0000-0000-000000000000", topicID: topic.id, skill: .listening, mode: .timeLimit(seconds: 3),
            seed: 11, startedAt: sessionStart, endedAt: sessionStart.addingTimeInterval(100), ending: .timeUp,
            questions: [QuestionRecord(question: first, submissions: [SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 1)])])
        await store.receive(.timerTicked) {
            $0.secondsElapsed = 3
            $0.ending = .timeUp
        }
        await store.receive(.delegate(.sessionEnded(record)))
        await store.send(.answerSubmitted(first.answer))   // too late: not graded
        #expect(said.value.count == 2)
        await store.finish()
    }

    /// A question tried more than `QuestionRecord.keptTries` times keeps its first and last
    /// four tries and counts the others, so that a session's memory stays bounded; the right
    /// answer then records the question with that count.
    @Test func aQuestionTriedOftenKeepsItsFirstAndLastTriesAndCountsTheRest() async throws {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let eight = try #require(topic.question(valueKey: "8", skill: .reading))
        let state = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(1), seed: 11,
                               speech: SpeechPreferences(), startedAt: sessionStart,
                               reviewEntries: [ReviewEntry(topicID: topic.id, valueKey: "8", weight: 1)])
        #expect(state.question == eight)
        let store = makeStore(state, clock: clock, said: said)
        func wrong(_ typed: Int) -> SubmissionRecord { SubmissionRecord(typed: "\(typed)", verdict: .incorrect, seconds: 0) }
        for typed in 20..<30 {
            await store.send(.answerSubmitted("\(typed)")) {
                let tries = Array(20...typed)
                $0.submissions = tries.count <= 8 ? tries.map(wrong) : (tries.prefix(4) + tries.suffix(4)).map(wrong)
                $0.omittedTries = max(0, tries.count - 8)
                $0.feedback = .incorrect(typed: "\(typed)")
            }
        }
        let kept = ([20, 21, 22, 23, 27, 28, 29].map(wrong) + [SubmissionRecord(typed: "8", verdict: .correct, seconds: 0)])
        await store.send(.answerSubmitted("8")) {
            $0.answered = [QuestionRecord(question: eight, submissions: kept, omittedTries: 3)]
            $0.submissions = []
            $0.omittedTries = 0
            $0.feedback = .correct
            $0.ending = .completed
        }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
        #expect(store.state.record(id: "x", endedAt: sessionStart)?.questions.first?.omittedTries == 3)
    }

    /// A review with a question limit asks each value left to review once: one value and a
    /// limit of 10 make one question, and the session completes after it.
    @Test func aReviewWithFewerValuesThanItsLimitAsksEachOnce() async throws {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let eight = try #require(topic.question(valueKey: "8", skill: .reading))
        let state = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(10), seed: 11,
                               speech: SpeechPreferences(), startedAt: sessionStart,
                               reviewEntries: [ReviewEntry(topicID: topic.id, valueKey: "8", weight: 1)])
        #expect(state.mode == .questionLimit(1) && state.valuesToReview == 1 && state.progress == "1/1")
        #expect(state.question == eight && state.queued.isEmpty)
        let store = makeStore(state, clock: clock, said: said)
        await store.send(.started)   // a reading question is not spoken
        await store.send(.answerSubmitted("8")) {
            $0.answered = [QuestionRecord(question: eight, submissions: [
                SubmissionRecord(typed: "8", verdict: .correct, seconds: 0),
            ])]
            $0.feedback = .correct
            $0.ending = .completed
        }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
        #expect(said.value.isEmpty)

        // Three values and a limit of 10: each of the three, once. A limit of 2: two of them.
        let entries = ["3", "8", "42"].map { ReviewEntry(topicID: topic.id, valueKey: $0, weight: 1) }
        let three = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(10), seed: 5,
                               speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
        #expect(three.mode == .questionLimit(3))
        #expect(([three.question] + three.queued).map(\.valueKey).sorted() == ["3", "42", "8"])
        let two = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(2), seed: 5,
                             speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
        #expect(two.mode == .questionLimit(2) && two.valuesToReview == 3)
        #expect(Set([two.question.valueKey] + two.queued.map(\.valueKey)).count == 2)
    }

    /// A review asks the due values first, then fills its limit with those due soonest, and
    /// counts both for its first line.
    @Test func aReviewAsksTheDueValuesFirstThenTheSoonestDue() throws {
        let entries = [ReviewEntry(topicID: topic.id, valueKey: "3", weight: 9, notDueUntil: sessionStart.addingTimeInterval(172_800)),
                       ReviewEntry(topicID: topic.id, valueKey: "8", weight: 1),
                       ReviewEntry(topicID: topic.id, valueKey: "42", weight: 9, notDueUntil: sessionStart.addingTimeInterval(86_400))]
        for seed in UInt64(0)..<10 {
            let two = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .questionLimit(2), seed: seed,
                                 speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
            #expect(([two.question] + two.queued).map(\.valueKey) == ["8", "42"], "seed \(seed)")
            #expect(two.valuesToReview == 3 && two.valuesDueToReview == 1)
            let rounds = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: .infinite, seed: seed,
                                    speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
            #expect(([rounds.question] + rounds.queued).map(\.valueKey) == ["8", "42", "3"], "seed \(seed)")
        }
        let other = Quiz.State(topic: topic, skill: .reading, mode: .questionLimit(2), seed: 1,
                               speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
        #expect(other.valuesDueToReview == nil)
    }

    /// A review with no question limit asks its values in rounds: each once a round, and a
    /// round never starts with the value the last one ended with. It drew by weight each time,
    /// so one value could come up again and again while another waited.
    @Test(arguments: [QuizMode.timeLimit(seconds: 60), .infinite])
    func aReviewWithNoQuestionLimitAsksEachValueOnceARound(mode: QuizMode) {
        let entries = [ReviewEntry(topicID: topic.id, valueKey: "3", weight: 1),
                       ReviewEntry(topicID: topic.id, valueKey: "8", weight: 20),
                       ReviewEntry(topicID: topic.id, valueKey: "42", weight: 1),
                       ReviewEntry(topicID: "gone.topic", valueKey: "1", weight: 50)]
        for seed in UInt64(0)..<20 {
            let state = Quiz.State(topic: TopicCatalog.review, skill: .reading, mode: mode, seed: seed,
                                   speech: SpeechPreferences(), startedAt: sessionStart, reviewEntries: entries)
            let store = Store(initialState: state) { Quiz() } withDependencies: {
                $0.speech = .silent
                $0.clock = TestClock()
                $0.date = .constant(sessionStart)
            }
            var asked: [String] = []
            for _ in 0..<12 {
                asked.append(store.state.question.valueKey)
                store.send(.answerSubmitted(store.state.question.answer))
            }
            #expect(store.state.mode == mode && store.state.ending == nil)
            for round in 0..<4 {
                #expect(asked[(round * 3)..<(round * 3 + 3)].sorted() == ["3", "42", "8"], "seed \(seed): \(asked)")
            }
            #expect(zip(asked, asked.dropFirst()).allSatisfy { $0 != $1 }, "seed \(seed): \(asked)")
        }
    }

    @Test func theSameSeedGivesTheSameQuestions() {
        let questions = { (seed: UInt64) in
            (1...10).map { Quiz.State.draw(topic: topic, skill: .reading, seed: seed, number: $0, reviewEntries: []) }
        }
        #expect(questions(5) == questions(5))
        #expect(questions(5) != questions(6))
    }

    /// In a topic of ten values, a question drawn after another never asks the same value again.
    @Test func theValueJustAskedIsNotAskedAgainAtOnce() throws {
        let small = try #require(TopicCatalog.topic(id: "number.1-10"))
        var previous = Quiz.State.draw(topic: small, skill: .listening, seed: 3, number: 1, reviewEntries: [])
        var repeats = 0, withoutAvoiding = 0
        for number in 2...500 {
            let next = Quiz.State.draw(topic: small, skill: .listening, seed: 3, number: number, reviewEntries: [],
                                       avoiding: previous.valueKey)
            let plain = Quiz.State.draw(topic: small, skill: .listening, seed: 3, number: number, reviewEntries: [])
            if next.valueKey == previous.valueKey { repeats += 1 }
            if plain.valueKey == previous.valueKey { withoutAvoiding += 1 }
            previous = next
        }
        #expect(repeats == 0)
        #expect(withoutAvoiding > 20, "the plain draw does repeat, so the test can fail")
    }
}
