import Composable
import ComposableTesting
import Foundation
@testable import KazuKit
import SpeechClient
import Testing

/// `--rate auto` in the quiz: after every three spoken questions the rate goes 10 up when all
/// three were right first time and 10 down when one was not, within its bounds, from the next
/// question's speech on; the session's record keeps the rate reached.
@MainActor
@Suite struct AutoRateTests {
    let topic = TopicCatalog.topic(id: "number.1-100")!

    /// A speech client whose every utterance lasts a second on `clock` and which writes down
    /// the rate it was asked to speak at.
    func speech(_ clock: TestClock, rates: LockedValue<[Int]>) -> SpeechClient {
        SpeechClient(
            speak: { utterance in
                rates.withLock { $0.append(utterance.rate) }
                try await clock.sleep(for: .seconds(1))
            },
            stop: {},
            voices: { [Voice(id: "ja", name: "Japanese", language: "ja")] },
            synthesize: { _ in PCMAudio(samples: [], sampleRate: 22050) })
    }

    func makeStore(skill: Skill = .listening, limit: Int = 20, rate: Int = 150, bounds: ClosedRange<Int> = 110...350,
                   clock: TestClock, rates: LockedValue<[Int]>) -> TestStore<Quiz.State, Quiz.Action> {
        let state = Quiz.State(topic: topic, skill: skill, mode: .questionLimit(limit), seed: 5,
                               speech: SpeechPreferences(rate: rate), startedAt: sessionStart, autoRate: bounds)
        return TestStore(initialState: state) { Quiz() } withDependencies: {
            $0.clock = clock
            $0.speech = speech(clock, rates: rates)
            $0.date = .constant(sessionStart.addingTimeInterval(100))
        }
    }

    /// Answers the current question right first time (`.correct`), wrong then right
    /// (`.incorrect`) or by showing the answer (`.skipped`), and checks every change: the
    /// answer counted in `sinceStep`, the rate after it, and the next question spoken at that rate.
    func answer(_ store: TestStore<Quiz.State, Quiz.Action>, _ outcome: QuestionRecord.Outcome, clock: TestClock,
                sinceStep: [Bool], heard: Int, rate: Int, speechIsInstant: Bool = false) async {
        let question = store.state.question
        let spoken = store.state.isSpoken
        var tries: [SubmissionRecord] = []
        var feedback = Quiz.Feedback.correct
        var typed = question.answer
        switch outcome {
        case .correct:
            break
        case .incorrect:
            let wrong = question.answer == "1" ? "2" : "1"
            tries.append(SubmissionRecord(typed: wrong, verdict: .incorrect, seconds: 0))
            await store.send(.answerSubmitted(wrong)) { [tries] in
                $0.submissions = tries
                $0.feedback = .incorrect(typed: wrong)
                $0.isSpeaking = spoken
            }
            if spoken {
                if !speechIsInstant { await clock.advance(by: .seconds(1)) }
                await store.receive(.playbackFinished) { $0.isSpeaking = false }
            }
        case .skipped:
            tries.append(SubmissionRecord(typed: "", verdict: .skipped, seconds: 0))
            feedback = .answerShown(question)
            typed = ""
            await store.send(.showAnswerTapped) { [tries, feedback] in
                $0.submissions = tries
                $0.isAnswerShown = true
                $0.feedback = feedback
            }
        }
        if outcome != .skipped { tries.append(SubmissionRecord(typed: question.answer, verdict: .correct, seconds: 0)) }
        let number = store.state.questionNumber + 1
        let next = Quiz.State.draw(topic: topic, skill: store.state.skill, seed: 5, number: number, reviewEntries: [],
                                   avoiding: question.valueKey)
        await store.send(.answerSubmitted(typed)) { [tries, feedback] in
            $0.answered.append(QuestionRecord(question: question, submissions: tries))
            $0.submissions = []
            $0.isAnswerShown = false
            $0.feedback = feedback
            $0.questionNumber = number
            $0.question = next
            $0.isSpeaking = spoken
            $0.autoRate?.sinceStep = sinceStep
            $0.autoRate?.heard = heard
            $0.speech.rate = rate
        }
        if spoken {
            if !speechIsInstant { await clock.advance(by: .seconds(1)) }
            await store.receive(.playbackFinished) { $0.isSpeaking = false }
        }
    }

