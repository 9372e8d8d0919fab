#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the history says about a learner, computed here so that every front end shows the
/// same numbers: totals per topic and skill, the trend of recent sessions, the values missed
/// most, and what to review.
///
/// ```swift
/// let stats = HistoryStatistics(records: try history.load().records, now: Date())
/// print(stats.overall.accuracy)          // 0.84
/// print(stats.trend)                     // accuracy of the last sessions, oldest first
/// let question = TopicCatalog.reviewQuestion(from: stats.review, skill: .listening, using: .system)
/// ```
public struct HistoryStatistics: Hashable, Sendable {
    /// Sessions, questions and first-try answers of a group of sessions.
    public struct Tally: Hashable, Sendable {
        public var sessions = 0
        public var questions = 0
        public var correct = 0
        /// Right on every try, as a share of the questions: 0 to 1.
        public var accuracy: Double { questions == 0 ? 0 : Double(correct) / Double(questions) }

        public init(sessions: Int = 0, questions: Int = 0, correct: Int = 0) {
            self.sessions = sessions
            self.questions = questions
            self.correct = correct
        }

        mutating func add(_ record: SessionRecord) {
            sessions += 1
            questions += record.questions.count
            correct += record.correctCount
        }
    }

    /// A topic in one skill.
    public struct TopicSkill: Hashable, Sendable, Comparable {
        public var topicID: String
        public var skill: Skill

        public init(topicID: String, skill: Skill) {
            self.topicID = topicID
            self.skill = skill
        }

        public static func < (a: Self, b: Self) -> Bool { (a.topicID, a.skill.rawValue) < (b.topicID, b.skill.rawValue) }
    }

    /// A value and how often it was missed.
    public struct MissedValue: Hashable, Sendable {
        public var topicID: String
        public var valueKey: String
        public var written: String
        public var reading: String
        public var misses: Int
    }

    public var overall = Tally()
    public var byTopicAndSkill: [TopicSkill: Tally] = [:]
    /// The accuracy of each of the last `trendLength` sessions, oldest first.
    public var trend: [Double] = []
    /// The values missed most often, most first (at most `missedLength`).
    public var mostMissed: [MissedValue] = []
    /// The values to review: missed and not yet answered right twice in a row since, each
    /// weighted by how recently and how often it was missed.
    public var review: [ReviewEntry] = []

    public static let trendLength = 20
    public static let missedLength = 10

    public init(records: [SessionRecord], now: Date) {
        struct Track {
            var written = "", reading = ""
            var misses = 0
            var weight = 0.0
            var streak = 0
        }
        var tracks: [String: Track] = [:]
        var order: [String] = []
        for record in records.sorted(by: { $0.endedAt < $1.endedAt }) {
            overall.add(record)
            byTopicAndSkill[TopicSkill(topicID: record.topicID, skill: record.skill), default: Tally()].add(record)
            // A miss weighs 1 today and less as it ages: half after a week.
            let age = max(0, now.timeIntervalSince(record.endedAt)) / 86_400
            let recency = 1 / (1 + age / 7)
            for question in record.questions {
                let key = question.topicID + "\u{1F}" + question.valueKey
                if tracks[key] == nil { order.append(key) }
                var track = tracks[key, default: Track()]
                track.written = question.written
                track.reading = question.reading
                if question.outcome == .correct {
                    track.streak += 1
                } else {
                    track.streak = 0
                    track.misses += 1
                    track.weight += recency
                }
                tracks[key] = track
            }
        }
        trend = records.sorted(by: { $0.endedAt < $1.endedAt }).suffix(Self.trendLength).map(\.accuracy)
        let missed = order.compactMap { key -> (String, Track)? in
            guard let track = tracks[key], track.misses > 0 else { return nil }
            return (key, track)
        }
        mostMissed = missed.sorted { $0.1.misses > $1.1.misses }.prefix(Self.missedLength).map { key, track in
            let parts = key.split(separator: "\u{1F}", maxSplits: 1).map(String.init)
            return MissedValue(topicID: parts[0], valueKey: parts[1], written: track.written, reading: track.reading, misses: track.misses)
        }
        review = missed.filter { $0.1.streak < 2 }.map { key, track in
            let parts = key.split(separator: "\u{1F}", maxSplits: 1).map(String.init)
            return ReviewEntry(topicID: parts[0], valueKey: parts[1], weight: track.weight)
        }
    }
}
