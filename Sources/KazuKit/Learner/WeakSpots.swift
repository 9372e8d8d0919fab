import Composable
import JapaneseNumbers

/// The weak-spots topic: new values, from every topic, whose readings use the rules the
/// learner misses most, with a share of values that use none of them, so that a session is
/// not only failures.
///
/// ```swift
/// let model = LearnerModel(records: records)
/// if let topic = WeakSpots.topic(for: model) {
///     let question = topic.makeQuestion(skill: .reading, using: .seeded(7))   // e.g. 3000, 3軒, 300本
/// }
/// ```
public enum WeakSpots {
    public static let topicID = "weak-spots"
    /// How many of the most missed rules a session drills at most.
    public static let ruleCount = 2
    /// A rule after the most missed one is drilled too when its accuracy is below this: a
    /// rule missed only now and then, with the first (347 is 4-7-9 and voicing), is not.
    public static let weakAccuracy = 0.8
    /// One question in `restEvery` is a value without the drilled rules.
    public static let restEvery = 4

    /// The weak-spots topic for `model`: nil until there is history enough and a rule to drill.
    public static func topic(for model: LearnerModel) -> Topic? {
        guard model.hasEnoughHistory else { return nil }
        return topic(drilling: rules(for: model))
    }

    /// The rules a weak-spots session drills: the most missed, and the next ones below `weakAccuracy`.
    public static func rules(for model: LearnerModel) -> [SoundRule] {
        let weakest = model.weakestRules
        guard let first = weakest.first else { return [] }
        return [first.rule] + weakest.dropFirst().prefix(ruleCount - 1).filter { $0.tally.accuracy < weakAccuracy }.map(\.rule)
    }

    /// The weak-spots topic drilling `rules`; its title and note name them.
    public static func topic(drilling rules: [SoundRule]) -> Topic {
        Topic(topicID, .review, "Weak spots: " + rules.map(\.rawValue).joined(separator: ", "),
              "New values, from every topic, for the sounds you miss most.",
              notes: [Topic.Note(stringLiteral: "Drilling " + rules.map(\.title).joined(separator: "; ")
                  + ": mostly values whose readings use \(rules.count == 1 ? "it" : "them"), and one in \(restEvery) you already know.")],
              kind: .weakSpots(rules))
    }

    /// A question on a value of some topic drilled in `skill`: one in `restEvery` (by chance)
    /// uses none of `rules`, the others use at least one, each from a topic that has such values.
    static func question(drilling rules: [SoundRule], skill: Skill, script: ReadingScript, using random: RandomSource) -> Question {
        let rest = random { Int.random(in: 0..<restEvery, using: &$0) } == 0
        let wanted = Set(rules)
        let topics = sources.filter { $0.topic.skills.contains(skill) }
        let candidates = rest ? topics : topics.filter { !$0.rules.isDisjoint(with: wanted) }
        let pool = candidates.isEmpty ? topics : candidates
        var question: Question?
        for _ in 0..<64 {
            let source = pool[random { Int.random(in: 0..<pool.count, using: &$0) }]
            let value = source.topic.kind.draw(using: random)
            let uses = !Set(source.topic.soundRules(of: value)).isDisjoint(with: wanted)
            let frame = skill == .sentences ? SentenceFrame.draw(for: source.topic, value: value, using: random) : nil
            question = QuestionMaker.question(topic: source.topic, value: value, skill: skill, script: script, frame: frame)
            if uses != rest { break }
        }
        return question!
    }

    /// Every topic that draws values, with the rules its values were seen to use in a fixed sample.
    static let sources: [(topic: Topic, rules: Set<SoundRule>)] = TopicCatalog.all.compactMap { topic in
        switch topic.kind {
        case .review, .weakSpots: return nil
        default:
            let random = RandomSource.seeded(UInt64(bitPattern: Int64(topic.id.utf8.count)))
            var rules = Set<SoundRule>()
            for _ in 0..<200 { rules.formUnion(topic.soundRules(of: topic.kind.draw(using: random))) }
            return (topic, rules)
        }
    }
}
