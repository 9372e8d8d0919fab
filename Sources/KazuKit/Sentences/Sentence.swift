/// A sentence a number is heard in, as shown after the answer: written as a Japanese reader
/// sees it, its kana, romaji and an English gloss.
///
/// ```swift
/// let question = TopicCatalog.topic(id: "money.conbini")!.makeQuestion(skill: .sentences, using: .seeded(7))
/// question.sentence?.written   // e.g. "お会計、1,204円になります"
/// question.sentence?.kana      // "おかいけい、せんにひゃくよえんになります"
/// question.sentence?.gloss     // "Your total comes to ¥1,204."
/// ```
public struct Sentence: Hashable, Sendable, Codable {
    /// The id of the frame it was made from (`money.register`).
    public let frameID: String
    public let written: String
    /// The kana as written (the particle は as は); the voice is given `Question.spokenKana`.
    public let kana: String
    public let romaji: String
    public let gloss: String
}
