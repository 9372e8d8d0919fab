import SpeechClient

/// How a learner wants questions spoken: the voice, its rate and its pitch.
///
/// ```swift
/// var speech = SpeechPreferences()             // ja, rate 150, pitch 50
/// speech.rate = 120
/// let utterance = speech.utterance("さんびゃく")
/// ```
public struct SpeechPreferences: Hashable, Sendable, Codable {
    public var voice: String
    public var rate: Int
    public var pitch: Int

    public init(voice: String = Voice.defaultJapaneseID,
                rate: Int = SpeechParameters.standard.rate.defaultValue,
                pitch: Int = SpeechParameters.standard.pitch.defaultValue) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
    }

    /// `text` said with these preferences, rate and pitch brought inside the client's ranges.
    public func utterance(_ text: String, within parameters: SpeechParameters = .standard) -> Utterance {
        Utterance(text, voice: voice, rate: rate, pitch: pitch).clamped(to: parameters)
    }

    // A saved file may lack a field or hold a bad one: each falls back to its default alone.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SpeechPreferences()
        voice = (try? container.decodeIfPresent(String.self, forKey: .voice)) ?? defaults.voice
        rate = SpeechParameters.standard.rate.clamp((try? container.decodeIfPresent(Int.self, forKey: .rate)) ?? defaults.rate)
        pitch = SpeechParameters.standard.pitch.clamp((try? container.decodeIfPresent(Int.self, forKey: .pitch)) ?? defaults.pitch)
    }
}

/// What the learner changed in how questions are spoken: the fields that differ, each alone.
/// Applied to the saved preferences it changes only those, so a voice or rate given for one
/// session (`kazu quiz --rate 200`) is not saved along with a pitch changed during it.
public struct SpeechChange: Hashable, Sendable {
    public var voice: String?
    public var rate: Int?
    public var pitch: Int?

    public init(voice: String? = nil, rate: Int? = nil, pitch: Int? = nil) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
    }

    /// The fields of `new` that differ from `old`.
    public init(from old: SpeechPreferences, to new: SpeechPreferences) {
        self.init(voice: new.voice == old.voice ? nil : new.voice,
                  rate: new.rate == old.rate ? nil : new.rate,
                  pitch: new.pitch == old.pitch ? nil : new.pitch)
    }

    /// `preferences` with the changed fields set.
    public func applied(to preferences: SpeechPreferences) -> SpeechPreferences {
        SpeechPreferences(voice: voice ?? preferences.voice, rate: rate ?? preferences.rate,
                          pitch: pitch ?? preferences.pitch)
    }
}