    @Test func threeRightFirstTimeStepUpFromTheNextQuestion() async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let store = makeStore(clock: clock, rates: rates)
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 1, rate: 150)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 2, rate: 150)
        await answer(store, .correct, clock: clock, sinceStep: [], heard: 3, rate: 160)
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 4, rate: 160)
        #expect(rates.value == [150, 150, 160, 160], "the question after the third answer is the first spoken faster")
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        #expect(store.state.record(id: "x", endedAt: sessionStart)?.rateReached == 160)
        await store.finish()
    }

    @Test func oneMissAmongTheThreeStepsDownWhereverItComes() async {
        for (missed, outcome) in [(0, QuestionRecord.Outcome.incorrect), (1, .skipped), (2, .incorrect), (2, .skipped)] {
            let clock = TestClock(), rates = LockedValue<[Int]>([])
            let store = makeStore(clock: clock, rates: rates)
            var sinceStep: [Bool] = []
            for index in 0..<3 {
                sinceStep.append(index != missed)
                let done = index == 2
                await answer(store, index == missed ? outcome : .correct, clock: clock, sinceStep: done ? [] : sinceStep, heard: index + 1,
                             rate: done ? 140 : 150)
            }
            await store.send(.endTapped) { $0.ending = .stopped }
            await store.receive(\.delegate.sessionEnded)
            await store.finish()
        }
    }

    @Test func theRateStaysWithinItsBounds() async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let store = makeStore(rate: 155, bounds: 150...160, clock: clock, rates: rates)
        // Up 10 from 155 is past the ceiling: the ceiling.
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 1, rate: 155)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 2, rate: 155)
        await answer(store, .correct, clock: clock, sinceStep: [], heard: 3, rate: 160)
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 4, rate: 160)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 5, rate: 160)
        await answer(store, .correct, clock: clock, sinceStep: [], heard: 6, rate: 160)
        // Down twice: the floor, and no further.
        for round in 0..<2 {
            await answer(store, .incorrect, clock: clock, sinceStep: [false], heard: 7 + 3 * round, rate: 160 - 10 * round)
            await answer(store, .correct, clock: clock, sinceStep: [false, true], heard: 8 + 3 * round, rate: 160 - 10 * round)
            await answer(store, .correct, clock: clock, sinceStep: [], heard: 9 + 3 * round, rate: 150)
        }
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
    }

    /// A rate the learner sets by hand with `:s` is where the steps go on from, counted
    /// afresh, and no step takes the rate back past it, even outside the bounds asked for.
    @Test func aRateSetByHandIsNotOverriddenBySteps() async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let state = Quiz.State(topic: topic, skill: .listening, mode: .questionLimit(20), seed: 5,
                               speech: SpeechPreferences(rate: 200), startedAt: sessionStart, autoRate: 200...300)
        // Speech ends at once, so that the settings' timer never ticks: the clock stands still.
        let store = TestStore(initialState: state) { Quiz() } withDependencies: {
            $0.clock = clock
            $0.speech = SpeechClient(speak: { utterance in rates.withLock { $0.append(utterance.rate) } }, stop: {},
                                     voices: { [Voice(id: "ja", name: "Japanese", language: "ja")] },
                                     synthesize: { _ in PCMAudio(samples: [], sampleRate: 22050) })
            $0.date = .constant(sessionStart.addingTimeInterval(100))
        }
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 1, rate: 200, speechIsInstant: true)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 2, rate: 200, speechIsInstant: true)
        await store.send(.settingsTapped) { $0.settings = Settings.State(topic: topic, speech: SpeechPreferences(rate: 200)) }
        await store.send(.settings(.presented(.speech(.rateChanged(120))))) {
            $0.settings?.speech.preferences.rate = 120
            $0.speech.rate = 120
            var auto = AutoRate(bounds: 120...300)
            auto.heard = 2
            $0.autoRate = auto
        }
        await store.receive(.delegate(.speechChanged(SpeechChange(rate: 120))))
        await store.send(.settings(.presented(.doneTapped)))
        await store.receive(.settings(.dismiss)) { $0.settings = nil }
        // Three misses step down, but not below the learner's 120; three right go on up from it.
        await answer(store, .skipped, clock: clock, sinceStep: [false], heard: 3, rate: 120, speechIsInstant: true)
        await answer(store, .incorrect, clock: clock, sinceStep: [false, false], heard: 4, rate: 120, speechIsInstant: true)
        await answer(store, .skipped, clock: clock, sinceStep: [], heard: 5, rate: 120, speechIsInstant: true)
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 6, rate: 120, speechIsInstant: true)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 7, rate: 120, speechIsInstant: true)
        await answer(store, .correct, clock: clock, sinceStep: [], heard: 8, rate: 130, speechIsInstant: true)
        #expect(store.state.autoRate?.bounds == 120...300)
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        #expect(store.state.record(id: "x", endedAt: sessionStart)?.rateReached == 130)
        await store.finish()
    }

    /// Once the sound is lost the learner answers from subtitles, which says nothing of their
    /// ear: the rate stays where the questions heard took it, and the session still reaches it.
    @Test func theRateStopsMovingWhenTheSoundIsLost() async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let store = makeStore(clock: clock, rates: rates)
        store.dependencies.speech = SpeechClient(
            speak: { utterance in
                let spoken = rates.withLock { $0.append(utterance.rate); return $0.count }
                if spoken > 1 { throw SpeechError.noAudioOutput("the server is gone") }
            },
            stop: {}, voices: { [Voice(id: "ja", name: "Japanese", language: "ja")] },
            synthesize: { _ in PCMAudio(samples: [], sampleRate: 22050) })
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 1, rate: 150, speechIsInstant: true)
        for number in [3, 4, 5, 6] {
            let question = store.state.question
            let next = Quiz.State.draw(topic: topic, skill: .listening, seed: 5, number: number, reviewEntries: [],
                                       avoiding: question.valueKey)
            await store.send(.answerSubmitted(question.answer)) {
                $0.answered.append(QuestionRecord(question: question, submissions: [
                    SubmissionRecord(typed: question.answer, verdict: .correct, seconds: 0)]))
                $0.feedback = .correct
                $0.questionNumber = number
                $0.question = next
                $0.isSpeaking = true
                // The answer to the first question lost is the last heard.
                if number == 3 { $0.autoRate?.sinceStep = [true, true]; $0.autoRate?.heard = 2 }
            }
            await store.receive(.playbackFailed("the server is gone")) {
                $0.isSpeaking = false
                $0.playbackError = "the server is gone"
                $0.autoRate?.soundWasLost()
            }
            await clock.advance(by: .seconds(2))
            await store.receive(.playbackErrorCleared) { $0.playbackError = nil }
        }
        #expect(rates.value == [150, 150, 150, 150, 150], "four right answers after the loss moved no rate")
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        #expect(store.state.record(id: "x", endedAt: sessionStart)?.rateReached == 150)
        await store.finish()
    }

    @Test func aRateOutsideTheBoundsStartsAtTheNearestOne() {
        let fast = Quiz.State(topic: topic, skill: .listening, mode: .infinite, seed: 1, speech: SpeechPreferences(rate: 300),
                              startedAt: sessionStart, autoRate: 120...220)
        let slow = Quiz.State(topic: topic, skill: .listening, mode: .infinite, seed: 1, speech: SpeechPreferences(rate: 90),
                              startedAt: sessionStart, autoRate: 120...220)
        let off = Quiz.State(topic: topic, skill: .listening, mode: .infinite, seed: 1, speech: SpeechPreferences(rate: 300),
                             startedAt: sessionStart)
        #expect(fast.speech.rate == 220 && slow.speech.rate == 120 && off.speech.rate == 300 && off.autoRate == nil)
        #expect(AutoRate.defaultBounds(startingAt: 150) == 110...350)
        #expect(AutoRate.defaultBounds(startingAt: 100) == 80...350, "never below the slowest the voice speaks")
    }

    /// The last answer of a session counts: its step is in the rate the record keeps.
    @Test func theRecordKeepsTheRateReachedByTheLastAnswer() async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let store = makeStore(limit: 3, clock: clock, rates: rates)
        await answer(store, .correct, clock: clock, sinceStep: [true], heard: 1, rate: 150)
        await answer(store, .correct, clock: clock, sinceStep: [true, true], heard: 2, rate: 150)
        let last = store.state.question
        let record = SessionRecord(
            id: "00000000-0000-0000-0000-000000000000", topicID: topic.id, skill: .listening, mode: .questionLimit(3), seed: 5,
            startedAt: sessionStart, endedAt: sessionStart.addingTimeInterval(100), ending: .completed,
            questions: store.state.answered + [QuestionRecord(question: last, submissions: [
                SubmissionRecord(typed: last.answer, verdict: .correct, seconds: 0)])],
            rateReached: 160)
        await store.send(.answerSubmitted(last.answer)) {
            $0.answered = record.questions
            $0.feedback = .correct
            $0.autoRate?.sinceStep = []
            $0.autoRate?.heard = 3
            $0.speech.rate = 160
            $0.ending = .completed
        }
        await store.receive(.delegate(.sessionEnded(record)))
        await store.finish()
    }

    /// Reading and writing questions are not spoken: they do not move the rate, and a session
    /// of them reached none.
    @Test(arguments: [Skill.reading, .writing])
    func questionsNotSpokenLeaveTheRate(skill: Skill) async {
        let clock = TestClock(), rates = LockedValue<[Int]>([])
        let store = makeStore(skill: skill, clock: clock, rates: rates)
        for _ in 0..<3 { await answer(store, .correct, clock: clock, sinceStep: [], heard: 0, rate: 150) }
        await answer(store, .skipped, clock: clock, sinceStep: [], heard: 0, rate: 150)
        #expect(rates.value.isEmpty)
        #expect(store.state.record(id: "x", endedAt: sessionStart)?.rateReached == nil)
        await store.send(.endTapped) { $0.ending = .stopped }
        await store.receive(\.delegate.sessionEnded)
        await store.finish()
    }
}

