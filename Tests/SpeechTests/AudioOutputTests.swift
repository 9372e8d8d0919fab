import Foundation
import KazuTestSupport
import SpeechEspeak
import Testing

@Suite("Choosing the audio player")
struct AudioOutputTests {
    /// This test's scratch directory, removed with the suite's instance when the test ends.
    let scratch: TemporaryDirectory
    /// A PATH holding only stand-ins for the players (and nothing of the machine's), so that
    /// what is found does not depend on what someone installed.
    let path: String

    init() throws {
        scratch = try TemporaryDirectory("kazu-players")
        path = try Self.directoryOfPlayers(["paplay", "pw-play", "aplay"], at: scratch.path + "/all")
    }

    /// A new directory at `directory` with an executable stand-in for each of `names`.
    static func directoryOfPlayers(_ names: [String], at directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in names {
            let file = directory + "/" + name
            try "#!/bin/sh\nexit 0\n".write(toFile: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        }
        return directory
    }

    @Test("KAZU_PLAYER=none is silence by choice")
    func none() {
        #expect(AudioOutput.resolve(player: nil, environment: ["KAZU_PLAYER": "none", "PATH": path]) == .silent)
        #expect(AudioOutput.isSilenceChosen(player: nil, environment: ["KAZU_PLAYER": "none"]))
        #expect(AudioOutput.isSilenceChosen(player: "none", environment: [:]))
        #expect(!AudioOutput.isSilenceChosen(player: "paplay", environment: ["KAZU_PLAYER": "none"]), "the parameter wins")
        #expect(!AudioOutput.isSilenceChosen(player: nil, environment: ["KAZU_PLAYER": "paplay"]))
    }

    @Test("the player parameter wins over KAZU_PLAYER, and names are looked up on PATH")
    func parameterWins() throws {
        let output = AudioOutput.resolve(player: "paplay", environment: ["KAZU_PLAYER": "none", "PATH": path])
        guard case let .player(player) = output else { Issue.record("got \(output)"); return }
        #expect(player == AudioPlayer(kind: .paplay, executable: path + "/paplay"))
    }

    @Test("a path picks the player by its file name")
    func byPath() {
        let aplay = path + "/aplay"
        let output = AudioOutput.resolve(player: aplay, environment: ["PATH": ""])
        #expect(output == .player(AudioPlayer(kind: .aplay, executable: aplay)))
    }

    @Test("a path to no program is explained")
    func byMissingPath() {
        let missing = path + "/missing/aplay"
        let output = AudioOutput.resolve(player: missing, environment: ["PATH": path])
        #expect(output == .unavailable("player \"\(missing)\" not found; install it, or choose another"))
    }

    @Test("an unknown player is explained")
    func unknown() {
        let output = AudioOutput.resolve(player: "mpv", environment: ["PATH": path])
        #expect(output == .unavailable("unknown player \"mpv\"; --player and KAZU_PLAYER take paplay, pw-play, aplay or none"))
    }

    @Test("automatic choice takes paplay when a Pulse server is named")
    func automaticPulse() {
        let output = AudioOutput.resolve(player: nil, environment: ["PATH": path, "PULSE_SERVER": "unix:/tmp/x"])
        guard case let .player(player) = output else { Issue.record("got \(output)"); return }
        #expect(player.kind == .paplay)
    }

    @Test("automatic choice with no server and no PipeWire names the players it found")
    func automaticNoServer() throws {
        let onlyPaplay = try Self.directoryOfPlayers(["paplay"], at: scratch.path + "/only-paplay")
        let empty = scratch.path + "/no-runtime"
        let output = AudioOutput.resolve(player: nil, environment: ["PATH": onlyPaplay, "XDG_RUNTIME_DIR": empty])
        #expect(output == .unavailable(
            "paplay found, but no sound server or sound card answers; start PulseAudio or PipeWire"))
    }

    @Test("automatic choice with no player at all says which package to install")
    func automaticNothing() throws {
        let none = try Self.directoryOfPlayers([], at: scratch.path + "/none")
        let empty = scratch.path + "/no-runtime"
        let output = AudioOutput.resolve(player: nil, environment: ["PATH": none, "XDG_RUNTIME_DIR": empty])
        #expect(output == .unavailable("no audio player found; install pulseaudio-utils (paplay) or alsa-utils (aplay)"))
    }

    @Test("players are told the raw sample format, and a short buffer, on the command line")
    func arguments() {
        // A short buffer: with its default one, a player plays nothing until its input ends.
        #expect(AudioPlayer(kind: .paplay, executable: "/usr/bin/paplay").arguments(sampleRate: 22050)
            == ["--raw", "--format=s16le", "--rate=22050", "--channels=1", "--client-name=kazu", "--latency-msec=30"])
        #expect(AudioPlayer(kind: .aplay, executable: "/usr/bin/aplay").arguments(sampleRate: 22050)
            == ["-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1", "--buffer-time=30000", "-"])
        #expect(AudioPlayer(kind: .pwPlay, executable: "/usr/bin/pw-play").arguments(sampleRate: 22050)
            == ["--format=s16", "--rate=22050", "--channels=1", "--latency=30ms", "-"])
    }
}
