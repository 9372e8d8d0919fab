import Composable
import Dispatch
import ComposableTesting
import Foundation
@testable import KazuKit
import SpeechClient
import Testing

@MainActor
@Suite struct NavigationFlowTests {
    func makeStore(clock: TestClock, history: HistoryClient, saves: LockedValue<[KazuSettings]>,
                   settings: KazuSettings = KazuSettings(), remembersChoices: Bool = true,
                   destination: Navigation.Destination.State? = nil) -> TestStore<Navigation.State, Navigation.Action> {
        var initial = Navigation.State(settings: settings)
        initial.remembersChoices = remembersChoices
        initial.destination = destination
        let store = TestStore(initialState: initial) { Navigation() } withDependencies: {
            $0.clock = clock
            $0.speech = .silent
            $0.history = history
            $0.settingsClient = SettingsClient(load: { SettingsLoad(settings: KazuSettings()) },
                                               save: { settings in saves.withLock { $0.append(settings) } })
            $0.date = .constant(sessionStart)
        }
        return store
    }

    /// Picks "number.1-10", asks for one question and starts: the quiz is presented.
    func startOneQuestionSession(_ store: TestStore<Navigation.State, Navigation.Action>) async {
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        await store.send(.destination(.presented(.preSettings(.questionLimitEntered("1")))))
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
    }

    /// From picking a topic to the summary of a two-question session, with nothing left out:
    /// the history holds the session, the settings hold the choices.
    @Test func aQuestionLimitSessionFromTopicToSummary() async throws {
        let clock = TestClock()
        let saves = LockedValue<[KazuSettings]>([])
        let history = HistoryClient.inMemory()
        let store = makeStore(clock: clock, history: history, saves: saves)
        store.exhaustivity = .off
        let topic = TopicCatalog.topic(id: "money.conbini")!

        await store.send(.topics(.topicPicked("money.con")))
        await store.receive(.topics(.delegate(.topicChosen(topic)))) {
            $0.destination = .preSettings(PreSettings.State(topic: topic, settings: KazuSettings()))
        }
        await store.send(.destination(.presented(.preSettings(.skillPicked(.reading))))) { $0.destination?.preSettings?.skill = .reading }
        await store.send(.destination(.presented(.preSettings(.questionLimitEntered("2"))))) { $0.destination?.preSettings?.mode = .questionLimit(2) }
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(\.destination.presented.preSettings.delegate)
        await store.receive(.destination(.presented(.quiz(.started))))
        #expect(store.state.preSettings == nil)
        let quiz = try #require(store.state.quiz)
        #expect(quiz.topic == topic && quiz.skill == .reading && quiz.mode == .questionLimit(2))
        #expect(store.state.settings.recentTopics == ["money.conbini"] && store.state.topics.recent == ["money.conbini"])

        for _ in 0..<2 {
            let answer = try #require(store.state.quiz?.question.answer)
            await store.send(.destination(.presented(.quiz(.answerSubmitted(answer)))))
        }
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        #expect(store.state.quiz == nil)
        let summary = try #require(store.state.path.last)
        #expect(summary.total == 2 && summary.correct == 2 && summary.accuracy == 1)
        await store.receive(.historySaved)
        await store.receive(.reviewUpdated([]))
        #expect(try history.load().records == [summary.record])

        await clock.advance(by: .milliseconds(250))
        await store.finish()
        #expect(saves.value.count == 1, "the settings changed several times in one burst and were saved once")
        #expect(saves.value.last?.skill == .reading && saves.value.last?.mode == .questionLimit(2))

        let id = store.state.path.ids[0]
        await store.send(.path(.element(id: id, action: .doneTapped)))
        await store.receive(\.path)
        #expect(store.state.path.isEmpty)
    }

