/// Writes the canonical forms of a reading as UTF-8 bytes, section by section from
/// ``GroupTables`` and ``PieceTables``: what ``Reading``, the one-script readings and
/// ``JapaneseNumbers/appendTabSeparatedLine(of:counter:to:)`` are made of.
///
/// The same text as the slot builder (``ReadingBuilder/slots(magnitude:negative:counter:)``
/// then ``ReadingBuilder/assemble(_:written:kanji:slots:macrons:)``) with the same romaji
/// rules: a space before each element but ones after tens and before each group, none
/// before a group unit, `n'` before a vowel or y, and a っ doubling the next consonant
/// (t before ch). Nothing here allocates.
enum ReadingWriter {
    /// Room a writer may need for one script of any reading, with the copy padding: at
    /// most マイナス, five sections of at most 57 bytes with their units and a counter's
    /// piece, about 430 bytes in kana. (`withUnsafeTemporaryAllocation` keeps up to 1 KiB
    /// on the stack without asking.)
    static let scriptCapacity = 1024
    /// Room for the whole tab-separated line: the digits, kanji, kana and romaji of the
    /// longest reading come to about 810 bytes, then the copy padding.
    static let lineCapacity = 1024

    static let powers: (UInt64, UInt64, UInt64, UInt64, UInt64) =
        (1, 10_000, 100_000_000, 1_000_000_000_000, 10_000_000_000_000_000)

