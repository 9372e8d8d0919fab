import Composable

/// The settings a learner opens during a session: the topic and its notes, and how questions
/// are spoken. Time stands still while it is open; "done" closes it.
///
/// ```swift
/// state.settings = Settings.State(topic: topic, speech: state.speech)   // presented by the quiz
/// store.send(.settings(.presented(.speech(.rateChanged(110)))))
/// store.send(.settings(.presented(.doneTapped)))                       // dismisses itself
/// ```
public struct Settings: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var topic: Topic
        public var speech: SpeechSettings.State

        public init(topic: Topic, speech: SpeechPreferences) {
            self.topic = topic
            self.speech = SpeechSettings.State(preferences: speech)
        }
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case speech(SpeechSettings.Action)
        case doneTapped

        public struct AllCasePaths: Sendable {
            public let speech = CasePath<Action, SpeechSettings.Action>(embed: Action.speech) {
                if case let .speech(action) = $0 { action } else { nil }
            }
        }
        public static let allCasePaths = AllCasePaths()
    }

    @Dependency(\.dismiss) var dismiss

    public init() {}

    public var body: some ReducerOf<Self> {
        Scope(state: \.speech, action: \.speech) { SpeechSettings() }
        Reduce { _, action in
            switch action {
            case .doneTapped:
                return .run { _ in await dismiss() }
            case .speech:
                return .none
            }
        }
    }
}
