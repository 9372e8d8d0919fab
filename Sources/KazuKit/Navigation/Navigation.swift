import Composable
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The root of Kazu: pick a topic, choose the session's settings, play the quiz, see the
/// summary. It keeps what Kazu remembers (settings, saved 0.25 s after the last change) and
/// appends each session with an answer to the history.
///
/// ```swift
/// let store = Store(initialState: Navigation.State(settings: settings, reviewEntries: stats.review)) {
///   Navigation()
/// } withDependencies: {
///   $0.speech = .espeak()
/// }
/// store.send(.topics(.topicPicked("money.conbini")))
/// store.send(.destination(.presented(.preSettings(.startTapped))))
/// ```
public struct Navigation: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var settings: KazuSettings
        public var topics: Topics.State
        /// What is presented: the pre-session settings or the quiz, one at a time. The
        /// presentation itself is stored, so that a presented quiz is changed in place (Swift's
        /// synthesized `$name` of a property wrapper copies it on every write).
        public var destinationPresentation = PresentationState<Destination.State>(wrappedValue: nil)
        public var path = StackState<Summary.State>()
        /// What the review topic draws from.
        public var reviewEntries: [ReviewEntry]
        /// One line when something could not be saved.
        public var problem: String?
        /// The last session, when the history could not take it: a front end shows it so
        /// that nothing the learner did is lost.
        public var unsavedSession: SessionRecord?
        /// The seed of the next session, when it must be a given one (`kazu quiz --seed`);
        /// otherwise each session draws its own from the random dependency.
        public var nextSeed: UInt64?
        /// A finished session is being appended to the history.
        public var isSavingSession = false
        /// Whether the choices made before a session (skill, mode, voice) become the saved
        /// settings, as they do in the menu, or hold for the next session only, as flags on
        /// `kazu quiz` do. Changes made during a session are saved either way.
        public var remembersChoices = true
        /// `--rate auto`: the sessions' rate moves with the answers within these bounds.
        public var autoRate: ClosedRange<Int>?

        /// What is presented; assigning presents anew (or dismisses), ending the effects of
        /// what was presented before.
        public var destination: Destination.State? {
            get { destinationPresentation.wrappedValue }
            set { destinationPresentation.wrappedValue = newValue }
        }

        /// The pre-session settings, while they are shown.
        public var preSettings: PreSettings.State? { destination?.preSettings }

        /// The session being played.
        public var quiz: Quiz.State? { destination?.quiz }

        public init(settings: KazuSettings, reviewEntries: [ReviewEntry] = [], weakSpots: Topic? = nil) {
            self.settings = settings
            self.reviewEntries = reviewEntries
            self.topics = Topics.State(favorites: settings.favorites, recent: settings.recentTopics,
                                       hasReview: !reviewEntries.isEmpty, weakSpots: weakSpots)
        }
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case topics(Topics.Action)
        case destination(PresentationAction<Destination.Action>)
        case path(StackAction<Summary.State, Summary.Action>)
        case historySaved
        case reviewUpdated([ReviewEntry])
        case saveFailed(String)
        /// Boxed, like every large payload of an action: see `Topics.Action.Delegate.topicChosen`.
        indirect case historyNotSaved(SessionRecord, String)

        public struct AllCasePaths: Sendable {
            public let topics = CasePath<Action, Topics.Action>(embed: Action.topics) {
                if case let .topics(action) = $0 { action } else { nil }
            }
            public let destination = CasePath<Action, PresentationAction<Destination.Action>>(embed: Action.destination) {
                if case let .destination(action) = $0 { action } else { nil }
            }
            public let path = CasePath<Action, StackAction<Summary.State, Summary.Action>>(embed: Action.path) {
                if case let .path(action) = $0 { action } else { nil }
            }
            public let reviewUpdated = CasePath<Action, [ReviewEntry]>(embed: Action.reviewUpdated) {
                if case let .reviewUpdated(entries) = $0 { entries } else { nil }
            }
            public let historyNotSaved = CasePath<Action, (SessionRecord, String)>(embed: Action.historyNotSaved) {
                if case let .historyNotSaved(record, message) = $0 { (record, message) } else { nil }
            }
        }
        public static let allCasePaths = AllCasePaths()
    }

    @Dependency(\.random) var random
    @Dependency(\.date) var now
    @Dependency(\.history) var history

    public init() {}

    public var body: some ReducerOf<Self> {
        Scope(state: \.topics, action: \.topics) { Topics() }
        Reduce { state, action in
            switch action {
            case let .topics(.delegate(.topicChosen(topic))):
                state.destination = .preSettings(PreSettings.State(topic: topic, settings: state.settings))
                return .none

            case let .topics(.delegate(.favoritesChanged(favorites))):
                state.settings.favorites = favorites
                return .none

            case .destination(.presented(.preSettings(.speech))):
                if state.remembersChoices, let speech = state.preSettings?.speech.preferences { state.settings.speech = speech }
                return .none

            case let .destination(.presented(.preSettings(.delegate(.start(skill, script, mode, speech))))):
                guard let topic = state.preSettings?.topic else { return .none }
                if state.remembersChoices {
                    state.settings.skill = skill
                    state.settings.readingScript = script
                    state.settings.mode = mode
                    state.settings.speech = speech
                }
                state.settings.markPlayed(topic.id)
                state.topics.recent = state.settings.recentTopics
                let seed = state.nextSeed ?? drawSeed()
                state.nextSeed = nil
                return start(&state, Quiz.State(
                    topic: topic, skill: skill, mode: mode, seed: seed, script: script, speech: speech, startedAt: now(),
                    reviewEntries: state.reviewEntries, autoRate: state.autoRate))

            case let .destination(.presented(.quiz(.delegate(.speechChanged(change))))):
                state.settings.speech = change.applied(to: state.settings.speech)
                return .none

            case let .destination(.presented(.quiz(.delegate(.sessionEnded(record))))):
                let script = state.quiz?.script ?? .kanji
                state.destination = nil
                guard let record else { return .none }
                // The rate reached is the learner's from now on, as a rate set with `:s` is.
                if let rate = record.rateReached { state.settings.speech.rate = rate }
                state.path.append(Summary.State(record: record, script: script))
                state.isSavingSession = true
                let now = now()
                return .run { send in
                    // Saved first. What was just answered changes what is left to review: made
                    // from the history as it was before and the session in memory (not decoded back
                    // from its lines), in the same trip, whose thread has the append's memory free.
                    let review = try await Self.historyWork(of: history) {
                        let end = try history.appendTellingEnd(record)
                        return Result { try history.review(now: now, appended: record, at: end) }
                    }
                    await send(.historySaved)
                    switch review {
                    case let .success(entries): await send(.reviewUpdated(entries))
                    case let .failure(error): await send(.saveFailed("history not read: \(error)"))
                    }
                } catch: { error, send in
                    await send(.historyNotSaved(record, "\(error)"))
                }

            case .historySaved:
                state.isSavingSession = false
                return .none

            case let .reviewUpdated(entries):
                state.reviewEntries = entries
                state.topics.hasReview = !entries.isEmpty
                return .none

            case let .saveFailed(message):
                // While a session waits unsaved, the problem shown is why the history refused it.
                if state.unsavedSession == nil { state.problem = message }
                return .none

            case let .historyNotSaved(record, message):
                state.isSavingSession = false
                state.unsavedSession = record
                state.problem = message
                return .none

            case let .path(.element(_, .delegate(.retry(missed)))):
                guard let summary = state.path.last, let first = missed.first,
                      let topic = TopicCatalog.topic(id: summary.record.topicID) ?? TopicCatalog.topic(id: first.topicID) else { return .none }
                let record = summary.record
                // Asked as the session asked them: a phone number missed in a reading review was
                // asked by listening, a session in kana is retried in kana, a sentence in its frame.
                let questions = missed.compactMap {
                    TopicCatalog.question(topicID: $0.topicID, valueKey: $0.valueKey, skill: record.skill, script: summary.script,
                                          frameID: $0.frameID)
                }
                guard !questions.isEmpty else { return .none }
                state.path.removeAll()
                return start(&state, Quiz.State(
                    topic: topic, skill: record.skill, mode: .questionLimit(questions.count), seed: drawSeed(),
                    script: summary.script, speech: state.settings.speech, startedAt: now(), queued: questions,
                    autoRate: state.autoRate))

            case .path(.element(_, .delegate(.done))):
                state.path.removeAll()
                return .none

            case .topics, .destination, .path:
                return .none
            }
        }
        .ifLet(\.destinationPresentation, action: \.destination) { Destination() }
        .forEach(\.path, action: \.path) { Summary() }
        // The client is read when a save runs (under the store's dependencies, as every
        // effect is), not each time the body is built for an action.
        .persisting(\.settings, debounce: .milliseconds(250)) { settings in
            try DependencyValues.current.settingsClient.save(settings)
        } failed: { .saveFailed("\($0)") }
    }

    /// The history's `work`: away from the main actor where effects run when it waits on a
    /// disk (an fsync, a read of the whole history), so the front end's next screen does not
    /// wait behind it; where it is, for a history in memory.
    nonisolated(nonsending) private static func historyWork<T: Sendable>(of history: HistoryClient, _ work: @Sendable () throws -> T) async throws -> T {
        history.waitsOnDisk ? try await offTheMainActor(work) : try work()
    }

    @concurrent
    private static func offTheMainActor<T: Sendable>(_ work: @Sendable () throws -> T) async throws -> T {
        try work()
    }

    private func drawSeed() -> UInt64 {
        random { UInt64.random(in: 0...UInt64.max, using: &$0) }
    }

    /// Presents `quiz` in place of whatever was presented, and starts it.
    private func start(_ state: inout State, _ quiz: Quiz.State) -> Effect<Action> {
        state.destination = .quiz(quiz)
        return .send(.destination(.presented(.quiz(.started))))
    }
}
