import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Pipe {
    /// A pipe for one child process: its ends are closed on exec, so that a program started
    /// meanwhile (a test beside this one starting kazu) does not inherit them; the copy that
    /// `Process` or `posix_spawn` makes as the child's standard stream is open as ever. A
    /// plain `Pipe()` is inherited, and an inherited read end keeps a closed output from
    /// failing with EPIPE, as an inherited write end keeps an input from ending.
    ///
    /// ```swift
    /// let output = Pipe.closedOnExec()
    /// process.standardOutput = output
    /// ```
    public static func closedOnExec() -> Pipe {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let pipe = Pipe()
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
        return pipe
    }
}

/// Held while a pipe is made and its ends marked closed on exec, and while the helpers here
/// start a process: a child started in between (a PulseAudio server that lives for a whole
/// suite) would inherit the new ends and keep another test's input from ever ending.
public let spawnLock = NSLock()

extension Process {
    /// `run()` while no pipe is half made.
    public func runHoldingSpawnLock() throws {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        try run()
    }
}
