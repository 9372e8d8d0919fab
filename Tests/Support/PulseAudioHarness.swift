import Foundation
import SpeechClient

/// A private PulseAudio server with one null sink, for playing sound in tests and recording what was played.
///
/// Runs in its own temporary directory, so it never meets a desktop's server.
/// Point a player at it with `environment` (it sets `PULSE_SERVER`).
///
/// ```swift
/// let pulse = try PulseAudioHarness.start()
/// defer { pulse.shutDown() }
/// let recording = try pulse.startRecording(sampleRate: 22050)
/// try await SpeechClient.espeak(environment: pulse.environment).speak(Utterance("いち"))
/// let heard = try recording.finish()       // PCMAudio of the sink's monitor
/// ```
public final class PulseAudioHarness: @unchecked Sendable {
    // @unchecked: every property is a constant.

    /// Why the harness could not do its job; the description says what to do.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The null sink every stream plays to.
    public let sinkName: String
    /// The temporary directory holding the server's socket, pid file and state.
    public let directory: String
    /// The server's process id (the server daemonises, so it is not our child).
    public let serverPID: pid_t

    /// Variables that send PulseAudio clients to this server.
    public var environment: [String: String] {
        [
            "PULSE_SERVER": "unix:\(directory)/pulse/native",
            "PULSE_RUNTIME_PATH": "\(directory)/pulse",
            "XDG_RUNTIME_DIR": directory,
            "KAZU_PLAYER": "paplay",
        ]
    }

    private init(sinkName: String, directory: String, serverPID: pid_t) {
        self.sinkName = sinkName
        self.directory = directory
        self.serverPID = serverPID
    }

