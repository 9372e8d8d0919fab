#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A command-line player that plays raw signed 16-bit little-endian mono PCM from its standard input.
///
/// ```swift
/// let output = AudioOutput.resolve(player: nil, environment: ProcessInfo.processInfo.environment)
/// if case let .player(player) = output { print(player.executable) }   // /usr/bin/paplay
/// ```
public struct AudioPlayer: Hashable, Sendable {
    /// The players Kazu knows how to feed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// PulseAudio's player; also works with PipeWire's Pulse server.
        case paplay
        /// PipeWire's player.
        case pwPlay = "pw-play"
        /// ALSA's player, for machines without a sound server.
        case aplay
    }

    public var kind: Kind
    /// The absolute path of the command.
    public var executable: String

    public init(kind: Kind, executable: String) {
        self.kind = kind
        self.executable = executable
    }

    /// The arguments that make the player read raw samples at `sampleRate` from standard input
    /// and play them as soon as the first arrive.
    ///
    /// Each is given a short buffer: with its default one (2 s for paplay) a player waits until
    /// the buffer is full, or its input ends, before the first sample is heard.
    public func arguments(sampleRate: Int) -> [String] {
        let milliseconds = Self.latencyMilliseconds
        return switch kind {
        case .paplay:
            ["--raw", "--format=s16le", "--rate=\(sampleRate)", "--channels=1", "--client-name=kazu",
             "--latency-msec=\(milliseconds)"]
        case .pwPlay:
            ["--format=s16", "--rate=\(sampleRate)", "--channels=1", "--latency=\(milliseconds)ms", "-"]
        case .aplay:
            ["-q", "-t", "raw", "-f", "S16_LE", "-r", "\(sampleRate)", "-c", "1",
             "--buffer-time=\(milliseconds * 1000)", "-"]
        }
    }

    /// The buffer each player is asked for: short enough that playing starts on the first samples,
    /// long enough that a busy machine does not starve it (espeak-ng makes samples far faster than
    /// they play).
    public static let latencyMilliseconds = 30
}

/// Where the live speech client sends sound: a player, nowhere by choice, or nowhere because nothing works.
public enum AudioOutput: Hashable, Sendable {
    case player(AudioPlayer)
    /// The user asked for no sound (`KAZU_PLAYER=none`).
    case silent
    /// No player works here; the reason is one short phrase.
    case unavailable(String)

    /// The environment variable that picks a player: a command name, a path, or `none`.
    public static let environmentKey = "KAZU_PLAYER"

    /// Chooses the output: `player` if given, else `$KAZU_PLAYER`, else the first that should work of
    /// paplay (when a Pulse or PipeWire-Pulse server socket is there), pw-play (when a PipeWire socket is
    /// there) and aplay (when the machine has ALSA sound devices).
    ///
    /// Nothing is started to decide: a Pulse server counts as answering when `$PULSE_SERVER` is set or its
    /// socket exists, which takes microseconds where `pactl info` takes a process.
    public static func resolve(player: String?, environment: [String: String]) -> AudioOutput {
        let requested = player ?? environment[environmentKey]
        if let requested, !requested.isEmpty {
            return named(requested, environment: environment)
        }
        let runtimeDirectory = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        if let paplay = find("paplay", environment: environment), pulseServerLikely(environment, runtimeDirectory) {
            return .player(AudioPlayer(kind: .paplay, executable: paplay))
        }
        if let pwPlay = find("pw-play", environment: environment),
           isSocket(environment["PIPEWIRE_REMOTE"].map { $0.hasPrefix("/") ? $0 : "\(runtimeDirectory)/\($0)" }
               ?? "\(runtimeDirectory)/pipewire-0") {
            return .player(AudioPlayer(kind: .pwPlay, executable: pwPlay))
        }
        if let aplay = find("aplay", environment: environment), alsaHasPlaybackDevice() {
            return .player(AudioPlayer(kind: .aplay, executable: aplay))
        }
        let found = AudioPlayer.Kind.allCases.filter { find($0.rawValue, environment: environment) != nil }
        return .unavailable(found.isEmpty
            ? "no audio player found; install pulseaudio-utils (paplay) or alsa-utils (aplay)"
            : "\(found.map(\.rawValue).joined(separator: ", ")) found, but no sound server or sound card answers; "
                + "start PulseAudio or PipeWire")
    }

    /// Whether `player`, else `$KAZU_PLAYER`, asks for no sound: what `resolve` answers `.silent` for,
    /// known without looking for players, so that a front end can show the kana from the first question.
    public static func isSilenceChosen(player: String?, environment: [String: String]) -> Bool {
        (player ?? environment[environmentKey]) == "none"
    }

    private static func named(_ requested: String, environment: [String: String]) -> AudioOutput {
        if requested == "none" { return .silent }
        let base = requested.split(separator: "/").last.map(String.init) ?? requested
        let kind: AudioPlayer.Kind? = switch base {
        case "paplay": .paplay
        case "pw-play": .pwPlay
        case "aplay": .aplay
        default: nil
        }
        guard let kind else {
            return .unavailable("unknown player \"\(requested)\"; --player and \(environmentKey) take paplay, pw-play, aplay or none")
        }
        guard let executable = find(requested, environment: environment) else {
            return .unavailable("player \"\(requested)\" not found; install it, or choose another")
        }
        return .player(AudioPlayer(kind: kind, executable: executable))
    }

    /// The absolute path of `command`: itself if it has a slash, else the first executable match in `$PATH`.
    static func find(_ command: String, environment: [String: String]) -> String? {
        if command.contains("/") {
            return access(command, X_OK) == 0 ? command : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(command)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func pulseServerLikely(_ environment: [String: String], _ runtimeDirectory: String) -> Bool {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return true }
        if let runtimePath = environment["PULSE_RUNTIME_PATH"], isSocket("\(runtimePath)/native") { return true }
        return isSocket("\(runtimeDirectory)/pulse/native")
    }

    private static func alsaHasPlaybackDevice() -> Bool {
        // Playback devices are named pcmC<card>D<device>p.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        return entries.contains { $0.hasPrefix("pcm") && $0.hasSuffix("p") }
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
