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
    ///   - environment: variables set for the player over those the process started with, such as
    ///     `PULSE_SERVER`; they also count when choosing the player.
    ///   - readiness: when players are started (see `Readiness`); a session that speaks one
    ///     utterance after another keeps one ready.
    ///
    /// Only the text given is spoken: pass kana, which is spoken as the phonemes `Phonemes.espeak`
    /// writes for it. Digits are refused (`SpeechError.digitsInText`) because espeak-ng reads them
    /// by its own rules (300 as "san-hyaku").
    /// Rate and pitch outside `SpeechParameters.standard` are clamped into it.
    /// The samples of the latest utterance are kept, so a replay starts without synthesis.
    /// When no sound can be played, `speak` throws a `SpeechError` whose description is a
    /// single line, and so does every later call: a front end says it once.
    public static func espeak(
        player: String? = nil, environment: [String: String] = [:], readiness: Readiness = .onDemand
    ) -> SpeechClient {
        let playerEnvironment = LaunchEnvironment.variables.merging(environment) { _, override in override }
        let engine = EspeakSpeechEngine(
            synthesizer: .shared,
            parameters: .standard,
            player: player,
            environment: playerEnvironment,
            readiness: readiness
        )
        if readiness == .readyNow {
            // The library is queued for loading here, not by the engine's task, which may start later.
            if !AudioOutput.isSilenceChosen(player: player, environment: playerEnvironment) {
                engine.synthesizer.startLoading()
            }
            Task { await engine.prepare() }
        }
        return SpeechClient(engine: engine)
    }

    /// When the live client starts its players: a player takes some milliseconds to start and
    /// connect to the sound server, which a player started ahead has already spent.
    ///
    /// ```swift
    /// let speech = SpeechClient.espeak(readiness: .readyNow)   // a listening quiz, from its launch
    /// ```
    public enum Readiness: Sendable {
        /// A player is started for each utterance when it is spoken, and nothing before:
        /// one-off speech, such as `kazu say`.
        case onDemand
        /// Once an utterance has been handed to its player, a player is started for the next
        /// one and waits, connected, until it is spoken (or the client goes away).
        case keepsPlayerReady
        /// As `keepsPlayerReady`, and the first player and libespeak-ng start loading at once,
        /// side by side with whatever the program does before it first speaks.
        case readyNow
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
