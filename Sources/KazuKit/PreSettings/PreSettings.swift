import Composable

/// The choices before a session: the skill, the mode and its limit (the reference app's
/// presets, or any positive number), and how questions are spoken; then start.
///
/// ```swift
/// let state = PreSettings.State(topic: topic, settings: savedSettings)
/// store.send(.questionLimitEntered("25"))   // .questionLimit(25)
/// store.send(.questionLimitEntered("lots")) // refused, with the reason in `problem`
/// store.send(.modeTyped("60 seconds"))      // .timeLimit(seconds: 60), as typed at a menu
/// store.send(.startTapped)                  // delegate(.start(...))
/// ```
public struct PreSettings: Reducer {
    public struct State: Equatable, Sendable {
        public var topic: Topic
        public var skill: Skill
        public var script: ReadingScript
        public var mode: QuizMode
        public var speech: SpeechSettings.State
        /// Why the last value typed was refused.
        public var problem: String?

        public init(topic: Topic, settings: KazuSettings) {
            self.topic = topic
            self.skill = topic.skills.contains(settings.skill) ? settings.skill : topic.skills[0]
            self.script = settings.readingScript
            self.mode = settings.mode
            self.speech = SpeechSettings.State(preferences: settings.speech)
        }
    }

    public enum Action: Equatable, Sendable, CasePathable {
        case skillPicked(Skill)
        case scriptPicked(ReadingScript)
        case infinitePicked
        case questionLimitEntered(String)
        case timeLimitEntered(String)
        /// The skill as a learner typed it: "reading", "Writing".
        case skillTyped(String)
        /// The mode as a learner typed it: "10", "10 questions", "60 seconds", "60s", "infinite".
        case modeTyped(String)
        case speech(SpeechSettings.Action)
        case startTapped
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// Boxed, like every large payload of an action: see `Topics.Action.Delegate.topicChosen`.
            indirect case start(skill: Skill, script: ReadingScript, mode: QuizMode, speech: SpeechPreferences)
        }

        public struct AllCasePaths: Sendable {
            public let speech = CasePath<Action, SpeechSettings.Action>(embed: Action.speech) {
                if case let .speech(action) = $0 { action } else { nil }
            }
            public let delegate = CasePath<Action, Delegate>(embed: Action.delegate) {
                if case let .delegate(delegate) = $0 { delegate } else { nil }
            }
        }
        public static let allCasePaths = AllCasePaths()
    }

    /// The largest limits accepted: a day's worth of questions or seconds.
    public static let largestQuestionLimit = 10_000
    public static let largestTimeLimit = 86_400

    public init() {}

    public var body: some ReducerOf<Self> {
        Scope(state: \.speech, action: \.speech) { SpeechSettings() }
        Reduce { state, action in
            switch action {
            case let .skillPicked(skill):
                Self.pick(skill, in: &state)
                return .none
            case let .scriptPicked(script):
                state.script = script
                return .none
            case .infinitePicked:
                state.mode = .infinite
                state.problem = nil
                return .none
            case let .questionLimitEntered(text):
                Self.enterLimit(text, seconds: false, in: &state)
                return .none
            case let .timeLimitEntered(text):
                Self.enterLimit(text, seconds: true, in: &state)
                return .none
            case let .skillTyped(text):
                guard let skill = Skill(argument: AnswerReader.normalized(text)) else {
                    state.problem = "type one of \(state.topic.skills.map(\.rawValue).joined(separator: ", "))"
                    return .none
                }
                Self.pick(skill, in: &state)
                return .none
            case let .modeTyped(text):
                let words = AnswerReader.normalized(text).lowercased().split(separator: " ")
                guard let first = words.first else {
                    state.problem = "type a number of questions (10), of seconds (60 seconds), or infinite"
                    return .none
                }
                if words == ["infinite"] || words == ["i"] {
                    state.mode = .infinite
                    state.problem = nil
                } else if first.count > 1, first.hasSuffix("s"), first.dropLast().allSatisfy(\.isNumber) {
                    Self.enterLimit(String(first.dropLast()), seconds: true, in: &state)
                } else {
                    Self.enterLimit(String(first), seconds: words.dropFirst().first?.hasPrefix("sec") == true, in: &state)
                }
                return .none
            case .speech:
                return .none
            case .startTapped:
                return .send(.delegate(.start(skill: state.skill, script: state.script, mode: state.mode,
                                              speech: state.speech.preferences)))
            case .delegate:
                return .none
            }
        }
    }

    private static func pick(_ skill: Skill, in state: inout State) {
        guard state.topic.skills.contains(skill) else {
            state.problem = "\(state.topic.title) is drilled by \(state.topic.skillList), not \(skill.rawValue)"
            return
        }
        state.skill = skill
        state.problem = nil
    }

    private static func enterLimit(_ text: String, seconds: Bool, in state: inout State) {
        switch limit(text, largest: seconds ? largestTimeLimit : largestQuestionLimit, unit: seconds ? "seconds" : "questions") {
        case let .success(value): state.mode = seconds ? .timeLimit(seconds: value) : .questionLimit(value); state.problem = nil
        case let .failure(problem): state.problem = problem.message
        }
    }

    /// A positive whole number up to `largest`, or why not.
    static func limit(_ text: String, largest: Int, unit: String) -> Result<Int, StorageError> {
        let typed = AnswerReader.normalized(text)
        guard let value = AnswerReader.wholeNumber(typed) else {
            return .failure(StorageError("\(typed.isEmpty ? "nothing" : "'\(typed.prefix(20))'") is not a number of \(unit); type a whole number such as 10"))
        }
        guard value >= 1 else { return .failure(StorageError("the number of \(unit) must be at least 1")) }
        guard value <= largest else { return .failure(StorageError("at most \(largest) \(unit)")) }
        return .success(Int(value))
    }
}
