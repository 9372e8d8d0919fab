import Foundation
import SpeechEspeak
import Testing

@Suite("Choosing the audio player")
struct AudioOutputTests {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    @Test("KAZU_PLAYER=none is silence by choice")
    func none() {
        #expect(AudioOutput.resolve(player: nil, environment: ["KAZU_PLAYER": "none", "PATH": path]) == .silent)
    }

    @Test("the player parameter wins over KAZU_PLAYER, and names are looked up on PATH")
    func parameterWins() throws {
        let output = AudioOutput.resolve(player: "paplay", environment: ["KAZU_PLAYER": "none", "PATH": path])
        guard case let .player(player) = output else { Issue.record("got \(output)"); return }
        #expect(player.kind == .paplay && player.executable.hasSuffix("/paplay"))
    }

    @Test("a path picks the player by its file name")
    func byPath() {
        let output = AudioOutput.resolve(player: "/usr/bin/aplay", environment: ["PATH": ""])
        #expect(output == .player(AudioPlayer(kind: .aplay, executable: "/usr/bin/aplay")))
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

    @Test("automatic choice with no server, no PipeWire and no sound card says what it found")
    func automaticNothing() {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-no-runtime-\(UUID())").path
        let output = AudioOutput.resolve(player: nil, environment: ["PATH": path, "XDG_RUNTIME_DIR": empty])
        if FileManager.default.fileExists(atPath: "/dev/snd") { return }   // a machine with ALSA devices would pick aplay
        guard case let .unavailable(reason) = output else { Issue.record("got \(output)"); return }
        #expect(reason.contains("found, but no sound server or sound card") || reason == "no audio player found")
    }

    @Test("players are told the raw sample format on the command line")
    func arguments() {
        #expect(AudioPlayer(kind: .paplay, executable: "/usr/bin/paplay").arguments(sampleRate: 22050)
            == ["--raw", "--format=s16le", "--rate=22050", "--channels=1", "--client-name=kazu"])
        #expect(AudioPlayer(kind: .aplay, executable: "/usr/bin/aplay").arguments(sampleRate: 22050)
            == ["-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1", "-"])
        #expect(AudioPlayer(kind: .pwPlay, executable: "/usr/bin/pw-play").arguments(sampleRate: 22050)
            == ["--format=s16", "--rate=22050", "--channels=1", "-"])
    }
}
