import Composable
import JapaneseNumbers

/// A sentence with a slot for a number, one row of Data/sentences.tsv (compiled in as
/// `table`): the number's reading always comes from `JapaneseNumbers`, so its sound changes
/// (よえん, さんぼん) are the engine's, never typed into the frame.
///
/// ```swift
/// let frame = SentenceFrame.frame(for: TopicCatalog.topic(id: "money.conbini")!, value: .number(1204))
/// frame.spokenKana(reading: "せんにひゃくよえん")   // e.g. "おかいけい、せんにひゃくよえんになります"
/// ```
struct SentenceFrame: Hashable, Sendable {
    let id: String
    let category: TopicCategory
    /// The topic ids it fits; for counted values, the names of the counters it fits.
    let fits: [String]
    /// The numbers it fits (the value's number, clock hour, year or whole hours); nil for any.
    let range: ClosedRange<Int64>?
    /// A counter a bare number is read with (4番線, 人口5,000人); nil when the topic's own
    /// reading is the whole slot.
    let unit: String?
    /// `{n}` is the slot; `{は}` and `{へ}` are the particles, shown as は and へ and said わ and え.
    let kana: String
    let written: String
    /// `{n}` is the value in English, `{s}` an s unless the number is 1.
    let gloss: String

    static let slot = "{n}"

    static let all: [SentenceFrame] = parse(table)

    /// The frames of a table: a row is eight fields split by tabs; `#` lines and the header are not rows.
    static func parse(_ text: String) -> [SentenceFrame] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("id\t") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let category = TopicCategory(rawValue: fields[1]) else {
                preconditionFailure("Data/sentences.tsv: a row needs 8 fields and a category: \(line)")
            }
            var range: ClosedRange<Int64>?
            if fields[3] != "-" {
                let bounds = fields[3].split(separator: "-").compactMap { Int64($0) }
                guard bounds.count == 2, bounds[0] <= bounds[1] else { preconditionFailure("Data/sentences.tsv: bad range in \(line)") }
                range = bounds[0]...bounds[1]
            }
            return SentenceFrame(
                id: fields[0], category: category, fits: fields[2].split(separator: " ").map(String.init), range: range,
                unit: fields[4] == "-" ? nil : fields[4], kana: fields[5], written: fields[6], gloss: fields[7])
        }
    }

    // MARK: Which frame

    /// Whether a topic has frames for all its values: a topic that mixes counters needs them for each counter.
    static func hasFrames(topicID: String, kind: Kind) -> Bool {
        switch kind {
        case let .counters(choices):
            choices.allSatisfy { choice in all.contains { $0.fits.contains(choice.counter.name) } }
        case .review:
            false
        default:
            all.contains { $0.fits.contains(topicID) }
        }
    }

    /// The frames a value of `topic` can be said in: those naming the topic (a counted value:
    /// its counter) whose range holds the value.
    static func frames(for topic: Topic, value: QuestionValue) -> [SentenceFrame] {
        let name = if case let .counted(_, counter) = value { counter } else { topic.id }
        let magnitude = magnitude(of: value)
        return all.filter { frame in
            guard frame.fits.contains(name) else { return false }
            guard let range = frame.range, let magnitude else { return true }
            return range.contains(magnitude)
        }
    }

    /// The frame a question on a value is said in, drawn with `random` (the question's own
    /// generator, after the value) among those that fit it: a value asked again is heard in
    /// another sentence as often as there are others.
    static func draw(for topic: Topic, value: QuestionValue, using random: RandomSource) -> SentenceFrame {
        let frames = fitting(topic, value)
        return frames[random { Int.random(in: 0..<frames.count, using: &$0) }]
    }

    /// The frame a value is said in when none is drawn (a review, a retry): always the same
    /// one for the same value.
    static func frame(for topic: Topic, value: QuestionValue) -> SentenceFrame {
        let frames = fitting(topic, value)
        return frames[Int(stableHash(value.key) % UInt64(frames.count))]
    }

    /// The frame `id`, when it fits the value: the sentence a question was heard in, said again
    /// after its answer from the session's record.
    static func frame(id: String, for topic: Topic, value: QuestionValue) -> SentenceFrame? {
        fitting(topic, value).first { $0.id == id }
    }

    /// The frames that fit a value, never none.
    private static func fitting(_ topic: Topic, _ value: QuestionValue) -> [SentenceFrame] {
        var frames = frames(for: topic, value: value)
        if frames.isEmpty {
            // Only a topic's own frames, whatever their range: `SentenceTests` checks this never happens.
            let name = if case let .counted(_, counter) = value { counter } else { topic.id }
            frames = all.filter { $0.fits.contains(name) }
        }
        precondition(!frames.isEmpty, "\(topic.id) has no sentence frame")
        return frames
    }

    /// What a frame's range is checked against.
    static func magnitude(of value: QuestionValue) -> Int64? {
        switch value {
        case let .number(n), let .counted(n, _): n
        case let .clock(hour, _): Int64(hour)
        case let .date(year, _, _), let .dateTime(year, _, _, _, _): year
        case let .span(hours, _, _): hours
        case let .halfYears(halves): halves / 2
        case let .eraYear(name, year): (Era.allCases.first { $0.kanji == name }?.firstYear).map { $0 + year - 1 }
        case .phone: nil
        }
    }

    /// FNV-1a: the same on every run and machine, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    // MARK: The sentence

    /// The kana the voice says: the particles as they sound.
    func spokenKana(reading: String) -> String {
        kana.replacing("{は}", with: "わ").replacing("{へ}", with: "え").replacing(Self.slot, with: reading)
    }

    /// The kana as written.
    func shownKana(reading: String) -> String {
        kana.replacing("{は}", with: "は").replacing("{へ}", with: "へ").replacing(Self.slot, with: reading)
    }

    /// The romaji of the spoken kana, with the number's own romaji in the slot.
    func romaji(numberRomaji: String) -> String {
        let spoken = kana.replacing("{は}", with: "わ").replacing("{へ}", with: "え")
        let parts = spoken.split(separator: Self.slot, omittingEmptySubsequences: false).map { Self.romaji(String($0)) }
        var text = parts.joined(separator: " \(numberRomaji) ")
        while text.contains("  ") { text = text.replacing("  ", with: " ") }
        text = text.replacing(" ,", with: ",").replacing(" .", with: ".")
        while text.hasPrefix(" ") { text.removeFirst() }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// Romaji for kana in a frame: katakana as hiragana, ー as the vowel before it held, 、 and 。 as , and .
    static func romaji(_ kana: String) -> String {
        // The loanword sounds ふぁ (ファックス) and the like, which `Kana.romaji` does not spell.
        var hiragana = Kana.hiragana(kana)
        for (sound, spelled) in [("ふぁ", "fa"), ("ふぃ", "fi"), ("ふぇ", "fe"), ("ふぉ", "fo"), ("てぃ", "ti"), ("でぃ", "di")] {
            hiragana = hiragana.replacing(sound, with: spelled)
        }
        let plain = Kana.romaji(hiragana).replacing("、", with: ", ").replacing("。", with: ". ")
        var out = ""
        for character in plain {
            if character == "ー", let vowel = out.last(where: { "aiueo".contains($0) }) {
                out.append(vowel)
            } else {
                out.append(character)
            }
        }
        return out
    }

    func written(value: String) -> String {
        written.replacing(Self.slot, with: value)
    }

    func gloss(value: String, number: Int64?) -> String {
        // 4:16 a.m. ends a gloss with its own full stop.
        gloss.replacing(Self.slot, with: value).replacing("{s}", with: number == 1 ? "" : "s").replacing("..", with: ".")
    }
}
