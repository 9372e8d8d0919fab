import CEspeakNG
import Foundation
import KazuKit
import KazuTestSupport
import Testing

/// A session ended by two things at once (a terminal closing: SIGHUP and the end of input;
/// a signal, the time limit or a closed pipe while input still streams; two signals back to
/// back) is saved once, and kazu exits once, after the save, with the first ending's status.
/// Each case runs many times: the loss these guard against came from a race.
@Suite("sessions ended by two things at once", .serialized)
struct EndingTests {
    /// A home of its own for each run: a run's history holds that run's session alone.
    static func freshHome() throws -> (home: TemporaryDirectory, environment: [String: String]) {
        let (home, environment) = try temporaryKazuHome("kazu-endings")
        // No colours on the terminal, so that the questions read as plain text.
        return (home, environment.merging(["NO_COLOR": "1"]) { $1 })
    }

    // Each run drives kazu on a thread of its own (`onItsOwnThread`): its waits would
    // otherwise hold a thread of the cooperative pool for the suite's minute. What a run saw
    // comes back, and is checked here.

    /// Runs an infinite reading session on a real terminal, answers one question, waits for
    /// the next, ends it with `ending`, and gives the number of sessions its history holds.
    static func sessionsKeptAfterEnding(_ ending: @escaping @Sendable (KazuTerminal) throws -> Void) async throws -> Int {
        try await onItsOwnThread {
            let (home, environment) = try Self.freshHome()
            let terminal = try KazuTerminal(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"],
                                            environment: environment)
            let question = try terminal.readLine(containing: "[#1]")
            try terminal.send(try answer(toReadingLine: question))
            try terminal.readLine(containing: "[#2]")
            try ending(terminal)
            try terminal.waitForExit()
            return historyLines(in: home.path).count
        }
    }

    /// Closing the terminal window: SIGHUP, the end of input and failing writes together,
    /// through a real pseudo-terminal.
    @Test func aClosedTerminalKeepsTheSession() async throws {
        for run in 1...20 {
            let sessions = try await Self.sessionsKeptAfterEnding { $0.hangUp() }
            #expect(sessions == 1, "run \(run): the session was lost")
        }
    }

    /// Ctrl-C then Ctrl-D typed at once on a terminal: the session is kept.
    @Test func ctrlCThenCtrlDKeepsTheSession() async throws {
        for run in 1...6 {
            let sessions = try await Self.sessionsKeptAfterEnding { try $0.type([0x03, 0x04]) }
            #expect(sessions == 1, "run \(run): the session was lost")
        }
    }

