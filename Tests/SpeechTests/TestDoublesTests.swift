import SpeechClient
import Testing

@Suite("Test doubles")
struct TestDoublesTests {
    @Test("recording writes down speaks, syntheses and stops in order")
    func recording() async throws {
        let recorder = SpeechRecorder()
        let speech = SpeechClient.recording(recorder)
        try await speech.speak(Utterance("いち"))
        _ = try await speech.synthesize(Utterance("に", rate: 200))
        await speech.stop()
        try await speech.speak(Utterance("さん", pitch: 70))

        #expect(recorder.events == [
            .spoke(Utterance("いち")),
            .synthesized(Utterance("に", rate: 200)),
            .stopped,
            .spoke(Utterance("さん", pitch: 70)),
        ])
        #expect(recorder.spokenTexts == ["いち", "さん"])
    }

    @Test("recording fails on demand, once per queued failure, and still records the call")
    func failsOnDemand() async throws {
        let recorder = SpeechRecorder()
        let speech = SpeechClient.recording(recorder)
        recorder.failNextSpeak(with: .noAudioOutput("test"))
        recorder.failNextSpeak(with: .voiceNotFound("ja"))

        await #expect(throws: SpeechError.noAudioOutput("test")) { try await speech.speak(Utterance("よん")) }
        await #expect(throws: SpeechError.voiceNotFound("ja")) { try await speech.synthesize(Utterance("ご")) }
        try await speech.speak(Utterance("ろく"))
        #expect(recorder.spokenTexts == ["よん", "ろく"])
    }

    @Test("recording refuses digits like the live client")
    func recordingRefusesDigits() async {
        let speech = SpeechClient.recording(SpeechRecorder())
        await #expect(throws: SpeechError.digitsInText("7")) { try await speech.speak(Utterance("7")) }
    }

    @Test("failing throws its error from every call")
    func failing() async {
        let speech = SpeechClient.failing(.synthesizerUnavailable("test"))
        await #expect(throws: SpeechError.synthesizerUnavailable("test")) { try await speech.speak(Utterance("なな")) }
        await #expect(throws: SpeechError.synthesizerUnavailable("test")) { try await speech.voices() }
        await #expect(throws: SpeechError.synthesizerUnavailable("test")) { try await speech.synthesize(Utterance("なな")) }
        await speech.stop()
    }

    @Test("silent succeeds, lists the default voice and gives empty audio")
    func silent() async throws {
        let speech = SpeechClient.silent
        try await speech.speak(Utterance("はち"))
        #expect(try await speech.voices().map(\.id) == [Voice.defaultJapaneseID])
        #expect(try await speech.synthesize(Utterance("はち")).samples.isEmpty)
        #expect(speech.parameters == .standard)
    }

    @Test("parameter ranges clamp and hold their defaults")
    func parameters() {
        let parameters = SpeechParameters.standard
        #expect(parameters.rate.clamp(10) == 80)
        #expect(parameters.rate.clamp(1000) == 350)
        #expect(parameters.pitch.clamp(-5) == 0)
        #expect(Utterance("きゅう").rate == parameters.rate.defaultValue)
        #expect(Utterance("きゅう", rate: 999, pitch: 999).clamped(to: parameters) == Utterance("きゅう", rate: 350, pitch: 100))
    }
}