    @Test func endingWithNothingAnsweredGoesStraightBack() async throws {
        let clock = TestClock()
        let history = HistoryClient.inMemory()
        let store = makeStore(clock: clock, history: history, saves: LockedValue([]))
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await store.receive(.destination(.presented(.quiz(.delegate(.sessionEnded(nil))))))
        #expect(store.state.quiz == nil && store.state.path.isEmpty)
        #expect(try history.load().records.isEmpty)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    /// A history in memory is saved to, and read, where the effect runs (on the main actor):
    /// a hop to another thread and back costs more than the work. One that waits on a disk is
    /// saved to and read away from it. (The main actor's jobs run on the main dispatch queue,
    /// on whichever thread drains it: the queue, not the thread, tells.) The session is saved
    /// before anything else is done, so that no read of the history can lose it.
    @Test(arguments: [false, true])
    func theHistoryLeavesTheMainActorOnlyWhenItWaitsOnADisk(waitsOnDisk: Bool) async throws {
        let onMainQueue = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: onMainQueue, value: true)
        defer { DispatchQueue.main.setSpecific(key: onMainQueue, value: nil) }
        let whereItRan = LockedValue<[Bool]>([])
        let calls = LockedValue<[String]>([])
        @Sendable func noteWhereItRuns(_ call: String) {
            whereItRan.withLock { $0.append(DispatchQueue.getSpecific(key: onMainQueue) ?? false) }
            calls.withLock { $0.append(call) }
        }
        let memory = HistoryClient.inMemory()
        let history = HistoryClient(
            append: { record in
                noteWhereItRuns("append")
                try memory.append(record)
            },
            load: {
                noteWhereItRuns("load")
                return try memory.load()
            },
            waitsOnDisk: waitsOnDisk)
        let store = makeStore(clock: TestClock(), history: history, saves: LockedValue([]))
        store.exhaustivity = .off
        await startOneQuestionSession(store)
        let answer = try #require(store.state.quiz?.question.answer)
        await store.send(.destination(.presented(.quiz(.answerSubmitted(answer)))))
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        await store.receive(.historySaved)
        await store.receive(\.reviewUpdated)
        // Saved once, then read once.
        #expect(calls.value == ["append", "load"])
        #expect(whereItRan.value == (waitsOnDisk ? [false, false] : [true, true]))
        await store.skipInFlightEffects()
    }

    @Test func aBurstOfSpeechChangesIsSavedOnceWithTheLastValues() async {
        let clock = TestClock()
        let saves = LockedValue<[KazuSettings]>([])
        let store = makeStore(clock: clock, history: .inMemory(), saves: saves)
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        for rate in [140, 130, 120, 110] {
            await store.send(.destination(.presented(.preSettings(.speech(.rateChanged(rate))))))
            await clock.advance(by: .milliseconds(100))
        }
        await store.send(.destination(.presented(.preSettings(.speech(.pitchChanged(70))))))
        #expect(saves.value.isEmpty)
        await clock.advance(by: .milliseconds(250))
        await store.finish()
        #expect(saves.value.map(\.speech) == [SpeechPreferences(rate: 110, pitch: 70)])
    }

    /// Flags on `kazu quiz` hold for one session: only the recent topics are saved, until the
    /// learner changes something during the session.
    @Test func choicesForOneSessionAreNotSavedButChangesDuringItAre() async throws {
        let clock = TestClock()
        let saves = LockedValue<[KazuSettings]>([])
        let store = makeStore(clock: clock, history: .inMemory(), saves: saves, remembersChoices: false)
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        await store.send(.destination(.presented(.preSettings(.skillPicked(.reading)))))
        await store.send(.destination(.presented(.preSettings(.speech(.rateChanged(200))))))
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
        #expect(store.state.quiz?.skill == .reading && store.state.quiz?.speech.rate == 200)
        await store.send(.destination(.presented(.quiz(.settingsTapped))))
        await store.send(.destination(.presented(.quiz(.settings(.presented(.speech(.pitchChanged(70))))))))
        await store.send(.destination(.presented(.quiz(.settings(.presented(.doneTapped))))))
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await store.receive(.destination(.presented(.quiz(.delegate(.sessionEnded(nil))))))
        await clock.advance(by: .seconds(2))
        await store.finish()
        let saved = try #require(saves.value.last)
        #expect(saved.skill == KazuSettings().skill && saved.mode == KazuSettings().mode, "the session's choices are not saved")
        #expect(saved.recentTopics == ["number.1-10"])
        #expect(saved.speech == SpeechPreferences(pitch: 70), "what was changed in the session is saved; the flag's rate is not")
    }

