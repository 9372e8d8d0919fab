#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SpeechClient

/// The state behind the live speech client: the audio output, the last utterance's samples, the player now playing.
///
/// An actor so that `stop` and a newer `speak` can reach the player while an
/// earlier `speak` is suspended waiting for it.
actor EspeakSpeechEngine {
    let synthesizer: EspeakSynthesizer
    let parameters: SpeechParameters
    let readiness: SpeechClient.Readiness
    private let requestedPlayer: String?
    private let environment: [String: String]

    private var output: AudioOutput?
    private var outputFailureReported = false
    private var cached: (utterance: Utterance, audio: PCMAudio)?
    private var playing: PlayerProcess?
    /// A player started and connected ahead of the next utterance, reading at `sampleRate`.
    private var ready: (process: PlayerProcess, sampleRate: Int)?
    /// Bumped by every `speak` and `stop`; a `speak` that sees it move has been superseded.
    private var generation = 0

    /// How long after its first samples are handed over a player is taken to start sounding
    /// (starting, connecting, its buffer): the sound is over this long after its own length.
    static let startAllowance = Duration.milliseconds(AudioPlayer.latencyMilliseconds + 50)

    /// From the start of the last `speak` to its first samples reaching the player (for measurements).
    private(set) var lastTimeToFirstSample: Duration?
    /// How many times this engine has called the synthesiser (for tests of the cache).
    private(set) var synthesisCount = 0

    init(
        synthesizer: EspeakSynthesizer, parameters: SpeechParameters, player: String?, environment: [String: String],
        readiness: SpeechClient.Readiness = .onDemand
    ) {
        self.synthesizer = synthesizer
        self.parameters = parameters
        self.requestedPlayer = player
        self.environment = environment
        self.readiness = readiness
    }

    deinit {
        // With its input closed, a player that was never fed exits at once.
        ready?.process.endInput()
    }

    /// Starts loading libespeak-ng and a player for the first utterance, side by side, without
    /// waiting for either; nothing when there is no sound to play.
    func prepare() {
        guard case .player = currentOutput() else { return }
        synthesizer.startLoading()
        if let sampleRate = synthesizer.expectedSampleRate { startReadyPlayer(sampleRate: sampleRate) }
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
        // the synthesiser makes them: it plays the first buffer while the rest is made. The first
        // time, the player is started before libespeak-ng has loaded, at the rate its voices have,
        // so that the two start side by side.
        let kept = keptSamples(of: utterance)
        if let kept, kept.samples.isEmpty { return }
        var sampleRate: Int
        if let kept { sampleRate = kept.sampleRate } else if let expected = synthesizer.expectedSampleRate {
            sampleRate = expected
        } else {
            sampleRate = try await synthesizer.sampleRate()   // throws why it failed
        }
        guard generation == myGeneration else { throw CancellationError() }
        try Task.checkCancellation()

        guard var started = try takeReadyPlayer(sampleRate: sampleRate) ?? startPlayer(player, sampleRate: sampleRate)
        else { return }
        playing = started
        if kept == nil {
            do {
                let actual = try await synthesizer.sampleRate()
                guard generation == myGeneration else { throw CancellationError() }
                try Task.checkCancellation()
                if actual != sampleRate {
                    started.terminate()
                    sampleRate = actual
                    guard let restarted = try startPlayer(player, sampleRate: sampleRate) else { return }
                    started = restarted
                    playing = started
                }
            } catch {
                started.terminate()
                _ = await started.finish()
                if playing === started { playing = nil }
                throw error
            }
        }
        let process = started
        let outcome: PlayerProcess.Outcome?
        do {
            outcome = try await withTaskCancellationHandler {
                let sampleCount: Int
                if let kept {
                    process.feed(kept.littleEndianBytes)
                    sampleCount = kept.samples.count
                } else {
                    synthesisCount += 1
                    let audio = try await synthesizer.synthesize(utterance) { samples in
                        process.feed(samples: samples)
                        // A stop, a newer speak or a cancel ends the player: stop making samples.
                        return !process.isTerminating
                    }
                    // Kept only whole, and only while it is the latest.
                    if !process.isTerminating, generation == myGeneration { cached = (utterance, audio) }
                    sampleCount = audio.samples.count
                }
                process.endInput()
                startReadyPlayer(sampleRate: sampleRate)
                // Speaking ends with the sound, not with the player: a player exits only once the
                // sound server's buffer has drained, which can be long after the last sample was heard.
                let length = Duration.seconds(Double(sampleCount) / Double(sampleRate))
                let started = process.firstWrite ?? .now
                return await process.finish(by: started + length + Self.startAllowance)
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
        if let mark = process.firstWrite { lastTimeToFirstSample = mark - start }
        // The sound has been played and the player is draining: it is left to exit on its own
        // (a newer speak or a stop still ends it).
        guard let outcome else { return }
        if playing === process { playing = nil }

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

    /// Starts `player` reading samples at `sampleRate`; nil when it cannot be started and the
    /// failure was reported before.
    private func startPlayer(_ player: AudioPlayer, sampleRate: Int) throws -> PlayerProcess? {
        do {
            return try PlayerProcess(
                executable: player.executable, arguments: player.arguments(sampleRate: sampleRate), environment: environment)
        } catch {
            try reportOutputFailure(.playbackFailed(player: player.kind.rawValue, message: "\(error)"))
            return nil
        }
    }

    /// The player started ahead, when it reads at `sampleRate` and is still running; it is
    /// taken, so that the next one is started anew.
    private func takeReadyPlayer(sampleRate: Int) -> PlayerProcess? {
        guard let taken = ready else { return nil }
        ready = nil
        guard taken.sampleRate == sampleRate, !taken.process.hasExited else {
            taken.process.endInput()
            return nil
        }
        return taken.process
    }

    /// Unless the engine plays on demand, starts a player for the next utterance, so that the
    /// time a player takes to start and connect to the sound server is spent before it is needed.
    /// A player that fails to start here is started again, and its failure reported, by `speak`.
    private func startReadyPlayer(sampleRate: Int) {
        guard readiness != .onDemand, ready == nil, case let .player(player) = currentOutput(),
              let process = try? PlayerProcess(
                  executable: player.executable, arguments: player.arguments(sampleRate: sampleRate), environment: environment)
        else { return }
        ready = (process, sampleRate)
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
        ready?.process.endInput()
        ready = nil
        if outputFailureReported { return }
        outputFailureReported = true
        throw error
    }
}
