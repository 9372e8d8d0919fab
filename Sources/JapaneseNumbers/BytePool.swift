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
/// handed): every write is bounds-checked, so a writer asks for room enough first
/// (``ReadingWriter/scriptCapacity``, ``ReadingWriter/lineCapacity``).
struct ByteCursor {
    var at: Int

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

    /// Appends entry `v` of a section table column: a length byte, then the bytes.
    @inline(__always)
    mutating func copy(_ column: GroupTables.Column, _ v: Int, in out: inout MutableSpan<UInt8>) {
        copyEntry(column.table.span, at: column.entry(v), in: &out)
    }

    /// Appends the entry (a length byte, then the bytes) at `entry` in `table`.
    @inline(__always)
    mutating func copyEntry(_ table: Span<UInt8>, at entry: Int, in out: inout MutableSpan<UInt8>) {
        copy(table, from: entry + 1, count: Int(table[entry]), in: &out)
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

    /// The low `count` bytes of `word`, lowest first.
    @inline(__always)
    mutating func put(_ word: UInt64, count: Int, in out: inout MutableSpan<UInt8>) {
        for i in 0..<count { out[at + i] = UInt8(truncatingIfNeeded: word >> UInt64(8 &* i)) }
        at += count
    }
}
