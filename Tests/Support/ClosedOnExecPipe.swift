import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pipe for one child process, made with both ends closed on exec at once (`pipe2`), so
/// that no program started meanwhile from this process (a test beside this one starting
/// kazu, a player an engine test starts) inherits them. A plain `Pipe()` is open to that
/// until it is marked: an inherited read end keeps a closed output from failing with EPIPE,
/// as an inherited write end keeps an input from ending. Hand the child its end, and close
/// that end here once the child has started:
///
/// ```swift
/// let output = ClosedOnExecPipe()
/// process.standardOutput = output.fileHandleForWriting
/// try process.runHoldingSpawnLock()
/// try output.fileHandleForWriting.close()
/// ```
public final class ClosedOnExecPipe {
    public let fileHandleForReading: FileHandle
    public let fileHandleForWriting: FileHandle

    public init() {
        var ends: [Int32] = [-1, -1]
        precondition(makePipe(&ends, O_CLOEXEC) == 0, "cannot make a pipe: \(String(cString: strerror(errno)))")
        fileHandleForReading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        fileHandleForWriting = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}

/// The C library's `pipe2`, which Glibc's module leaves out (it is a GNU extension).
@_silgen_name("pipe2")
private func makePipe(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// Held while the helpers here start a process, so that no two start at once: `Process`
/// may hold descriptors of its own open for a moment as it starts a child.
public let spawnLock = NSLock()

extension Process {
    /// `run()` while no pipe is half made.
    public func runHoldingSpawnLock() throws {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        try run()
    }
}
