import JapaneseNumbers

/// What the learner knows, from the history: how often the values of each sound-change rule,
/// each topic and each skill are answered right the first time, recent sessions counting most.
///
/// ```swift
/// let model = LearnerModel(records: try history.load().records)
/// model.weakestRules.first?.rule          // .voicing, for a learner who says さんひゃく
/// model.rules[.voicing]?.accuracy         // 0.2
/// ```
///
/// Recency: a session's answers weigh 0.5^(k / `halfLife`), where k is the number of sessions
/// after it, so the answers of 20 sessions ago count half as much as today's.
public struct LearnerModel: Sendable {
    /// Answers and how many were right the first time, plain and weighted by recency.
    public struct Tally: Hashable, Sendable {
        public var answered = 0
        public var right = 0
        public var weight = 0.0
        public var rightWeight = 0.0
        /// Right the first time, weighted by recency: 0 to 1.
        public var accuracy: Double { weight == 0 ? 0 : rightWeight / weight }

        public init() {}

        mutating func scale(by factor: Double) {
            weight *= factor
            rightWeight *= factor
        }

        mutating func add(right isRight: Bool, weight w: Double) {
            answered += 1
            weight += w
            if isRight {
                right += 1
                rightWeight += w
            }
        }
    }

    /// A rule, how the learner does on it, and a value whose reading uses it.
    public struct RuleStanding: Hashable, Sendable {
        public var rule: SoundRule
        public var tally: Tally
        /// The value as written (300本): the latest one missed, or the latest answered.
        public var example: String
        public var exampleReading: String
    }

    public private(set) var rules: [SoundRule: RuleStanding] = [:]
    public private(set) var topics: [String: Tally] = [:]
    public private(set) var skills: [Skill: Tally] = [:]
    public private(set) var overall = Tally()

    /// Sessions after which an answer counts half.
    public static let halfLife = 20.0
    /// 0.5^(1 / halfLife): the weight of a session relative to the one after it.
    static let decay = 0.965_936_328_924_845_6
    /// A rule is ranked once this many answers used it: fewer say little.
    public static let fewestAnswers = 5
    /// The weak-spots topic is offered once this many questions were answered.
    public static let enoughHistory = 30

    /// The model of `records`, oldest first as the history keeps them.
    public init(records: [SessionRecord] = []) {
        for record in records { add(record) }
    }

    /// The weight of the next session added. Each session weighs `1 / decay` times the one
    /// before: accuracy is a ratio, so this is the same as the newest weighing 1 and older
    /// ones less, and a history can be added one record at a time.
    private var nextWeight = 1.0
    /// The rules of the values seen so far, by topic and value key.
    private var ruleCache: [String: [SoundRule]] = [:]
    /// The rules whose example is a miss: a later right answer does not replace it.
    private var exampleIsMiss: Set<SoundRule> = []

    /// Adds the next session of the history (sessions are added oldest first).
    public mutating func add(_ record: SessionRecord) {
        let weight = nextWeight
        for question in record.questions {
            let right = question.outcome == .correct
            overall.add(right: right, weight: weight)
            topics[question.topicID, default: Tally()].add(right: right, weight: weight)
            skills[record.skill, default: Tally()].add(right: right, weight: weight)
            for rule in rules(topicID: question.topicID, valueKey: question.valueKey) {
                var standing = rules[rule] ?? RuleStanding(rule: rule, tally: Tally(), example: "", exampleReading: "")
                standing.tally.add(right: right, weight: weight)
                if !right || !exampleIsMiss.contains(rule) {
                    standing.example = question.written
                    standing.exampleReading = question.reading
                    if !right { exampleIsMiss.insert(rule) }
                }
                rules[rule] = standing
            }
        }
        nextWeight /= Self.decay
        // Scaled down long before a Double overflows (after some 20,000 sessions).
        if nextWeight > 1e100 { rescale(by: 1e-100) }
    }

    private mutating func rules(topicID: String, valueKey: String) -> [SoundRule] {
        let key = topicID + "\u{0}" + valueKey
        if let cached = ruleCache[key] { return cached }
        let found = TopicCatalog.topic(id: topicID)?.soundRules(valueKey: valueKey) ?? []
        ruleCache[key] = found
        return found
    }

    private mutating func rescale(by factor: Double) {
        nextWeight *= factor
        overall.scale(by: factor)
        for key in topics.keys { topics[key]?.scale(by: factor) }
        for key in skills.keys { skills[key]?.scale(by: factor) }
        for key in rules.keys { rules[key]?.tally.scale(by: factor) }
    }

    /// The rules the learner misses, most missed first: lowest recent accuracy, then most
    /// answered; only rules with at least `fewestAnswers` answers and some miss.
    public var weakestRules: [RuleStanding] {
        rules.values
            .filter { $0.tally.answered >= Self.fewestAnswers && $0.tally.right < $0.tally.answered }
            .sorted {
                ($0.tally.accuracy, -$0.tally.answered, $0.rule) < ($1.tally.accuracy, -$1.tally.answered, $1.rule)
            }
    }

    /// Whether there is history enough for the weak-spots topic: answers, and a rule to drill.
    public var hasEnoughHistory: Bool {
        overall.answered >= Self.enoughHistory && !weakestRules.isEmpty
    }
}
