extension JapaneseNumbers {
    /// Appends `written⇥kanji⇥hiragana⇥romaji⏎` for `n` to a byte buffer, the
    /// same line as ``Reading/tabSeparated`` without building any `String`.
    ///
    /// For streaming many readings: keep one buffer, write it out when it is
    /// large, and clear it (`removeAll(keepingCapacity: true)`).
    ///
    /// ```swift
    /// var out: [UInt8] = []
    /// try JapaneseNumbers.appendTabSeparatedLine(of: 3, counter: .named("本"), to: &out)
    /// // out holds the UTF-8 of "3本\t三本\tさんぼん\tsanbon\n"
    /// ```
    public static func appendTabSeparatedLine(of n: Int64, counter: Counter? = nil, to out: inout [UInt8]) throws(ReadingError) {
        if let counter {
            guard counter.validRange.contains(n) else {
                throw ReadingError(number: n, counter: counter.name, validRange: counter.validRange)
            }
            appendLine(n, counter: counter.table, to: &out)
        } else if n > 0 && n < 1_000_000_000_000 {
            appendPlainLine(UInt64(n), to: &out)
        } else {
            appendLine(n, counter: nil, to: &out)
        }
    }

    // Both write the line straight into `out`'s spare capacity: no second copy. The
    // writers may store up to ``BytePool/copyWidth`` bytes past the line's end, inside
    // the capacity asked for; only the line's bytes count as appended.

    /// The line of 0 < m < 10^12 without a counter: see ``writePlainLine(_:to:)``.
    static func appendPlainLine(_ m: UInt64, to out: inout [UInt8]) {
        out.append(addingCapacity: ReadingWriter.lineCapacity) { span in
            span.withUnsafeMutableBufferPointer { buffer, appended in
                appended = writePlainLine(m, to: buffer.baseAddress!)
            }
        }
    }

    /// Any line, from the reading writers.
    static func appendLine(_ n: Int64, counter: CounterTable?, to out: inout [UInt8]) {
        out.append(addingCapacity: ReadingWriter.lineCapacity) { span in
            span.withUnsafeMutableBufferPointer { buffer, appended in
                var line = ByteCursor(buffer.baseAddress!)
                ReadingWriter.writeDecimal(n, to: &line)
                if let counter, !counter.bareWritten.contains(n) { line.copy(counter.kanjiPool.bytes(CounterPieces.name)) }
                line.put(9)
                ReadingWriter.writeKanji(n, counter: counter, to: &line)
                line.put(9)
                ReadingWriter.write(n, counter: counter, script: .hiragana, to: &line)
                line.put(9)
                ReadingWriter.write(n, counter: counter, script: .romaji, to: &line)
                line.put(10)
                assert(line.at + BytePool.copyWidth <= ReadingWriter.lineCapacity)
                appended = line.at
            }
        }
    }

