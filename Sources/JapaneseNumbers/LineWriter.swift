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

    // Both write the line straight into `out`: room for the longest line is added (zeroed),
    // the line written into it through a bounds-checked span, and the rest removed.

    /// The line of 0 < m < 10^12 without a counter: see ``writePlainLine(_:to:in:)``.
    static func appendPlainLine(_ m: UInt64, to out: inout [UInt8]) {
        out.append(addingCapacity: plainLineCapacity) { line in
            line.append(repeating: 0, count: plainLineCapacity)
            var cursor = ByteCursor()
            var bytes = line.mutableSpan
            writePlainLine(m, to: &cursor, in: &bytes)
            line.removeLast(plainLineCapacity - cursor.at)
        }
    }

    /// Any line, from the reading writers.
    static func appendLine(_ n: Int64, counter: CounterTable?, to out: inout [UInt8]) {
        out.append(addingCapacity: ReadingWriter.lineCapacity) { line in
            line.append(repeating: 0, count: ReadingWriter.lineCapacity)
            var cursor = ByteCursor()
            var bytes = line.mutableSpan
            ReadingWriter.writeDecimal(n, to: &cursor, in: &bytes)
            if let counter, !counter.bareWritten.contains(n) { cursor.copy(counter.kanjiPool.bytes(CounterPieces.name), in: &bytes) }
            cursor.put(9, in: &bytes)
            ReadingWriter.writeKanji(n, counter: counter, to: &cursor, in: &bytes)
            cursor.put(9, in: &bytes)
            ReadingWriter.write(n, counter: counter, script: .hiragana, to: &cursor, in: &bytes)
            cursor.put(9, in: &bytes)
            ReadingWriter.write(n, counter: counter, script: .romaji, to: &cursor, in: &bytes)
            cursor.put(10, in: &bytes)
            line.removeLast(ReadingWriter.lineCapacity - cursor.at)
        }
    }

    /// Room for a plain line: at most 421 bytes (12 digits, 3 × 30 of kanji, 3 × 69 of kana,
    /// 3 × 36 of romaji, 4 separators), and the stores' slack.
    static let plainLineCapacity = 512

    /// The line of 0 < m < 10^12 without a counter, the common case, straight from the
    /// section tables: no element changes its sound below 兆, so each section is its
    /// entries' digits, kanji, kana and romaji, and the units are constants (one 8-byte
    /// store each). The same bytes as the general path (ReadingWriter), which the tests
    /// compare line by line.
    @inline(__always)
    static func writePlainLine(_ m: UInt64, to line: inout ByteCursor, in out: inout MutableSpan<UInt8>) {
        assert(m > 0 && m < 1_000_000_000_000)
        let s2 = Int(truncatingIfNeeded: m / 100_000_000)
        let low = Int(truncatingIfNeeded: m % 100_000_000)
        let s1 = low / 10_000
        let s0 = low % 10_000

        // Digits: the highest section without leading zeros, then four digits a section.
        let top = s2 != 0 ? s2 : s1 != 0 ? s1 : s0
        line.putDigits(top, count: top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1, in: &out)
        if m >= 100_000_000 { line.putDigits(s1, count: 4, in: &out) }
        if m >= 10_000 { line.putDigits(s0, count: 4, in: &out) }
        line.put(9, in: &out)

        // Kanji.
        let kanji = GroupTables.kanji
        if s2 != 0 { line.copy(kanji, s2, in: &out); line.put(utf8(0x5104), count: 3, in: &out) }   // 億
        if s1 != 0 { line.copy(kanji, s1, in: &out); line.put(utf8(0x4E07), count: 3, in: &out) }   // 万
        if s0 != 0 { line.copy(kanji, s0, in: &out) }
        line.put(9, in: &out)

        // Hiragana.
        let kana = GroupTables.hiragana
        if s2 != 0 { line.copy(kana, s2, in: &out); line.put(utf8(0x304A, 0x304F), count: 6, in: &out) }   // おく
        if s1 != 0 { line.copy(kana, s1, in: &out); line.put(utf8(0x307E, 0x3093), count: 6, in: &out) }   // まん
        if s0 != 0 { line.copy(kana, s0, in: &out) }
        line.put(9, in: &out)

        // Romaji: a space between sections; n' before oku (sanzen'oku).
        let romaji = GroupTables.romaji
        if s2 != 0 {
            line.copy(romaji, s2, in: &out)
            if out[line.at - 1] == UInt8(ascii: "n") { line.put(UInt8(ascii: "'"), in: &out) }
            line.put(ascii("oku "), count: low != 0 ? 4 : 3, in: &out)
        }
        if s1 != 0 {
            line.copy(romaji, s1, in: &out)
            line.put(ascii("man "), count: s0 != 0 ? 4 : 3, in: &out)
        }
        if s0 != 0 { line.copy(romaji, s0, in: &out) }
        line.put(10, in: &out)
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
