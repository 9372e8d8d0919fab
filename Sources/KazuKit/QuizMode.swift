/// How a session ends: never (the learner stops), after a number of questions, or when time runs out.
///
/// ```swift
/// let mode = QuizMode.questionLimit(10)
/// print(mode.title)                  // "10 questions"
/// print(QuizMode.timeLimit(seconds: 90).title)   // "1:30 time limit"
/// ```
public enum QuizMode: Hashable, Sendable, Codable {
    /// Questions until the learner ends the session.
    case infinite
    /// The session completes when this many questions are done.
    case questionLimit(Int)
    /// The session ends when this many seconds of quiz time have passed.
    case timeLimit(seconds: Int)

    /// The question limits the reference app offers, and its default.
    public static let questionLimitPresets = [5, 10, 20, 30, 50, 100]
    public static let defaultQuestionLimit = 10
    /// The time limits (seconds) the reference app offers, and its default.
    public static let timeLimitPresets = [30, 60, 180, 300, 600, 1200]
    public static let defaultTimeLimit = 60

    /// Whether the session ends after a number of questions.
    var hasQuestionLimit: Bool {
        if case .questionLimit = self { return true }
        return false
    }

    /// How the mode is named to a learner.
    public var title: String {
        switch self {
        case .infinite: "Infinite"
        case let .questionLimit(count): count == 1 ? "1 question" : "\(count) questions"
        case let .timeLimit(seconds): "\(Self.minutesAndSeconds(seconds)) time limit"
        }
    }

    // In JSON: {"kind": "questions", "limit": 10}, {"kind": "seconds", "limit": 60}, {"kind": "infinite"}.
    public init(from decoder: any Decoder) throws {
        guard let mode = try SavedMode(from: decoder).mode else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a quiz mode"))
        }
        self = mode
    }

    public func encode(to encoder: any Encoder) throws {
        try SavedMode(self).encode(to: encoder)
    }

    /// `m:ss`, as progress and limits are shown: 90 is "1:30".
    public static func minutesAndSeconds(_ seconds: Int) -> String {
        let clamped = max(0, seconds)
        let remainder = clamped % 60
        return "\(clamped / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