/// The rate a session reached with `--rate auto` becomes the learner's saved rate, with a
/// `kazu quiz` session's flags held for that session only.
@MainActor
@Suite struct AutoRateNavigationTests {
    @Test func theRateReachedIsSavedAsTheLearnersRate() async throws {
        let clock = TestClock(), saves = LockedValue<[KazuSettings]>([])
        let history = HistoryClient.inMemory()
        var initial = Navigation.State(settings: KazuSettings(mode: .questionLimit(20)))
        initial.remembersChoices = false
        initial.autoRate = 110...350
        let store = TestStore(initialState: initial) { Navigation() } withDependencies: {
            $0.clock = clock
            $0.speech = .silent
            $0.history = history
            $0.settingsClient = SettingsClient(load: { SettingsLoad(settings: KazuSettings()) },
                                               save: { settings in saves.withLock { $0.append(settings) } })
            $0.date = .constant(sessionStart)
        }
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.send(.destination(.presented(.preSettings(.questionLimitEntered("3")))))
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
        #expect(store.state.quiz?.autoRate == AutoRate(bounds: 110...350))
        for _ in 0..<3 {
            let answer = try #require(store.state.quiz?.question.answer)
            await store.send(.destination(.presented(.quiz(.answerSubmitted(answer)))))
        }
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        await store.receive(.historySaved)
        #expect(try history.load().records.map(\.rateReached) == [160])
        #expect(store.state.settings.speech.rate == 160 && store.state.settings.mode == .questionLimit(20),
                "the rate reached is saved; the limit given for the session is not")
        await clock.advance(by: .milliseconds(250))
        await store.finish()
        #expect(saves.value.last?.speech.rate == 160)
    }
}
