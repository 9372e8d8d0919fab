import Composable
import JapaneseNumbers

/// One thing to drill: an id, where it is listed, what it is, notes on its tricky readings,
/// and how its questions are drawn. Topics are data (see `TopicCatalog`).
///
/// ```swift
/// let topic = TopicCatalog.topic(id: "money.conbini")!
/// let question = topic.makeQuestion(skill: .listening, using: .seeded(7))
/// print(question.spokenKana)            // e.g. "せんにひゃくえん"
/// print(question.grade("1200"))         // .correct when that was the price
/// ```
public struct Topic: Identifiable, Hashable, Sendable {
    /// Stable and readable: `number.1-100`, `money.conbini`, `date.era-year`, `counter.people`.
    public let id: String
    public let category: TopicCategory
    public let title: String
    /// One line on what is drilled.
    public let summary: String
    /// The tricky readings of this topic and how to type its answers, each with the skills
    /// it is true in: see `notes(for:)`.
    let allNotes: [Note]
    /// The skills its questions can be asked in: sentences only when it has sentence frames.
    public let skills: [Skill]
    let kind: Kind
    /// Whether a listening answer names the counter too (3本, 3ほん): a topic that mixes
    /// counters tests hearing the counter, so none is shown after the answer box.
    let listeningAsksCounter: Bool

    init(_ id: String, _ category: TopicCategory, _ title: String, _ summary: String,
         notes: [Note] = [], skills: [Skill] = [.listening, .reading, .writing], kind: Kind, listeningAsksCounter: Bool = false) {
        self.id = id
        self.category = category
        self.title = title
        self.summary = summary
        self.allNotes = notes
        self.skills = skills + (SentenceFrame.hasFrames(topicID: id, kind: kind) ? [.sentences] : [])
        self.kind = kind
        self.listeningAsksCounter = listeningAsksCounter
    }

    /// Its skills as a sentence says them: "listening, writing and sentences".
    public var skillList: String {
        let names = skills.map(\.rawValue)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// Every note of the topic, whatever the skill: for a list of topics.
    public var notes: [String] { allNotes.map(\.text) }

    /// The notes shown before a session in `skill`: how to type a number is no help when the
    /// answer is its reading, nor what to listen for when nothing is spoken.
    public func notes(for skill: Skill) -> [String] {
        allNotes.filter { $0.skills.contains(skill) }.map(\.text)
    }

    /// A note and the skills it is true in; a plain string is true in every skill.
    struct Note: Hashable, Sendable, ExpressibleByStringLiteral {
        var text: String
        var skills: Set<Skill>

        init(stringLiteral text: String) {
            self.text = text
            self.skills = Set(Skill.allCases)
        }

        init(_ text: String, skills: Set<Skill>) {
            self.text = text
            self.skills = skills
        }

        /// How to type the value, which listening and reading answer (writing answers the reading).
        static func typing(_ text: String) -> Note { Note(text, skills: [.listening, .reading, .sentences]) }
        /// What to listen for: only when the question is spoken.
        static func listening(_ text: String) -> Note { Note(text, skills: [.listening, .sentences]) }
    }

    public static func == (a: Topic, b: Topic) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// A new question in `skill`, drawn with `random`: the same seed gives the same questions.
    /// The review topic draws nothing by itself: use `TopicCatalog.reviewQuestion`.
    /// The reading skill shows kanji, or with `script: .kana` the harder kana.
    public func makeQuestion(skill: Skill, script: ReadingScript = .kanji, using random: RandomSource) -> Question {
        if case let .weakSpots(rules) = kind {
            return WeakSpots.question(drilling: rules, skill: skill, script: script, using: random)
        }
        let value = kind.draw(using: random)
        // A sentence's frame is drawn after the value, so the values drawn are the same in every skill.
        let frame = skill == .sentences ? SentenceFrame.draw(for: self, value: value, using: random) : nil
        return QuestionMaker.question(topic: self, value: value, skill: skill, script: script, frame: frame)
    }

    /// The question for a value this topic drew before (its `key`, as kept in the history);
    /// nil when the key is not a value of this topic. In the sentences skill it is said in the
    /// frame `frameID` when that fits the value, else in the value's own.
    public func question(valueKey: String, skill: Skill, script: ReadingScript = .kanji, frameID: String? = nil) -> Question? {
        guard let value = kind.value(fromKey: valueKey) else { return nil }
        let frame = skill == .sentences ? frameID.flatMap { SentenceFrame.frame(id: $0, for: self, value: value) } : nil
        return QuestionMaker.question(topic: self, value: value, skill: skill, script: script, frame: frame)
    }

    /// Whether `value` is one this topic could draw.
    func contains(_ value: QuestionValue) -> Bool {
        kind.value(fromKey: value.key) == value
    }
}

/// A range of whole numbers drawn in steps, counted with a counter or not.
struct NumberDrill: Sendable {
    var range: ClosedRange<Int64>
    var step: Int64 = 1
    var counter: Counter?
    /// Shown before the answer box (￥) and after it (時間).
    var prefix: String?
    var postfix: String?
    /// Draws below this as often as at or above it (days: 1-10 as often as 11-100).
    var evenSplitAt: Int64?
}

/// How a topic's questions are drawn.
enum Kind: Sendable {
    case number(NumberDrill)
    /// Counted things, each counter drawn in its range: 個 and つ, or all of them.
    case counters([(counter: Counter, range: ClosedRange<Int64>)])
    /// 午前/午後 and an hour 0-11 (午前0時 is midnight, 午後0時 noon); answered as that hour
    /// or, with `answerIn24`, as 0-23.
    case twelveHourHour(answerIn24: Bool)
    case eraYear
    case clockTime(twelveHour: Bool)
    case fullDate(years: ClosedRange<Int64>)
    case dateTime
    case halfHours
    case halfYears
    case hoursMinutes
    case hoursMinutesSeconds
    case phone(prefixes: [String])
    case review
    /// Values of every topic whose readings use these rules (see `WeakSpots`).
    case weakSpots([SoundRule])