    /// A voice given for one session (`kazu quiz --voice ja+f1`) is not saved when the rate is
    /// changed during it; a voice changed during it is.
    @Test func onlyWhatChangedDuringTheSessionIsSaved() async throws {
        let clock = TestClock()
        let saves = LockedValue<[KazuSettings]>([])
        let store = makeStore(clock: clock, history: .inMemory(), saves: saves,
                              settings: KazuSettings(speech: SpeechPreferences(voice: "ja+m3", rate: 130)),
                              remembersChoices: false)
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        await store.send(.destination(.presented(.preSettings(.speech(.voicePicked("ja+f1"))))))
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
        #expect(store.state.quiz?.speech == SpeechPreferences(voice: "ja+f1", rate: 130))
        await store.send(.destination(.presented(.quiz(.settingsTapped))))
        await store.send(.destination(.presented(.quiz(.settings(.presented(.speech(.rateChanged(170))))))))
        await store.receive(.destination(.presented(.quiz(.delegate(.speechChanged(SpeechChange(rate: 170)))))))
        #expect(store.state.settings.speech == SpeechPreferences(voice: "ja+m3", rate: 170))
        await store.send(.destination(.presented(.quiz(.settings(.presented(.speech(.voicePicked("ja+f2"))))))))
        await store.receive(.destination(.presented(.quiz(.delegate(.speechChanged(SpeechChange(voice: "ja+f2")))))))
        #expect(store.state.settings.speech == SpeechPreferences(voice: "ja+f2", rate: 170))
        await store.send(.destination(.presented(.quiz(.settings(.presented(.doneTapped))))))
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await clock.advance(by: .seconds(2))
        await store.finish()
        #expect(saves.value.last?.speech == SpeechPreferences(voice: "ja+f2", rate: 170))
    }

