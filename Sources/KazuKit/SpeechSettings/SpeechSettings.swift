import Composable
import SpeechClient

/// How questions are spoken: the voice, its rate and pitch, each with a reset to its default,
/// and a test of the voice. One feature used in two places, before a session (PreSettings) and
/// during one (Settings); the parent keeps the preferences and saves them.
///
/// ```swift
/// Scope(state: \.speech, action: \.speech) { SpeechSettings() }
/// store.send(.speech(.rateChanged(120)))
/// store.send(.speech(.testVoiceTapped))    // says さんびゃくにじゅういち at rate 120
/// ```
public struct SpeechSettings: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var preferences: SpeechPreferences
        /// The voices to pick from; loaded by `.voicesRequested`.
        public var voices: [Voice] = []
        public var isTesting = false
        /// One line when the voices could not be listed or the test could not be spoken.
        public var problem: String?
        /// The ranges the voice accepts.
        public var parameters: SpeechParameters

        public init(preferences: SpeechPreferences, parameters: SpeechParameters = .standard) {
            self.preferences = preferences
            self.parameters = parameters
        }

        /// The name of the chosen voice, as the voice list gives it.
        public var voiceName: String {
            voices.first { $0.id == preferences.voice }?.name ?? preferences.voice
        }
    }

    public enum Action: Equatable, Sendable {
        case voicesRequested
        case voicesLoaded([Voice])
        case voicePicked(String)
        case rateChanged(Int)
        case pitchChanged(Int)
        case voiceResetTapped
        case rateResetTapped
        case pitchResetTapped
        case testVoiceTapped
        case testFinished
        case problemOccurred(String)
    }

    /// What "test voice" says: every kind of sound change in one number.
    public static let sample = "さんびゃくにじゅういち"

    enum CancelID: Hashable, Sendable { case test }

    @Dependency(\.speech) var speech

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .voicesRequested:
            return .run { send in
                await send(.voicesLoaded(try await speech.voices()))
            } catch: { error, send in
                await send(.problemOccurred("voices could not be listed: \(error)"))
            }
        case let .voicesLoaded(voices):
            state.voices = voices
            return .none
        case let .voicePicked(id):
            guard state.voices.isEmpty || state.voices.contains(where: { $0.id == id }) else {
                state.problem = "no voice \(id); the voices are \(state.voices.map(\.id).joined(separator: ", "))"
                return .none
            }
            state.preferences.voice = id
            state.problem = nil
            return .none
        case let .rateChanged(rate):
            state.preferences.rate = state.parameters.rate.clamp(rate)
            return .none
        case let .pitchChanged(pitch):
            state.preferences.pitch = state.parameters.pitch.clamp(pitch)
            return .none
        case .voiceResetTapped:
            state.preferences.voice = SpeechPreferences().voice
            return .none
        case .rateResetTapped:
            state.preferences.rate = state.parameters.rate.defaultValue
            return .none
        case .pitchResetTapped:
            state.preferences.pitch = state.parameters.pitch.defaultValue
            return .none
        case .testVoiceTapped:
            if state.isTesting {
                state.isTesting = false
                return .cancel(id: CancelID.test)
            }
            state.isTesting = true
            state.problem = nil
            let utterance = state.preferences.utterance(Self.sample, within: state.parameters)
            return .run { send in
                try await speech.speak(utterance)
                await send(.testFinished)
            } catch: { error, send in
                await send(.problemOccurred("\(error)"))
            }
            .cancellable(id: CancelID.test, cancelInFlight: true)
        case .testFinished:
            state.isTesting = false
            return .none
        case let .problemOccurred(message):
            state.isTesting = false
            state.problem = message
            return .none
        }
    }
}
