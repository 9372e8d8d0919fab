/// Byte strings stored back to back, for the reading writers to copy from.
///
/// Entry `i` is a packed `UInt32`: the offset of its bytes (23 bits), whether its kana
/// ends in っ (1 bit: the next romaji word doubles its first consonant), and its
/// length (8 bits, at most 255). The bytes are followed by 64 bytes of padding, so that
/// a writer may copy a fixed 64 bytes for any entry up to that long and move on by its
/// length. A struct of raw pointers: handing it around costs no reference counting.
/// The tables built once (see ``GroupTables``) are never freed; a ``CounterTable``
/// frees its own pools.
struct BytePool: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let entries: UnsafeMutablePointer<UInt32>
    let count: Int

    /// Copying this many bytes is always safe for an entry at most this long.
    static let copyWidth = 64

    init(_ strings: [(bytes: [UInt8], geminates: Bool)]) {
        let total = strings.reduce(0) { $0 + $1.bytes.count }
        precondition(total < 1 << 23, "BytePool holds at most 8 MiB")
        bytes = .allocate(capacity: total + Self.copyWidth)
        bytes.initialize(repeating: 0, count: total + Self.copyWidth)
        entries = .allocate(capacity: max(strings.count, 1))
        count = strings.count
        var offset = 0
        for (i, string) in strings.enumerated() {
            precondition(string.bytes.count <= 255, "a BytePool entry has at most 255 bytes")
            string.bytes.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (bytes + offset).update(from: base, count: source.count) }
            }
            entries[i] = UInt32(offset) << 9 | (string.geminates ? 1 << 8 : 0) | UInt32(string.bytes.count)
            offset += string.bytes.count
        }
    }

    func deallocate() {
        bytes.deallocate()
        entries.deallocate()
    }

    /// The bytes of entry `i`.
    func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let e = entries[i]
        return UnsafeBufferPointer(start: bytes + Int(e >> 9), count: Int(e & 0xFF))
    }
}

/// Where a writer puts bytes: a pointer with room for what it writes plus
/// ``BytePool/copyWidth`` bytes, and how far it has got.
struct ByteCursor {
    let base: UnsafeMutablePointer<UInt8>
    var at: Int

    init(_ base: UnsafeMutablePointer<UInt8>, at: Int = 0) {
        self.base = base
        self.at = at
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[at] = byte
        at += 1
    }

    /// Appends entry `e` of `pool`.
    @inline(__always)
    mutating func copy(_ pool: BytePool, entry e: UInt32) {
        let count = Int(e & 0xFF)
        let source = pool.bytes + Int(e >> 9)
        if count <= BytePool.copyWidth {
            // A fixed-size copy compiles to a few vector moves; the padding makes it safe.
            UnsafeMutableRawPointer(base + at).copyMemory(from: source, byteCount: BytePool.copyWidth)
        } else {
            (base + at).update(from: source, count: count)
        }
        at += count
    }

    /// Appends entry `v` of a section table column: a length byte, then at most the
    /// column's room of bytes, all of which are copied.
    @inline(__always)
    mutating func copy(_ column: GroupTables.Column, _ v: Int) {
        let entry = column.entry(v)
        copyInChunks(column.room, from: entry + 1, to: base + at)
        at += Int(entry[0])
    }

    @inline(__always)
    mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { (base + at).update(from: source, count: bytes.count) }
        at += bytes.count
    }

    /// A three-byte UTF-8 sequence (every kanji and kana the library writes is one).
    @inline(__always)
    mutating func put3(_ codePoint: UInt32) {
        base[at] = UInt8(0xE0 | (codePoint >> 12))
        base[at + 1] = UInt8(0x80 | ((codePoint >> 6) & 0x3F))
        base[at + 2] = UInt8(0x80 | (codePoint & 0x3F))
        at += 3
    }
}

/// Copies `count` bytes, 16 to 64 (a constant where it is called), as 16-byte moves, the
/// last overlapping the one before it: at most four loads and four stores, and not a
/// byte read outside `source ..< source + count`.
@inline(__always)
func copyInChunks(_ count: Int, from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
    assert(count >= 16 && count <= 64)
    @inline(__always) func move(_ offset: Int) {
        let chunk = UnsafeRawPointer(source + offset).loadUnaligned(as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(target + offset).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
    }
    move(0)
    if count > 32 { move(16) }
    if count > 48 { move(32) }
    move(count - 16)
}
