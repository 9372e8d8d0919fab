#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SpeechClient

extension SpeechClient {
    /// The live client: libespeak-ng synthesises in this process, a system player plays the samples.
    ///
    /// ```swift
    /// let speech = SpeechClient.espeak()                      // player chosen automatically
    /// try await speech.speak(Utterance("さんびゃく"))          // kana from JapaneseNumbers, never "300"
    /// let quiet = SpeechClient.espeak(player: "none")         // synthesis only, no sound
    /// ```
    ///
    /// - Parameters:
    ///   - player: `paplay`, `pw-play`, `aplay` (a name or a path) or `none`; `nil` reads
    ///     `$KAZU_PLAYER`, and without it picks the first that works (see `AudioOutput.resolve`).
    ///   - environment: variables set for the player over this process's own, such as
    ///     `PULSE_SERVER`; they also count when choosing the player.
    ///
    /// Only the text given is spoken: pass kana, which is spoken as the phonemes `Phonemes.espeak`
    /// writes for it. Digits are refused (`SpeechError.digitsInText`) because espeak-ng reads them
    /// by its own rules (300 as "san-hyaku").
    /// Rate and pitch outside `SpeechParameters.standard` are clamped into it.
    /// The samples of the latest utterance are kept, so a replay starts without synthesis.
    /// When no sound can be played, the first `speak` throws one `SpeechError` whose
    /// description is a single line; later calls return quietly.
    public static func espeak(player: String? = nil, environment: [String: String] = [:]) -> SpeechClient {
        let engine = EspeakSpeechEngine(
            synthesizer: .shared,
            parameters: .standard,
            player: player,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, override in override }
        )
        return SpeechClient(engine: engine)
    }

    init(engine: EspeakSpeechEngine) {
        self.init(
            speak: { utterance in try await engine.speak(utterance) },
            stop: { await engine.stop() },
            voices: { try await engine.synthesizer.japaneseVoices() },
            synthesize: { utterance in
                try utterance.checkSpeakable()
                return try await engine.samples(for: utterance.clamped(to: engine.parameters))
            },
            parameters: engine.parameters
        )
    }
}
