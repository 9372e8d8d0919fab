import KazuTestSupport
import Foundation
import SpeechClient
@testable import SpeechEspeak
import Synchronization
import Testing

/// Real playback through a private PulseAudio server with a null sink, recorded from its monitor.
@Suite("Playback through PulseAudio", .serialized)
final class PlaybackTests {
    let pulse: PulseAudioHarness

    init() throws {
        pulse = try PulseAudioHarness.start()
    }

    deinit {
        pulse.shutDown()
    }

    @Test("an utterance is played to the sound server at its own length, played as it is made and replayed")
    func playsAudio() async throws {
        let utterance = Utterance("さんびゃくよんじゅうご")
        // Made apart from the client, whose first speak then synthesises and plays at once.
        let expected = try await EspeakSynthesizer.shared.synthesize(utterance)
        let speech = SpeechClient.espeak(environment: pulse.environment)

        for attempt in ["streamed to the player", "replayed from the kept samples"] {
            let recording = try pulse.startRecording(sampleRate: expected.sampleRate)
            try await speech.speak(utterance)
            let heard = try recording.finish()

            #expect(heard.peak > 1000, "\(attempt): the recording is silent")
            let difference = abs(heard.soundSeconds - expected.soundSeconds)
            #expect(difference < 0.15, "\(attempt): heard \(heard.soundSeconds) s of sound, synthesised \(expected.soundSeconds) s")
        }
    }

    @Test("a speak ends when its sound has been played: Enter then replays it, and both are heard whole")
    func replayAfterTheSoundEnded() async throws {
        let speech = SpeechClient(engine: makeEngine())
        let utterance = Utterance("ご")
        let expected = try await EspeakSynthesizer.shared.synthesize(utterance)
        let recording = try pulse.startRecording(sampleRate: expected.sampleRate)
        try await speech.speak(utterance)
        // Enter, as the quiz takes it once speak has returned: a replay, at the first moment it can come.
        try await speech.speak(utterance)
        // Twice whole, one after the other: from the first loud sample to the last, twice the
        // sound, and more only by the gap between (the sink's, and a player's start).
        let whole = expected.soundSpan()?.count ?? 0
        _ = try? await PulseAudioHarness.waitUntil("the replay on the sink", timeout: .seconds(10)) {
            (recording.samples().soundSpan()?.count ?? 0) >= 2 * whole * 9 / 10
        }
        let heard = try recording.finish().soundSpan()?.count ?? 0
        #expect(heard >= 2 * whole * 9 / 10, "heard \(heard) samples, the sound has \(whole)")
    }

