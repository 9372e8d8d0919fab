/// How the reading skill writes a question: in kanji (三百二十一), or in kana (さんびゃく
/// にじゅういち), which is harder to take in at a glance.
///
/// ```swift
/// topic.makeQuestion(skill: .reading, script: .kana, using: random).prompt   // "さんびゃくにじゅういち"
/// ```
public enum ReadingScript: String, CaseIterable, Codable, Hashable, Sendable {
    case kanji
    case kana
}