    /// `yes $':a\n' | kazu quiz money.conbini --infinite --no-audio`, then a signal: the
    /// input keeps coming while the session is saved.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalWhileInputStreamsKeepsTheSession(signal: Int32, status: Int32) async throws {
        for run in 1...6 {
            let (exitStatus, sessions) = try await onItsOwnThread {
                let (home, environment) = try Self.freshHome()
                let session = try StreamedSession(["quiz", "money.conbini", "--infinite", "--no-audio"],
                                                  environment: environment, in: home.path)
                try session.waitForOutput()
                kill(session.kazu.processIdentifier, signal)
                return (try session.waitForExit(), historyLines(in: home.path).count)
            }
            #expect(exitStatus == status, "run \(run)")
            #expect(sessions == 1, "run \(run): the session was lost")
        }
    }

    /// The time limit running out while input streams.
    @Test func theTimeLimitWhileInputStreamsKeepsTheSession() async throws {
        for run in 1...2 {
            let (exitStatus, endings) = try await onItsOwnThread {
                let (home, environment) = try Self.freshHome()
                let session = try StreamedSession(["quiz", "money.conbini", "--time", "1", "--no-audio"],
                                                  environment: environment, in: home.path)
                let exitStatus = try session.waitForExit()
                let records = try HistoryClient.live(StorageLocations(configDirectory: home.path + "/config",
                                                                      dataDirectory: home.path + "/data")).load().records
                return (exitStatus, records.map(\.ending))
            }
            #expect(exitStatus == 0, "run \(run)")
            #expect(endings == [.timeUp], "run \(run): \(endings)")
        }
    }

    /// `... | head -20`: the reader of the output goes away while input streams; kazu saves,
    /// then exits 141 as a Unix tool SIGPIPE ended does.
    @Test func aClosedOutputPipeWhileInputStreamsKeepsTheSession() async throws {
        for run in 1...6 {
            let (output, sessions) = try await onItsOwnThread {
                let (home, environment) = try Self.freshHome()
                let script = #"yes ':a' | "$0" quiz money.conbini --infinite --no-audio 2>/dev/null | head -20 >/dev/null; echo "${PIPESTATUS[1]}""#
                let result = try KazuProcess.run(["-c", script, KazuProcess.executablePath], environment: environment,
                                                 executable: "/bin/bash")
                return (result.output, historyLines(in: home.path).count)
            }
            #expect(output == "141\n", "run \(run): \(output)")
            #expect(sessions == 1, "run \(run): the session was lost")
        }
    }

    /// How a kazu sent two SIGINTs back to back `delay` µs after it started ended, and how
    /// many sessions its history then held.
    static func sendTwoSignals(after delay: Int) throws -> (ended: ProcessEnd, sessions: Int) {
        let (home, environment) = try freshHome()
        let kazu = try spawnKazu(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"], environment: environment)
        usleep(useconds_t(delay))
        kill(kazu, SIGINT)
        kill(kazu, SIGINT)
        return (try waitForExit(kazu), historyLines(in: home.path).count)
    }

    /// Two SIGINTs back to back while kazu starts: none is lost. Before the session can save
    /// anything a signal ends kazu as it ends any program; once it can, the session ends as
    /// Ctrl-C ends it. Never does kazu go on. The runs find the moment the session takes the
    /// signals over (a few milliseconds further each run), then send them around it, where a
    /// signal could fall between the two.
    @Test func twoSignalsBackToBackWhileKazuStartsAreNotLost() async throws {
        let (tookOver, runs) = try await onItsOwnThread {
            var runs: [(delay: Int, ended: ProcessEnd, sessions: Int)] = []
            var takenOver = 0
            while true {
                let (ended, sessions) = try Self.sendTwoSignals(after: takenOver)
                runs.append((takenOver, ended, sessions))
                if ended == .status(130) { break }
                takenOver += 3_000
                if takenOver >= 2_000_000 { return (false, runs.map { "\($0.delay) \($0.ended) \($0.sessions)" }) }
            }
            for run in 0..<40 {
                let delay = max(0, takenOver - 5_000 + run * 250)
                let (ended, sessions) = try Self.sendTwoSignals(after: delay)
                runs.append((delay, ended, sessions))
            }
            return (true, runs.map { "\($0.delay) \($0.ended) \($0.sessions)" })
        }
        #expect(tookOver, "the session never took the signals over")
        for run in runs {
            let parts = run.split(separator: " ")
            // Ended by the signal itself, or by the session on it: never went on.
            #expect(run.contains("signal \(SIGINT)") || run.contains("exit 130"), "after \(parts[0]) µs: \(run)")
            #expect(parts.last == "0", "after \(parts[0]) µs: nothing was answered, so nothing is saved: \(run)")
        }
    }

    /// Two SIGINTs back to back mid-session: the session is saved once and kazu exits 130.
    @Test func twoSignalsBackToBackMidSessionKeepTheSession() async throws {
        for run in 1...20 {
            let (exitStatus, sessions) = try await onItsOwnThread {
                let (home, environment) = try Self.freshHome()
                let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"],
                                            environment: environment)
                let question = try dialog.readLine(containing: "[#1]")
                try dialog.send(try answer(toReadingLine: question))
                try dialog.readLine(containing: "[#2]")
                dialog.signal(SIGINT)
                dialog.signal(SIGINT)
                return (try dialog.waitForExit(), historyLines(in: home.path).count)
            }
            #expect(exitStatus == 130, "run \(run)")
            #expect(sessions == 1, "run \(run): the session was lost")
        }
    }
}

/// `yes ':a' | kazu ARGUMENTS > output`: kazu's input never ends, and its output goes to a file.
final class StreamedSession {
    let yes = Process()
    let kazu = Process()
    let outputPath: String

    init(_ arguments: [String], environment: [String: String], in directory: String) throws {
        let pipe = ClosedOnExecPipe()
        outputPath = directory + "/output"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        yes.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
        yes.arguments = [":a"]
        yes.standardOutput = pipe.fileHandleForWriting
        kazu.executableURL = URL(fileURLWithPath: KazuProcess.executablePath)
        kazu.arguments = arguments
        kazu.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        kazu.standardInput = pipe.fileHandleForReading
        kazu.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        kazu.standardError = FileHandle.nullDevice
        try yes.run()
        try kazu.run()
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
    }

