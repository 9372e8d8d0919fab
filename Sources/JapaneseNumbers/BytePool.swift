/// Byte strings stored back to back, for the reading writers to copy from.
///
/// Entry `i` is a packed `UInt32`: the offset of its bytes (23 bits), whether its kana
/// ends in っ (1 bit: the next romaji word doubles its first consonant), and its
/// length (8 bits, at most 255).
struct BytePool: Sendable {
    let bytes: [UInt8]
    let entries: [UInt32]

    init(_ strings: [(bytes: [UInt8], geminates: Bool)]) {
        var bytes: [UInt8] = []
        var entries: [UInt32] = []
        for string in strings {
            precondition(bytes.count < 1 << 23, "BytePool holds at most 8 MiB")
            precondition(string.bytes.count <= 255, "a BytePool entry has at most 255 bytes")
            entries.append(UInt32(bytes.count) << 9 | (string.geminates ? 1 << 8 : 0) | UInt32(string.bytes.count))
            bytes += string.bytes
        }
        self.bytes = bytes
        self.entries = entries
    }

    /// The bytes of entry `i`.
    func bytes(_ i: Int) -> ArraySlice<UInt8> {
        let e = entries[i]
        return bytes[Int(e >> 9) ..< Int(e >> 9) + Int(e & 0xFF)]
    }
}

/// Where a writer has got to in the bytes it writes (a `MutableSpan` each call is
/// handed). Every write is bounds-checked; a section entry and a word are stored whole
/// (16 or 8 bytes) and only their length counts, so a writer asks for room for what it
/// writes plus ``slack`` (``ReadingWriter/lineCapacity``, ``ReadingWriter/string(_:)``).
struct ByteCursor {
    var at: Int

    /// The most bytes a store reaches past what counts.
    static let slack = 64

    init(at: Int = 0) {
        self.at = at
    }

    @inline(__always)
    mutating func put(_ byte: UInt8, in out: inout MutableSpan<UInt8>) {
        out[at] = byte
        at += 1
    }

    /// Appends entry `e` of `pool`.
    @inline(__always)
    mutating func copy(_ pool: BytePool, entry e: UInt32, in out: inout MutableSpan<UInt8>) {
        copy(pool.bytes.span, from: Int(e >> 9), count: Int(e & 0xFF), in: &out)
    }

    /// Appends entry `v` of a section table column: its chunks are stored whole.
    @inline(__always)
    mutating func copy(_ column: GroupTables.Column, _ v: Int, in out: inout MutableSpan<UInt8>) {
        var bytes = MutableRawSpan(_elements: &out)
        let start = column.first + column.stride * v
        for k in 0..<column.width {
            bytes.storeBytes(of: column.chunks[start + k], toByteOffset: at + 16 * k, as: SIMD16<UInt8>.self)
        }
        at += Int(column.lengths[v])
    }

    @inline(__always)
    mutating func copy(_ bytes: [UInt8], in out: inout MutableSpan<UInt8>) {
        copy(bytes.span, from: 0, count: bytes.count, in: &out)
    }

    @inline(__always)
    mutating func copy(_ bytes: ArraySlice<UInt8>, in out: inout MutableSpan<UInt8>) {
        let span = bytes.span
        copy(span, from: 0, count: span.count, in: &out)
    }

    /// Appends `count` bytes of `source` from `start`.
    @inline(__always)
    mutating func copy(_ source: Span<UInt8>, from start: Int, count: Int, in out: inout MutableSpan<UInt8>) {
        let from = source.extracting(start ..< start + count)
        precondition(at + count <= out.count, "a reading writer ran out of room")
        for i in from.indices { out[at &+ i] = from[i] }
        at += count
    }

    /// A three-byte UTF-8 sequence (every kanji and kana the library writes is one).
    @inline(__always)
    mutating func put3(_ codePoint: UInt32, in out: inout MutableSpan<UInt8>) {
        out[at] = UInt8(0xE0 | (codePoint >> 12))
        out[at + 1] = UInt8(0x80 | ((codePoint >> 6) & 0x3F))
        out[at + 2] = UInt8(0x80 | (codePoint & 0x3F))
        at += 3
    }

    /// The low `count` bytes of `word`, lowest first: all eight are stored.
    @inline(__always)
    mutating func put(_ word: UInt64, count: Int, in out: inout MutableSpan<UInt8>) {
        var bytes = MutableRawSpan(_elements: &out)
        bytes.storeBytes(of: word.littleEndian, toByteOffset: at, as: UInt64.self)
        at += count
    }

    /// The last `count` of the four digits of section `s`.
    @inline(__always)
    mutating func putDigits(_ s: Int, count: Int, in out: inout MutableSpan<UInt8>) {
        put(UInt64(GroupTables.digits[s]) >> UInt64(8 &* (4 &- count)), count: count, in: &out)
    }
}
