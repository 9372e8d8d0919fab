import Dispatch
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
import CEspeakNG
import Locking
import SpeechClient

/// A running audio player fed raw samples on its standard input, which can be killed at once.
///
/// Started with `posix_spawn` rather than Foundation's `Process` so that waiting,
/// killing and reaping are in our hands: the process is known to be gone when
/// `finish()` returns, and is reaped even if nobody asks. Its standard error is kept
/// (the last line explains a failure) and never reaches the terminal; its standard
/// output is discarded. Samples can be fed while they are being made: `feed` never
/// blocks its caller (the writes happen in order on a queue of the player's own).
final class PlayerProcess: Sendable {
    /// How a player run ended.
    struct Outcome: Sendable {
        /// True when `terminate()` ended it: it was still running when it was told to stop. A
        /// player that had exited on its own before then has its own outcome, failure or not.
        var terminated: Bool
        /// The exit status, or 128 + signal number.
        var status: Int32
        /// The last non-empty line the player wrote to standard error.
        var lastErrorLine: String
    }

    let pid: pid_t
    private let stdinFD: Int32
    private let state = PthreadLocked(State())
    /// Writes to the player's standard input, in the order they were fed.
    private let writer = DispatchQueue(label: "kazu.player-input")

    private struct State {
        var exited = false
        var terminateRequested = false
        /// Set when `terminate()` found the player still running and signalled it.
        var stoppedWhileRunning = false
        /// Set on `writer` (or at deinit) when standard input is closed.
        var inputClosed = false
        /// Set on `writer` when a write fails: the player is gone, the rest is dropped.
        var inputFailed = false
        /// When the first bytes were handed over.
        var firstWrite: ContinuousClock.Instant?
        var outcome: Outcome?
        var waiting: [@Sendable (Outcome) -> Void] = []
    }

    /// Starts `executable` with standard input and error connected to pipes.
    init(executable: String, arguments: [String], environment: [String: String]) throws {
        Self.ignoreSIGPIPE
        let input = try Self.makePipe()
        let errors: (read: Int32, write: Int32)
        do { errors = try Self.makePipe() } catch {
            close(input.read); close(input.write); throw error
        }
        defer { close(input.read); close(errors.write) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        // Nothing else of this process: a descriptor another thread made meanwhile without
        // close-on-exec (a lock, the end of a pipe) would stay open as long as the player runs.
        _ = kazu_spawn_close_from(&actions, 3)

        // The player gets default signal handling and an empty mask whatever this process uses.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaultSignals, number) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(input.write); close(errors.read)
            throw PlayerLaunchError(executable: executable, code: result)
        }
        self.pid = pid
        self.stdinFD = input.write
        watch(errors: errors.read)
    }

    deinit {
        // Every job on `writer` holds the player, so none is left to close the input.
        if !state.withLock({ $0.inputClosed }) { close(stdinFD) }
    }

    /// Whether `terminate()` has been called: what is fed from then on is dropped.
    var isTerminating: Bool { state.withLock { $0.terminateRequested } }

    /// Whether the player has exited (it may not have been reaped yet).
    var hasExited: Bool { state.withLock { $0.exited || Self.hasEnded(pid) } }

    /// When the first bytes fed were handed to the player; nil until then.
    var firstWrite: ContinuousClock.Instant? { state.withLock { $0.firstWrite } }

    /// Hands `bytes` to the player after what was fed before, without waiting for the write.
    func feed(_ bytes: [UInt8]) {
        writer.async { self.writeAll(bytes) }
    }

    /// Hands `samples` to the player as `s16le` bytes, as `feed(_:)` does.
    func feed(samples: UnsafeBufferPointer<Int16>) {
        #if _endian(little)
        feed(Array(UnsafeRawBufferPointer(samples)))
        #else
        feed(PCMAudio(samples: Array(samples), sampleRate: 1).littleEndianBytes)
        #endif
    }

    /// Closes the player's input once what was fed has been written: it plays that and exits.
    func endInput() {
        writer.async { self.closeInput() }
    }

    /// Waits until the player has exited and been reaped.
    func finish() async -> Outcome {
        await withCheckedContinuation { continuation in
            whenFinished { continuation.resume(returning: $0) }
        }
    }

