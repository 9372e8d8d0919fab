/// What can go wrong when speaking, each case with one line that says what to do.
///
/// ```swift
/// do { try await speech.speak(question) }
/// catch let error as SpeechError { print("kazu: \(error)") }
/// ```
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text holds digits; pass the kana reading instead.
    case digitsInText(String)
    /// The synthesiser has no voice by this id.
    case voiceNotFound(String)
    /// The synthesiser's library (libespeak-ng) could not be loaded; the reason is the loader's.
    case synthesizerNotInstalled(String)
    /// The synthesiser could not start, for example because its data is missing.
    case synthesizerUnavailable(String)
    /// The synthesiser started but failed on this text.
    case synthesisFailed(String)
    /// No way to play sound was found; callers go on without sound.
    case noAudioOutput(String)
    /// The audio player ran and failed; `message` is the last line it wrote.
    case playbackFailed(player: String, message: String)

    public var description: String {
        switch self {
        case let .digitsInText(text):
            "cannot speak \"\(text)\": it has digits, which the synthesiser misreads; pass the kana reading"
        case let .voiceNotFound(voice):
            "no Japanese voice \"\(voice)\": install espeak-ng-data (apt install espeak-ng-data)"
        case let .synthesizerNotInstalled(reason):
            "speech synthesiser not installed (\(reason)): install libespeak-ng1 and espeak-ng-data (apt install libespeak-ng1 espeak-ng-data)"
        case let .synthesizerUnavailable(reason):
            "speech synthesiser unavailable (\(reason)): install espeak-ng-data (apt install espeak-ng-data)"
        case let .synthesisFailed(reason):
            "speech synthesis failed: \(reason)"
        case let .noAudioOutput(reason):
            "no audio output: \(reason); or use --wav FILE"
        case let .playbackFailed(player, message):
            "no audio output: \(player) failed (\(message)); check the sound server, or use --wav FILE"
        }
    }

    /// What went wrong, without the advice for `kazu say`: for a caller that goes on without
    /// sound and says so in its own words (`no audio output: \(problem); playing with subtitles`).
    public var problem: String {
        switch self {
        case let .noAudioOutput(reason): reason
        case let .playbackFailed(player, message): "\(player) failed (\(message))"
        default: description
        }
    }
}
