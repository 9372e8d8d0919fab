import Composable

/// The results of a session: totals, accuracy, time per question, and every missed or skipped
/// question with what was typed, the right answer and its reading; from here a learner can
/// drill just the missed ones again.
///
/// ```swift
/// let summary = Summary.State(record: record)
/// print(summary.correct, summary.accuracy)           // 8, 0.8
/// store.send(.path(.element(id: id, action: .retryMissedTapped)))
/// ```
public struct Summary: Reducer {
    public struct State: Equatable, Sendable {
        public var record: SessionRecord
        /// How the session wrote its reading questions: a retry writes them the same way.
        public var script: ReadingScript

        public init(record: SessionRecord, script: ReadingScript = .kanji) {
            self.record = record
            self.script = script
        }

        public var topic: Topic? { TopicCatalog.topic(id: record.topicID) }
        public var total: Int { record.questions.count }
        /// Right on every try.
        public var correct: Int { record.correctCount }
        /// A wrong try or a skip.
        public var missed: Int { total - correct }
        public var accuracy: Double { record.accuracy }
        /// Seconds per question, to the last try.
        public var averageSeconds: Double {
            total == 0 ? 0 : record.questions.map(\.seconds).reduce(0, +) / Double(total)
        }
        public var incorrectQuestions: [QuestionRecord] { record.questions.filter { $0.outcome == .incorrect } }
        public var skippedQuestions: [QuestionRecord] { record.questions.filter { $0.outcome == .skipped } }
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case retryMissedTapped
        case doneTapped
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// A new session over these questions.
            case retry([QuestionRecord])
            case done
        }

        public struct AllCasePaths: Sendable {
            public let delegate = CasePath<Action, Delegate>(embed: Action.delegate) {
                if case let .delegate(delegate) = $0 { delegate } else { nil }
            }
        }
        public static let allCasePaths = AllCasePaths()
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .retryMissedTapped:
            let missed = state.record.questions.filter { $0.outcome != .correct }
            guard !missed.isEmpty else { return .none }
            return .send(.delegate(.retry(missed)))
        case .doneTapped:
            return .send(.delegate(.done))
        case .delegate:
            return .none
        }
    }
}
