import Foundation
@testable import KazuCLI
import KazuTestSupport
import SpeechClient
import SpeechEspeak
import Testing

/// `kazu say`, as a user runs it: real libespeak-ng, real playback to a private PulseAudio
/// server with a null sink, recorded from the sink's monitor.
@Suite("kazu say", .serialized)
final class SayCommandTests {
    let pulse: PulseAudioHarness

    init() throws {
        pulse = try PulseAudioHarness.start()
    }

    deinit {
        pulse.shutDown()
    }

    @Test("kazu say 300 plays さんびゃく, non-silent and as long as its synthesis")
    func saysThreeHundred() async throws {
        let expected = try await SpeechClient.espeak().synthesize(Utterance("さんびゃく"))
        let recording = try pulse.startRecording(sampleRate: expected.sampleRate)
        let result = try KazuProcess.run(["say", "300"], environment: pulse.environment)
        let heard = try recording.finish()

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        #expect(heard.peak > 1000, "the recording is silent")
        let difference = abs(heard.soundSeconds - expected.soundSeconds)
        #expect(difference < 0.15, "heard \(heard.soundSeconds) s of sound, さんびゃく is \(expected.soundSeconds) s")
    }

    @Test("kazu say 300 hands espeak さんびゃく: its WAV is the WAV of さんびゃく")
    func wavHoldsTheKanaReading() throws {
        func wav(_ arguments: String...) throws -> [Int16] {
            let file = pulse.directory + "/say-\(arguments.joined(separator: "-")).wav"
            let result = try KazuProcess.run(["say", "--wav", file] + arguments)
            #expect(result.status == 0, "\(result.errors)")
            return try WAVFile.read(from: file).samples
        }
        let number = try wav("300")
        #expect(number.count > 10_000, "\(number.count) samples is too short for さんびゃく")
        let sameAsKana = number == (try wav("さんびゃく"))
        #expect(sameAsKana, "kazu say 300 did not speak さんびゃく")
        let sameAsWrongReading = number == (try wav("さんひゃく"))
        #expect(!sameAsWrongReading)

        let counted = try wav("--counter", "本", "3")
        let sameAsSanbon = counted == (try wav("さんぼん"))
        #expect(sameAsSanbon, "kazu say --counter 本 3 did not speak さんぼん")
    }

    @Test("numbers become their reading; kana passes through; anything else is refused")
    func textToSpeak() throws {
        #expect(try SayCommand.kana(for: "300", counter: nil) == "さんびゃく")
        #expect(try SayCommand.kana(for: "三百", counter: nil) == "さんびゃく")
        #expect(try SayCommand.kana(for: "20", counter: .named("歳")) == "はたち")
        #expect(try SayCommand.kana(for: "こんにちは", counter: nil) == "こんにちは")
        #expect(throws: UsageError.self) { try SayCommand.kana(for: "hello", counter: nil) }
    }

    @Test("without any sound output, kazu say says so in one line and exits 1")
    func headless() throws {
        let empty = pulse.directory + "/no-audio"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try KazuProcess.run(["say", "300"], environment: [
            "PATH": empty, "XDG_RUNTIME_DIR": empty, "PULSE_SERVER": "", "KAZU_PLAYER": "",
        ])
        #expect(result.status == 1)
        #expect(result.errors == "error: no audio output: no audio player found; install pulseaudio-utils (paplay) "
            + "or alsa-utils (aplay); or use --wav FILE\n")
    }

    @Test("bad rate, pitch or player values are usage errors naming the valid values")
    func badValues() throws {
        let rate = try KazuProcess.run(["say", "--rate", "500", "3"])
        #expect(rate.status == 64)
        #expect(rate.errors.hasPrefix("error: --rate must be between 80 and 350, got 500\n"))
        let pitch = try KazuProcess.run(["say", "--pitch", "-1", "3"])
        #expect(pitch.status == 64)
        #expect(pitch.errors.hasPrefix("error: --pitch must be between 0 and 100, got -1\n"))
        let player = try KazuProcess.run(["say", "--player", "vlc", "3"])
        #expect(player.status == 64)
        #expect(player.errors.hasPrefix("error: --player must be paplay, pw-play, aplay"))
    }
}
