#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JapaneseNumbers

/// When each value (and each sound-change rule) the learner missed is next due, by SM-2
/// (Wozniak, 1990) over the answers in the history.
///
/// ```swift
/// var schedule = ReviewSchedule()
/// for record in records { schedule.add(record) }
/// schedule.dueValues(by: endOfToday).count    // values to review today
/// let review = schedule.review(stats.review, by: endOfToday)    // the due ones first
/// ```
///
/// A value enters the schedule at its first miss and stays in it; a rule enters when a
/// value using it is missed. Every answer after that, in any topic asking the same value,
/// moves it: right further out, a miss back to a day.
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
            due = ReviewSchedule.date(days: intervalDays, after: date)
        }
    }

    /// `days` days after `date`, at the same time on the learner's clock: a day that changes
    /// daylight saving time is 23 or 25 hours long, and an item answered near midnight would
    /// otherwise come due a day late, or again the same day.
    static func date(days: Int, after date: Date, offset: (Date) -> Int = localOffset(at:)) -> Date {
        let later = date.addingTimeInterval(Double(days) * 86_400)
        return later.addingTimeInterval(Double(offset(date) - offset(later)))
    }

    /// Seconds east of UTC on the learner's clock at `date` (the C library's local time, as
    /// for ``endOfDay(containing:)``).
    static func localOffset(at date: Date) -> Int {
        localTime(at: date)?.tm_gmtoff ?? 0
    }

    /// `date` on the learner's clock, broken down by the C library; nil when it cannot say.
    private static func localTime(at date: Date) -> tm? {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var local = tm()
        return localtime_r(&time, &local) == nil ? nil : local
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
    /// Whether rules are scheduled too; the review's order needs only the values, and finding
    /// each value's rules means making its reading.
    private let schedulesRules: Bool

    public init(records: [SessionRecord] = [], schedulesRules: Bool = true) {
        self.schedulesRules = schedulesRules
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
            // Right answers before the first miss leave SM-2's ease as it is (quality 4), so
            // an item made at the miss is the one SM-2 would have had then.
            let missed = question.outcome != .correct
            if missed || values[id] != nil {
                values[id, default: Item(due: record.endedAt)].answered(quality: quality, at: record.endedAt)
            }
            for rule in schedulesRules ? soundRules(of: id) : [] where missed || rules[rule] != nil {
                rules[rule, default: Item(due: record.endedAt)].answered(quality: quality, at: record.endedAt)
            }
        }
    }

    private mutating func soundRules(of id: ValueID) -> [SoundRule] {
        if let cached = ruleCache[id] { return cached }
        let found = TopicCatalog.topic(id: id.topicID)?.soundRules(valueKey: id.valueKey) ?? []
        ruleCache[id] = found
        return found
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

    /// The review in the order it is asked: the entries due at `date` or before first (as
    /// given: a review draws among them by weight), then the others, the soonest due first,
    /// each marked with when it comes due. An entry the schedule does not hold counts as due.
    public func review(_ entries: [ReviewEntry], by date: Date) -> [ReviewEntry] {
        // Put in order in one array the size of `entries`: the others are held as their
        // dates and places (a long history can have tens of thousands of values missed).
        var review: [ReviewEntry] = []
        review.reserveCapacity(entries.count)
        var ahead: [(date: Date, index: Int)] = []
        for index in entries.indices {
            let entry = entries[index]
            if let item = values[ValueID(topicID: entry.topicID, valueKey: entry.valueKey)], item.due > date {
                ahead.append((item.due, index))
            } else {
                review.append(entry)
            }
        }
        ahead.sort { ($0.date, $0.index) < ($1.date, $1.index) }
        for (date, index) in ahead {
            var later = entries[index]
            later.notDueUntil = date
            review.append(later)
        }
        return review
    }

    /// The end of the day holding `date`, where the learner is: what is due by then is due today.
    /// The C library's local time (`TZ`, else the system's zone): FoundationEssentials has no
    /// time zones and would end every day at midnight UTC.
    public static func endOfDay(containing date: Date) -> Date {
        tzset()
        guard var local = localTime(at: date) else { return date.addingTimeInterval(86_400) }
        local.tm_mday += 1
        local.tm_hour = 0
        local.tm_min = 0
        local.tm_sec = 0
        local.tm_isdst = -1    // the next midnight's own daylight saving, which mktime works out
        let end = mktime(&local)
        return end == -1 ? date.addingTimeInterval(86_400) : Date(timeIntervalSince1970: TimeInterval(end))
    }
}
