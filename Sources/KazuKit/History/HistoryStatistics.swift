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
/// let review = ReviewSchedule(records: records).review(stats.review, by: endOfToday)    // due first
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

        mutating func add(_ record: SessionRecord, correct: Int) {
            sessions += 1
            add(questions: record.questions.count, correct: correct)
        }

        /// Counts more questions of the session counted last: a later part of it.
        mutating func add(questions: Int, correct: Int) {
            self.questions += questions
            self.correct += correct
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
    public private(set) var trend: [Double] = []

    public static let trendLength = 20
    public static let missedLength = 10

    /// One value's record across the sessions added so far.
    private struct Track: Hashable, Sendable {
        var written = "", reading = ""
        var misses = 0
        var weight = 0.0
    }

    private struct ValueID: Hashable, Sendable {
        var topicID: String
        var valueKey: String
    }

    private var tracks: [ValueID: Track] = [:]
    /// The values in the order they were first asked, so that ties keep a stable order.
    private var order: [ValueID] = []
    private let now: Date

    /// Nothing yet; `add` each session in the order they ended.
    public init(now: Date) {
        self.now = now
    }

    /// The statistics of `records`, in any order.
    public init(records: [SessionRecord], now: Date) {
        self.init(now: now)
        for record in records.sorted(by: { $0.endedAt < $1.endedAt }) { add(record) }
    }

    /// Counts one more session, which ended after those added before it (the history's order).
    public mutating func add(_ record: SessionRecord) {
        add(record, continuing: nil)
    }

    /// Counts a session that comes in parts a part at a time: `earlier` is nil for its first
    /// part, as for a whole session, and for each later one the questions and first-try answers
    /// of the parts before it; the session then counts once, its accuracy over all its parts.
    mutating func add(_ record: SessionRecord, continuing earlier: (questions: Int, correct: Int)?) {
        let questions = record.questions.count, correct = record.correctCount
        let key = TopicSkill(topicID: record.topicID, skill: record.skill)
        if let earlier {
            overall.add(questions: questions, correct: correct)
            byTopicAndSkill[key, default: Tally()].add(questions: questions, correct: correct)
            let total = earlier.questions + questions
            if !trend.isEmpty { trend[trend.count - 1] = total == 0 ? 0 : Double(earlier.correct + correct) / Double(total) }
        } else {
            overall.add(record, correct: correct)
            byTopicAndSkill[key, default: Tally()].add(record, correct: correct)
            if trend.count == Self.trendLength { trend.removeFirst() }
            trend.append(questions == 0 ? 0 : Double(correct) / Double(questions))
        }
        // A miss weighs 1 today and less as it ages: half after a week.
        let age = max(0, now.timeIntervalSince(record.endedAt)) / 86_400
        let recency = 1 / (1 + age / 7)
        for index in record.questions.indices {
            let question = record.questions[index]
            let id = ValueID(topicID: question.topicID, valueKey: question.valueKey)
            let outcome = question.outcome
            if tracks[id] == nil { order.append(id) }
            Self.update(&tracks[id, default: Track()]) { track in
                if track.written != question.written { track.written = question.written }
                if track.reading != question.reading { track.reading = question.reading }
                if outcome != .correct {
                    track.misses += 1
                    track.weight += recency
                }
            }
        }
    }

    /// Changes a dictionary's value in place (one lookup, no copy of the value).
    private static func update(_ track: inout Track, _ change: (inout Track) -> Void) { change(&track) }

    private var missed: [(ValueID, Track)] {
        order.compactMap { id in tracks[id].flatMap { $0.misses > 0 ? (id, $0) : nil } }
    }

    /// The values missed most often, most first (at most `missedLength`).
    public var mostMissed: [MissedValue] {
        // A stable sort: among equal counts, the value asked first comes first.
        missed.enumerated().sorted { ($0.element.1.misses, -$0.offset) > ($1.element.1.misses, -$1.offset) }
            .prefix(Self.missedLength).map { _, pair in
                // Written as Kazu writes the value now (2021年, not an older 2,021年), when it still knows it.
                let current = TopicCatalog.question(topicID: pair.0.topicID, valueKey: pair.0.valueKey, skill: .listening,
                                                    script: .kanji)
                return MissedValue(topicID: pair.0.topicID, valueKey: pair.0.valueKey,
                                   written: current?.written ?? pair.1.written, reading: current?.reading ?? pair.1.reading,
                                   misses: pair.1.misses)
            }
    }

    /// The values to review: every value missed (`ReviewSchedule` says when each is due),
    /// weighted by how recently and how often it was missed. Only values a review can ask:
    /// not those of a topic this kazu does not have (a newer one's, or one since removed).
    public var review: [ReviewEntry] {
        order.compactMap { value in
            guard let track = tracks[value], track.misses > 0 else { return nil }
            let entry = ReviewEntry(topicID: value.topicID, valueKey: value.valueKey, weight: track.weight)
            return TopicCatalog.canReview(entry) ? entry : nil
        }
    }
}
