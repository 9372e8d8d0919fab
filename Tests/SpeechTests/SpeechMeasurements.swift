import KazuTestSupport
import Foundation
import SpeechClient
@testable import SpeechEspeak
import Testing

/// Numbers for the issue note, printed and never asserted. Run with
/// `KAZU_MEASURE=1 swift test -c release -Xswiftc -enable-testing --filter SpeechMeasurements`.
@Suite("Speech measurements", .serialized, .enabled(if: ProcessInfo.processInfo.environment["KAZU_MEASURE"] == "1"))
struct SpeechMeasurements {
    static let texts = [
        "short": "さんびゃく",
        "medium": "にせんさんびゃくよんじゅうごえん",
        "long": Array(repeating: "いち に さん よん ご ろく なな はち きゅう じゅう", count: 3).joined(separator: " "),
    ]

    @Test("synthesis in process against the espeak-ng command")
    func synthesisSpeed() async throws {
        let coldStart = ContinuousClock.now
        _ = try await EspeakSynthesizer.shared.synthesize(Utterance("ゼロ"))   // starts the library, if no other test has
        print(String(format: "first synthesis in this process (library start, voice load): %.1f ms",
                     (ContinuousClock.now - coldStart).milliseconds))
        for name in ["short", "medium", "long"] {
            let utterance = Utterance(Self.texts[name]!)
            var best = Duration.seconds(1000)
            var audio = PCMAudio(samples: [], sampleRate: 1)
            for _ in 0..<5 {
                let start = ContinuousClock.now
                audio = try await EspeakSynthesizer.shared.synthesize(utterance)
                best = min(best, ContinuousClock.now - start)
            }
            var bestCommand = Duration.seconds(1000)
            for _ in 0..<5 {
                let start = ContinuousClock.now
                try runEspeakCommand(utterance)
                bestCommand = min(bestCommand, ContinuousClock.now - start)
            }
            print(String(format: "%@: %.2f s of audio; in process %.1f ms (%.0fx real time); espeak-ng -v ja --stdout %.1f ms (%.0fx real time)",
                         name, audio.seconds, best.milliseconds, audio.seconds * 1000 / best.milliseconds,
                         bestCommand.milliseconds, audio.seconds * 1000 / bestCommand.milliseconds))
        }
    }

    @Test("from speak() to the first samples handed to paplay")
    func timeToFirstSample() async throws {
        let pulse = try PulseAudioHarness.start()
        defer { pulse.shutDown() }
        let engine = EspeakSpeechEngine(
            synthesizer: .shared, parameters: .standard, player: nil,
            environment: ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }
        )
        let speech = SpeechClient(engine: engine)
        for name in ["short", "medium", "long"] {
            let utterance = Utterance(Self.texts[name]!)
            let start = ContinuousClock.now
            try await speech.speak(utterance)
            let total = ContinuousClock.now - start
            let first = await engine.lastTimeToFirstSample ?? .zero
            try await speech.speak(utterance)   // cached: no synthesis
            let replay = await engine.lastTimeToFirstSample ?? .zero
            let audio = try await speech.synthesize(utterance)
            print(String(format: "%@: first sample after %.1f ms (replay %.1f ms); speak returned after %.0f ms for %.2f s of audio",
                         name, first.milliseconds, replay.milliseconds, total.milliseconds, audio.seconds))
        }
    }

    private func runEspeakCommand(_ utterance: Utterance) throws {
        let process = Process()
        // Found on PATH (`.ci/deps` installs the espeak-ng package for this comparison).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", "ja", "-s", "\(utterance.rate)", "--stdout", utterance.text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
