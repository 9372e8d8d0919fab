/// One thing to say: the text and the voice, rate and pitch to say it with.
///
/// ```swift
/// let question = Utterance("さんびゃく", rate: 120)
/// ```
public struct Utterance: Hashable, Sendable {
    /// What to say, in kana or kanji; never digits (see `checkSpeakable()`).
    public var text: String
    /// A `Voice.id`, such as `"ja"`.
    public var voice: String
    /// Speaking rate in words per minute (see `SpeechParameters.rate`).
    public var rate: Int
    /// Base pitch, 0 to 100 (see `SpeechParameters.pitch`).
    public var pitch: Int

    public init(
        _ text: String,
        voice: String = Voice.defaultJapaneseID,
        rate: Int = SpeechParameters.standard.rate.defaultValue,
        pitch: Int = SpeechParameters.standard.pitch.defaultValue
    ) {
        self.text = text
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
    }

    /// Throws `SpeechError.digitsInText` when the text holds ASCII or full-width digits.
    ///
    /// Synthesisers read digits with their own rules (espeak-ng says 300 as
    /// "san-hyaku", not "san-byaku"), so the quiz must hand over the kana reading.
    public func checkSpeakable() throws(SpeechError) {
        let hasDigit = text.unicodeScalars.contains { scalar in
            ("0"..."9").contains(scalar) || ("\u{FF10}"..."\u{FF19}").contains(scalar)
        }
        if hasDigit { throw .digitsInText(text) }
    }

    /// This utterance with its rate and pitch brought inside `parameters`.
    public func clamped(to parameters: SpeechParameters) -> Utterance {
        var copy = self
        copy.rate = parameters.rate.clamp(rate)
        copy.pitch = parameters.pitch.clamp(pitch)
        return copy
    }
}
