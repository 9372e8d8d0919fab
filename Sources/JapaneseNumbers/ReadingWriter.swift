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
    /// Room for the whole tab-separated line: the digits, kanji, kana and romaji of the
    /// longest reading come to about 810 bytes, then the stores' slack.
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
    static func write(_ n: Int64, counter: CounterTable?, script: Script, to cursor: inout ByteCursor, in out: inout MutableSpan<UInt8>) {
        // One copy of the code per script, so that each knows whether it writes romaji.
        switch script {
        case .hiragana: write(n, counter: counter, script: .hiragana, romaji: false, to: &cursor, in: &out)
        case .katakana: write(n, counter: counter, script: .katakana, romaji: false, to: &cursor, in: &out)
        case .romaji: write(n, counter: counter, script: .romaji, romaji: true, to: &cursor, in: &out)
        case .romajiMacrons: write(n, counter: counter, script: .romajiMacrons, romaji: true, to: &cursor, in: &out)
        }
    }

    @inline(__always)
    static func write(_ n: Int64, counter: CounterTable?, script: Script, romaji: Bool, to cursor: inout ByteCursor, in out: inout MutableSpan<UInt8>) {
        let table = GroupTables.column(script)
        let pieces = PieceTables.table(script)
        var w = SlotWriter(cursor: cursor, romaji: romaji)
        defer { cursor = w.cursor }

        if let counter, counter.hasExact(n) {
            if n >= 0 && n < 64 {
                w.piece(counter.pool(script), CounterPieces.exact(Int(n)), spaced: false, in: &out)
            } else if let exact = counter.exact[n] {
                w.word(script.bytes(of: exact[0]), geminates: exact[0].geminatesNext, spaced: false, in: &out)
            }
            return
        }
        let m = n.magnitude
        if n < 0 { w.piece(pieces, PieceTables.minus, spaced: false, in: &out) }
        if m == 0 {
            if let counter {
                w.piece(counter.pool(script), CounterPieces.digit(0), spaced: n < 0, in: &out)
            } else {
                w.piece(pieces, PieceTables.zero, spaced: n < 0, in: &out)
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
                w.section(table, s2, in: &out)
                w.piece(pieces, PieceTables.unit(2), spaced: false, in: &out)
            }
            if s1 != 0 {
                w.section(table, s1, in: &out)
                w.piece(pieces, PieceTables.unit(1), spaced: false, in: &out)
            }
            if s0 != 0 { w.section(table, s0, in: &out) }
            return
        }
        if m < 100_000_000, let counter {
            // A counted number below 億: at most 万 and a section ending in the counter.
            let pool = counter.pool(script)
            let s1 = Int(m / 10_000)
            let s0 = Int(m % 10_000)
            if s1 != 0 {
                w.section(table, s1, in: &out)
                w.piece(s0 == 0 ? pool : pieces, s0 == 0 ? CounterPieces.group(1) : PieceTables.unit(1), spaced: false, in: &out)
            }
            if s0 != 0 {
                let (pos, digit) = w.sectionEnding(table, s0, in: &out)
                w.piece(pool, pos == 0 ? CounterPieces.digit(digit) : CounterPieces.unit(pos: pos, digit: digit),
                        spaced: w.spacedLast(s0, pos: pos), in: &out)
            }
            return
        }
        let (s0, s1, s2, s3, s4) = sections(m)
        let lowest = s0 != 0 ? 0 : s1 != 0 ? 1 : s2 != 0 ? 2 : s3 != 0 ? 3 : 4
        let last = counter.map { $0.pool(script) }
        w.group(4, s4, lowest: lowest, table: table, pieces: pieces, counter: last, in: &out)
        w.group(3, s3, lowest: lowest, table: table, pieces: pieces, counter: last, in: &out)
        w.group(2, s2, lowest: lowest, table: table, pieces: pieces, counter: last, in: &out)
        w.group(1, s1, lowest: lowest, table: table, pieces: pieces, counter: last, in: &out)
        w.group(0, s0, lowest: lowest, table: table, pieces: pieces, counter: last, in: &out)
    }

    /// Puts slots one after another with the romaji joining rules.
    struct SlotWriter {
        var cursor: ByteCursor
        let romaji: Bool
        let start: Int
        /// Nothing written yet: the next slot gets no space.
        var first = true
        /// The last piece ended in っ.
        var geminate = false
        /// ``sectionEnding(_:_:in:)`` wrote the rest of the section.
        var restWritten = false

        init(cursor: ByteCursor, romaji: Bool) {
            self.cursor = cursor
            self.romaji = romaji
            start = cursor.at
        }

        /// Entry `index` of `pool` as one slot.
        @inline(__always)
        mutating func piece(_ pool: BytePool, _ index: Int, spaced: Bool, in out: inout MutableSpan<UInt8>) {
            let e = pool.entries[index]
            if romaji && e & 0xFF != 0 { join(first: pool.bytes[Int(e >> 9)], spaced: spaced, in: &out) }
            geminate = e & 0x100 != 0
            cursor.copy(pool, entry: e, in: &out)
            first = false
        }

        /// Bytes from elsewhere as one slot.
        mutating func word(_ bytes: [UInt8], geminates: Bool, spaced: Bool, in out: inout MutableSpan<UInt8>) {
            if romaji, let firstByte = bytes.first { join(first: firstByte, spaced: spaced, in: &out) }
            geminate = geminates
            cursor.copy(bytes, in: &out)
            first = false
        }

        @inline(__always)
        mutating func join(first byte: UInt8, spaced: Bool, in out: inout MutableSpan<UInt8>) {
            if spaced {
                cursor.put(UInt8(ascii: " "), in: &out)
            } else if geminate {
                // ひゃっ + けい: the っ doubles the next consonant (t before ch).
                cursor.put(byte == UInt8(ascii: "c") ? UInt8(ascii: "t") : byte, in: &out)
            } else if cursor.at > start && out[cursor.at - 1] == UInt8(ascii: "n") && ReadingBuilder.isVowelOrY(byte) {
                cursor.put(UInt8(ascii: "'"), in: &out)
            }
        }

        /// A whole section from the table: its first element is spaced unless it comes first.
        @inline(__always)
        mutating func section(_ table: GroupTables.Column, _ v: Int, in out: inout MutableSpan<UInt8>) {
            if romaji && !first { cursor.put(UInt8(ascii: " "), in: &out) }
            cursor.copy(table, v, in: &out)
            geminate = false
            first = false
        }

        /// Section `s` of group `g` and its unit: whole from the table, or with its last
        /// element changed before 兆 and 京 or joined to the counter (`counter`, its pool).
        @inline(__always)
        mutating func group(
            _ g: Int, _ s: UInt64, lowest: Int, table: GroupTables.Column, pieces: BytePool, counter: BytePool?,
            in out: inout MutableSpan<UInt8>
        ) {
            if s == 0 { return }
            let section = Int(s)
            if g == 0, let counter {
                let (pos, digit) = sectionEnding(table, section, in: &out)
                piece(counter, pos == 0 ? CounterPieces.digit(digit) : CounterPieces.unit(pos: pos, digit: digit),
                      spaced: spacedLast(section, pos: pos), in: &out)
            } else if g >= 3 {
                let (pos, digit) = sectionEnding(table, section, in: &out)
                piece(pieces, PieceTables.chunk(pos: pos, digit: digit, follow: Follow.group(g)),
                      spaced: spacedLast(section, pos: pos), in: &out)
            } else {
                self.section(table, section, in: &out)
            }
            if g > 0 {
                if g == lowest, let counter {
                    piece(counter, CounterPieces.group(g), spaced: false, in: &out)
                } else {
                    piece(pieces, PieceTables.unit(g), spaced: false, in: &out)
                }
            }
        }

        /// A section whose last element is another piece: writes the table's entry for the
        /// rest of it and returns the last element (position, digit) for the caller to add
        /// with ``spacedLast(_:pos:)``.
        @inline(__always)
        mutating func sectionEnding(_ table: GroupTables.Column, _ v: Int, in out: inout MutableSpan<UInt8>) -> (pos: Int, digit: Int) {
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
            if rest != 0 { section(table, rest, in: &out) }
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
    static func writeKanji(_ n: Int64, counter: CounterTable?, to cursor: inout ByteCursor, in out: inout MutableSpan<UInt8>) {
        if let counter {
            if n >= 0 && n < 64 {
                if counter.exactKanjiMask & (1 << UInt64(n)) != 0 {
                    cursor.copy(counter.kanjiPool, entry: counter.kanjiPool.entries[1 + Int(n)], in: &out)
                    return
                }
            } else if counter.hasOtherExact, let kanji = counter.exactKanjiUTF8[n] {
                cursor.copy(kanji, in: &out)
                return
            }
        }
        let m = n.magnitude
        if n < 0 {   // マイナス
            cursor.put3(0x30DE, in: &out); cursor.put3(0x30A4, in: &out); cursor.put3(0x30CA, in: &out); cursor.put3(0x30B9, in: &out)
        }
        if m == 0 { cursor.put3(counter == nil ? 0x3007 : 0x96F6, in: &out) }                            // 〇 or 零
        let table = GroupTables.kanji
        let (s0, s1, s2, s3, s4) = sections(m)
        if s4 != 0 { cursor.copy(table, Int(s4), in: &out); cursor.put3(0x4EAC, in: &out) }   // 京
        if s3 != 0 { cursor.copy(table, Int(s3), in: &out); cursor.put3(0x5146, in: &out) }   // 兆
        if s2 != 0 { cursor.copy(table, Int(s2), in: &out); cursor.put3(0x5104, in: &out) }   // 億
        if s1 != 0 { cursor.copy(table, Int(s1), in: &out); cursor.put3(0x4E07, in: &out) }   // 万
        if s0 != 0 { cursor.copy(table, Int(s0), in: &out) }
        if let counter { cursor.copy(counter.kanjiPool, entry: counter.kanjiPool.entries[0], in: &out) }
    }

    /// `n` in decimal digits, `-` first when negative: four digits at a time.
    static func writeDecimal(_ n: Int64, to cursor: inout ByteCursor, in out: inout MutableSpan<UInt8>) {
        if n < 0 { cursor.put(UInt8(ascii: "-"), in: &out) }
        let (s0, s1, s2, s3, s4) = sections(n.magnitude)
        let rest = s4 != 0 ? 4 : s3 != 0 ? 3 : s2 != 0 ? 2 : s1 != 0 ? 1 : 0
        let top: UInt64
        switch rest {
        case 4: top = s4
        case 3: top = s3
        case 2: top = s2
        case 1: top = s1
        default: top = s0
        }
        // The highest section without its leading zeros (0 is "0").
        cursor.putDigits(Int(top), count: top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1, in: &out)
        if rest >= 4 { cursor.putDigits(Int(s3), count: 4, in: &out) }
        if rest >= 3 { cursor.putDigits(Int(s2), count: 4, in: &out) }
        if rest >= 2 { cursor.putDigits(Int(s1), count: 4, in: &out) }
        if rest >= 1 { cursor.putDigits(Int(s0), count: 4, in: &out) }
    }

    // MARK: Strings

    /// The String of the bytes `write` puts in a scratch buffer on the stack, checked to be
    /// UTF-8 (the writers join UTF-8 pieces, so it always is). One script of any reading
    /// takes at most about 400 bytes (マイナス, five sections of at most 63 bytes with their
    /// units, a counter's piece), then the stores' slack.
    @inline(__always)
    static func string(_ write: (inout ByteCursor, inout MutableSpan<UInt8>) -> Void) -> String {
        var scratch = InlineArray<512, UInt8>(repeating: 0)
        var cursor = ByteCursor()
        var bytes = scratch.mutableSpan
        write(&cursor, &bytes)
        do {
            return String(copying: try UTF8Span(validating: scratch.span.extracting(0..<cursor.at)))
        } catch {
            preconditionFailure("a reading writer wrote bytes that are not UTF-8: \(error)")
        }
    }

    static func kanaString(_ n: Int64, counter: CounterTable?, script: Script) -> String {
        string { write(n, counter: counter, script: script, to: &$0, in: &$1) }
    }

    static func kanjiString(_ n: Int64, counter: CounterTable?) -> String {
        string { writeKanji(n, counter: counter, to: &$0, in: &$1) }
    }

    static func writtenString(_ n: Int64, counter: CounterTable?) -> String {
        string { cursor, out in
            writeDecimal(n, to: &cursor, in: &out)
            if let counter, !counter.bareWritten.contains(n) { cursor.copy(counter.kanjiPool.bytes(CounterPieces.name), in: &out) }
        }
    }
}