    /// The 4-digit sections of `m`, lowest first, and how many there are up to the highest nonzero one.
    @inline(__always)
    static func sections(_ m: UInt64) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
        let s0 = m % 10_000
        let r1 = m / 10_000
        let s1 = r1 % 10_000
        let r2 = r1 / 10_000
        let s2 = r2 % 10_000
        let r3 = r2 / 10_000
        return (s0, s1, s2, r3 % 10_000, r3 / 10_000)
    }

    // MARK: Kana and romaji

    /// The canonical reading of `n` (with `counter`) in `script`.
    static func write(_ n: Int64, counter: CounterTable?, script: Script, to out: inout ByteCursor) {
        // One copy of the code per script, so that each knows whether it writes romaji.
        switch script {
        case .hiragana: write(n, counter: counter, script: .hiragana, romaji: false, to: &out)
        case .katakana: write(n, counter: counter, script: .katakana, romaji: false, to: &out)
        case .romaji: write(n, counter: counter, script: .romaji, romaji: true, to: &out)
        case .romajiMacrons: write(n, counter: counter, script: .romajiMacrons, romaji: true, to: &out)
        }
    }

    @inline(__always)
    static func write(_ n: Int64, counter: CounterTable?, script: Script, romaji: Bool, to out: inout ByteCursor) {
        let table = GroupTables.column(script)
        let pieces = PieceTables.table(script)
        var w = SlotWriter(out: out, romaji: romaji)
        defer { out = w.out }

        if let counter, counter.hasExact(n) {
            if n >= 0 && n < 64 {
                w.piece(counter.pool(script), CounterPieces.exact(Int(n)), spaced: false)
            } else if let exact = counter.exact[n] {
                w.word(script.bytes(of: exact[0]), geminates: exact[0].geminatesNext, spaced: false)
            }
            return
        }
        let m = n.magnitude
        if n < 0 { w.piece(pieces, PieceTables.minus, spaced: false) }
        if m == 0 {
            if let counter {
                w.piece(counter.pool(script), CounterPieces.digit(0), spaced: n < 0)
            } else {
                w.piece(pieces, PieceTables.zero, spaced: n < 0)
            }
            return
        }
        if m < 1_000_000_000_000 && counter == nil {
            // Below 兆 without a counter no element changes its sound: whole sections.
            let s2 = Int(m / 100_000_000)
            let low = Int(m % 100_000_000)
            let s1 = low / 10_000
            let s0 = low % 10_000
            if s2 != 0 {
                w.section(table, s2)
                w.piece(pieces, PieceTables.unit(2), spaced: false)
            }
            if s1 != 0 {
                w.section(table, s1)
                w.piece(pieces, PieceTables.unit(1), spaced: false)
            }
            if s0 != 0 { w.section(table, s0) }
            return
        }
        if m < 100_000_000, let counter {
            // A counted number below 億: at most 万 and a section ending in the counter.
            let pool = counter.pool(script)
            let s1 = Int(m / 10_000)
            let s0 = Int(m % 10_000)
            if s1 != 0 {
                w.section(table, s1)
                w.piece(s0 == 0 ? pool : pieces, s0 == 0 ? CounterPieces.group(1) : PieceTables.unit(1), spaced: false)
            }
            if s0 != 0 {
                let (pos, digit) = w.sectionEnding(table, s0)
                w.piece(pool, pos == 0 ? CounterPieces.digit(digit) : CounterPieces.unit(pos: pos, digit: digit),
                        spaced: w.spacedLast(s0, pos: pos))
            }
            return
        }
        let (s0, s1, s2, s3, s4) = sections(m)
        let lowest = s0 != 0 ? 0 : s1 != 0 ? 1 : s2 != 0 ? 2 : s3 != 0 ? 3 : 4
        let last = counter.map { $0.pool(script) }
        w.group(4, s4, lowest: lowest, table: table, pieces: pieces, counter: last)
        w.group(3, s3, lowest: lowest, table: table, pieces: pieces, counter: last)
        w.group(2, s2, lowest: lowest, table: table, pieces: pieces, counter: last)
        w.group(1, s1, lowest: lowest, table: table, pieces: pieces, counter: last)
        w.group(0, s0, lowest: lowest, table: table, pieces: pieces, counter: last)
    }

    /// Puts slots one after another with the romaji joining rules.
    struct SlotWriter {
        var out: ByteCursor
        let romaji: Bool
        let start: Int
        /// Nothing written yet: the next slot gets no space.
        var first = true
        /// The last piece ended in っ.
        var geminate = false
        /// ``sectionEnding(_:_:)`` wrote the rest of the section.
        var restWritten = false

        init(out: ByteCursor, romaji: Bool) {
            self.out = out
            self.romaji = romaji
            start = out.at
        }

        /// Entry `index` of `pool` as one slot.
        @inline(__always)
        mutating func piece(_ pool: BytePool, _ index: Int, spaced: Bool) {
            let e = pool.entries[index]
            if romaji && e & 0xFF != 0 { join(first: pool.bytes[Int(e >> 9)], spaced: spaced) }
            geminate = e & 0x100 != 0
            out.copy(pool, entry: e)
            first = false
        }

        /// Bytes from elsewhere as one slot.
        mutating func word(_ bytes: [UInt8], geminates: Bool, spaced: Bool) {
            if romaji, let firstByte = bytes.first { join(first: firstByte, spaced: spaced) }
            geminate = geminates
            bytes.withUnsafeBufferPointer { out.copy($0) }
            first = false
        }

        @inline(__always)
        mutating func join(first byte: UInt8, spaced: Bool) {
            if spaced {
                out.put(UInt8(ascii: " "))
            } else if geminate {
                // ひゃっ + けい: the っ doubles the next consonant (t before ch).
                out.put(byte == UInt8(ascii: "c") ? UInt8(ascii: "t") : byte)
            } else if out.at > start && out.base[out.at - 1] == UInt8(ascii: "n") && ReadingBuilder.isVowelOrY(byte) {
                out.put(UInt8(ascii: "'"))
            }
        }

        /// A whole section from the table: its first element is spaced unless it comes first.
        @inline(__always)
        mutating func section(_ table: GroupTables.Column, _ v: Int) {
            if romaji && !first { out.put(UInt8(ascii: " ")) }
            out.copy(table, v)
            geminate = false
            first = false
        }

        /// Section `s` of group `g` and its unit: whole from the table, or with its last
        /// element changed before 兆 and 京 or joined to the counter (`counter`, its pool).
        @inline(__always)
        mutating func group(_ g: Int, _ s: UInt64, lowest: Int, table: GroupTables.Column, pieces: BytePool, counter: BytePool?) {
            if s == 0 { return }
            let section = Int(s)
            if g == 0, let counter {
                let (pos, digit) = sectionEnding(table, section)
                piece(counter, pos == 0 ? CounterPieces.digit(digit) : CounterPieces.unit(pos: pos, digit: digit),
                      spaced: spacedLast(section, pos: pos))
            } else if g >= 3 {
                let (pos, digit) = sectionEnding(table, section)
                piece(pieces, PieceTables.chunk(pos: pos, digit: digit, follow: Follow.group(g)),
                      spaced: spacedLast(section, pos: pos))
            } else {
                self.section(table, section)
            }
            if g > 0 {
                if g == lowest, let counter {
                    piece(counter, CounterPieces.group(g), spaced: false)
                } else {
                    piece(pieces, PieceTables.unit(g), spaced: false)
                }
            }
        }

        /// A section whose last element is another piece: writes the table's entry for the
        /// rest of it and returns the last element (position, digit) for the caller to add
        /// with ``spacedLast(_:pos:)``.
        @inline(__always)
        mutating func sectionEnding(_ table: GroupTables.Column, _ v: Int) -> (pos: Int, digit: Int) {
            // Divisions by constants only (v is 1...9999).
            let pos: Int, digit: Int, rest: Int
            if v % 10 != 0 {
                pos = 0; digit = v % 10; rest = v - digit
            } else if v % 100 != 0 {
                pos = 1; digit = v / 10 % 10; rest = v - digit * 10
            } else if v % 1000 != 0 {
                pos = 2; digit = v / 100 % 10; rest = v - digit * 100
            } else {
                pos = 3; digit = v / 1000; rest = 0
            }
            restWritten = rest != 0
            if rest != 0 { section(table, rest) }
            return (pos, digit)
        }

        /// Whether the last element of section `v` at `pos` gets a space before it.
        @inline(__always)
        func spacedLast(_ v: Int, pos: Int) -> Bool {
            // Ones join the tens before them: nijuu + ichi. A first element is spaced unless it comes first.
            restWritten ? !(pos == 0 && (v / 10) % 10 != 0) : !first
        }
    }

    // MARK: Kanji and digits

    /// 三百二十一, 一万二千, 千万, 〇 (零 before a counter), マイナス first; then the counter.
    static func writeKanji(_ n: Int64, counter: CounterTable?, to out: inout ByteCursor) {
        if let counter {
            if n >= 0 && n < 64 {
                if counter.exactKanjiMask & (1 << UInt64(n)) != 0 {
                    out.copy(counter.kanjiPool, entry: counter.kanjiPool.entries[1 + Int(n)])
                    return
                }
            } else if counter.hasOtherExact, let kanji = counter.exactKanjiUTF8[n] {
                kanji.withUnsafeBufferPointer { out.copy($0) }
                return
            }
        }
        let m = n.magnitude
        if n < 0 { out.put3(0x30DE); out.put3(0x30A4); out.put3(0x30CA); out.put3(0x30B9) }   // マイナス
        if m == 0 { out.put3(counter == nil ? 0x3007 : 0x96F6) }                               // 〇 or 零
        let table = GroupTables.kanji
        let (s0, s1, s2, s3, s4) = sections(m)
        if s4 != 0 { out.copy(table, Int(s4)); out.put3(0x4EAC) }   // 京
        if s3 != 0 { out.copy(table, Int(s3)); out.put3(0x5146) }   // 兆
        if s2 != 0 { out.copy(table, Int(s2)); out.put3(0x5104) }   // 億
        if s1 != 0 { out.copy(table, Int(s1)); out.put3(0x4E07) }   // 万
        if s0 != 0 { out.copy(table, Int(s0)) }
        if let counter { out.copy(counter.kanjiPool, entry: counter.kanjiPool.entries[0]) }
    }

    /// `n` in decimal digits, `-` first when negative: four digits at a time.
    static func writeDecimal(_ n: Int64, to out: inout ByteCursor) {
        if n < 0 { out.put(UInt8(ascii: "-")) }
        let (s0, s1, s2, s3, s4) = sections(n.magnitude)
        // The four digits of each section are in its record of the section table, next to its kanji.
        let table = GroupTables.main + GroupTables.digitsOffset
        @inline(__always) func digits(_ s: UInt64) -> UInt32 {
            UnsafeRawPointer(table + GroupTables.recordSize &* Int(s)).load(as: UInt32.self)
        }
        @inline(__always) func put4(_ s: UInt64) {
            UnsafeMutableRawPointer(out.base + out.at).storeBytes(of: digits(s), as: UInt32.self)
            out.at += 4
        }
        let rest = s4 != 0 ? 4 : s3 != 0 ? 3 : s2 != 0 ? 2 : s1 != 0 ? 1 : 0
        let top: UInt64
        switch rest {
        case 4: top = s4
        case 3: top = s3
        case 2: top = s2
        case 1: top = s1
        default: top = s0
        }
        // The highest section without its leading zeros (0 is "0"): the word's last bytes.
        let length = top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1
        let word = digits(top)
        var shifted = word.littleEndian >> UInt32(8 * (4 - length))
        shifted = UInt32(littleEndian: shifted)
        // Four bytes are stored; only `length` of them count (the padding makes room).
        UnsafeMutableRawPointer(out.base + out.at).storeBytes(of: shifted, as: UInt32.self)
        out.at += length
        if rest >= 4 { put4(s3) }
        if rest >= 3 { put4(s2) }
        if rest >= 2 { put4(s1) }
        if rest >= 1 { put4(s0) }
    }

    // MARK: Strings

    /// A String of bytes the writers made, which are valid UTF-8 by construction: copied
    /// once, not validated again.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool = false) -> String {
        let span = bytes.span
        return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: ascii))
    }

    /// The String `write` makes in a scratch buffer on the stack.
    @inline(__always)
    static func string(capacity: Int, ascii: Bool = false, _ write: (inout ByteCursor) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var cursor = ByteCursor(buffer.baseAddress!)
            write(&cursor)
            return string(UnsafeBufferPointer(start: buffer.baseAddress!, count: cursor.at), ascii: ascii)
        }
    }

    static func kanaString(_ n: Int64, counter: CounterTable?, script: Script) -> String {
        string(capacity: scriptCapacity, ascii: script == .romaji) { write(n, counter: counter, script: script, to: &$0) }
    }

    static func kanjiString(_ n: Int64, counter: CounterTable?) -> String {
        string(capacity: scriptCapacity) { writeKanji(n, counter: counter, to: &$0) }
    }

    static func writtenString(_ n: Int64, counter: CounterTable?) -> String {
        string(capacity: 128, ascii: counter == nil) { out in
            writeDecimal(n, to: &out)
            if let counter, !counter.bareWritten.contains(n) { out.copy(counter.kanjiPool.bytes(CounterPieces.name)) }
        }
    }
}
