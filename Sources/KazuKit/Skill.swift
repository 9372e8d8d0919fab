/// What a learner practises on a topic: hearing a value, reading it written, writing its reading,
/// or hearing it inside a sentence.
///
/// ```swift
/// let skill = Skill(argument: "reading")   // .reading
/// print(skill?.title ?? "")                // "Reading"
/// ```
public enum Skill: String, CaseIterable, Codable, Hashable, Sendable {
    /// Hear the kana spoken, type the value in numerals.
    case listening
    /// See the value written in kanji (or kana), type it in numerals.
    case reading
    /// See the value with its counter, type its reading in kana or romaji.
    case writing
    /// Hear the value inside a sentence (お会計、千二百四円になります), type it in numerals.
    case sentences

    /// The skill a command-line word or a saved setting names, ignoring case; nil for anything else.
    public init?(argument: some StringProtocol) {
        self.init(rawValue: argument.lowercased())
    }

    /// The name shown to a learner.
    public var title: String {
        switch self {
        case .listening: "Listening"
        case .reading: "Reading"
        case .writing: "Writing"
        case .sentences: "Sentences"
        }
    }
}
