#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's text goes: standard output or standard error, or memory
/// in tests.
///
/// ```swift
/// io.output.writeLine("5\t五\tご\tgo")
/// io.output.write("answer: ")
/// io.output.flush()        // before waiting for the user to type
/// print(value, to: &output) // works too: it is a TextOutputStream
/// ```
///
/// Writing to a file descriptor goes through a buffer (64 KiB by default) that
/// is written out with one `write(2)` when full, at ``flush()``, and at exit, so
/// printing a million lines costs a few dozen system calls. When the descriptor
/// is a terminal, each write is flushed at once so prompts and answers appear as
/// they happen.
///
/// When the reader has gone away (`kazu read ... | head -1`), `write(2)` fails with
/// `EPIPE` (the program ignores `SIGPIPE`). The output then marks itself
/// ``isClosed``, drops everything after, and calls its `onBrokenPipe` handler;
/// the `kazu` program's handler exits quietly with status 0, like a program
/// that had finished. Streaming loops may also check ``isClosed`` to stop early.
///
/// Any other failure (`ENOSPC` on `/dev/full`, `EIO`, ...) also closes the output,
/// and is kept in ``writeFailure`` for the program to report once, at the end:
/// `error: cannot write standard output: No space left on device`, exit 1.
public final class TerminalOutput: TextOutputStream {
    private enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    private let destination: Destination
    private var buffer: [UInt8] = []
    private let capacity: Int
    private let flushesEveryWrite: Bool
    /// Called once when the reader has gone away; a command that must save its work first
    /// (a quiz session) puts its own here.
    public var onBrokenPipe: () -> Void
    /// Written out before each of this output's own writes, so that standard
    /// output and standard error keep their order on a terminal.
    private let flushFirst: TerminalOutput?

    /// True once the reader has closed the other end, or a write failed; later
    /// writes are dropped.
    public private(set) var isClosed = false

    /// The `errno` of the write that failed, other than `EPIPE`; nil while all is well.
    public private(set) var writeFailure: Int32?

    /// ``writeFailure`` in words, as `strerror` gives it: "No space left on device".
    public var writeFailureDescription: String? {
        writeFailure.map { String(cString: strerror($0)) }
    }

    /// Buffered output to `fileDescriptor`.
    ///
    /// - Parameters:
    ///   - bufferSize: bytes collected before one `write(2)`; 0 writes at once.
    ///   - flushing: another output to flush before each write here (standard
    ///     output, for standard error).
    ///   - onBrokenPipe: called once when the reader has gone away.
    public init(
        fileDescriptor: Int32,
        bufferSize: Int = 64 * 1024,
        flushing other: TerminalOutput? = nil,
        onBrokenPipe: @escaping () -> Void = {}
    ) {
        destination = .fileDescriptor(fileDescriptor)
        capacity = bufferSize
        flushesEveryWrite = bufferSize == 0 || isatty(fileDescriptor) == 1
        flushFirst = other
        self.onBrokenPipe = onBrokenPipe
        buffer.reserveCapacity(bufferSize)
    }

    private init(memory: ()) {
        destination = .memory
        capacity = .max
        flushesEveryWrite = false
        flushFirst = nil
        onBrokenPipe = {}
    }

    /// An output that keeps everything in memory, for tests: read it with ``text``.
    public static func inMemory() -> TerminalOutput {
        TerminalOutput(memory: ())
    }

    /// Everything written so far, for an in-memory output; what is still buffered
    /// for a file descriptor.
    public var text: String {
        String(decoding: buffer, as: UTF8.self)
    }

    public func write(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    public func write(_ string: Substring) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Writes `line` and a newline.
    public func writeLine(_ line: String = "") {
        write(line)
        append(newline: ())
    }

    /// Writes `line` and a newline.
    public func writeLine(_ line: Substring) {
        write(line)
        append(newline: ())
    }

    /// Writes raw UTF-8 bytes.
    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }

    /// Lets `write` append to the buffer itself: how a loop writes many rows without a copy
    /// each (`kazu read`). The buffer is written out first when full, and after `write` on a
    /// terminal, as for any write.
    ///
    /// ```swift
    /// try io.output.appendInPlace { try JapaneseNumbers.appendTabSeparatedLine(of: 3, to: &$0) }
    /// ```
    public func appendInPlace<E: Error>(_ write: (inout [UInt8]) throws(E) -> Void) throws(E) {
        guard !isClosed else { return }
        flushFirst?.flush()
        if buffer.count >= capacity { flush() }
        try write(&buffer)
        if flushesEveryWrite { flush() }
    }

    private func append(newline: ()) {
        guard !isClosed else { return }
        flushFirst?.flush()
        if buffer.count >= capacity { flush() }
        buffer.append(UInt8(ascii: "\n"))
        if flushesEveryWrite { flush() }
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isClosed, !bytes.isEmpty else { return }
        flushFirst?.flush()
        if buffer.count + bytes.count > capacity {
            flush()
            if bytes.count >= capacity {
                writeOut(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if flushesEveryWrite { flush() }
    }

    /// Writes out whatever is buffered. Does nothing for an in-memory output.
    public func flush() {
        guard case .fileDescriptor = destination, !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard case .fileDescriptor(let descriptor) = destination, !isClosed else { return }
        var offset = 0
        while offset < bytes.count {
            let written = writeToDescriptor(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let failure = errno
            switch failure {
            case EINTR:
                continue
            case EAGAIN:
                waitUntilWritable(descriptor)
            default:
                // EPIPE, and any other failure: nobody will read more of this.
                isClosed = true
                if failure == EPIPE {
                    onBrokenPipe()
                } else {
                    writeFailure = failure
                }
                return
            }
        }
    }

    deinit {
        flush()
    }
}

private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// For a descriptor someone made non-blocking: wait rather than spin.
private func waitUntilWritable(_ descriptor: Int32) {
    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    _ = poll(&request, 1, -1)
}
