#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why bytes could not be written to a path: the system's error number, shown as
/// its one-line `strerror` text.
///
/// ```swift
/// do { try WAVFile.write(audio, to: "missing/x.wav") }
/// catch let error as FileWriteError { print("cannot write \(error.path): \(error)") }
/// // cannot write missing/x.wav: No such file or directory
/// ```
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The `errno` value `open(2)` or `write(2)` failed with.
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    public var description: String { String(cString: strerror(code)) }
}

/// Writes all of `bytes` to `path` through `open(2)` and `write(2)`. A regular file (or a
/// new one) is replaced whole: the bytes go to a file beside it that is renamed over it once
/// all are written, so a write that fails (a full disk) or is cut short leaves the old file as
/// it was, never half a new one (mode 0644 before the umask). A device such as `/dev/null`, a
/// FIFO or a symlink's target is written through, never replaced; so is a file whose folder
/// cannot take the file beside it.
func writeThrough(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
    var status = stat()
    let isFile = lstat(path, &status) == 0 ? status.st_mode & S_IFMT == S_IFREG : errno == ENOENT
    let partial = path + ".kazu-partial-\(getpid())"
    guard isFile, let descriptor = try? openForWriting(partial) else {
        let descriptor = try openForWriting(path)
        try finish(descriptor, bytes, path: path)
        return
    }
    do {
        try finish(descriptor, bytes, path: path)
    } catch {
        unlink(partial)
        throw error
    }
    guard rename(partial, path) == 0 else {
        let code = errno
        unlink(partial)
        throw FileWriteError(path: path, code: code)
    }
}

/// `path` opened to be written from its start, created if need be.
private func openForWriting(_ path: String) throws(FileWriteError) -> Int32 {
    var descriptor: Int32
    repeat {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw FileWriteError(path: path, code: errno) }
    return descriptor
}

/// Writes `bytes` to `descriptor` and closes it; a failure is reported as `path`'s.
private func finish(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(FileWriteError) {
    var failure: Int32?
    bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                failure = written < 0 ? errno : EIO
                return
            }
        }
    }
    // close(2) can report a delayed write error (NFS, a full disk); EINTR here
    // leaves the descriptor closed on Linux, so it is not retried.
    if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
    if let failure { throw FileWriteError(path: path, code: failure) }
}