    func draw(using random: RandomSource) -> QuestionValue {
        func int(_ range: ClosedRange<Int64>) -> Int64 { random { Int64.random(in: range, using: &$0) } }
        func small(_ range: ClosedRange<Int>) -> Int { random { Int.random(in: range, using: &$0) } }
        switch self {
        case let .number(drill):
            if let split = drill.evenSplitAt, drill.range.contains(split), drill.range.lowerBound < split {
                let low = random { Bool.random(using: &$0) }
                let range = low ? drill.range.lowerBound...(split - 1) : split...drill.range.upperBound
                return .number(drill.step == 1 ? int(range) : Self.stepped(range, drill.step, int))
            }
            return .number(Self.stepped(drill.range, drill.step, int))
        case let .counters(choices):
            let choice = choices[small(0...(choices.count - 1))]
            return .counted(int(choice.range), counter: choice.counter.name)
        case .twelveHourHour:
            let afternoon = random { Bool.random(using: &$0) }
            return .clock(hour: small(0...11) + (afternoon ? 12 : 0), minute: 0)
        case .eraYear:
            let era = Era.allCases[small(0...(Era.allCases.count - 1))]
            return .eraYear(era: era.kanji, year: int(1...Self.lastYear(of: era)))
        case .clockTime:
            return .clock(hour: small(0...23), minute: small(0...59))
        case let .fullDate(years):
            let year = int(years), month = small(1...12)
            return .date(year: year, month: month, day: small(1...Self.days(inMonth: month, year: year)))
        case .dateTime:
            let year = int(Self.dateTimeYears), month = small(1...12)
            return .dateTime(year: year, month: month, day: small(1...Self.days(inMonth: month, year: year)),
                             hour: small(0...23), minute: small(0...59))
        case .halfHours:
            return .span(hours: int(Self.halfHoursHours), minutes: 30, seconds: 0)
        case .halfYears:
            return .halfYears(2 * int(Self.halfYearsWholeYears) + 1)
        case .hoursMinutes:
            return .span(hours: int(Self.spanHours), minutes: small(1...59), seconds: 0)
        case .hoursMinutesSeconds:
            return .span(hours: int(Self.spanHours), minutes: small(0...59), seconds: small(1...59))
        case let .phone(prefixes):
            let prefix = prefixes[small(0...(prefixes.count - 1))]
            let digitCount = prefix.count == 2 ? 4 : 4
            func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(small(0...9))) }) }
            return .phone("\(prefix)-\(digits(digitCount))-\(digits(4))")
        case .review:
            preconditionFailure("the review topic draws from history: use TopicCatalog.reviewQuestion")
        case .weakSpots:
            preconditionFailure("the weak-spots topic draws from other topics: use Topic.makeQuestion")
        }
    }

    /// The value a history key names, if this kind could have drawn it.
    func value(fromKey key: String) -> QuestionValue? {
        let numbers = Self.integers(in: key)
        switch self {
        case let .number(drill):
            guard let n = Int64(key), drill.range.contains(n), (n - drill.range.lowerBound) % drill.step == 0 else { return nil }
            return .number(n)
        case let .counters(choices):
            for choice in choices where key.hasSuffix(choice.counter.name) {
                guard let n = Int64(key.dropLast(choice.counter.name.count)), choice.range.contains(n) else { return nil }
                return .counted(n, counter: choice.counter.name)
            }
            return nil
        case .twelveHourHour:
            guard numbers.count == 2, numbers[1] == 0, (0...23).contains(numbers[0]) else { return nil }
            return .clock(hour: Int(numbers[0]), minute: 0)
        case .eraYear:
            guard let era = Era.allCases.first(where: { key.hasPrefix($0.kanji) }),
                  let year = Int64(key.dropFirst(era.kanji.count)), (1...Self.lastYear(of: era)).contains(year) else { return nil }
            return .eraYear(era: era.kanji, year: year)
        case .clockTime:
            guard numbers.count == 2, (0...23).contains(numbers[0]), (0...59).contains(numbers[1]) else { return nil }
            return .clock(hour: Int(numbers[0]), minute: Int(numbers[1]))
        case let .fullDate(years):
            guard numbers.count == 3, years.contains(numbers[0]), Self.isDate(numbers[0], numbers[1], numbers[2]) else { return nil }
            return .date(year: numbers[0], month: Int(numbers[1]), day: Int(numbers[2]))
        case .dateTime:
            guard numbers.count == 5, Self.dateTimeYears.contains(numbers[0]), Self.isDate(numbers[0], numbers[1], numbers[2]),
                  (0...23).contains(numbers[3]), (0...59).contains(numbers[4]) else { return nil }
            return .dateTime(year: numbers[0], month: Int(numbers[1]), day: Int(numbers[2]),
                             hour: Int(numbers[3]), minute: Int(numbers[4]))
        case .halfHours, .hoursMinutes, .hoursMinutesSeconds:
            // Hours as `draw` makes them: a damaged key's 2090 hours is an answer no one can type.
            let hours = if case .halfHours = self { Self.halfHoursHours } else { Self.spanHours }
            guard numbers.count == 3, hours.contains(numbers[0]), (0...59).contains(numbers[1]), (0...59).contains(numbers[2]) else { return nil }
            let value = QuestionValue.span(hours: numbers[0], minutes: Int(numbers[1]), seconds: Int(numbers[2]))
            switch self {
            case .halfHours: return numbers[1] == 30 && numbers[2] == 0 ? value : nil
            case .hoursMinutes: return numbers[2] == 0 && numbers[1] > 0 ? value : nil
            default: return numbers[2] > 0 ? value : nil
            }
        case .halfYears:
            // Only what `draw` makes, an odd number of half years: a damaged key's 1y has no
            // half (its answer reads as months) and infy or 1e300y is no Int64.
            guard key.hasSuffix("y"), let years = Double(key.dropLast()), let halves = Int64(exactly: years * 2),
                  halves % 2 == 1, Self.halfYearsWholeYears.contains((halves - 1) / 2) else { return nil }
            return .halfYears(halves)
        case let .phone(prefixes):
            let groups = key.split(separator: "-", omittingEmptySubsequences: false)
            guard groups.count == 3, prefixes.contains(String(groups[0])), groups[1].count == 4, groups[2].count == 4,
                  key.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
            return .phone(key)
        case .review, .weakSpots:
            return nil
        }
    }

    static func stepped(_ range: ClosedRange<Int64>, _ step: Int64, _ int: (ClosedRange<Int64>) -> Int64) -> Int64 {
        range.lowerBound + step * int(0...((range.upperBound - range.lowerBound) / step))
    }

    /// The years a date with a time is drawn from; a history key outside them is not one of
    /// this kind's values (a year the answer box cannot take would make a question no answer
    /// can get right).
    static let dateTimeYears: ClosedRange<Int64> = 1990...2030

    /// The hours of a length of time: half hours up to 12.5, other lengths up to 24 hours and some.
    static let halfHoursHours: ClosedRange<Int64> = 1...12
    static let spanHours: ClosedRange<Int64> = 1...24

    /// The whole years before the half of a half-years value: 0.5 to 10.5 years.
    static let halfYearsWholeYears: ClosedRange<Int64> = 0...10

    static func lastYear(of era: Era) -> Int64 { era.lastEraYear ?? 8 }   // 令和 to 2026

    static func days(inMonth month: Int, year: Int64) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isDate(_ year: Int64, _ month: Int64, _ day: Int64) -> Bool {
        year >= 1 && (1...12).contains(month) && day >= 1 && day <= Int64(days(inMonth: Int(month), year: year))
    }

    /// The runs of ASCII digits in `text`, as numbers.
    static func integers(in text: String) -> [Int64] {
        text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).compactMap { Int64($0) }
    }
}