    /// The line of 0 < m < 10^12 without a counter, the common case, straight from the
    /// section records: no element changes its sound below 兆, so each section is its
    /// record's digits, kanji, kana and romaji, and the units are constants. The same
    /// bytes as the general path (ReadingWriter), which the tests compare line by line.
    /// Returns the line's length.
    ///
    /// Each entry is copied as a fixed number of bytes, its room in the record (so the
    /// copy stays inside the record), in 16-byte moves, and each unit is one 8-byte store;
    /// what follows is written over the unused tail. A line is at most 421 bytes (12
    /// digits, 3 × 30 of kanji, 3 × 69 of kana, 3 × 36 of romaji, 4 separators) and no
    /// store reaches more than 63 bytes past it: inside the capacity asked for.
    @inline(__always)
    static func writePlainLine(_ m: UInt64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        assert(m > 0 && m < 1_000_000_000_000)
        let s2 = Int(truncatingIfNeeded: m / 100_000_000)
        let low = Int(truncatingIfNeeded: m % 100_000_000)
        let s1 = low / 10_000
        let s0 = low % 10_000
        let main = GroupTables.main
        let r2 = main + GroupTables.recordSize &* s2
        let r1 = main + GroupTables.recordSize &* s1
        let r0 = main + GroupTables.recordSize &* s0
        // The kana half of each record is its second cache line: ask for all three now,
        // so that they are on their way while the digits and kanji are written.
        let kana = GroupTables.hiraganaOffset, kanaRoom = GroupTables.hiraganaRoom
        let kanaLength2 = Int(r2[kana]), kanaLength1 = Int(r1[kana]), kanaLength0 = Int(r0[kana])
        var p = start
        @inline(__always) func put(_ byte: UInt8) {
            p.pointee = byte
            p += 1
        }
        @inline(__always) func store(_ word: UInt64, count: Int) {
            UnsafeMutableRawPointer(p).storeBytes(of: word.littleEndian, as: UInt64.self)
            p += count
        }
        /// The entry (a length byte, then the bytes) at `offset` in `record`.
        @inline(__always) func copy(_ record: UnsafePointer<UInt8>, _ offset: Int, room: Int, length: Int) {
            copyInChunks(room, from: record + offset + 1, to: p)
            p += length
        }
        @inline(__always) func copy(_ record: UnsafePointer<UInt8>, _ offset: Int, room: Int) {
            copy(record, offset, room: room, length: Int(record[offset]))
        }
        @inline(__always) func digits(_ record: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(UInt32(littleEndian: UnsafeRawPointer(record + GroupTables.digitsOffset).load(as: UInt32.self)))
        }

        // Digits: the highest section without leading zeros, then four digits a section.
        let top = s2 != 0 ? s2 : s1 != 0 ? s1 : s0
        let topRecord = s2 != 0 ? r2 : s1 != 0 ? r1 : r0
        let length = top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1
        store(digits(topRecord) >> UInt64(8 &* (4 &- length)), count: length)
        if m >= 100_000_000 { store(digits(r1), count: 4) }
        if m >= 10_000 { store(digits(r0), count: 4) }
        put(9)

        // Kanji.
        let kanji = GroupTables.kanjiOffset, kanjiRoom = GroupTables.kanjiRoom
        if s2 != 0 { copy(r2, kanji, room: kanjiRoom); store(utf8(0x5104), count: 3) }   // 億
        if s1 != 0 { copy(r1, kanji, room: kanjiRoom); store(utf8(0x4E07), count: 3) }   // 万
        if s0 != 0 { copy(r0, kanji, room: kanjiRoom) }
        put(9)

        // Hiragana.
        if s2 != 0 { copy(r2, kana, room: kanaRoom, length: kanaLength2); store(utf8(0x304A, 0x304F), count: 6) }   // おく
        if s1 != 0 { copy(r1, kana, room: kanaRoom, length: kanaLength1); store(utf8(0x307E, 0x3093), count: 6) }   // まん
        if s0 != 0 { copy(r0, kana, room: kanaRoom, length: kanaLength0) }
        put(9)

        // Romaji: a space between sections; n' before oku (sanzen'oku).
        let romaji = GroupTables.romajiOffset, romajiRoom = GroupTables.romajiRoom
        if s2 != 0 {
            copy(r2, romaji, room: romajiRoom)
            if r2[romaji + Int(r2[romaji])] == UInt8(ascii: "n") { put(UInt8(ascii: "'")) }
            store(ascii("oku "), count: low != 0 ? 4 : 3)
        }
        if s1 != 0 {
            copy(r1, romaji, room: romajiRoom)
            store(ascii("man "), count: s0 != 0 ? 4 : 3)
        }
        if s0 != 0 { copy(r0, romaji, room: romajiRoom) }
        put(10)
        return p - start
    }

    /// The UTF-8 of one or two 3-byte code points (every kanji and kana the library writes
    /// is one), in the low bytes of a little-endian word.
    @inline(__always)
    static func utf8(_ first: UInt32, _ second: UInt32? = nil) -> UInt64 {
        @inline(__always) func bytes(_ c: UInt32) -> UInt64 {
            UInt64(0xE0 | c >> 12) | UInt64(0x80 | (c >> 6) & 0x3F) << 8 | UInt64(0x80 | c & 0x3F) << 16
        }
        return bytes(first) | (second.map { bytes($0) << 24 } ?? 0)
    }

    /// Up to 8 ASCII characters in the low bytes of a little-endian word.
    @inline(__always)
    static func ascii(_ text: StaticString) -> UInt64 {
        var word: UInt64 = 0
        for i in 0..<text.utf8CodeUnitCount { word |= UInt64(text.utf8Start[i]) << UInt64(8 * i) }
        return word
    }
}
