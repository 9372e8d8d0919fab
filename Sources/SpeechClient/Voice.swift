/// A voice a speech client can speak with.
///
/// ```swift
/// let voices = try await speech.voices()       // [Voice(id: "ja", name: "Japanese", ...)]
/// let question = Utterance("ご", voice: voices[0].id)
/// ```
public struct Voice: Hashable, Sendable, Identifiable {
    /// The id of espeak-ng's own Japanese voice, the one every install has.
    public static let defaultJapaneseID = "ja"

    /// What to put in `Utterance.voice`.
    public var id: String
    /// A name for people, such as "Japanese".
    public var name: String
    /// The language code, such as "ja".
    public var language: String
    public var gender: Gender

    public enum Gender: Hashable, Sendable {
        case unspecified, male, female
    }

    public init(id: String, name: String, language: String, gender: Gender = .unspecified) {
        self.id = id
        self.name = name
        self.language = language
        self.gender = gender
    }
}