    @Test("a player plays the first samples it is given, before its input closes")
    func playsBeforeInputCloses() async throws {
        let output = AudioOutput.resolve(player: "paplay", environment: ProcessInfo.processInfo.environment)
        guard case let .player(player) = output else {
            Issue.record("no paplay: \(output)")
            return
        }
        let recording = try pulse.startRecording(sampleRate: 22050)
        let process = try PlayerProcess(
            executable: player.executable, arguments: player.arguments(sampleRate: 22050),
            environment: ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 })
        // Half a second of a loud tone, less than any default buffer, and the input left open:
        // what a synthesiser streaming its first buffers gives the player.
        let tone = (0..<11_025).map { Int16(($0 / 25) % 2 == 0 ? 8_000 : -8_000) }
        process.feed(PCMAudio(samples: tone, sampleRate: 22050).littleEndianBytes)
        try await PulseAudioHarness.waitUntil("sound on the sink with the player's input open", timeout: .seconds(10)) {
            recording.samples().peak > 1000
        }
        process.terminate()
        _ = await process.finish()
        _ = try recording.finish()
    }

    @Test("a replay of the same utterance plays again without synthesising again")
    func replayUsesCache() async throws {
        let engine = makeEngine()
        let speech = SpeechClient(engine: engine)
        let recording = try pulse.startRecording(sampleRate: 22050)
        try await speech.speak(Utterance("ななひゃく"))
        try await speech.speak(Utterance("ななひゃく"))
        #expect(await engine.synthesisCount == 1)
        try await speech.speak(Utterance("ななひゃく", rate: 200))
        #expect(await engine.synthesisCount == 2)
        #expect(try recording.finish().peak > 1000)
    }

    @Test("cancelling a long utterance stops it, and its player, at once, not when it would have ended")
    func cancellationStopsAtOnce() async throws {
        let engine = makeEngine()
        let speech = SpeechClient(engine: engine)
        let long = Utterance(Array(repeating: "いち に さん よん ご ろく なな はち きゅう じゅう", count: 10).joined(separator: " "))
        // Made apart from the client, whose speak then synthesises as it plays.
        let audio = try await EspeakSynthesizer.shared.synthesize(long)
        #expect(audio.seconds > 20, "the utterance should be long: \(audio.seconds) s")

        let recording = try pulse.startRecording(sampleRate: audio.sampleRate)
        let speaking = Task { try await speech.speak(long) }
        // Wait until sound is really coming out, then cancel.
        try await PulseAudioHarness.waitUntil("sound on the sink", timeout: .seconds(10)) { recording.samples().peak > 1000 }
        let playersBefore = paplayProcesses()
        #expect(playersBefore.count == 1, "one paplay should be playing: \(playersBefore)")

        let cancelled = ContinuousClock.now
        speaking.cancel()
        let result = await speaking.result
        let elapsed = ContinuousClock.now - cancelled
        let playersAfter = paplayProcesses()

        #expect(throws: CancellationError.self) { try result.get() }
        // A bound on behaviour, not on speed: the utterance had 20 s and more to go, and a
        // busy machine (another build) has made a prompt stop take 150 ms.
        #expect(elapsed < .seconds(2), "speak returned \(elapsed) after the cancel")
        #expect(playersAfter.isEmpty, "player still running: \(playersAfter)")
        print("cancel -> speak returned, player reaped: \(elapsed)")
        _ = try recording.finish()
        #expect(await engine.synthesisCount == 1)
    }

    @Test("an utterance whose speak is cancelled while it is made is not kept: the next speak makes it again")
    func cancelledWhileMadeIsNotKept() async throws {
        let engine = makeEngine()
        let speech = SpeechClient(engine: engine)
        let long = Utterance(Array(repeating: "きゅうひゃくきゅうじゅうきゅう", count: 40).joined(separator: " "))
        let whole = try await EspeakSynthesizer.shared.synthesize(long)
        // The synthesiser's queue is held until the speak below is waiting on it, so the stop
        // comes while its samples are being made (the player already started).
        let held = try await HeldSynthesizer()
        let speaking = Task { try await speech.speak(long) }
        try await PulseAudioHarness.waitUntil("a player started", timeout: .seconds(10)) { paplayProcesses().count == 1 }
        await speech.stop()
        try await held.release()
        await #expect(throws: CancellationError.self) { try await speaking.value }
        #expect(paplayProcesses().isEmpty)
        #expect(await engine.synthesisCount == 1)
        let again = try await speech.synthesize(long)
        // Within a tenth: two syntheses of a minute of speech differ by some 50 ms (espeak-ng
        // carries state over), a partial one by most of the minute.
        #expect(abs(again.seconds - whole.seconds) < whole.seconds / 10, "made again, whole: \(again.seconds) s of \(whole.seconds) s")
        #expect(await engine.synthesisCount == 2)
    }

    @Test("a speak whose synthesis fails leaves no player behind, even one that is slow to stop")
    func failedSynthesisLeavesNoPlayer() async throws {
        // A player (named paplay, as kazu picks them by name) that ignores SIGTERM, so that only
        // the SIGKILL 30 ms later ends it, and says who it is once it does.
        let (directory, player) = try playerScript("slow-player") { directory in
            "#!/bin/sh\ntrap '' TERM\necho $$ > \(directory)/pid\ncat > /dev/null\nexec sleep 30\n"
        }
        let engine = makeEngine(player: player)
        let speech = SpeechClient(engine: engine)
        _ = try await EspeakSynthesizer.shared.sampleRate()   // started: the speak below needs no queue to spawn
        // The synthesiser's queue is held until the player has started, so that the voice is
        // found missing while the player runs.
        let held = try await HeldSynthesizer()
        let speaking = Task { try await speech.speak(Utterance("いち", voice: "xx-missing")) }
        try await PulseAudioHarness.waitUntil("the player started", timeout: .seconds(10)) {
            (try? String(contentsOfFile: "\(directory)/pid", encoding: .utf8))?.hasSuffix("\n") == true
        }
        try await held.release()
        await #expect(throws: SpeechError.voiceNotFound("xx-missing")) { try await speaking.value }
        let pid = try #require(Int32(String(contentsOfFile: "\(directory)/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "player \(pid) still there (or not reaped) when speak threw")
    }

    @Test("a player that leaves a child holding its standard error does not hold up speak")
    func playerLeavingAChild() async throws {
        // A wrapper script, say, that starts a background job before it plays: the job keeps
        // the player's standard error open long after the player has gone.
        let (_, player) = try playerScript("leaving-player") { directory in
            "#!/bin/sh\nsleep 20 &\ncat > /dev/null\n"
        }
        let speech = SpeechClient(engine: makeEngine(player: player))
        let start = ContinuousClock.now
        try await speech.speak(Utterance("いち"))
        // A bound on behaviour, not on speed: the job holds on for 20 s.
        #expect(ContinuousClock.now - start < .seconds(10), "speak waited for the player's child")
    }

    @Test("a player that fails after its sound's end is said by that speak or the next, and by every later one")
    func failureAfterTheSoundEnded() async throws {
        // A player (named paplay) that takes its input and loses the sound server long after the
        // sound would have ended, when its speak has returned.
        let (directory, player) = try playerScript("late-failing-player") { directory in
            "#!/bin/sh\ncat > /dev/null\nsleep 2\necho 'Stream error: Connection terminated' >&2\necho $$ > \(directory)/pid\nexit 1\n"
        }
        let speech = SpeechClient(engine: makeEngine(player: player))
        var said: [SpeechError] = []
        do { try await speech.speak(Utterance("いち")) } catch let error as SpeechError { said.append(error) }
        try await waitUntilGone(pidFile: "\(directory)/pid")
        for text in ["に", "さん"] {
            do { try await speech.speak(Utterance(text)) } catch let error as SpeechError { said.append(error) }
        }
        #expect(said.count >= 2 && Set(said) == [.playbackFailed(player: "paplay", message: "Stream error: Connection terminated")],
                "\(said)")
    }

    @Test("a player that failed by itself stays failed when a newer speak stops it before its end was seen")
    func failureSeenLateIsNotTakenForAStop() async throws {
        // A player (named paplay) that fails the first time, and plays from then on. It leaves a
        // child holding its standard error, so that its end is seen half a second after it exits:
        // the newer speak comes in between.
        let (directory, player) = try playerScript("failing-once-player") { directory in
            """
            #!/bin/sh
            if [ -e \(directory)/pid ]; then exec cat > /dev/null; fi
            sleep 3 &
            cat > /dev/null
            echo 'Connection failure: Connection refused' >&2
            echo $$ > \(directory)/pid
            exit 1

            """
        }
        let speech = SpeechClient(engine: makeEngine(player: player))
        // Long: its sound's deadline is far behind the player's exit.
        let long = Utterance(Array(repeating: "いち に さん よん ご", count: 6).joined(separator: " "))
        let first = Task { try await speech.speak(long) }
        try await waitUntilGone(pidFile: "\(directory)/pid")
        var said: [SpeechError] = []
        do { try await speech.speak(Utterance("ご")) } catch let error as SpeechError { said.append(error) }
        if case let .failure(error as SpeechError) = await first.result { said.append(error) }
        // The message may be only its exit status: the child holds its standard error open.
        #expect(said.count == 1 && said.allSatisfy { if case .playbackFailed("paplay", _) = $0 { true } else { false } }, "\(said)")
    }

    @Test("a ready player that fails while it waits is said by the next speak and every later one, though its replacement fails late")
    func readyPlayerFailingWhileItWaits() async throws {
        // A player (named paplay): the first plays; the next, started ready, loses the sound
        // server at once; later ones take their input and fail only after their sound's end.
        let (directory, player) = try playerScript("server-gone-player") { directory in
            """
            #!/bin/sh
            if mkdir \(directory)/played 2>/dev/null; then exec cat > /dev/null; fi
            if [ ! -e \(directory)/pid ]; then
                echo 'Stream error: Connection terminated' >&2
                echo $$ > \(directory)/pid
                exit 1
            fi
            cat > /dev/null
            sleep 2
            exit 1

            """
        }
        let engine = EspeakSpeechEngine(
            synthesizer: .shared, parameters: .standard, player: player,
            environment: ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }, readiness: .keepsPlayerReady)
        let speech = SpeechClient(engine: engine)
        var said: [SpeechError] = []
        do { try await speech.speak(Utterance("いち")) } catch let error as SpeechError { said.append(error) }
        try await waitUntilGone(pidFile: "\(directory)/pid")
        for text in ["に", "さん"] {
            do { try await speech.speak(Utterance(text)) } catch let error as SpeechError { said.append(error) }
        }
        #expect(said.count >= 2 && Set(said).count == 1
                && said.allSatisfy { if case .playbackFailed("paplay", _) = $0 { true } else { false } }, "\(said)")
    }

    @Test("a client made ready starts a player at once and one after each utterance, each fed the next; it goes with the client")
    func playersStartedAhead() async throws {
        // A player (named paplay) that notes its pid when it starts and keeps what it is fed
        // in a file named after it.
        let (directory, player) = try playerScript("recording-player") { directory in
            "#!/bin/sh\necho $$ >> \(directory)/started\nexec cat > \(directory)/$$.raw\n"
        }
        func started() -> [String] {
            ((try? String(contentsOfFile: "\(directory)/started", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func fed(_ pid: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(pid).raw"))?[.size] as? Int) ?? -1
        }
        func waitForPlayers(_ count: Int) async throws {
            try await PulseAudioHarness.waitUntil("\(count) players started", timeout: .seconds(10)) {
                started().count == count && fed(started()[count - 1]) == 0
            }
        }

        var speech: SpeechClient? = .espeak(player: player, environment: pulse.environment, readiness: .readyNow)
        try await waitForPlayers(1)
        try await speech?.speak(Utterance("いち"))
        try await waitForPlayers(2)
        let first = started()
        #expect(fed(first[0]) > 0, "the player started before the first speak was not fed it")
        try await speech?.speak(Utterance("にひゃく"))
        try await waitForPlayers(3)
        let all = started()
        #expect(fed(all[1]) > fed(all[0]), "the player started after the first utterance was not fed the second")
        let waiting = try #require(Int32(all[2]))
        await speech?.stop()
        #expect(kill(waiting, 0) == 0, "stop ended the player waiting for the next utterance")
        speech = nil
        try await PulseAudioHarness.waitUntil("the waiting player gone with the client", timeout: .seconds(10)) {
            kill(waiting, 0) == -1
        }
        #expect(fed(all[2]) == 0)
    }

    @Test("stop() ends the utterance in progress")
    func stopEndsPlayback() async throws {
        let speech = SpeechClient.espeak(environment: pulse.environment)
        let long = Utterance(Array(repeating: "はちじゅうはち", count: 20).joined(separator: " "))
        let recording = try pulse.startRecording(sampleRate: 22050)
        let speaking = Task { try await speech.speak(long) }
        try await PulseAudioHarness.waitUntil("sound on the sink", timeout: .seconds(10)) { recording.samples().peak > 1000 }
        await speech.stop()
        await #expect(throws: CancellationError.self) { try await speaking.value }
        #expect(paplayProcesses().isEmpty)
        _ = try recording.finish()
    }

    @Test("with no sound server a speak says so in one line, and so does every later one")
    func noServer() async throws {
        let nowhere = "\(pulse.directory)/missing"
        let speech = SpeechClient.espeak(
            player: "paplay",
            environment: ["PULSE_SERVER": "unix:\(nowhere)/native", "PULSE_RUNTIME_PATH": nowhere]
        )
        let error = await #expect(throws: SpeechError.self) { try await speech.speak(Utterance("ご")) }
        let line = error.map(String.init(describing:)) ?? ""
        #expect(line.hasPrefix("no audio output") && !line.contains("\n"), "\(line)")
        // A caller whose first speak was superseded as it threw still learns it: the same error.
        let again = await #expect(throws: SpeechError.self) { try await speech.speak(Utterance("ろく")) }
        #expect(again.map(String.init(describing:)) == line)
    }

    @Test("when no player can be found, speak throws one noAudioOutput error")
    func noPlayer() async throws {
        let speech = SpeechClient.espeak(environment: ["PATH": "/nonexistent", "KAZU_PLAYER": ""])
        let error = await #expect(throws: SpeechError.self) { try await speech.speak(Utterance("なな")) }
        #expect(error?.description == "no audio output: no audio player found; install pulseaudio-utils (paplay) or alsa-utils (aplay); or use --wav FILE")
        await #expect(throws: SpeechError.self) { try await speech.speak(Utterance("なな")) }
    }

    /// A player script named paplay (kazu picks players by name) in a folder of its own under
    /// the server's; `script` is given that folder.
    private func playerScript(_ name: String, _ script: (String) -> String) throws -> (directory: String, player: String) {
        let directory = "\(pulse.directory)/\(name)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let player = "\(directory)/paplay"
        try script(directory).write(toFile: player, atomically: true, encoding: .utf8)
        chmod(player, 0o755)
        return (directory, player)
    }

    /// A live engine playing to the test's sound server, with `player` or the one found.
    private func makeEngine(player: String? = nil) -> EspeakSpeechEngine {
        EspeakSpeechEngine(
            synthesizer: .shared, parameters: .standard, player: player,
            environment: ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }
        )
    }

    /// The shared synthesiser's queue, held by a synthesis whose first buffer waits for
    /// `release()`: what is queued behind it waits too, with its player already started.
    /// Made once the hold is in place, so that nothing queued after it can go first.
    private struct HeldSynthesizer {
        let gate = DispatchSemaphore(value: 0)
        let holding: Task<PCMAudio, any Error>

        init() async throws {
            let gate = gate
            let entered = Mutex(false)
            holding = Task { try await EspeakSynthesizer.shared.synthesize(Utterance("いち")) { _ in
                entered.withLock { $0 = true }
                gate.wait()
                gate.signal()   // every later buffer goes through
                return true
            } }
            try await PulseAudioHarness.waitUntil("the synthesiser held", timeout: .seconds(10)) { entered.withLock { $0 } }
        }

        func release() async throws {
            gate.signal()
            _ = try await holding.value
        }
    }

    /// Waits until the player that wrote its pid to `pidFile` (as it exits) has exited and been reaped.
    private func waitUntilGone(pidFile: String) async throws {
        try await PulseAudioHarness.waitUntil("the player gone", timeout: .seconds(15)) {
            guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8), text.hasSuffix("\n"),
                  let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return false }
            return kill(pid, 0) == -1
        }
    }

    /// The pids of paplay processes that are children of this test process.
    private func paplayProcesses() -> [String] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return name == "paplay" && fields.count > 1 && Int32(fields[1]) == me
        }
    }
}
