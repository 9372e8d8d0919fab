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
    public var speak: nonisolated(nonsending) @Sendable (Utterance) async throws -> Void {
        get { operations.speak }
        set { operations = operations.with(speak: newValue) }
    }

    /// Stops whatever is being spoken; the pending `speak` throws `CancellationError`.
    public var stop: @Sendable () async -> Void {
        get { operations.stop }
        set { operations = operations.with(stop: newValue) }
    }

    /// The Japanese voices that can be passed as `Utterance.voice`, best first.
    public var voices: @Sendable () async throws -> [Voice] {
        get { operations.voices }
        set { operations = operations.with(voices: newValue) }
    }

    /// Synthesises an utterance into 16-bit mono samples without playing it.
    public var synthesize: @Sendable (Utterance) async throws -> PCMAudio {
        get { operations.synthesize }
        set { operations = operations.with(synthesize: newValue) }
    }

    /// The rate and pitch this client accepts, with their defaults.
    public var parameters: SpeechParameters

    /// The four operations in one object: a client is copied whenever it is read as a
    /// dependency (a quiz reads it for every question it speaks), and a copy is one retain,
    /// not one for each closure. Replaced whole when one is set.
    private var operations: Operations

    public init(
        speak: nonisolated(nonsending) @escaping @Sendable (Utterance) async throws -> Void,
        stop: @escaping @Sendable () async -> Void,
        voices: @escaping @Sendable () async throws -> [Voice],
        synthesize: @escaping @Sendable (Utterance) async throws -> PCMAudio,
        parameters: SpeechParameters = .standard
    ) {
        operations = Operations(speak: speak, stop: stop, voices: voices, synthesize: synthesize)
        self.parameters = parameters
    }

    private final class Operations: Sendable {
        let speak: nonisolated(nonsending) @Sendable (Utterance) async throws -> Void
        let stop: @Sendable () async -> Void
        let voices: @Sendable () async throws -> [Voice]
        let synthesize: @Sendable (Utterance) async throws -> PCMAudio

        init(
            speak: nonisolated(nonsending) @escaping @Sendable (Utterance) async throws -> Void,
            stop: @escaping @Sendable () async -> Void,
            voices: @escaping @Sendable () async throws -> [Voice],
            synthesize: @escaping @Sendable (Utterance) async throws -> PCMAudio
        ) {
            self.speak = speak
            self.stop = stop
            self.voices = voices
            self.synthesize = synthesize
        }

        func with(
            speak: (nonisolated(nonsending) @Sendable (Utterance) async throws -> Void)? = nil,
            stop: (@Sendable () async -> Void)? = nil,
            voices: (@Sendable () async throws -> [Voice])? = nil,
            synthesize: (@Sendable (Utterance) async throws -> PCMAudio)? = nil
        ) -> Operations {
            Operations(speak: speak ?? self.speak, stop: stop ?? self.stop, voices: voices ?? self.voices,
                       synthesize: synthesize ?? self.synthesize)
        }
    }
}
