#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of text from standard input (or any file descriptor, or a string in
/// tests), one at a time, in constant memory.
///
/// ```swift
/// for line in io.input {        // "12\r\n" arrives as "12"
///     guard !io.output.isClosed else { break }
///     io.output.writeLine(reading(of: line))
/// }
/// ```
///
/// Reads with `read(2)` into a buffer (64 KiB by default) and cuts lines out of
/// it with `memchr`, so memory stays at the buffer plus the longest line. A
/// line is returned without its `\n`, or `\r\n`; a last line with no newline
/// is still a line; an empty input has no lines. A UTF-8 byte-order mark at the
/// very start is skipped. Bytes that are not UTF-8 are replaced with U+FFFD
/// rather than stopping the read. A read error ends the input like its end
/// does, and is kept in ``readFailure`` for the command to report.
///
/// It is a class: it is one position in one stream, however many places read it.
public final class LineReader: Sequence, IteratorProtocol {
    private enum Source {
        case fileDescriptor(Int32)
        case bytes([UInt8], offset: Int)
    }

    private var source: Source
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// True until the first line is cut, which may begin with a byte-order mark.
    private var atStartOfStream = true

    /// The `errno` of the `read(2)` that failed (`EISDIR` for `kazu read < /tmp`);
    /// nil while all is well.
    public private(set) var readFailure: Int32?

    /// Lines longer than this many bytes are cut to it, the rest dropped as it is read, so
    /// memory stays bounded whatever arrives; ``lastLineWasCut`` says when it happened.
    public var longestLine = Int.max

    /// True when the line just returned was longer than ``longestLine`` and was cut.
    public private(set) var lastLineWasCut = false

    /// ``readFailure`` in words, as `strerror` gives it: "Is a directory".
    public var readFailureDescription: String? {
        readFailure.map { String(cString: strerror($0)) }
    }

    /// Lines read from `fileDescriptor` (which stays open).
    public init(fileDescriptor: Int32, bufferSize: Int = 64 * 1024) {
        source = .fileDescriptor(fileDescriptor)
        buffer = .allocate(capacity: Swift.max(bufferSize, 16))
    }

    /// Lines of `text`, read the same way as a file would be; for tests.
    public init(text: String, bufferSize: Int = 64 * 1024) {
        source = .bytes(Array(text.utf8), offset: 0)
        buffer = .allocate(capacity: Swift.max(bufferSize, 16))
    }

    deinit {
        buffer.deallocate()
    }

    /// The next line, or nil at the end of the input (or on a read error).
    public func next() -> String? {
        lastLineWasCut = false
        while true {
            if end - start > longestLine, indexOfNewline().map({ $0 - start > longestLine }) ?? true {
                return cutLongLine()
            }
            if let newline = indexOfNewline() {
                var lineEnd = newline
                if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = makeString(start..<lineEnd)
                start = newline + 1
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                var lineEnd = end
                if buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = makeString(start..<lineEnd)
                start = end
                return line
            }
            fill()
        }
    }

    /// Hands `body` each line's bytes as `next()` would make its String of them (no `\n` or
    /// `\r\n`, no byte-order mark on the first, cut to ``longestLine``, then `wasCut`), until
    /// the input ends or `body` returns false. For long inputs: the whole lines in the buffer go
    /// over without a String each, the position kept in locals. The bytes are the reader's,
    /// valid only inside `body`, and not checked to be UTF-8.
    public func forEachLine(_ body: (_ line: Span<UInt8>, _ wasCut: Bool) -> Bool) {
        lastLineWasCut = false
        while true {
            let held = buffer
            if !atStartOfStream, let base = held.baseAddress {
                var position = start
                let limit = end, longest = longestLine
                var more = true
                while more, position < limit,
                      let found = memchr(base + position, Int32(UInt8(ascii: "\n")), limit - position) {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if newline - position > longest { break }
                    var lineEnd = newline
                    if lineEnd > position, base[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    more = body(UnsafeBufferPointer(rebasing: held[position..<lineEnd]).span, false)
                    position = newline + 1
                }
                start = position
                if !more { return }
            }
            // A line not whole in the buffer yet, the first, a long one, the last: as `next()` reads it.
            guard var line = next() else { return }
            let wasCut = lastLineWasCut
            guard line.withUTF8({ body($0.span, wasCut) }) else { return }
        }
    }

    /// The first ``longestLine`` bytes of the line at `start`; the rest of it is read and dropped.
    private func cutLongLine() -> String {
        let line = makeString(start..<(start + longestLine))
        lastLineWasCut = true
        while true {
            if let newline = indexOfNewline() {
                start = newline + 1
                return line
            }
            start = end
            if reachedEnd { return line }
            fill()
        }
    }

    private func indexOfNewline() -> Int? {
        guard start < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func makeString(_ range: Range<Int>) -> String {
        var range = range
        if atStartOfStream {
            atStartOfStream = false
            if range.count >= 3, buffer[range.lowerBound] == 0xEF, buffer[range.lowerBound + 1] == 0xBB,
               buffer[range.lowerBound + 2] == 0xBF {
                range = (range.lowerBound + 3)..<range.upperBound
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Reads more bytes after the unread ones: moves those to the front first,
    /// and grows the buffer only when one line fills all of it.
    private func fill() {
        if start > 0 {
            let unread = end - start
            if unread > 0 {
                buffer.baseAddress!.update(from: buffer.baseAddress! + start, count: unread)
            }
            start = 0
            end = unread
        }
        if end == buffer.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            larger.baseAddress!.initialize(from: buffer.baseAddress!, count: end)
            buffer.deallocate()
            buffer = larger
        }
        let free = UnsafeMutableBufferPointer(rebasing: buffer[end...])
        let count = read(into: free)
        if count <= 0 {
            reachedEnd = true
        } else {
            end += count
        }
    }

    /// Bytes read into `free`; 0 at the end, and also on an error, which is kept
    /// in ``readFailure`` (the lines read so far are still good).
    private func read(into free: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch source {
        case .fileDescriptor(let descriptor):
            while true {
                let count = readFromDescriptor(descriptor, free.baseAddress!, free.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    readFailure = errno
                    return 0
                }
                return count
            }
        case .bytes(let bytes, let offset):
            let count = Swift.min(free.count, bytes.count - offset)
            _ = free.initialize(from: bytes[offset..<(offset + count)])
            source = .bytes(bytes, offset: offset + count)
            return count
        }
    }
}

private func readFromDescriptor(_ descriptor: Int32, _ into: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, into, count)
}
