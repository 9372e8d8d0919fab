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
/// it, so memory stays at the buffer plus the longest line. A
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
    private var buffer: [UInt8]
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
        buffer = [UInt8](repeating: 0, count: Swift.max(bufferSize, 16))
    }

    /// Lines of `text`, read the same way as a file would be; for tests.
    public init(text: String, bufferSize: Int = 64 * 1024) {
        source = .bytes(Array(text.utf8), offset: 0)
        buffer = [UInt8](repeating: 0, count: Swift.max(bufferSize, 16))
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
            if !atStartOfStream {
                // A copy of the array (the same storage, released before `fill` writes to it).
                let held = buffer
                let bytes = held.span
                var position = start
                let limit = end, longest = longestLine
                var more = true
                while more, position < limit {
                    var newline = position
                    while newline < limit && bytes[newline] != UInt8(ascii: "\n") { newline += 1 }
                    if newline == limit || newline - position > longest { break }
                    var lineEnd = newline
                    if lineEnd > position, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    more = body(bytes.extracting(position..<lineEnd), false)
                    position = newline + 1
                }
                start = position
                if !more { return }
            }
            // A line not whole in the buffer yet, the first, a long one, the last: as `next()` reads it.
            guard let line = next() else { return }
            let wasCut = lastLineWasCut
            guard body(line.utf8.span, wasCut) else { return }
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
        buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
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
        return String(decoding: buffer[range], as: UTF8.self)
    }

    /// Reads more bytes after the unread ones: moves those to the front first,
    /// and grows the buffer only when one line fills all of it.
    private func fill() {
        if start > 0 {
            let unread = end - start
            for i in 0..<unread { buffer[i] = buffer[start + i] }
            start = 0
            end = unread
        }
        if end == buffer.count {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        let count = readMore()
        if count <= 0 {
            reachedEnd = true
        } else {
            end += count
        }
    }

    /// Bytes read into the buffer after `end`; 0 at the end, and also on an error, which is
    /// kept in ``readFailure`` (the lines read so far are still good).
    private func readMore() -> Int {
        let free = buffer.count - end
        switch source {
        case .fileDescriptor(let descriptor):
            while true {
                let at = end
                let count = buffer.withUnsafeMutableBufferPointer { readFromDescriptor(descriptor, $0.baseAddress! + at, free) }
                if count < 0 {
                    if errno == EINTR { continue }
                    readFailure = errno
                    return 0
                }
                return count
            }
        case .bytes(let bytes, let offset):
            let count = Swift.min(free, bytes.count - offset)
            buffer.replaceSubrange(end..<(end + count), with: bytes[offset..<(offset + count)])
            source = .bytes(bytes, offset: offset + count)
            return count
        }
    }
}

private func readFromDescriptor(_ descriptor: Int32, _ into: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, into, count)
}
