#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JapaneseNumbers

/// When each value (and each sound-change rule) is next due, by SM-2 (Wozniak, 1990) over
/// the answers in the history.
///
/// ```swift
/// var schedule = ReviewSchedule()
/// for record in records { schedule.add(record) }
/// schedule.dueValues(by: endOfToday).count    // values to review today
/// ```
///
/// SM-2 with its published parameters: a first interval of 1 day, a second of 6, then the
/// last times the ease factor; ease starting at 2.5, never below 1.3, changed after each
/// answer of quality q by 0.1 - (5 - q)(0.08 + (5 - q)0.02); a quality below 3 starts the
/// item over at 1 day. An answer's quality: 4 when right the first time, 2 when right after
/// a wrong try, 0 when skipped.
public struct ReviewSchedule: Sendable {
    /// One item's state in SM-2.
    public struct Item: Hashable, Sendable {
        public var repetitions = 0
        public var ease = 2.5
        public var intervalDays = 0
        public var due: Date

        /// The item after an answer of `quality` (0...5) at `date`.
        public mutating func answered(quality: Int, at date: Date) {
            if quality < 3 {
                repetitions = 0
                intervalDays = 1
            } else {
                repetitions += 1
                switch repetitions {
                case 1: intervalDays = 1
                case 2: intervalDays = 6
                default: intervalDays = Int((Double(intervalDays) * ease).rounded())
                }
            }
            let miss = Double(5 - quality)
            ease = max(1.3, ease + 0.1 - miss * (0.08 + miss * 0.02))
            due = date.addingTimeInterval(Double(intervalDays) * 86_400)
        }
    }

    /// A value as the history names it.
    public struct ValueID: Hashable, Sendable {
        public var topicID: String
        public var valueKey: String

        public init(topicID: String, valueKey: String) {
            self.topicID = topicID
            self.valueKey = valueKey
        }
    }

    public private(set) var values: [ValueID: Item] = [:]
    public private(set) var rules: [SoundRule: Item] = [:]
    private var ruleCache: [ValueID: [SoundRule]] = [:]

    public init(records: [SessionRecord] = []) {
        for record in records { add(record) }
    }

    /// The quality SM-2 gives an answer.
    public static func quality(of outcome: QuestionRecord.Outcome) -> Int {
        switch outcome {
        case .correct: 4
        case .incorrect: 2
        case .skipped: 0
        }
    }

    /// Adds the answers of the next session (sessions are added in the order they ended).
    public mutating func add(_ record: SessionRecord) {
        for question in record.questions {
            let id = ValueID(topicID: question.topicID, valueKey: question.valueKey)
            let quality = Self.quality(of: question.outcome)
            values[id, default: Item(due: record.endedAt)].answered(quality: quality, at: record.endedAt)
            let valueRules: [SoundRule]
            if let cached = ruleCache[id] {
                valueRules = cached
            } else {
                valueRules = TopicCatalog.topic(id: id.topicID)?.soundRules(valueKey: id.valueKey) ?? []
                ruleCache[id] = valueRules
            }
            for rule in valueRules {
                rules[rule, default: Item(due: record.endedAt)].answered(quality: quality, at: record.endedAt)
            }
        }
    }

    /// The values due at `date` or before, the longest overdue first.
    public func dueValues(by date: Date) -> [ValueID] {
        values.filter { $0.value.due <= date }
            .sorted { ($0.value.due, $0.key.topicID, $0.key.valueKey) < ($1.value.due, $1.key.topicID, $1.key.valueKey) }
            .map(\.key)
    }

    /// The rules due at `date` or before, in ``SoundRule`` order.
    public func dueRules(by date: Date) -> [SoundRule] {
        rules.filter { $0.value.due <= date }.map(\.key).sorted()
    }

    /// How much more a due value weighs in a review: the review draws by weight, heaviest
    /// first, so the due ones come first.
    public static let dueBoost = 1_000.0

    /// The entries of a review (the values missed) that are due at `date` or before.
    public func due(_ entries: [ReviewEntry], by date: Date) -> [ReviewEntry] {
        entries.filter { isDue($0, by: date) }
    }

    func isDue(_ entry: ReviewEntry, by date: Date) -> Bool {
        values[ValueID(topicID: entry.topicID, valueKey: entry.valueKey)].map { $0.due <= date } ?? false
    }

    /// `entries` with the values due at `date` weighing `dueBoost` times more.
    public func prioritizing(_ entries: [ReviewEntry], by date: Date) -> [ReviewEntry] {
        entries.map { entry in
            guard isDue(entry, by: date) else { return entry }
            var due = entry
            due.weight *= Self.dueBoost
            return due
        }
    }
}
