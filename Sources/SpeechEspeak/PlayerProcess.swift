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
import Synchronization

/// A running audio player fed raw samples on its standard input, which can be killed at once.
///
/// Started with `posix_spawn` rather than Foundation's `Process` so that waiting,
/// killing and reaping are in our hands: the process is known to be gone when
/// `finish()` returns. Its standard error is kept (the last line explains a
/// failure) and never reaches the terminal; its standard output is discarded.
final class PlayerProcess: Sendable {
    /// How a player run ended.
    struct Outcome: Sendable {
        /// True when `terminate()` ended it.
        var terminated: Bool
        /// The exit status, or 128 + signal number.
        var status: Int32
        /// The last non-empty line the player wrote to standard error.
        var lastErrorLine: String
    }

    let pid: pid_t
    private let stdinFD: Int32
    private let stderrFD: Int32
    private let state = Mutex(State())

    private struct State {
        var exited = false
        var terminateRequested = false
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

        // The player gets default signal handling and an empty mask whatever this process uses.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
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
        self.stderrFD = errors.read
    }

    /// Writes `bytes` to the player, closes its input, and waits until it has exited and been reaped.
    ///
    /// `onFirstWrite` runs when the first bytes have been handed over.
    func play(_ bytes: [UInt8], onFirstWrite: @escaping @Sendable () -> Void = {}) async -> Outcome {
        let stdinFD = self.stdinFD
        let stderrFD = self.stderrFD
        // Three blocking jobs: feed stdin, drain stderr, wait for exit. None may wait on another,
        // or a player that fills its stderr pipe while we block on its stdin would hang us both.
        DispatchQueue.global().async {
            Self.writeAll(bytes, to: stdinFD, onFirstWrite: onFirstWrite)
            close(stdinFD)
        }
        let errorText = Mutex("")
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let text = Self.readAll(stderrFD)
            close(stderrFD)
            errorText.withLock { $0 = text }
            drained.signal()
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let status = self.waitForExit()
                drained.wait()
                let lastLine = errorText.withLock { text in
                    text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
                        .map { String($0) } ?? ""
                }
                let terminated = self.state.withLock { $0.terminateRequested }
                continuation.resume(returning: Outcome(terminated: terminated, status: status, lastErrorLine: lastLine))
            }
        }
    }

    /// Stops the player now: SIGTERM, then SIGKILL if it is still there 30 ms later.
    func terminate() {
        let alive = state.withLock { state in
            state.terminateRequested = true
            return !state.exited
        }
        guard alive else { return }
        kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
            // Checked under the lock: the process is not reaped until `exited` is set, so the pid is still ours.
            self.state.withLock { state in
                if !state.exited { kill(self.pid, SIGKILL) }
            }
        }
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

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, onFirstWrite: () -> Void) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            var reported = false
            while offset < buffer.count {
                // In pieces: a blocking write to a pipe returns only when every byte is in,
                // and the first piece should be counted as handed over when it is.
                let written = write(fd, buffer.baseAddress! + offset, min(buffer.count - offset, 8192))
                if written < 0 {
                    if errno == EINTR { continue }
                    return   // EPIPE: the player is gone; its exit status tells the story.
                }
                if !reported { reported = true; onFirstWrite() }
                offset += written
            }
        }
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