    deinit {
        for process in [kazu, yes] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits until kazu has answered some questions.
    func waitForOutput(bytes: Int = 4_000, timeout: Duration = .seconds(15)) throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ((try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0) < bytes {
            guard ContinuousClock.now < deadline else { throw StreamedSessionTimeout(waitingFor: "kazu's output") }
            usleep(2_000)
        }
    }

    /// Waits for kazu to exit and returns its status; kills it after `timeout`. `yes` ends then.
    func waitForExit(timeout: Duration = .seconds(15)) throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while kazu.isRunning && ContinuousClock.now < deadline { usleep(2_000) }
        if yes.isRunning { kill(yes.processIdentifier, SIGKILL) }
        if kazu.isRunning {
            kill(kazu.processIdentifier, SIGKILL)
            throw StreamedSessionTimeout(waitingFor: "kazu to exit")
        }
        return kazu.terminationStatus
    }
}

struct StreamedSessionTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var description: String { "waited too long for \(waitingFor)" }
}

/// How a process spawned with `spawnKazu` ended.
enum ProcessEnd: Equatable, CustomStringConvertible {
    case status(Int32)
    case signal(Int32)

    var description: String {
        switch self {
        case let .status(status): "exit \(status)"
        case let .signal(number): "killed by signal \(number)"
        }
    }
}

/// Starts the built kazu, standard input an empty pipe held open, output to nowhere: a child
/// whose exit this test waits for itself, so as to tell a signal's death from an exit status.
func spawnKazu(_ arguments: [String], environment: [String: String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Standard input stays open (the test's own end of a pipe is never written), so that only
    // the signals end the session.
    let input = ClosedOnExecPipe()
    posix_spawn_file_actions_adddup2(&actions, input.fileHandleForReading.fileDescriptor, 0)
    posix_spawn_file_actions_addclose(&actions, input.fileHandleForReading.fileDescriptor)
    posix_spawn_file_actions_addclose(&actions, input.fileHandleForWriting.fileDescriptor)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // Nothing else of the test process: a dialog's pipe, or the socket through which
    // Foundation's `Process` learns that a dialog's kazu exited, held here would keep that
    // kazu's output writable or its exit unseen for as long as this one runs.
    _ = kazu_spawn_close_from(&actions, 3)
    let argv = ([KazuProcess.executablePath] + arguments).map { strdup($0) } + [nil]
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    spawnLock.lock()
    heldInputs.append(input)
    let status = posix_spawn(&pid, KazuProcess.executablePath, &actions, nil, argv, envp)
    spawnLock.unlock()
    guard status == 0 else { throw StreamedSessionTimeout(waitingFor: "kazu to start (posix_spawn: \(status))") }
    return pid
}

/// The write ends of the pipes spawned kazus read, kept open for the test run; changed
/// only under `spawnLock`.
nonisolated(unsafe) private var heldInputs: [ClosedOnExecPipe] = []

/// Waits for a spawned kazu to end; kills it after `timeout` and fails.
func waitForExit(_ pid: pid_t, timeout: Duration = .seconds(15)) throws -> ProcessEnd {
    try waitForExitMeasuringMemory(pid, timeout: timeout).ended
}

/// Waits for a spawned kazu to end, and gives its peak resident memory in kilobytes as well,
/// as `/proc` showed it last before the end (the high-water mark of its own memory: a
/// wait's `ru_maxrss` would count the test process's, which the child shared until exec).
func waitForExitMeasuringMemory(_ pid: pid_t, timeout: Duration = .seconds(15)) throws -> (ended: ProcessEnd, peakKilobytes: Int) {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var status: Int32 = 0
    var peak = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            peak = max(peak, kilobytes)
        }
        if waitpid(pid, &status, WNOHANG) != 0 { break }
        guard ContinuousClock.now < deadline else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw StreamedSessionTimeout(waitingFor: "kazu to exit: it went on")
        }
        usleep(1_000)
    }
    // The wait status: the signal in the low 7 bits, else the exit status above them.
    let ended: ProcessEnd = status & 0x7F == 0 ? .status((status >> 8) & 0xFF) : .signal(status & 0x7F)
    return (ended, peak)
}
