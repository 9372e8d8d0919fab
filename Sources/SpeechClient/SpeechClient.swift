/// A client that speaks Japanese text aloud and turns it into audio samples.
///
/// The interface only: `KazuKit` and tests import this module without pulling in
/// a C library. The live value is `SpeechClient.espeak()` in `SpeechEspeak`; the
/// test values (`.silent`, `.failing`, `.recording`) are in `SpeechClient+Doubles.swift`.
///
/// ```swift
/// let speech = SpeechClient.recording(recorder)
/// try await speech.speak(Utterance("さんびゃく"))
/// let audio = try await speech.synthesize(Utterance("いち", rate: 120))
/// try WAVFile.write(audio, to: "/tmp/ichi.wav")
/// ```
///
/// Callers pass kana (from `JapaneseNumbers`), never digits: a synthesiser reads
/// "300" with its own, often wrong, rules. Clients reject ASCII and full-width
/// digits with `SpeechError.digitsInText`.
public struct SpeechClient: Sendable {
    /// Speaks an utterance and returns when playback has ended.
    ///
    /// Throws `CancellationError` when the calling task is cancelled, when `stop`
    /// is called, or when a newer `speak` takes over; the sound stops at once in
    /// each case. Throws a `SpeechError` for anything else.
    public var speak: nonisolated(nonsending) @Sendable (Utterance) async throws -> Void

    /// Stops whatever is being spoken; the pending `speak` throws `CancellationError`.
    public var stop: @Sendable () async -> Void

    /// The Japanese voices that can be passed as `Utterance.voice`, best first.
    public var voices: @Sendable () async throws -> [Voice]

    /// Synthesises an utterance into 16-bit mono samples without playing it.
    public var synthesize: @Sendable (Utterance) async throws -> PCMAudio

    /// The rate and pitch this client accepts, with their defaults.
    public var parameters: SpeechParameters

    public init(
        speak: nonisolated(nonsending) @escaping @Sendable (Utterance) async throws -> Void,
        stop: @escaping @Sendable () async -> Void,
        voices: @escaping @Sendable () async throws -> [Voice],
        synthesize: @escaping @Sendable (Utterance) async throws -> PCMAudio,
        parameters: SpeechParameters = .standard
    ) {
        self.speak = speak
        self.stop = stop
        self.voices = voices
        self.synthesize = synthesize
        self.parameters = parameters
    }
}
