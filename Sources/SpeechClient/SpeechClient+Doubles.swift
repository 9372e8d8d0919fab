import Synchronization

extension SpeechClient {
    /// A client that accepts everything and makes no sound; synthesis gives no samples.
    ///
    /// ```swift
    /// let store = Store(initialState: Quiz.State()) { Quiz() } withDependencies: { $0.speech = .silent }
    /// ```
    public static let silent = SpeechClient(
        speak: { utterance in try utterance.checkSpeakable() },
        stop: {},
        voices: { [Voice(id: Voice.defaultJapaneseID, name: "Japanese", language: "ja")] },
        synthesize: { utterance in
            try utterance.checkSpeakable()
            return PCMAudio(samples: [], sampleRate: 22050)
        }
    )

    /// A client whose every call that can fail throws `error`; `stop` does nothing.
    ///
    /// ```swift
    /// let speech = SpeechClient.failing(.noAudioOutput("no player"))
    /// ```
    public static func failing(_ error: SpeechError) -> SpeechClient {
        SpeechClient(
            speak: { _ in throw error },
            stop: {},
            voices: { throw error },
            synthesize: { _ in throw error }
        )
    }

    /// A client that writes down what it is asked to do in `recorder`, and fails when told to.
    ///
    /// ```swift
    /// let recorder = SpeechRecorder()
    /// let speech = SpeechClient.recording(recorder)
    /// try await speech.speak(Utterance("きゅう"))
    /// #expect(recorder.spokenTexts == ["きゅう"])
    /// recorder.failNextSpeak(with: .noAudioOutput("test"))
    /// ```
    public static func recording(_ recorder: SpeechRecorder) -> SpeechClient {
        SpeechClient(
            speak: { utterance in try recorder.recordSpeak(utterance) },
            stop: { recorder.recordStop() },
            voices: { [Voice(id: Voice.defaultJapaneseID, name: "Japanese", language: "ja")] },
            synthesize: { utterance in
                try recorder.recordSynthesize(utterance)
                return PCMAudio(samples: [], sampleRate: 22050)
            }
        )
    }
}

/// A log of what a `.recording` speech client was asked to do, and failures to hand out on demand.
///
/// ```swift
/// let recorder = SpeechRecorder()
/// recorder.failNextSpeak(with: .playbackFailed(player: "paplay", message: "Connection refused"))
/// ```
public final class SpeechRecorder: Sendable {
    /// One call the client received.
    public enum Event: Hashable, Sendable {
        case spoke(Utterance)
        case synthesized(Utterance)
        case stopped
    }

    private struct Log {
        var events: [Event] = []
        var pendingFailures: [SpeechError] = []
    }

    private let log = Mutex(Log())

    public init() {}

    /// Every call so far, oldest first.
    public var events: [Event] {
        log.withLock { $0.events }
    }

    /// The utterances spoken so far (failed ones included), oldest first.
    public var spoken: [Utterance] {
        events.compactMap { if case let .spoke(utterance) = $0 { utterance } else { nil } }
    }

    /// The texts spoken so far, oldest first.
    public var spokenTexts: [String] {
        spoken.map(\.text)
    }

    /// Makes the next `speak` or `synthesize` throw `error`; queued failures are used in order.
    public func failNextSpeak(with error: SpeechError) {
        log.withLock { $0.pendingFailures.append(error) }
    }

    func recordSpeak(_ utterance: Utterance) throws {
        try record(.spoke(utterance), utterance)
    }

    func recordSynthesize(_ utterance: Utterance) throws {
        try record(.synthesized(utterance), utterance)
    }

    func recordStop() {
        log.withLock { $0.events.append(.stopped) }
    }

    private func record(_ event: Event, _ utterance: Utterance) throws {
        let failure: SpeechError? = log.withLock { log in
            log.events.append(event)
            return log.pendingFailures.isEmpty ? nil : log.pendingFailures.removeFirst()
        }
        if let failure { throw failure }
        // Same rule as the live client, so a test cannot pass with text the live client rejects.
        try utterance.checkSpeakable()
    }
}