    /// Waits until the player has exited and been reaped, or until `deadline`, whichever comes
    /// first: nil at the deadline, with the player still running.
    func finish(by deadline: ContinuousClock.Instant) async -> Outcome? {
        await withCheckedContinuation { continuation in
            let resumed = PthreadLocked(false)
            let resumeOnce: @Sendable (Outcome?) -> Void = { outcome in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: outcome) }
            }
            whenFinished { resumeOnce($0) }
            let wait = ContinuousClock.now.duration(to: deadline)
            let nanoseconds = max(0, wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { resumeOnce(nil) }
        }
    }

    /// Runs `body` with the outcome once the player has been reaped (at once if it has been).
    private func whenFinished(_ body: @escaping @Sendable (Outcome) -> Void) {
        let outcome = state.withLock { state -> Outcome? in
            if state.outcome == nil { state.waiting.append(body) }
            return state.outcome
        }
        if let outcome { body(outcome) }
    }

    /// Drains standard error and waits for the exit, each on a thread of its own: none may wait
    /// on another, or a player that fills its stderr pipe while we block on its stdin would hang
    /// us both. Threads of their own, not Dispatch's: on a machine with two cores, two calls
    /// blocked for the length of the sound would hold every worker Dispatch had, and a timer on
    /// its queues (the end of the sound) would wait for the player to exit.
    private func watch(errors stderrFD: Int32) {
        let errorText = PthreadLocked("")
        let drained = DispatchSemaphore(value: 0)
        startDetachedThread {
            let text = Self.readAll(stderrFD)
            close(stderrFD)
            errorText.withLock { $0 = text }
            drained.signal()
        }
        startDetachedThread {
            let status = self.waitForExit()
            // Its last words, but not what a child it left behind holds open: a wrapper
            // script's background job would otherwise hold up every stop until it ended.
            // (Half a second: a busy machine may take a while to run the reader, whose text
            // is whole only once it has read to the end.)
            _ = drained.wait(timeout: .now() + .milliseconds(500))
            let lastLine = errorText.withLock { text in
                text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
                    .map { String($0) } ?? ""
            }
            // Input nobody closed (the player died first) is closed now.
            self.endInput()
            let waiting = self.state.withLock { state in
                state.outcome = Outcome(terminated: state.stoppedWhileRunning, status: status, lastErrorLine: lastLine)
                defer { state.waiting = [] }
                return (state.waiting, state.outcome!)
            }
            for body in waiting.0 { body(waiting.1) }
        }
    }

    /// Stops the player now: SIGTERM, then SIGKILL if it is still there 30 ms later. False when
    /// it had already exited on its own, even if the thread waiting for it has not seen it yet:
    /// its outcome is then its own (a failure stays a failure).
    @discardableResult
    func terminate() -> Bool {
        // Signalled under the lock: the process is not reaped until `exited` is set, so the
        // pid is still ours.
        let alive = state.withLock { state in
            state.terminateRequested = true
            guard !state.exited, !Self.hasEnded(pid) else { return false }
            state.stoppedWhileRunning = true
            kill(pid, SIGTERM)
            return true
        }
        endInput()
        guard alive else { return false }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
            // Checked under the lock: the process is not reaped until `exited` is set, so the pid is still ours.
            self.state.withLock { state in
                if !state.exited { kill(self.pid, SIGKILL) }
            }
        }
        return true
    }

    /// Whether `pid` has exited, without reaping it or waiting. Only while `exited` is false
    /// (under the lock), when the pid cannot have been reaped and reused.
    private static func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        // With WNOHANG, a child still running leaves `si_signo` zero.
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo == SIGCHLD
    }

    /// Blocks until the player exits, marks it exited, then reaps it.
    private func waitForExit() -> Int32 {
        // Wait without reaping first, so that `terminate()` can never signal a recycled pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        state.withLock { $0.exited = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// On `writer`: writes every byte unless the player is gone or being stopped.
    private func writeAll(_ bytes: [UInt8]) {
        let skip = state.withLock { $0.inputClosed || $0.inputFailed || $0.terminateRequested }
        if skip { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // In pieces: a blocking write to a pipe returns only when every byte is in,
                // and the first piece should be counted as handed over when it is.
                let written = write(stdinFD, buffer.baseAddress! + offset, min(buffer.count - offset, 8192))
                if written < 0 {
                    if errno == EINTR { continue }
                    // EPIPE: the player is gone; its exit status tells the story.
                    state.withLock { $0.inputFailed = true }
                    return
                }
                if offset == 0 {
                    let now = ContinuousClock.now
                    state.withLock { state in
                        if state.firstWrite == nil { state.firstWrite = now }
                    }
                }
                offset += written
            }
        }
    }

    /// On `writer`: closes standard input, once.
    private func closeInput() {
        let open = state.withLock { state in
            defer { state.inputClosed = true }
            return !state.inputClosed
        }
        if open { close(stdinFD) }
    }

    private static func readAll(_ fd: Int32) -> String {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data += chunk[0..<count]
            if data.count > 16_384 { data.removeFirst(data.count - 16_384) }   // only the end matters
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw PlayerLaunchError(executable: "pipe", code: errno)
        }
        // Close-on-exec, so no other child inherits the player's pipe ends and keeps them open.
        // (Glibc's pipe2 is not visible from Swift; the gap between the calls is a few instructions.)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    // A write to a player that has died must fail with EPIPE, not kill this process.
    private static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}

/// A player could not be started.
struct PlayerLaunchError: Error, CustomStringConvertible {
    var executable: String
    var code: Int32
    var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}
