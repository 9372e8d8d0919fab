import Composable

extension Navigation {
    /// What Navigation presents over the topics: the choices before a session, or the session
    /// itself. One value of one enum, so that the two are never presented at once.
    ///
    /// ```swift
    /// state.destination = .preSettings(PreSettings.State(topic: topic, settings: settings))
    /// store.send(.destination(.presented(.preSettings(.startTapped))))
    /// state.destination?.quiz?.isAnswerShown   // nil while the pre-settings are shown
    /// ```
    public struct Destination: Reducer, Sendable {
        @dynamicMemberLookup
        public enum State: Equatable, Sendable, CasePathable {
            case preSettings(PreSettings.State)
            case quiz(Quiz.State)

            public struct AllCasePaths: Sendable {
                public let preSettings = CasePath<State, PreSettings.State>(embed: State.preSettings) {
                    if case let .preSettings(state) = $0 { state } else { nil }
                }
                public let quiz = CasePath<State, Quiz.State>(embed: State.quiz) {
                    if case let .quiz(state) = $0 { state } else { nil }
                }
            }
            public static let allCasePaths = AllCasePaths()

            /// The state of one case while it is the one shown, else nil: `destination?.quiz?.skill`.
            /// Assigning through it changes that case's state; it never switches to another case.
            public subscript<Value>(dynamicMember keyPath: CaseKeyPath<State, Value>) -> Value? {
                get { self[case: keyPath] }
                set {
                    guard let newValue, self[case: keyPath] != nil else { return }
                    self = Self.casePath(keyPath).embed(newValue)
                }
            }
        }

        public enum Action: Equatable, Sendable, CasePathable {
            case preSettings(PreSettings.Action)
            case quiz(Quiz.Action)

            public struct AllCasePaths: Sendable {
                public let preSettings = CasePath<Action, PreSettings.Action>(embed: Action.preSettings) {
                    if case let .preSettings(action) = $0 { action } else { nil }
                }
                public let quiz = CasePath<Action, Quiz.Action>(embed: Action.quiz) {
                    if case let .quiz(action) = $0 { action } else { nil }
                }
            }
            public static let allCasePaths = AllCasePaths()
        }

        public init() {}

        public var body: some ReducerOf<Self> {
            Scope(state: \.preSettings, action: \.preSettings) { PreSettings() }
            Scope(state: \.quiz, action: \.quiz) { Quiz() }
        }
    }
}
