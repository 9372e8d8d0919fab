import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import JapaneseNumbers
import KazuKit
import SpeechClient
import SpeechEspeak

/// `kazu say`: speak a number's Japanese reading, or kana as given, or write it to a WAV file.
enum SayCommand: Command {
    private static let parameters = SpeechParameters.standard

    static let spec = CommandSpec(
        name: "say",
        abstract: "Speak a number in Japanese, or write the speech to a WAV file.",
        discussion: """
            A number (300, 三百, さんびゃく) is spoken as its Japanese reading, with the counter \
            when one is given (kazu say --counter 本 3 says さんぼん). Other text is spoken as \
            given, and must be kana: the synthesiser misreads digits and cannot read kanji. \
            Sound goes to PulseAudio or PipeWire (paplay, pw-play) or ALSA (aplay), whichever \
            answers; choose with --player or KAZU_PLAYER. --phonemes prints the phonemes Kazu \
            hands espeak-ng inside [[ ]], the same for every voice.
            """,
        options: [
            .option("counter", short: "c", value: "C", help: "Say the number with counter C, one of: \(CounterOption.examples)."),
            .option("wav", short: "w", value: "FILE", help: "Write a 16-bit mono WAV file instead of playing; - for standard output."),
            .option("voice", value: "V", help: "The espeak-ng voice (see --list-voices).", default: Voice.defaultJapaneseID),
            .option("rate", short: "r", value: "WPM", as: Int.self, in: parameters.rate.bounds,
                    help: "Speaking rate in words per minute.", default: parameters.rate.defaultValue),
            .option("pitch", short: "p", value: "P", as: Int.self, in: parameters.pitch.bounds,
                    help: "Voice pitch.", default: parameters.pitch.defaultValue),
            .option("player", value: "PLAYER", help: "paplay, pw-play, aplay, a path to one of them, or none; chosen automatically when left out."),
            .flag("phonemes", help: "Print the espeak-ng phonemes Kazu speaks for the text, instead of speaking."),
            .flag("list-voices", help: "List the Japanese voices and exit."),
        ],
        arguments: [.optionalArgument("NUMBER|TEXT", help: "What to say: a number, or kana.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let player = arguments.value("player")
        if let player, !["paplay", "pw-play", "aplay", "none"].contains(player.split(separator: "/").last ?? "") {
            throw UsageError("--player must be paplay, pw-play, aplay (or a path to one) or none, got \(UserText.quoted(player))")
        }
        let wavPath = arguments.value("wav")
        if wavPath == "" {
            throw UsageError("--wav needs a file name, or - for standard output")
        }
        let speech = SpeechClient.espeak(player: player)
        if arguments.flag("list-voices") {
            return try listVoices(arguments, speech: speech, io: io)
        }
        guard let text = arguments.argument("NUMBER|TEXT") else {
            throw UsageError("missing argument <NUMBER|TEXT>: say what to speak, as in 'kazu say 300'")
        }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw UsageError("nothing to say: give a number or kana, as in 'kazu say 300'")
        }
        let spoken = try kana(for: text, counter: try CounterOption.counter(from: arguments))
        let voice = arguments.defaultedValue("voice", as: String.self)
        // A voice named is checked first, so that a typo is a usage error, with --phonemes too
        // (which prints the same for every voice). The default one is not: listing the voices
        // would hold the player back until libespeak-ng has loaded, where speak starts the two
        // side by side.
        if arguments.wasGiven("voice") { try checkVoice(voice, speech: speech) }
        if arguments.flag("phonemes") {
            guard wavPath == nil else {
                throw UsageError("--phonemes prints and --wav writes a file; give one of them")
            }
            io.output.writeLine(Phonemes.espeak(spoken) ?? spoken)
            return .success
        }
        let utterance = Utterance(
            spoken,
            voice: voice,
            rate: arguments.defaultedValue("rate", as: Int.self),
            pitch: arguments.defaultedValue("pitch", as: Int.self))
        if let path = wavPath {
            let audio = try waitFor { try await speech.synthesize(utterance) }
            if path == "-" {
                // Through io.output, so a closed pipe or a full disk is reported like any output.
                WAVFile.encode(audio).withUnsafeBufferPointer { io.output.write(bytes: $0) }
                return .success
            }
            do {
                try WAVFile.write(audio, to: path)
            } catch {
                throw CommandFailure("cannot write \(UserText.shown(path)): \(error)")
            }
            return .success
        }
        try waitFor { try await speech.speak(utterance) }
        return .success
    }

    /// `kazu say --list-voices`, which takes nothing else to say or write.
    private static func listVoices(_ arguments: ParsedArguments, speech: SpeechClient, io: TerminalIO) throws -> ExitCode {
        var extras: [String] = []
        if let text = arguments.argument("NUMBER|TEXT") { extras.append(UserText.quoted(text)) }
        if arguments.value("wav") != nil { extras.append("--wav") }
        if arguments.value("counter") != nil { extras.append("--counter") }
        if arguments.flag("phonemes") { extras.append("--phonemes") }
        guard extras.isEmpty else {
            throw UsageError("--list-voices takes no other arguments, got \(extras.joined(separator: ", ")); "
                + "run 'kazu say --list-voices' alone")
        }
        for voice in try waitFor({ try await speech.voices() }) {
            io.output.writeLine("\(voice.id)\t\(voice.name)")
        }
        return .success
    }

    /// A voice name that is not one of the client's is a typo, not missing data: say which names there are.
    private static func checkVoice(_ voice: String, speech: SpeechClient) throws {
        try checkVoice(voice, among: try waitFor { try await speech.voices() })
    }

    /// Refuses `voice` when it is not one of `voices`, naming those there are.
    static func checkVoice(_ voice: String, among voices: [Voice]) throws {
        guard !voices.contains(where: { $0.id == voice }) else { return }
        let names = voices.map(\.id).joined(separator: ", ")
        throw UsageError("unknown voice \(UserText.quoted(voice)); the voices are: \(names) (see 'kazu say --list-voices')")
    }

    /// The kana to speak for `text`: a number's reading, or the text itself when it is kana
    /// (a sentence of Kazu's with its particles as they sound).
    /// With a counter, the number may come with it (3本, さんぼん), as `kazu read` takes it.
    static func kana(for text: String, counter: Counter?) throws -> String {
        // A subtitle pasted as shown, with its brackets or the spaces around it, is the text inside.
        var text = UserText.trimmed(text)
        if text.count > 2, text.hasPrefix("「"), text.hasSuffix("」") { text = String(text.dropFirst().dropLast()) }
        switch JapaneseNumbers.parse(text, counter: counter) {
        case let .success(number):
            return try JapaneseNumbers.reading(of: number, counter: counter).hiragana
        case let .failure(error):
            let speakable = text.unicodeScalars.allSatisfy(isSpeakableKana)
            // The counter read wrong ("さんほん: 3本 is read さんぼん") is said as such.
            if let counter, error.reason.contains("\(counter.name) is read ") {
                throw UsageError("cannot say \(UserText.quoted(text)): \(error.reason)")
            }
            if let counter, speakable || !looksLikeANumber(text) {
                throw UsageError("cannot say \(UserText.quoted(text)) with --counter \(counter.name): "
                    + "a counter goes with a number, as in 'kazu say --counter \(counter.name) 3'")
            }
            // A sentence's subtitle is said as the quiz said it, its particles as they sound.
            if speakable { return Sentence.spokenKana(ofShown: text) ?? text }
            if looksLikeANumber(text) {
                throw UsageError("cannot say \(UserText.quoted(text)): \(error.reason)")
            }
            throw UsageError("cannot say \(UserText.quoted(text)): give a number (300, 三百, さんびゃく) or text in kana")
        }
    }

    /// Whether `text` has digits or kanji numerals in it, so a failure to read it
    /// is best explained by the number parser's reason.
    private static func looksLikeANumber(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x30...0x39, 0xFF10...0xFF19: true
            default: "〇一二三四五六七八九十百千万億兆京零".unicodeScalars.contains(scalar)
            }
        }
    }

    private static func isSpeakableKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x3000...0x3002, 0x20, 0xFF01, 0xFF1F: true
        default: false
        }
    }
}

/// Runs `work` to the end from synchronous code; the commands are synchronous and speech is async.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Carries a result from the task to the waiting thread; the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