    /// Starts a server with a null sink named `sinkName` and waits until its socket answers.
    public static func start(sinkName: String = "kazu") throws -> PulseAudioHarness {
        let environment = ProcessInfo.processInfo.environment
        for tool in ["pulseaudio", "parec", "paplay"] where AudioToolLocator.path(of: tool, environment) == nil {
            throw Failure(description: "\(tool) is not installed: run .ci/deps (it installs pulseaudio and pulseaudio-utils)")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kazu-pulse-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: "\(directory)/pulse", withIntermediateDirectories: true)

        var serverEnvironment = environment
        serverEnvironment["HOME"] = directory
        serverEnvironment["XDG_RUNTIME_DIR"] = directory
        serverEnvironment["XDG_CONFIG_HOME"] = "\(directory)/config"
        serverEnvironment["PULSE_RUNTIME_PATH"] = "\(directory)/pulse"
        serverEnvironment["PULSE_STATE_PATH"] = "\(directory)/state"
        serverEnvironment.removeValue(forKey: "PULSE_SERVER")

        // -n: no default.pa, so only these two modules load. --daemonize returns once the server is up.
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: AudioToolLocator.path(of: "pulseaudio", environment)!)
        launcher.arguments = [
            "--daemonize=yes", "--exit-idle-time=-1", "-n", "--system=false", "--use-pid-file=yes",
            "--load=module-null-sink sink_name=\(sinkName)",
            "--load=module-native-protocol-unix",
        ]
        launcher.environment = serverEnvironment
        // A file, not a pipe: the daemon could keep a pipe open long after the launcher has exited.
        let log = "\(directory)/pulseaudio.log"
        guard FileManager.default.createFile(atPath: log, contents: nil) else {
            throw Failure(description: "cannot create \(log)")
        }
        launcher.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        launcher.standardOutput = FileHandle.nullDevice
        try launcher.runHoldingSpawnLock()
        launcher.waitUntilExit()
        guard launcher.terminationStatus == 0 else {
            let errorText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "pulseaudio did not start (exit \(launcher.terminationStatus)): \(errorText)")
        }

        let socket = "\(directory)/pulse/native"
        let pidFile = "\(directory)/pulse/pid"
        try poll("the PulseAudio socket at \(socket)", timeout: .seconds(5)) {
            FileManager.default.fileExists(atPath: socket) && FileManager.default.fileExists(atPath: pidFile)
        }
        let pidText = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
        guard let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "pulseaudio wrote no pid to \(pidFile)")
        }
        return PulseAudioHarness(sinkName: sinkName, directory: directory, serverPID: pid)
    }

    /// Starts recording the null sink's monitor as 16-bit mono at `sampleRate`, and waits until samples flow.
    public func startRecording(sampleRate: Int) throws -> Recording {
        try Recording(harness: self, sampleRate: sampleRate)
    }

    /// Stops the server, waits until it is gone, and removes its directory.
    public func shutDown() {
        kill(serverPID, SIGTERM)
        if (try? Self.poll("pulseaudio to exit", timeout: .seconds(3), until: { !self.serverRunning })) == nil {
            kill(serverPID, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Whether the server process is still alive. A daemon is re-parented to pid 1, which in a
    /// container may never reap it, so a zombie counts as gone.
    private var serverRunning: Bool {
        guard kill(serverPID, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(serverPID)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    /// Checks `condition` every 5 ms until it holds, or throws after `timeout`. It blocks its
    /// thread: for what another process does. To wait for a task of this one, use `waitUntil`.
    public static func poll(_ what: String, timeout: Duration, until condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for \(what)") }
            usleep(5_000)
        }
    }

    /// Checks `condition` every 5 ms until it holds, or throws after `timeout`, giving its
    /// thread back between checks. The task that is to make `condition` hold (a speak) runs
    /// on the same few threads as the tests: a test blocking one of them in `poll` while
    /// another test blocks the other (reading a `kazu` it started, on a 2-core machine) left
    /// the speak no thread to start on, and the wait timed out under load.
    public static func waitUntil(_ what: String, timeout: Duration, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// A `parec` run writing the sink's monitor to a file.
    public final class Recording: @unchecked Sendable {
        // @unchecked: the process is started in init and only stopped in finish.
        public let sampleRate: Int
        public let file: String
        private let process: Process

        fileprivate init(harness: PulseAudioHarness, sampleRate: Int) throws {
            self.sampleRate = sampleRate
            file = "\(harness.directory)/recording-\(UUID().uuidString.prefix(8)).raw"
            guard FileManager.default.createFile(atPath: file, contents: nil) else {
                throw Failure(description: "cannot create \(file)")
            }
            process = Process()
            process.executableURL = URL(fileURLWithPath:
                AudioToolLocator.path(of: "parec", ProcessInfo.processInfo.environment)!)
            process.arguments = [
                "-d", "\(harness.sinkName).monitor", "--raw", "--format=s16le",
                "--rate=\(sampleRate)", "--channels=1", "--latency-msec=20",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(harness.environment) { $1 }
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            process.standardError = FileHandle.nullDevice
            try process.runHoldingSpawnLock()
            // A monitor delivers silence while nothing plays, so bytes in the file mean parec is connected.
            try PulseAudioHarness.poll("parec to start recording", timeout: .seconds(5)) {
                self.byteCount > 0 || !self.process.isRunning
            }
            guard process.isRunning else { throw Failure(description: "parec exited at once (status \(process.terminationStatus))") }
        }

        private var byteCount: Int {
            ((try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? Int) ?? 0
        }

        /// The samples recorded so far.
        public func samples() -> PCMAudio {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            let samples = data.withUnsafeBytes { raw in
                (0..<data.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: Int16.self)) }
            }
            return PCMAudio(samples: samples, sampleRate: sampleRate)
        }

        /// Waits until the recording holds sound followed by `trailingSilence` of quiet, then stops parec.
        ///
        /// Sound reaches a monitor a little after the player has exited, so this polls the file
        /// instead of stopping at once.
        public func finish(trailingSilence: Duration = .milliseconds(300), timeout: Duration = .seconds(10)) throws -> PCMAudio {
            defer {
                // SIGKILL, not SIGINT: Foundation's Process starts children with the spawning
                // thread's signal mask, and Swift's worker threads block SIGINT and SIGTERM.
                // parec writes straight to the file, so nothing is lost.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let quietSamples = Int(Double(sampleRate) * Double(trailingSilence.components.attoseconds) / 1e18
                + Double(sampleRate) * Double(trailingSilence.components.seconds))
            try PulseAudioHarness.poll("the recording to end in silence", timeout: timeout) {
                let audio = samples()
                guard let span = audio.soundSpan() else { return false }
                return audio.samples.count - span.upperBound >= quietSamples
            }
            return samples()
        }
    }
}

/// Finds command-line tools on `$PATH`.
public enum AudioToolLocator {
    public static func path(of tool: String, _ environment: [String: String]) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension PCMAudio {
    /// The index range from the first to the last sample louder than `threshold`; nil for silence.
    public func soundSpan(threshold: Int16 = 500) -> Range<Int>? {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > threshold }),
              let last = samples.lastIndex(where: { abs(Int($0)) > threshold })
        else { return nil }
        return first..<(last + 1)
    }

    /// The seconds from the first to the last loud sample.
    public var soundSeconds: Double {
        Double(soundSpan()?.count ?? 0) / Double(sampleRate)
    }
}
