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
/// kept; fields this version does not know are ignored here and kept in the file when it is
/// saved, so older and newer versions of Kazu can share one file.
public struct KazuSettings: Hashable, Sendable, Codable {
    public var skill: Skill {
        get { box.fields.skill }
        _modify {
            makeUnique()
            yield &box.fields.skill
        }
    }
    /// How the reading skill writes its questions: kanji, or the harder kana.
    public var readingScript: ReadingScript {
        get { box.fields.readingScript }
        _modify {
            makeUnique()
            yield &box.fields.readingScript
        }
    }
    public var mode: QuizMode {
        get { box.fields.mode }
        _modify {
            makeUnique()
            yield &box.fields.mode
        }
    }
    public var speech: SpeechPreferences {
        get { box.fields.speech }
        _modify {
            makeUnique()
            yield &box.fields.speech
        }
    }
    /// Topic ids, in the order they were marked.
    public var favorites: [String] {
        get { box.fields.favorites }
        _modify {
            makeUnique()
            yield &box.fields.favorites
        }
    }
    /// Topic ids, most recent first, at most `recentLimit`.
    public var recentTopics: [String] {
        get { box.fields.recentTopics }
        _modify {
            makeUnique()
            yield &box.fields.recentTopics
        }
    }

    // The settings live in one shared box, copied when written while shared. Navigation
    // saves them whenever an action changes them, so every action, in a whole session, copies
    // them once and compares the copy: with the box that is a retain and a pointer compare,
    // not six fields' retains and two arrays' comparison.
    private var box: Box

    private struct Fields: Hashable, Sendable {
        var skill: Skill
        var readingScript: ReadingScript
        var mode: QuizMode
        var speech: SpeechPreferences
        var favorites: [String]
        var recentTopics: [String]
    }

    // Changed only after `makeUnique()`, so a box is never changed while it is shared.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    public static let recentLimit = 5

    public init(skill: Skill = .listening, readingScript: ReadingScript = .kanji,
                mode: QuizMode = .questionLimit(QuizMode.defaultQuestionLimit),
                speech: SpeechPreferences = SpeechPreferences(), favorites: [String] = [], recentTopics: [String] = []) {
        box = Box(Fields(skill: skill, readingScript: readingScript, mode: mode, speech: speech,
                         favorites: favorites, recentTopics: recentTopics))
    }

    /// Puts `topicID` first among the recent topics.
    public mutating func markPlayed(_ topicID: String) {
        recentTopics.removeAll { $0 == topicID }
        recentTopics.insert(topicID, at: 0)
        if recentTopics.count > Self.recentLimit { recentTopics.removeLast(recentTopics.count - Self.recentLimit) }
    }

    /// These settings, as another kazu may have saved them since, with the changes that turned
    /// `old` into `new` and nothing else: a field not changed keeps its value here, favorites
    /// added or removed are added or removed, topics played are marked played. Saving this
    /// way, two kazus never undo each other's changes.
    ///
    /// ```swift
    /// let onDisk = KazuSettings(favorites: ["money.conbini"])   // another kazu's favorite
    /// var mine = KazuSettings()
    /// mine.markPlayed("time.clock")
    /// onDisk.applying(changesFrom: KazuSettings(), to: mine)     // both kept
    /// ```
    public func applying(changesFrom old: KazuSettings, to new: KazuSettings) -> KazuSettings {
        var merged = self
        if new.skill != old.skill { merged.skill = new.skill }
        if new.readingScript != old.readingScript { merged.readingScript = new.readingScript }
        if new.mode != old.mode { merged.mode = new.mode }
        if new.speech != old.speech { merged.speech = SpeechChange(from: old.speech, to: new.speech).applied(to: speech) }
        if new.favorites != old.favorites {
            merged.favorites.removeAll { old.favorites.contains($0) && !new.favorites.contains($0) }
            for id in new.favorites where !old.favorites.contains(id) && !merged.favorites.contains(id) {
                merged.favorites.append(id)
            }
        }
        if new.recentTopics != old.recentTopics {
            // Marking topics played puts them first and keeps the rest in order: the played ones
            // are the shortest start of `new` after which it runs in `old`'s order.
            let played = (0...new.recentTopics.count).first { isInOrder(new.recentTopics.dropFirst($0), within: old.recentTopics) } ?? 0
            for id in new.recentTopics.prefix(played).reversed() { merged.markPlayed(id) }
        }
        return merged
    }

    /// Whether `part`'s ids all come in `whole`, in the same order.
    private func isInOrder(_ part: ArraySlice<String>, within whole: [String]) -> Bool {
        var rest = whole[...]
        for id in part {
            guard let found = rest.firstIndex(of: id) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    enum CodingKeys: String, CodingKey { case skill, readingScript, mode, speech, favorites, recentTopics }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        if let skill = (try? container.decodeIfPresent(String.self, forKey: .skill)).flatMap({ $0.flatMap(Skill.init(argument:)) }) {
            self.skill = skill
        }
        if let script = (try? container.decodeIfPresent(ReadingScript.self, forKey: .readingScript)) ?? nil { readingScript = script }
        if let mode = (try? container.decodeIfPresent(QuizMode.self, forKey: .mode)) ?? nil { self.mode = mode }
        if let speech = (try? container.decodeIfPresent(SpeechPreferences.self, forKey: .speech)) ?? nil { self.speech = speech }
        if let favorites = Self.topicIDs(in: container, forKey: .favorites) { self.favorites = favorites }
        if let recent = Self.topicIDs(in: container, forKey: .recentTopics) { recentTopics = recent }
    }

    /// A list of topic ids, read as a hand edit may leave it: one id on its own is a list of
    /// one, and what is not an id in a list (a null, a number) is left out, rather than the
    /// whole field being bad and its topics dropped at the next save.
    private static func topicIDs(in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys) -> [String]? {
        if let list = (try? container.decodeIfPresent([MaybeTopicID].self, forKey: key)) ?? nil { return list.compactMap(\.id) }
        return ((try? container.decodeIfPresent(String.self, forKey: key)) ?? nil).map { [$0] }
    }

    /// An element of a list of topic ids: the id, or nil for anything else.
    private struct MaybeTopicID: Decodable {
        let id: String?
        init(from decoder: any Decoder) throws { id = try? decoder.singleValueContainer().decode(String.self) }
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

// Printed, dumped and diffed (a TestStore's failure message) as its six fields, not as a box.
extension KazuSettings: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "skill": skill, "readingScript": readingScript, "mode": mode, "speech": speech,
            "favorites": favorites, "recentTopics": recentTopics,
        ], displayStyle: .struct)
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
