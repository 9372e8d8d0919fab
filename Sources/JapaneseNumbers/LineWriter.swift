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
        if let counter, !counter.validRange.contains(n) {
            throw ReadingError(number: n, counter: counter.name, validRange: counter.validRange)
        }
        appendLine(n, counter: counter?.table, to: &out)
    }

    /// The line, written on the stack and appended to `out` in one copy.
    static func appendLine(_ n: Int64, counter: CounterTable?, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ReadingWriter.lineCapacity) { buffer in
            var line = ByteCursor(buffer.baseAddress!)
            if counter == nil && n > 0 && n < 1_000_000_000_000 {
                writePlainLine(UInt64(n), to: &line)
                out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: line.at))
                return
            }
            ReadingWriter.writeDecimal(n, to: &line)
            if let counter { line.copy(counter.kanjiPool.bytes(CounterPieces.name)) }
            line.put(9)
            ReadingWriter.writeKanji(n, counter: counter, to: &line)
            line.put(9)
            ReadingWriter.write(n, counter: counter, script: .hiragana, to: &line)
            line.put(9)
            ReadingWriter.write(n, counter: counter, script: .romaji, to: &line)
            line.put(10)
            assert(line.at + BytePool.copyWidth <= ReadingWriter.lineCapacity)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: line.at))
        }
    }

    /// The line of 0 < m < 10^12 without a counter, the common case, from the pair tables:
    /// no element changes its sound below 兆, so each section is its high pair's digits,
    /// kanji, kana and romaji then its low pair's (see ``PairTables``), and the units are
    /// constants. The same bytes as the general path (ReadingWriter), which the tests
    /// compare line by line.
    @inline(__always)
    static func writePlainLine(_ m: UInt64, to line: inout ByteCursor) {
        let s2 = Int(m / 100_000_000)
        let rest = Int(m % 100_000_000)
        let s1 = rest / 10_000
        let s0 = rest % 10_000
        // At most 12 digits, 3 × 24 bytes of kanji, 3 × 66 of kana, 3 × 36 of romaji, 4
        // separators, and 48 bytes for the last fixed-size copy: 442.
        precondition(line.at + 442 <= ReadingWriter.lineCapacity)
        let size = PairTables.recordSize
        let high = PairTables.high, low = PairTables.low
        let h2 = high + size &* (s2 / 100), l2 = low + size &* (s2 % 100)
        let h1 = high + size &* (s1 / 100), l1 = low + size &* (s1 % 100)
        let h0 = high + size &* (s0 / 100), l0 = low + size &* (s0 % 100)

        // Digits: the highest section without leading zeros, then four digits a section.
        @inline(__always) func digits(_ h: UnsafePointer<UInt8>, _ l: UnsafePointer<UInt8>) -> UInt32 {
            let hi = UnsafeRawPointer(h + PairTables.digitsOffset).loadUnaligned(as: UInt16.self)
            let lo = UnsafeRawPointer(l + PairTables.digitsOffset).loadUnaligned(as: UInt16.self)
            return UInt32(littleEndian: UInt32(UInt16(littleEndian: hi)) | UInt32(UInt16(littleEndian: lo)) << 16)
        }
        @inline(__always) func put4(_ word: UInt32, _ count: Int) {
            UnsafeMutableRawPointer(line.base + line.at).storeBytes(of: word, as: UInt32.self)
            line.at += count
        }
        let top = s2 != 0 ? s2 : s1 != 0 ? s1 : s0
        let length = top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1
        let topDigits = s2 != 0 ? digits(h2, l2) : s1 != 0 ? digits(h1, l1) : digits(h0, l0)
        put4(UInt32(littleEndian: topDigits.littleEndian >> UInt32(8 * (4 - length))), length)
        if s2 != 0 { put4(digits(h1, l1), 4) }
        if s2 != 0 || s1 != 0 { put4(digits(h0, l0), 4) }
        line.put(9)

        // Kanji: each section's pairs, then its unit.
        @inline(__always) func kanji(_ h: UnsafePointer<UInt8>, _ l: UnsafePointer<UInt8>) {
            line.copy(entry: h + PairTables.kanjiOffset, width: 16)
            line.copy(entry: l + PairTables.kanjiOffset, width: 16)
        }
        if s2 != 0 { kanji(h2, l2); line.put3(0x5104) }   // 億
        if s1 != 0 { kanji(h1, l1); line.put3(0x4E07) }   // 万
        if s0 != 0 { kanji(h0, l0) }
        line.put(9)

        // Hiragana.
        @inline(__always) func kana(_ h: UnsafePointer<UInt8>, _ l: UnsafePointer<UInt8>) {
            line.copy(entry: h + PairTables.kanaOffset, width: 48)
            line.copy(entry: l + PairTables.kanaOffset, width: 48)
        }
        if s2 != 0 { kana(h2, l2); line.put3(0x304A); line.put3(0x304F) }   // おく
        if s1 != 0 { kana(h1, l1); line.put3(0x307E); line.put3(0x3093) }   // まん
        if s0 != 0 { kana(h0, l0) }
        line.put(9)

        // Romaji: a space between a section's pairs when both are there, and before each
        // section but the first; n' before oku.
        @inline(__always) func romaji(_ h: UnsafePointer<UInt8>, _ l: UnsafePointer<UInt8>) {
            let hasHigh = h[PairTables.romajiOffset] != 0
            line.copy(entry: h + PairTables.romajiOffset, width: 32)
            if hasHigh && l[PairTables.romajiOffset] != 0 { line.put(UInt8(ascii: " ")) }
            line.copy(entry: l + PairTables.romajiOffset, width: 32)
        }
        var first = true
        if s2 != 0 {
            romaji(h2, l2)
            if line.base[line.at - 1] == UInt8(ascii: "n") { line.put(UInt8(ascii: "'")) }
            line.put(UInt8(ascii: "o")); line.put(UInt8(ascii: "k")); line.put(UInt8(ascii: "u"))
            first = false
        }
        if s1 != 0 {
            if !first { line.put(UInt8(ascii: " ")) }
            romaji(h1, l1)
            line.put(UInt8(ascii: "m")); line.put(UInt8(ascii: "a")); line.put(UInt8(ascii: "n"))
            first = false
        }
        if s0 != 0 {
            if !first { line.put(UInt8(ascii: " ")) }
            romaji(h0, l0)
        }
        line.put(10)
    }
}
