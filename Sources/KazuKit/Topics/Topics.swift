import Composable
import JapaneseNumbers

/// The list a learner picks a topic from: favorites and recent topics first, the review topic
/// when there is something to review, then every category.
///
/// ```swift
/// let state = Topics.State(favorites: ["money.conbini"], recent: [], hasReview: false)
/// state.sections.first?.title         // "Favorites"
/// store.send(.topicPicked("money"))   // an id or an unambiguous prefix
/// ```
public struct Topics: Reducer {
    public struct State: Equatable, Sendable {
        public var favorites: [String]
        public var recent: [String]
        /// The history has misses to review.
        public var hasReview: Bool
        /// Why the last pick was refused, with the ids that come close.
        public var problem: String?
        /// The weak-spots topic, once the history has enough (see `WeakSpots.topic(for:)`).
        public var weakSpots: Topic?

        public init(favorites: [String], recent: [String], hasReview: Bool, weakSpots: Topic? = nil) {
            self.favorites = favorites
            self.recent = recent
            self.hasReview = hasReview
            self.weakSpots = weakSpots
        }

        /// The lists shown, in order; empty ones are left out.
        public var sections: [Section] {
            var sections: [Section] = []
            let favoriteTopics = favorites.compactMap(TopicCatalog.topic(id:))
            if !favoriteTopics.isEmpty { sections.append(Section(title: "Favorites", topics: favoriteTopics)) }
            let recentTopics = recent.compactMap(TopicCatalog.topic(id:)).filter { !favorites.contains($0.id) }
            if !recentTopics.isEmpty { sections.append(Section(title: "Recent", topics: recentTopics)) }
            let reviewTopics = (hasReview ? [TopicCatalog.review] : []) + (weakSpots.map { [$0] } ?? [])
            if !reviewTopics.isEmpty { sections.append(Section(title: TopicCategory.review.title, topics: reviewTopics)) }
            for category in TopicCategory.allCases where category != .review {
                sections.append(Section(title: category.title, topics: TopicCatalog.all.filter { $0.category == category }))
            }
            return sections
        }
    }

    /// A titled list of topics.
    public struct Section: Equatable, Sendable {
        public var title: String
        public var topics: [Topic]
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case topicPicked(String)
        case favoriteToggled(String)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// Boxed: a topic is 192 bytes, and every action of the app is copied at each level
            /// of the feature tree as large as its largest case.
            indirect case topicChosen(Topic)
            case favoritesChanged([String])
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
        case let .topicPicked(text):
            switch Self.resolve(text, hasReview: state.hasReview, weakSpots: state.weakSpots) {
            case let .success(topic):
                state.problem = nil
                return .send(.delegate(.topicChosen(topic)))
            case let .failure(problem):
                state.problem = problem.message
                return .none
            }
        case let .favoriteToggled(text):
            guard case let .success(topic) = Self.resolve(text, hasReview: true), topic.id != TopicCatalog.review.id else {
                state.problem = "no topic '\(ParseError.excerpt(of: text))' to mark as a favorite"
                return .none
            }
            if let index = state.favorites.firstIndex(of: topic.id) {
                state.favorites.remove(at: index)
            } else {
                state.favorites.append(topic.id)
            }
            state.problem = nil
            return .send(.delegate(.favoritesChanged(state.favorites)))
        case .delegate:
            return .none
        }
    }

    /// The topic an id or an unambiguous prefix names, or why none does; the weak-spots
    /// topic by its whole id, when there is one.
    public static func resolve(_ text: String, hasReview: Bool, weakSpots: Topic?) -> Result<Topic, StorageError> {
        guard text.trimmingSpaces == WeakSpots.topicID else { return resolve(text, hasReview: hasReview) }
        if let weakSpots { return .success(weakSpots) }
        return .failure(StorageError("no weak spots yet: they are found in your history once you have answered "
            + "\(LearnerModel.enoughHistory) questions and missed some; play other topics first"))
    }

    /// The topic an id or an unambiguous prefix names, or why none does.
    public static func resolve(_ text: String, hasReview: Bool) -> Result<Topic, StorageError> {
        let typed = text.trimmingSpaces
        let matches = TopicCatalog.matching(typed).filter { hasReview || $0.id != TopicCatalog.review.id }
        if matches.count == 1 { return .success(matches[0]) }
        if typed == TopicCatalog.review.id && !hasReview {
            return .failure(StorageError("nothing to review yet: the review topic is made of the questions you miss"))
        }
        if matches.count > 1 {
            let listed = matches.prefix(6).map(\.id).joined(separator: ", ")
            return .failure(StorageError("'\(ParseError.excerpt(of: typed))' could be \(listed)\(matches.count > 6 ? ", …" : ""); type more of the id"))
        }
        let close = TopicCatalog.closest(to: typed)
        return .failure(StorageError("no topic '\(ParseError.excerpt(of: typed))'" + (close.isEmpty ? "; 'kazu topics' lists them" : "; did you mean \(close.joined(separator: ", "))?")))
    }
}
