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

/// Writes all of `bytes` to `path` through `open(2)` and `write(2)`: a regular file
/// is created or truncated (mode 0644 before the umask), and a device such as
/// `/dev/null`, a FIFO or a symlink's target is written through, never replaced.
func writeThrough(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
    var descriptor: Int32
    repeat {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw FileWriteError(path: path, code: errno) }
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