    @Test func retryingStartsASessionOverJustTheMissedQuestions() async throws {
        let clock = TestClock()
        let store = makeStore(clock: clock, history: .inMemory(), saves: LockedValue([]))
        store.exhaustivity = .off
        await store.send(.topics(.topicPicked("number.1-10")))
        await store.receive(\.topics.delegate)
        await store.send(.destination(.presented(.preSettings(.questionLimitEntered("3")))))
        await store.send(.destination(.presented(.preSettings(.startTapped))))
        await store.receive(.destination(.presented(.quiz(.started))))
        var missed: [Question] = []
        for index in 0..<3 {
            let question = try #require(store.state.quiz?.question)
            if index == 1 {
                missed.append(question)
                await store.send(.destination(.presented(.quiz(.showAnswerTapped))))
                await store.send(.destination(.presented(.quiz(.answerSubmitted("")))))
            } else {
                await store.send(.destination(.presented(.quiz(.answerSubmitted(question.answer)))))
            }
        }
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        let id = store.state.path.ids[0]
        #expect(store.state.path[id: id]?.skippedQuestions.map(\.valueKey) == missed.map(\.valueKey))
        await store.send(.path(.element(id: id, action: .retryMissedTapped)))
        await store.receive(\.path)
        await store.receive(.destination(.presented(.quiz(.started))))
        #expect(store.state.path.isEmpty)
        #expect(store.state.quiz?.question == missed[0] && store.state.quiz?.mode == .questionLimit(1))
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    /// A retry asks the missed questions as the session asked them: a phone number missed in a
    /// reading review (phone numbers are not read) by listening, and in a session written in
    /// kana, in kana. It asked the phone number as a reading question showing its own answer.
    @Test func aRetryAsksTheMissedQuestionsAsTheSessionDid() async throws {
        let phone = try #require(TopicCatalog.topic(id: "phone.mobile")).makeQuestion(skill: .listening, using: .seeded(3))
        let number = try #require(TopicCatalog.topic(id: "number.1-100")?.question(valueKey: "46", skill: .reading, script: .kana))
        let missed = [phone, number].map {
            QuestionRecord(question: $0, submissions: [SubmissionRecord(typed: "", verdict: .skipped, seconds: 1)])
        }
        let record = SessionRecord(topicID: TopicCatalog.review.id, skill: .reading, mode: .questionLimit(2), seed: 1,
                                   startedAt: sessionStart, endedAt: sessionStart, ending: .completed, questions: missed)
        var initial = Navigation.State(settings: KazuSettings())
        initial.path.append(Summary.State(record: record, script: .kana))
        let clock = TestClock()
        let store = TestStore(initialState: initial) { Navigation() } withDependencies: {
            $0.clock = clock
            $0.speech = .silent
            $0.history = .inMemory()
            $0.settingsClient = .inMemory()
            $0.date = .constant(sessionStart)
        }
        store.exhaustivity = .off
        let id = store.state.path.ids[0]
        await store.send(.path(.element(id: id, action: .delegate(.retry(missed)))))
        await store.receive(.destination(.presented(.quiz(.started))))
        let quiz = try #require(store.state.quiz)
        #expect(quiz.question.skill == .listening && quiz.question.valueKey == phone.valueKey)
        #expect(quiz.question.prompt != quiz.question.answer)
        #expect(quiz.queued == [number])
        #expect(quiz.script == .kana)
        await store.send(.destination(.presented(.quiz(.endTapped))))
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func theReviewTopicAppearsOnceSomethingWasMissed() async throws {
        let clock = TestClock()
        let history = HistoryClient.inMemory()
        let store = makeStore(clock: clock, history: history, saves: LockedValue([]))
        store.exhaustivity = .off
        #expect(!store.state.topics.hasReview)
        await store.send(.topics(.topicPicked("review")))
        #expect(store.state.topics.problem == "nothing to review yet: the review topic is made of the questions you miss")
        await startOneQuestionSession(store)
        let question = try #require(store.state.quiz?.question)
        await store.send(.destination(.presented(.quiz(.showAnswerTapped))))
        await store.send(.destination(.presented(.quiz(.answerSubmitted("")))))
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        await store.receive(.historySaved)
        await store.receive(\.reviewUpdated)
        #expect(store.state.reviewEntries.map(\.valueKey) == [question.valueKey])
        #expect(store.state.topics.hasReview && store.state.topics.sections.contains { $0.title == "Review" })
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    /// Once a session is saved the review is made again through the schedule, from the history
    /// before it and the session in memory, counted once: what is due first, the others marked
    /// with when they come due. 3 was missed three days ago; 4 was missed too, then answered
    /// right twice (the last time in the session that ends), so it is due in six days.
    @Test func aSavedSessionReordersTheReviewByTheSchedule() async throws {
        func record(_ key: String, _ verdict: SubmissionRecord.Verdict, daysBefore days: Double) -> SessionRecord {
            sampleRecord(topicID: "number.1-100", ended: sessionStart.addingTimeInterval(-days * 86_400), answers: [(key, [verdict])])
        }
        let records = [record("4", .incorrect, daysBefore: 4), record("3", .incorrect, daysBefore: 3),
                       record("4", .correct, daysBefore: 2), record("4", .correct, daysBefore: 1)]
        let history = HistoryClient.inMemory(Array(records.dropLast()))
        let quiz = Quiz.State(topic: TopicCatalog.topic(id: "number.1-100")!, skill: .listening, mode: .questionLimit(1), seed: 1,
                              speech: SpeechPreferences(), startedAt: sessionStart)
        let store = makeStore(clock: TestClock(), history: history, saves: LockedValue([]), destination: .quiz(quiz))
        let weights = HistoryStatistics(records: records, now: sessionStart).review.map(\.weight)
        let review = [ReviewEntry(topicID: "number.1-100", valueKey: "3", weight: weights[1]),
                      ReviewEntry(topicID: "number.1-100", valueKey: "4", weight: weights[0],
                                  notDueUntil: sessionStart.addingTimeInterval(5 * 86_400))]
        await store.send(.destination(.presented(.quiz(.delegate(.sessionEnded(records[3])))))) {
            $0.destination = nil
            $0.path.append(Summary.State(record: records[3], script: .kanji))
            $0.isSavingSession = true
        }
        await store.receive(.historySaved) { $0.isSavingSession = false }
        #expect(try history.load().records == records)
        await store.receive(.reviewUpdated(review)) {
            $0.reviewEntries = review
            $0.topics.hasReview = true
        }
    }

    @Test func aFailedHistorySaveIsShownNotLost() async throws {
        let clock = TestClock()
        let failing = HistoryClient(append: { _ in throw StorageError("history not saved: disk full") }, load: { HistoryLoad() })
        let store = makeStore(clock: clock, history: failing, saves: LockedValue([]))
        store.exhaustivity = .off
        await startOneQuestionSession(store)
        let answer = try #require(store.state.quiz?.question.answer)
        await store.send(.destination(.presented(.quiz(.answerSubmitted(answer)))))
        await store.receive(\.destination.presented.quiz.delegate.sessionEnded)
        await store.receive(\.historyNotSaved)
        #expect(store.state.problem == "history not saved: disk full")
        #expect(store.state.unsavedSession == store.state.path.last?.record, "kept for the front end to show")
        #expect(store.state.path.count == 1, "the summary still shows the session")
        // A settings save failing after it (a full disk fails both) leaves the history's reason.
        await store.send(.saveFailed("settings not saved: disk full"))
        #expect(store.state.problem == "history not saved: disk full")
        await clock.advance(by: .seconds(1))
        await store.finish()
    }
}

@MainActor
@Suite struct SmallFeatureTests {
    @Test func preSettingsAcceptAnyPositiveLimitAndRefuseNonsense() async {
        let topic = TopicCatalog.topic(id: "phone.mobile")!
        let store = TestStore(initialState: PreSettings.State(topic: topic, settings: KazuSettings(skill: .reading))) { PreSettings() }
        #expect(store.state.skill == .listening, "phone numbers are not drilled by reading")
        await store.send(.questionLimitEntered("25")) { $0.mode = .questionLimit(25) }
        await store.send(.timeLimitEntered("９０")) { $0.mode = .timeLimit(seconds: 90) }
        await store.send(.questionLimitEntered("0")) { $0.problem = "the number of questions must be at least 1" }
        await store.send(.timeLimitEntered("lots")) { $0.problem = "'lots' is not a number of seconds; type a whole number such as 10" }
        await store.send(.questionLimitEntered("99999")) { $0.problem = "at most 10000 questions" }
        await store.send(.skillPicked(.reading)) { $0.problem = "Mobile numbers is drilled by listening, writing and sentences, not reading" }
        await store.send(.infinitePicked) {
            $0.mode = .infinite
            $0.problem = nil
        }
        await store.send(.scriptPicked(.kana)) { $0.script = .kana }
        await store.send(.startTapped)
        await store.receive(.delegate(.start(skill: .listening, script: .kana, mode: .infinite, speech: SpeechPreferences())))
    }

    /// What a learner types at a menu, taken or refused by the same limits as the flags.
    @Test func preSettingsTakeTheSkillAndModeAsTyped() async {
        let topic = TopicCatalog.topic(id: "phone.mobile")!
        let store = TestStore(initialState: PreSettings.State(topic: topic, settings: KazuSettings(skill: .listening))) { PreSettings() }
        await store.send(.skillTyped("singing")) { $0.problem = "type one of listening, writing, sentences" }
        await store.send(.skillTyped("Writing")) {
            $0.skill = .writing
            $0.problem = nil
        }
        await store.send(.skillTyped("reading")) { $0.problem = "Mobile numbers is drilled by listening, writing and sentences, not reading" }
        await store.send(.modeTyped("86400")) { $0.problem = "at most 10000 questions" }
        await store.send(.modeTyped("90000 seconds")) { $0.problem = "at most 86400 seconds" }
        await store.send(.modeTyped("25 questions")) {
            $0.mode = .questionLimit(25)
            $0.problem = nil
        }
        await store.send(.modeTyped("60s")) { $0.mode = .timeLimit(seconds: 60) }
        await store.send(.modeTyped("90 sec")) { $0.mode = .timeLimit(seconds: 90) }
        await store.send(.modeTyped("")) { $0.problem = "type a number of questions (10), of seconds (60 seconds), or infinite" }
        await store.send(.modeTyped("Infinite")) {
            $0.mode = .infinite
            $0.problem = nil
        }
    }

    @Test func speechSettingsClampResetAndTestTheVoice() async {
        let clock = TestClock(), said = LockedValue<[String]>([])
        let store = TestStore(initialState: SpeechSettings.State(preferences: SpeechPreferences())) { SpeechSettings() } withDependencies: {
            $0.speech = timedSpeech(clock, said: said)
            $0.clock = clock   // so the clock hears when the woken effect ends
        }
        await store.send(.voicesRequested)
        await store.receive(.voicesLoaded([Voice(id: "ja", name: "Japanese", language: "ja"),
                                           Voice(id: "ja+f1", name: "Japanese, female 1", language: "ja")])) {
            $0.voices = [Voice(id: "ja", name: "Japanese", language: "ja"), Voice(id: "ja+f1", name: "Japanese, female 1", language: "ja")]
        }
        await store.send(.voicePicked("ja+f1")) { $0.preferences.voice = "ja+f1" }
        #expect(store.state.voiceName == "Japanese, female 1")
        await store.send(.voicePicked("en")) { $0.problem = "no voice en; the voices are ja, ja+f1" }
        await store.send(.rateChanged(1_000)) { $0.preferences.rate = 350 }
        await store.send(.pitchChanged(-4)) { $0.preferences.pitch = 0 }
        await store.send(.rateResetTapped) { $0.preferences.rate = 150 }
        await store.send(.pitchResetTapped) { $0.preferences.pitch = 50 }
        await store.send(.testVoiceTapped) {
            $0.isTesting = true
            $0.problem = nil
        }
        await clock.advance(by: .seconds(1))
        await store.receive(.testFinished) { $0.isTesting = false }
        #expect(said.value == [SpeechSettings.sample])
        await store.send(.voiceResetTapped) { $0.preferences.voice = "ja" }
    }

    @Test func topicsListFavoritesAndRecentFirstAndExplainUnknownIds() async {
        let store = TestStore(initialState: Topics.State(favorites: ["money.conbini"], recent: ["money.conbini", "number.1-10"], hasReview: false)) {
            Topics()
        }
        #expect(store.state.sections.map(\.title).prefix(3) == ["Favorites", "Recent", "Numbers"])
        #expect(store.state.sections[1].topics.map(\.id) == ["number.1-10"])
        await store.send(.topicPicked("mony.conbini")) {
            $0.problem = "no topic 'mony.conbini'; did you mean money.conbini?"
        }
        await store.send(.topicPicked("number")) {
            $0.problem = "'number' could be number.1-10, number.1-100, number.1-1000, number.1-10000, number.1-100000, number.oku, …; type more of the id"
        }
        await store.send(.favoriteToggled("number.1-10")) {
            $0.favorites = ["money.conbini", "number.1-10"]
            $0.problem = nil
        }
        await store.receive(.delegate(.favoritesChanged(["money.conbini", "number.1-10"])))
        await store.send(.favoriteToggled("money.conbini")) { $0.favorites = ["number.1-10"] }
        await store.receive(.delegate(.favoritesChanged(["number.1-10"])))
    }

    @Test func summaryCountsAndListsTheMissedQuestions() async {
        let record = sampleRecord(answers: [("3", [.correct]), ("4", [.incorrect, .correct]), ("5", [.skipped])])
        let store = TestStore(initialState: Summary.State(record: record)) { Summary() }
        #expect(store.state.total == 3 && store.state.correct == 1 && store.state.missed == 2)
        #expect(store.state.incorrectQuestions.map(\.valueKey) == ["4"] && store.state.skippedQuestions.map(\.valueKey) == ["5"])
        #expect(store.state.averageSeconds == 4.0 / 3)
        await store.send(.retryMissedTapped)
        await store.receive(.delegate(.retry(Array(record.questions.dropFirst()))))
    }
}
