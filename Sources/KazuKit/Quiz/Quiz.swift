import Composable
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SpeechClient

/// One session: the current question and its tries, speaking it, the one-second timer that
/// runs while the quiz is frontmost, and the end of the session, which it tells its parent.
///
/// ```swift
/// let store = Store(initialState: Quiz.State(topic: topic, skill: .listening, mode: .questionLimit(10),
///                                            seed: 7, speech: SpeechPreferences(), startedAt: Date())) {
///   Quiz()
/// } withDependencies: { $0.speech = .espeak() }
/// store.send(.started)                   // speaks the first question
/// store.send(.answerSubmitted("300"))    // graded; the next question is spoken
/// ```
public struct Quiz: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public let topic: Topic
        public let skill: Skill
        /// The mode asked for, except in a review with a question limit: that one asks no more
        /// questions than there are values to review.
        public let mode: QuizMode
        /// Question `n` is drawn from a generator seeded with this, the topic and `n` (see
        /// `DrawSeed`): a session replays question for question from its seed.
        public let seed: UInt64
        /// How the reading skill writes its questions.
        public let script: ReadingScript
        public var speech: SpeechPreferences
        public let startedAt: Date
        public var question: Question
        /// The number of the current question, from 1.
        public var questionNumber = 1
        /// The tries at the current question, at most `QuestionRecord.keptTries`.
        public var submissions: [SubmissionRecord] = []
        /// The tries at the current question left out of `submissions`.
        public var omittedTries = 0
        /// The questions done, with their tries.
        public var answered: [QuestionRecord] = []
        /// Seconds of quiz time: it runs only while the quiz is frontmost.
        public var secondsElapsed = 0
        /// When the current question was shown, in quiz time.
        public var questionShownAt = 0
        public var isSpeaking = false
        /// A playback problem, shown for two seconds.
        public var playbackError: String?
        /// What the last submit or show-answer said, for the front end.
        public var feedback: Feedback?
        /// After "show answer", the next submit moves on.
        public var isAnswerShown = false
        /// Questions asked before any drawn: a retry of missed ones, the values of a review
        /// with a question limit, or what is left of a review's round.
        public var queued: [Question]
        /// What the review topic draws from.
        public var reviewEntries: [ReviewEntry]
        public var ending: SessionRecord.Ending?
        /// `--rate auto`: the rate, `speech.rate`, moves with the answers; nil when it stays.
        public var autoRate: AutoRate?
        /// The in-session settings, stored as a presentation so that they change in place.
        public var settingsPresentation = PresentationState<Settings.State>(wrappedValue: nil)

        /// The in-session settings, while they are open.
        public var settings: Settings.State? {
            get { settingsPresentation.wrappedValue }
            set { settingsPresentation.wrappedValue = newValue }
        }

        public init(topic: Topic, skill: Skill, mode: QuizMode, seed: UInt64, script: ReadingScript = .kanji,
                    speech: SpeechPreferences, startedAt: Date, queued: [Question] = [], reviewEntries: [ReviewEntry] = [],
                    autoRate: ClosedRange<Int>? = nil) {
            var mode = mode, queued = queued, speech = speech
            // A review with a question limit asks each value to review once: with fewer values
            // than the limit, the session is as long as there are values, not the few of them
            // again and again.
            if topic.id == TopicCatalog.review.id, queued.isEmpty {
                if case let .questionLimit(limit) = mode {
                    queued = TopicCatalog.reviewQuestions(
                        from: reviewEntries, skill: skill, script: script, limit: limit,
                        using: .seeded(DrawSeed.seed(session: seed, stream: Self.reviewStream, number: 0)))
                    if !queued.isEmpty { mode = .questionLimit(queued.count) }
                } else {
                    queued = Self.reviewRound(reviewEntries, skill: skill, script: script, seed: seed, number: 1, after: nil)
                }
            }
            self.topic = topic
            self.skill = skill
            self.mode = mode
            self.seed = seed
            self.script = script
            if let autoRate {
                let auto = AutoRate(bounds: autoRate)
                // A rate outside the bounds asked for starts at the nearest one.
                speech.rate = auto.clamp(speech.rate)
                self.autoRate = auto
            }
            self.speech = speech
            self.startedAt = startedAt
            self.queued = queued
            self.reviewEntries = reviewEntries
            self.question = queued.first
                ?? Self.draw(topic: topic, skill: skill, script: script, seed: seed, number: 1, reviewEntries: reviewEntries)
            if !queued.isEmpty { self.queued.removeFirst() }
        }

        /// "3/10", "1:42 left", or "#3" in an infinite session.
        public var progress: String {
            switch mode {
            case let .questionLimit(limit): "\(min(questionNumber, limit))/\(limit)"
            case let .timeLimit(seconds): "\(QuizMode.minutesAndSeconds(seconds - secondsElapsed)) left"
            case .infinite: "#\(questionNumber)"
            }
        }

        /// In a review, how many values there are to review (a session with a question limit
        /// asks each once, as many as the limit allows); nil in any other topic.
        public var valuesToReview: Int? {
            topic.id == TopicCatalog.review.id ? TopicCatalog.reviewValueCount(in: reviewEntries) : nil
        }

        /// In a review, how many of its values are due today (asked first); nil in any other topic.
        public var valuesDueToReview: Int? {
            topic.id == TopicCatalog.review.id ? TopicCatalog.reviewDueCount(in: reviewEntries) : nil
        }

        /// The session is over: the limit was reached, time ran out, or the learner stopped.
        public var isOver: Bool { ending != nil }

        /// Only listening and sentences questions are spoken: the voice would read a reading
        /// question's number out and say a writing question's answer. The question's own skill, not the session's:
        /// a review asks a topic not drilled in the session's skill in its first skill.
        public var isSpoken: Bool { question.skill == .listening || question.skill == .sentences }

        /// What a review's rounds (and its questions under a limit) are drawn with: a stream of
        /// its own, apart from the questions drawn when there is nothing to review.
        static let reviewStream = "review.rounds"

        /// A round of a review with no question limit, which asks its values in rounds: each
        /// value once a round, the due ones first and heavier ones earlier among them, then
        /// the others, the soonest due first (not a draw by weight each time,
        /// which asked one value again and again while others waited). `number` is the
        /// session's question the round starts at; a round does not start with `previous`,
        /// the question just asked, when it has another.
        static func reviewRound(_ entries: [ReviewEntry], skill: Skill, script: ReadingScript, seed: UInt64, number: Int,
                                after previous: Question?) -> [Question] {
            var round = TopicCatalog.reviewQuestions(
                from: entries, skill: skill, script: script,
                using: .seeded(DrawSeed.seed(session: seed, stream: reviewStream, number: number)))
            if round.count > 1, let previous, round[0].topicID == previous.topicID, round[0].valueKey == previous.valueKey {
                round.swapAt(0, 1)
            }
            return round
        }

        /// The question `number` of a session drawn from `seed`, drawn again (a few times at
        /// most, so a one-value review still has a question) when it would ask `avoiding`, the
        /// value just asked: in a topic of ten values one question in ten would repeat.
        static func draw(topic: Topic, skill: Skill, script: ReadingScript = .kanji, seed: UInt64, number: Int,
                         reviewEntries: [ReviewEntry], avoiding previous: String? = nil) -> Question {
            var question = draw(topic: topic, skill: skill, script: script, seed: seed, number: number, attempt: 0,
                                reviewEntries: reviewEntries)
            var attempt = 1
            while let previous, question.valueKey == previous, attempt < 4 {
                question = draw(topic: topic, skill: skill, script: script, seed: seed, number: number, attempt: attempt,
                                reviewEntries: reviewEntries)
                attempt += 1
            }
            return question
        }

        private static func draw(topic: Topic, skill: Skill, script: ReadingScript, seed: UInt64, number: Int, attempt: Int,
                                 reviewEntries: [ReviewEntry]) -> Question {
            let random = RandomSource.seeded(DrawSeed.seed(session: seed, stream: topic.id, number: number, attempt: attempt))
            if topic.id == TopicCatalog.review.id,
               let question = TopicCatalog.reviewQuestion(from: reviewEntries, skill: skill, script: script, using: random) {
                return question
            }
            // Review with nothing to review falls back to the first topic: there is always a question.
            // (Not picked into a variable of its own: that copied the whole topic on every question.)
            if topic.id == TopicCatalog.review.id { return question(from: TopicCatalog.all[0], skill: skill, script: script, using: random) }
            return question(from: topic, skill: skill, script: script, using: random)
        }

        private static func question(from topic: Topic, skill: Skill, script: ReadingScript, using random: RandomSource) -> Question {
            topic.makeQuestion(skill: topic.skills.contains(skill) ? skill : topic.skills[0], script: script, using: random)
        }

        /// The session as the history keeps it; nil when nothing was answered.
        public func record(id: String, endedAt: Date) -> SessionRecord? {
            var questions = answered
            if !submissions.isEmpty {
                questions.append(QuestionRecord(question: question, submissions: submissions, omittedTries: omittedTries))
            }
            guard !questions.isEmpty else { return nil }
            return SessionRecord(id: id, topicID: topic.id, skill: skill, mode: mode, seed: seed, startedAt: startedAt,
                                 endedAt: endedAt, ending: ending ?? .stopped, questions: questions,
                                 rateReached: autoRate.flatMap { $0.heard > 0 ? speech.rate : nil })
        }
    }

    /// What a submit or show-answer said. The shown answer's question is boxed (indirect): a
    /// question is hundreds of bytes, and a front end may copy the quiz's state to read it.
    public enum Feedback: Equatable, Sendable {
        /// Right: the question answered is the last of `answered`, with its reading to learn
        /// from. It is not copied in here: a copy of a question, a dozen strings in a box of its
        /// own, on every right answer was about a tenth of what the store added to a piped
        /// session (its instructions, beyond the same work done by hand).
        case correct
        /// Wrong: a listening question is spoken again.
        case incorrect(typed: String)
        /// Not an answer of this kind: why, and no penalty.
        case unreadable(reason: String)
        /// The answer, after "show answer" (a skip).
        indirect case answerShown(Question)
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case started
        case answerSubmitted(String)
        case showAnswerTapped
        case replayTapped
        case settingsTapped
        case endTapped
        case timerTicked
        case playbackFinished
        case playbackFailed(String)
        case playbackErrorCleared
        case settings(PresentationAction<Settings.Action>)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable, CasePathable {
            /// The session is over; its record, or nil when nothing was answered. Boxed, like
            /// every large payload of an action: see `Topics.Action.Delegate.topicChosen`.
            indirect case sessionEnded(SessionRecord?)
            /// The learner changed how questions are spoken: only what changed, so that what
            /// the session was started with stays as it was given.
            indirect case speechChanged(SpeechChange)

            public struct AllCasePaths: Sendable {
                public let sessionEnded = CasePath<Delegate, SessionRecord?>(embed: Delegate.sessionEnded) {
                    if case let .sessionEnded(record) = $0 { record } else { nil }
                }
                public let speechChanged = CasePath<Delegate, SpeechChange>(embed: Delegate.speechChanged) {
                    if case let .speechChanged(speech) = $0 { speech } else { nil }
                }
            }
            public static let allCasePaths = AllCasePaths()
        }

        public struct AllCasePaths: Sendable {
            public let settings = CasePath<Action, PresentationAction<Settings.Action>>(embed: Action.settings) {
                if case let .settings(action) = $0 { action } else { nil }
            }
            public let delegate = CasePath<Action, Delegate>(embed: Action.delegate) {
                if case let .delegate(delegate) = $0 { delegate } else { nil }
            }
        }
        public static let allCasePaths = AllCasePaths()
    }

    enum CancelID: Hashable, Sendable { case timer, speech, playbackError }

    @Dependency(\.speech) var speech
    @Dependency(\.clock) var clock
    @Dependency(\.date) var now
    @Dependency(\.uuid) var uuid

    public init() {}

    public var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .started:
                return .merge(speak(&state), startTimer())

            case let .answerSubmitted(typed):
                guard !state.isOver else { return .none }
                if state.isAnswerShown {
                    return nextQuestion(&state)
                }
                let seconds = Double(state.secondsElapsed - state.questionShownAt)
                switch state.question.grade(typed) {
                case let .unreadable(reason):
                    state.feedback = .unreadable(reason: reason)
                    return .none
                case .correct:
                    QuestionRecord.add(SubmissionRecord(typed: typed, verdict: .correct, seconds: seconds),
                                       to: &state.submissions, omitted: &state.omittedTries)
                    state.feedback = .correct
                    return nextQuestion(&state)
                case .incorrect:
                    QuestionRecord.add(SubmissionRecord(typed: typed, verdict: .incorrect, seconds: seconds),
                                       to: &state.submissions, omitted: &state.omittedTries)
                    state.feedback = .incorrect(typed: typed)
                    return speak(&state)
                }

            case .showAnswerTapped:
                guard !state.isOver, !state.isAnswerShown else { return .none }
                QuestionRecord.add(SubmissionRecord(typed: "", verdict: .skipped, seconds: Double(state.secondsElapsed - state.questionShownAt)),
                                   to: &state.submissions, omitted: &state.omittedTries)
                state.isAnswerShown = true
                state.feedback = .answerShown(state.question)
                return .none

            case .replayTapped:
                guard !state.isOver else { return .none }
                if state.isSpeaking {
                    state.isSpeaking = false
                    return .cancel(id: CancelID.speech)
                }
                return speak(&state)

            case .settingsTapped:
                guard !state.isOver else { return .none }
                state.settings = Settings.State(topic: state.topic, speech: state.speech)
                state.isSpeaking = false
                // Time stands still while the settings are open.
                return .merge(.cancel(id: CancelID.timer), .cancel(id: CancelID.speech))

            case .settings(.dismiss):
                return startTimer()

            case .settings(.presented(.speech)):
                guard let speech = state.settings?.speech.preferences, speech != state.speech else { return .none }
                let change = SpeechChange(from: state.speech, to: speech)
                if speech.rate != state.speech.rate { state.autoRate?.setByHand(speech.rate) }
                state.speech = speech
                return .send(.delegate(.speechChanged(change)))

            case .settings:
                return .none

            case .endTapped:
                guard !state.isOver else { return .none }
                return end(&state, .stopped)

            case .timerTicked:
                guard !state.isOver else { return .none }
                state.secondsElapsed += 1
                if case let .timeLimit(limit) = state.mode, state.secondsElapsed >= limit {
                    // Ends at once, even while the learner is typing: the half-typed line is not graded.
                    return end(&state, .timeUp)
                }
                return .none

            case .playbackFinished:
                state.isSpeaking = false
                return .none

            case let .playbackFailed(message):
                state.isSpeaking = false
                state.playbackError = message
                state.autoRate?.soundWasLost()
                return .run { send in
                    try await clock.sleep(for: .seconds(2))
                    await send(.playbackErrorCleared)
                }
                .cancellable(id: CancelID.playbackError, cancelInFlight: true)

            case .playbackErrorCleared:
                state.playbackError = nil
                return .none

            case .delegate:
                return .none
            }
        }
        .ifLet(\.settingsPresentation, action: \.settings) { Settings() }
    }

    private func speak(_ state: inout State) -> Effect<Action> {
        guard state.isSpoken else {
            // In a review the question before may have been a listening one, still playing.
            guard state.isSpeaking else { return .none }
            state.isSpeaking = false
            return .cancel(id: CancelID.speech)
        }
        state.isSpeaking = true
        // The utterance is fitted to the client's range of rate and pitch before it is spoken.
        let voice = speech
        let speak = voice.speak
        let utterance = state.speech.utterance(state.question.spokenKana, within: voice.parameters)
        return .run { send in
            try await speak(utterance)
            await send(.playbackFinished)
        } catch: { error, send in
            await send(.playbackFailed((error as? SpeechError)?.problem ?? "\(error)"))
        }
        .cancellable(id: CancelID.speech, cancelInFlight: true)
    }

    private func startTimer() -> Effect<Action> {
        .run { send in
            while true {
                try await clock.sleep(for: .seconds(1))
                await send(.timerTicked)
            }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
    }

    private func nextQuestion(_ state: inout State) -> Effect<Action> {
        let done = QuestionRecord(question: state.question, submissions: state.submissions, omittedTries: state.omittedTries)
        state.answered.append(done)
        // Before the next question is spoken, which is the first at a new rate.
        if state.isSpoken, let rate = state.autoRate?.answered(rightFirstTime: done.outcome == .correct, at: state.speech.rate) {
            state.speech.rate = rate
        }
        state.submissions = []
        state.omittedTries = 0
        state.isAnswerShown = false
        if case let .questionLimit(limit) = state.mode, state.answered.count >= limit {
            return end(&state, .completed)
        }
        state.questionNumber += 1
        state.questionShownAt = state.secondsElapsed
        if state.queued.isEmpty, state.topic.id == TopicCatalog.review.id, !state.mode.hasQuestionLimit {
            state.queued = State.reviewRound(state.reviewEntries, skill: state.skill, script: state.script, seed: state.seed,
                                             number: state.questionNumber, after: state.question)
        }
        if state.queued.isEmpty {
            state.question = State.draw(topic: state.topic, skill: state.skill, script: state.script, seed: state.seed,
                                        number: state.questionNumber, reviewEntries: state.reviewEntries,
                                        avoiding: state.question.valueKey)
        } else {
            state.question = state.queued.removeFirst()
        }
        return speak(&state)
    }

    private func end(_ state: inout State, _ ending: SessionRecord.Ending) -> Effect<Action> {
        state.ending = ending
        state.isSpeaking = false
        state.settings = nil
        let record = state.record(id: uuid().uuidString, endedAt: now())
        return .merge(
            .cancel(id: CancelID.timer), .cancel(id: CancelID.speech), .cancel(id: CancelID.playbackError),
            .send(.delegate(.sessionEnded(record))))
    }
}
