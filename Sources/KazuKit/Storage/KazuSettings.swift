/// What Kazu remembers between sessions: the last skill and mode, how questions are spoken,
/// the favorite topics and the ones played recently.
///
/// ```swift
/// var settings = KazuSettings()
/// settings.mode = .timeLimit(seconds: 180)
/// settings.markPlayed("money.conbini")
/// ```
///
/// Read from JSON leniently: a missing or bad field takes its default and the others are
/// kept; fields this version does not know are ignored, so older and newer versions of Kazu
/// can share one file.
public struct KazuSettings: Hashable, Sendable, Codable {
    public var skill: Skill
    /// How the reading skill writes its questions: kanji, or the harder kana.
    public var readingScript: ReadingScript
    public var mode: QuizMode
    public var speech: SpeechPreferences
    /// Topic ids, in the order they were marked.
    public var favorites: [String]
    /// Topic ids, most recent first, at most `recentLimit`.
    public var recentTopics: [String]

    public static let recentLimit = 5

    public init(skill: Skill = .listening, readingScript: ReadingScript = .kanji,
                mode: QuizMode = .questionLimit(QuizMode.defaultQuestionLimit),
                speech: SpeechPreferences = SpeechPreferences(), favorites: [String] = [], recentTopics: [String] = []) {
        self.skill = skill
        self.readingScript = readingScript
        self.mode = mode
        self.speech = speech
        self.favorites = favorites
        self.recentTopics = recentTopics
    }

    /// Puts `topicID` first among the recent topics.
    public mutating func markPlayed(_ topicID: String) {
        recentTopics.removeAll { $0 == topicID }
        recentTopics.insert(topicID, at: 0)
        if recentTopics.count > Self.recentLimit { recentTopics.removeLast(recentTopics.count - Self.recentLimit) }
    }

    enum CodingKeys: String, CodingKey { case skill, readingScript, mode, speech, favorites, recentTopics }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = KazuSettings()
        skill = (try? container.decodeIfPresent(String.self, forKey: .skill)).flatMap { $0.flatMap(Skill.init(argument:)) } ?? defaults.skill
        readingScript = ((try? container.decodeIfPresent(ReadingScript.self, forKey: .readingScript)) ?? nil) ?? defaults.readingScript
        mode = ((try? container.decodeIfPresent(QuizMode.self, forKey: .mode)) ?? nil) ?? defaults.mode
        speech = ((try? container.decodeIfPresent(SpeechPreferences.self, forKey: .speech)) ?? nil) ?? defaults.speech
        favorites = ((try? container.decodeIfPresent([String].self, forKey: .favorites)) ?? nil) ?? []
        recentTopics = ((try? container.decodeIfPresent([String].self, forKey: .recentTopics)) ?? nil) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(skill.rawValue, forKey: .skill)
        try container.encode(readingScript, forKey: .readingScript)
        try container.encode(mode, forKey: .mode)
        try container.encode(speech, forKey: .speech)
        try container.encode(favorites, forKey: .favorites)
        try container.encode(recentTopics, forKey: .recentTopics)
    }
}

/// A quiz mode as it reads in the file: {"kind": "questions", "limit": 10}.
struct SavedMode: Codable {
    var kind: String
    var limit: Int?

    init(kind: String, limit: Int?) {
        self.kind = kind
        self.limit = limit
    }

    init(_ mode: QuizMode) {
        switch mode {
        case .infinite: (kind, limit) = ("infinite", nil)
        case let .questionLimit(count): (kind, limit) = ("questions", count)
        case let .timeLimit(seconds): (kind, limit) = ("seconds", seconds)
        }
    }

    var mode: QuizMode? {
        switch (kind, limit) {
        case ("infinite", _): .infinite
        case let ("questions", count?) where count > 0: .questionLimit(count)
        case let ("seconds", seconds?) where seconds > 0: .timeLimit(seconds: seconds)
        default: nil
        }
    }
}
