import SpeechClient
@testable import SpeechEspeak
import Synchronization
import Testing

@Suite("Synthesis with libespeak-ng")
struct SynthesisTests {
    static let digitReadings = ["いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう", "じゅう", "ゼロ"]

    @Test("every kana digit reading gives audible samples", arguments: digitReadings)
    func digitReading(_ kana: String) async throws {
        let audio = try await EspeakSynthesizer.shared.synthesize(Utterance(kana))
        #expect(audio.sampleRate == 22050)
        #expect(audio.seconds > 0.1)
        #expect(audio.peak > 1000)
    }

    @Test("samples handed over as they are made add up to the whole, and the receiver can stop them")
    func streaming() async throws {
        let utterance = Utterance("にせんさんびゃくよんじゅうごえん")
        let whole = try await EspeakSynthesizer.shared.synthesize(utterance)
        let received = Mutex<[[Int16]]>([])
        let streamed = try await EspeakSynthesizer.shared.synthesize(utterance) { samples in
            received.withLock { $0.append(Array(samples)) }
            return true
        }
        let buffers = received.withLock { $0 }
        // Compared as Booleans: a failing comparison of whole sample arrays prints them all.
        // (Two syntheses of one text differ by up to about 25 ms: espeak-ng carries state over.)
        #expect(buffers.count > 1, "one buffer for \(whole.seconds) s of audio")
        #expect(buffers.flatMap { $0 } == streamed.samples, "what was handed over is what was returned")
        #expect(abs(streamed.seconds - whole.seconds) < 0.03, "\(streamed.seconds) s streamed, \(whole.seconds) s whole")

        let first = try await EspeakSynthesizer.shared.synthesize(utterance) { _ in false }
        #expect(first.samples.count == buffers[0].count, "stopped after the first buffer: \(first.samples.count) samples")
        // The synthesiser is left ready for the next utterance, which it makes whole.
        let next = try await EspeakSynthesizer.shared.synthesize(utterance)
        #expect(abs(next.seconds - whole.seconds) < 0.03, "\(next.seconds) s after a stop, \(whole.seconds) s before")
    }

    @Test("the samples start with the sound, not with the zeros espeak-ng starts some words with",
          arguments: ["さんびゃく", "きゅう", "しち", "いち"])
    func startsWithSound(_ kana: String) async throws {
        let audio = try await EspeakSynthesizer.shared.synthesize(Utterance(kana))
        #expect(audio.samples.first != 0)
    }

    @Test("longer text lasts longer")
    func durationGrowsWithText() async throws {
        let short = try await EspeakSynthesizer.shared.synthesize(Utterance("いち"))
        let long = try await EspeakSynthesizer.shared.synthesize(Utterance("いち に さん よん ご"))
        #expect(long.seconds > 2 * short.seconds)
    }

    @Test("a higher rate gives shorter audio")
    func durationShrinksWithRate() async throws {
        let text = "さんびゃくよんじゅうご"
        var seconds: [Double] = []
        for rate in [80, 150, 300] {
            seconds.append(try await EspeakSynthesizer.shared.synthesize(Utterance(text, rate: rate)).seconds)
        }
        #expect(seconds[0] > seconds[1] && seconds[1] > seconds[2], "seconds at 80/150/300 wpm: \(seconds)")
    }

    @Test("the default Japanese voice is listed first")
    func voices() async throws {
        let voices = try await SpeechClient.espeak(player: "none").voices()
        #expect(voices.first?.id == "ja")
        #expect(voices.allSatisfy { $0.language == "ja" })
    }

    @Test("male and female variants of the Japanese voice are listed by readable names, and speak differently")
    func variants() async throws {
        let speech = SpeechClient.espeak(player: "none")
        let voices = try await speech.voices()
        let female = try #require(voices.first { $0.id == "ja+f2" })
        #expect(female.name == "Japanese, female 2" && female.gender == .female)
        let male = try #require(voices.first { $0.id == "ja+m1" })
        #expect(male.name == "Japanese, male 1" && male.gender == .male)
        let plain = try await speech.synthesize(Utterance("さんびゃく"))
        let varied = try await speech.synthesize(Utterance("さんびゃく", voice: female.id))
        #expect(!varied.samples.isEmpty && varied.samples != plain.samples)
    }

    @Test("a missing voice names the package that installs it")
    func missingVoice() async throws {
        let error = await #expect(throws: SpeechError.voiceNotFound("xx-nonexistent")) {
            try await EspeakSynthesizer.shared.synthesize(Utterance("いち", voice: "xx-nonexistent"))
        }
        #expect(error?.description.contains("espeak-ng-data") == true)
    }

    @Test("without libespeak-ng, synthesis, the voice list and speak name the packages to install")
    func libraryMissing() async throws {
        // Loaded with dlopen on first use: a name that cannot be loaded stands for a machine without it.
        let synthesizer = EspeakSynthesizer(libraryName: "libespeak-ng-not-installed.so.1")
        let error = await #expect(throws: SpeechError.self) { try await synthesizer.synthesize(Utterance("いち")) }
        let failure = try #require(error)
        guard case let .synthesizerNotInstalled(reason) = failure else {
            Issue.record("expected synthesizerNotInstalled, got \(failure)")
            return
        }
        #expect(reason.contains("libespeak-ng-not-installed.so.1"), "\(reason)")
        let line = failure.description
        #expect(line.hasPrefix("speech synthesiser not installed (") && !line.contains("\n"), "\(line)")
        #expect(line.hasSuffix("install libespeak-ng1 and espeak-ng-data (apt install libespeak-ng1 espeak-ng-data)"), "\(line)")
        await #expect(throws: failure) { try await synthesizer.japaneseVoices() }

        // The live client with a player chosen: each speak says so, as for a missing voice, and never plays.
        let engine = EspeakSpeechEngine(synthesizer: synthesizer, parameters: .standard, player: "paplay", environment: [:])
        let speech = SpeechClient(engine: engine)
        await #expect(throws: failure) { try await speech.speak(Utterance("なな")) }
        await #expect(throws: failure) { try await speech.speak(Utterance("はち")) }
        // With no sound wanted, nothing is loaded and nothing fails.
        try await SpeechClient(engine: EspeakSpeechEngine(
            synthesizer: synthesizer, parameters: .standard, player: "none", environment: [:])).speak(Utterance("ご"))
    }

    @Test("digits are refused, kana are not")
    func digitsRefused() async throws {
        let speech = SpeechClient.espeak(player: "none")
        await #expect(throws: SpeechError.digitsInText("300")) { try await speech.speak(Utterance("300")) }
        await #expect(throws: SpeechError.digitsInText("３びゃく")) { try await speech.synthesize(Utterance("３びゃく")) }
        try await speech.speak(Utterance("さんびゃく"))   // player "none": synthesis skipped, no error
    }

    @Test("rate and pitch outside the range are clamped")
    func clamping() async throws {
        let speech = SpeechClient.espeak(player: "none")
        let tooFast = try await speech.synthesize(Utterance("ろく", rate: 10_000))
        let fastest = try await speech.synthesize(Utterance("ろく", rate: speech.parameters.rate.bounds.upperBound))
        #expect(tooFast == fastest)
    }
}
