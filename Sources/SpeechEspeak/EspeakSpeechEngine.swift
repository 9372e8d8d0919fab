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
    /// Why sound stopped working, once a player failed: every `speak` from then on throws it,
    /// not only the first, since a speak superseded as it throws (a replay stopped at once)
    /// takes its error to nobody.
    private var lostOutput: SpeechError?
    private var cached: (utterance: Utterance, audio: PCMAudio)?
    /// The player of the latest utterance, while it plays or drains.
    private var playing: WatchedPlayer?
    /// A player started and connected ahead of the next utterance, reading at `sampleRate`.
    private var ready: (player: WatchedPlayer, sampleRate: Int)?
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
        ready?.player.process.endInput()
    }

    /// A player process, and the task that notes how it ended (see `playerEnded`).
    private struct WatchedPlayer {
        let process: PlayerProcess
        let watcher: Task<Void, Never>
    }

    /// Starts a player for the first utterance, without waiting for it; nothing when there is
    /// no sound to play. (`SpeechClient.espeak(readiness: .readyNow)` has started loading the library.)
    func prepare() {
        guard case .player = currentOutput() else { return }
        if let sampleRate = synthesizer.expectedSampleRate { startReadyPlayer(sampleRate: sampleRate) }
    }

    func speak(_ request: Utterance) async throws {
        let start = ContinuousClock.now
        try request.checkSpeakable()
        let utterance = request.clamped(to: parameters)
        let endedOnItsOwn = stopPlaying()
        generation += 1
        let myGeneration = generation
        // The last player exited by itself before it was stopped: a failure of it is noted now.
        if let endedOnItsOwn { await endedOnItsOwn.watcher.value }
        try checkCurrent(myGeneration)

        let player: AudioPlayer
        switch currentOutput() {
        case .silent:
            return
        case let .unavailable(reason):
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

        let taken = await takeReadyPlayer(sampleRate: sampleRate)
        // None taken: a ready player that failed waiting (the sound server went away) is said here.
        if taken == nil { try checkCurrent(myGeneration) }
        var started = try taken ?? startPlayer(player, sampleRate: sampleRate)
        playing = started
        if kept == nil {
            do {
                let actual = try await synthesizer.sampleRate()
                guard generation == myGeneration else { throw CancellationError() }
                try Task.checkCancellation()
                if actual != sampleRate {
                    started.process.terminate()
                    sampleRate = actual
                    started = try startPlayer(player, sampleRate: sampleRate)
                    playing = started
                }
            } catch {
                started.process.terminate()
                _ = await started.process.finish()
                if playing?.process === started.process { playing = nil }
                throw error
            }
        }
        let process = started.process
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
            if playing?.process === process { playing = nil }
            throw error
        }
        if let mark = process.firstWrite { lastTimeToFirstSample = mark - start }
        // A player that has exited has its end noted before this speak returns; one still
        // draining is left to exit on its own (a newer speak or a stop still ends it), and a
        // failure of it is said by the next speak.
        if outcome != nil { await started.watcher.value }
        try checkCurrent(myGeneration)
    }

    func stop() {
        generation += 1
        _ = stopPlaying()
    }

    /// Starts `player` reading samples at `sampleRate`; when it cannot be started, throws why
    /// sound stopped.
    private func startPlayer(_ player: AudioPlayer, sampleRate: Int) throws -> WatchedPlayer {
        do {
            return try launch(player, sampleRate: sampleRate)
        } catch {
            let failure = SpeechError.playbackFailed(player: player.kind.rawValue, message: "\(error)")
            noteOutputFailure(failure)
            throw lostOutput ?? failure
        }
    }

    /// Starts `player` and watches it to its end, so that its failure is noted even when no
    /// `speak` waits for it: it failed after its sound's deadline, or as it was stopped, or
    /// while it waited ready.
    private func launch(_ player: AudioPlayer, sampleRate: Int) throws -> WatchedPlayer {
        let process = try PlayerProcess(
            executable: player.executable, arguments: player.arguments(sampleRate: sampleRate), environment: environment)
        let name = player.kind.rawValue
        // Weakly: a ready player ends when the engine goes, so the engine must be able to go.
        let watcher = Task { [weak self] in
            let outcome = await process.finish()
            await self?.playerEnded(process, outcome, player: name)
        }
        return WatchedPlayer(process: process, watcher: watcher)
    }

    /// A player exited: one that failed by itself, not stopped by the engine, means sound no
    /// longer works.
    private func playerEnded(_ process: PlayerProcess, _ outcome: PlayerProcess.Outcome, player: String) {
        if playing?.process === process { playing = nil }
        guard !outcome.terminated, outcome.status != 0 else { return }
        let message = outcome.lastErrorLine.isEmpty ? "exit status \(outcome.status)" : outcome.lastErrorLine
        noteOutputFailure(.playbackFailed(player: player, message: message))
    }

    /// The player started ahead, when it reads at `sampleRate` and is still running; it is
    /// taken, so that the next one is started anew. One that has exited is awaited, so that
    /// its failure, if it failed, has been noted.
    private func takeReadyPlayer(sampleRate: Int) async -> WatchedPlayer? {
        guard let taken = ready else { return nil }
        ready = nil
        if taken.player.process.hasExited {
            await taken.player.watcher.value
            return nil
        }
        guard taken.sampleRate == sampleRate else {
            taken.player.process.endInput()
            return nil
        }
        return taken.player
    }

    /// Unless the engine plays on demand, starts a player for the next utterance, so that the
    /// time a player takes to start and connect to the sound server is spent before it is needed.
    /// A player that fails to start here is started again, and its failure reported, by `speak`.
    private func startReadyPlayer(sampleRate: Int) {
        guard readiness != .onDemand, ready == nil, case let .player(player) = currentOutput(),
              let started = try? launch(player, sampleRate: sampleRate)
        else { return }
        ready = (started, sampleRate)
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

    /// Stops the player of the last utterance; returns it when it had already exited on its own.
    private func stopPlaying() -> WatchedPlayer? {
        defer { playing = nil }
        guard let playing, !playing.process.terminate() else { return nil }
        return playing
    }

    /// Notes that sound no longer works: no player is started from now on, and the first
    /// failure is thrown by the `speak` current when it is noted and by every later one.
    private func noteOutputFailure(_ error: SpeechError) {
        output = .silent
        ready?.player.process.endInput()
        ready = nil
        if lostOutput == nil { lostOutput = error }
    }

    /// Throws `CancellationError` when the `speak` of `myGeneration` has been superseded, stopped
    /// or cancelled (what it would throw would reach nobody), else why sound stopped, if it has.
    private func checkCurrent(_ myGeneration: Int) throws {
        guard generation == myGeneration else { throw CancellationError() }
        try Task.checkCancellation()
        if let lostOutput { throw lostOutput }
    }
}
