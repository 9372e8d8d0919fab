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

    /// The kana the voice says for a sentence's kana as shown, when it is one of Kazu's
    /// sentences: its particles said as they sound (は as わ, へ as え); nil for other text.
    /// `kazu say` speaks a subtitle through it, so it says what the quiz said.
    ///
    /// ```swift
    /// Sentence.spokenKana(ofShown: "でんわばんごうは、ぜろさんの、いちにいさんよんの、ごおろくななはちです")
    /// // "でんわばんごうわ、ぜろさんの、いちにいさんよんの、ごおろくななはちです"
    /// ```
    public static func spokenKana(ofShown text: String) -> String? {
        if text.hasSuffix("。"), let said = spokenKana(ofShown: String(text.dropLast())) { return said + "。" }
        for frame in SentenceFrame.all where frame.kana.contains("{は}") || frame.kana.contains("{へ}") {
            let around = frame.shownKana(reading: SentenceFrame.slot).split(separator: SentenceFrame.slot, omittingEmptySubsequences: false)
            guard around.count == 2, text.hasPrefix(around[0]), text.hasSuffix(around[1]),
                  text.count > around[0].count + around[1].count else { continue }
            return frame.spokenKana(reading: String(text.dropFirst(around[0].count).dropLast(around[1].count)))
        }
        return nil
    }
}
