#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import SpeechClient

/// The state behind the live speech client: the audio output, the last utterance's samples, the player now playing.
///
/// An actor so that `stop` and a newer `speak` can reach the player while an
/// earlier `speak` is suspended waiting for it.
actor EspeakSpeechEngine {
    let synthesizer: EspeakSynthesizer
    let parameters: SpeechParameters
    private let requestedPlayer: String?
    private let environment: [String: String]

    private var output: AudioOutput?
    private var outputFailureReported = false
    private var cached: (utterance: Utterance, audio: PCMAudio)?
    private var playing: PlayerProcess?
    /// Bumped by every `speak` and `stop`; a `speak` that sees it move has been superseded.
    private var generation = 0

    /// From the start of the last `speak` to its first samples reaching the player (for measurements).
    private(set) var lastTimeToFirstSample: Duration?
    /// How many times this engine has called the synthesiser (for tests of the cache).
    private(set) var synthesisCount = 0

    init(synthesizer: EspeakSynthesizer, parameters: SpeechParameters, player: String?, environment: [String: String]) {
        self.synthesizer = synthesizer
        self.parameters = parameters
        self.requestedPlayer = player
        self.environment = environment
    }

    func speak(_ request: Utterance) async throws {
        let start = ContinuousClock.now
        try request.checkSpeakable()
        let utterance = request.clamped(to: parameters)
        stopPlaying()
        generation += 1
        let myGeneration = generation

        let player: AudioPlayer
        switch currentOutput() {
        case .silent:
            return
        case let .unavailable(reason):
            // Said once; after that the quiz goes on without sound.
            if outputFailureReported { return }
            outputFailureReported = true
            throw SpeechError.noAudioOutput(reason)
        case let .player(chosen):
            player = chosen
        }

        // The samples kept from the last time, or the sample rate to start the player at while
        // the synthesiser makes them: it plays the first buffer while the rest is made.
        let kept = keptSamples(of: utterance)
        let sampleRate: Int
        if let kept { sampleRate = kept.sampleRate } else { sampleRate = try await synthesizer.sampleRate() }
        guard generation == myGeneration else { throw CancellationError() }
        try Task.checkCancellation()
        if let kept, kept.samples.isEmpty { return }

        let firstSample = TimeMark()
        let process: PlayerProcess
        do {
            process = try PlayerProcess(
                executable: player.executable,
                arguments: player.arguments(sampleRate: sampleRate),
                environment: environment,
                onFirstWrite: { firstSample.mark() }
            )
        } catch {
            try reportOutputFailure(.playbackFailed(player: player.kind.rawValue, message: "\(error)"))
            return
        }
        playing = process
        let outcome: PlayerProcess.Outcome
        do {
            outcome = try await withTaskCancellationHandler {
                if let kept {
                    process.feed(kept.littleEndianBytes)
                } else {
                    synthesisCount += 1
                    let audio = try await synthesizer.synthesize(utterance) { samples in
                        process.feed(samples: samples)
                        // A stop, a newer speak or a cancel ends the player: stop making samples.
                        return !process.isTerminating
                    }
                    // Kept only whole, and only while it is the latest.
                    if !process.isTerminating, generation == myGeneration { cached = (utterance, audio) }
                }
                process.endInput()
                return await process.finish()
            } onCancel: {
                process.terminate()
            }
        } catch {
            // The synthesiser failed (or was cancelled): the player has nothing to play. It is
            // gone when speak returns, as on the other paths.
            process.terminate()
            _ = await process.finish()
            if playing === process { playing = nil }
            throw error
        }
        if playing === process { playing = nil }
        if let mark = firstSample.instant { lastTimeToFirstSample = mark - start }

        if outcome.terminated { throw CancellationError() }
        if outcome.status != 0 {
            let message = outcome.lastErrorLine.isEmpty ? "exit status \(outcome.status)" : outcome.lastErrorLine
            try reportOutputFailure(.playbackFailed(player: player.kind.rawValue, message: message))
        }
    }

    func stop() {
        generation += 1
        stopPlaying()
    }

    /// The samples of `utterance` (already clamped), synthesised once and reused while it is the latest.
    func samples(for utterance: Utterance) async throws -> PCMAudio {
        if let kept = keptSamples(of: utterance) { return kept }
        synthesisCount += 1
        let audio = try await synthesizer.synthesize(utterance)
        cached = (utterance, audio)
        return audio
    }

    /// The samples kept from the latest utterance, when it is `utterance`.
    private func keptSamples(of utterance: Utterance) -> PCMAudio? {
        guard let cached, cached.utterance == utterance else { return nil }
        return cached.audio
    }

    func currentOutput() -> AudioOutput {
        if let output { return output }
        let chosen = AudioOutput.resolve(player: requestedPlayer, environment: environment)
        output = chosen
        return chosen
    }

    private func stopPlaying() {
        playing?.terminate()
        playing = nil
    }

    /// Throws the first playback failure; later ones are silent, and sound stays off from then on.
    private func reportOutputFailure(_ error: SpeechError) throws {
        output = .silent
        if outputFailureReported { return }
        outputFailureReported = true
        throw error
    }
}

/// The instant something first happened, set from any thread.
private final class TimeMark: Sendable {
    private let stored = PthreadLocked<ContinuousClock.Instant?>(nil)

    func mark() {
        let now = ContinuousClock.now
        stored.withLock { if $0 == nil { $0 = now } }
    }

    var instant: ContinuousClock.Instant? { stored.withLock { $0 } }
}
