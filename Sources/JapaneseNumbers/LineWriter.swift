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

    /// The line, written straight into `out`'s spare capacity: no second copy. The
    /// writers may store up to ``BytePool/copyWidth`` bytes past the line's end, inside
    /// the capacity asked for; only the line's bytes count as appended.
    static func appendLine(_ n: Int64, counter: CounterTable?, to out: inout [UInt8]) {
        out.append(addingCapacity: ReadingWriter.lineCapacity) { span in
            span.withUnsafeMutableBufferPointer { buffer, appended in
                var line = ByteCursor(buffer.baseAddress!)
                if counter == nil && n > 0 && n < 1_000_000_000_000 {
                    writePlainLine(UInt64(n), to: &line)
                    appended = line.at
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
                appended = line.at
            }
        }
    }

    /// The line of 0 < m < 10^12 without a counter, the common case, straight from the
    /// section records: no element changes its sound below 兆, so each section is its
    /// record's digits, kanji, kana and romaji, and the units are constants. The same
    /// bytes as the general path (ReadingWriter), which the tests compare line by line.
    @inline(__always)
    static func writePlainLine(_ m: UInt64, to line: inout ByteCursor) {
        let s2 = Int(m / 100_000_000)
        let low = Int(m % 100_000_000)
        let s1 = low / 10_000
        let s0 = low % 10_000
        let main = GroupTables.main
        let r2 = main + GroupTables.recordSize &* s2
        let r1 = main + GroupTables.recordSize &* s1
        let r0 = main + GroupTables.recordSize &* s0
        // Read the kana half of each record now (a check that the line fits), so that its
        // cache line is on its way while the digits and kanji are written: the records
        // are spread over 1.3 MB.
        let kanaLengths = Int(r2[GroupTables.hiraganaOffset]) &+ Int(r1[GroupTables.hiraganaOffset])
            &+ Int(r0[GroupTables.hiraganaOffset])
        precondition(line.at + 3 * 64 + kanaLengths + 12 + BytePool.copyWidth <= ReadingWriter.lineCapacity)
        @inline(__always) func digits(_ record: UnsafePointer<UInt8>) -> UInt32 {
            UnsafeRawPointer(record + GroupTables.digitsOffset).load(as: UInt32.self)
        }
        @inline(__always) func put4(_ word: UInt32, _ count: Int) {
            UnsafeMutableRawPointer(line.base + line.at).storeBytes(of: word, as: UInt32.self)
            line.at += count
        }
        // Digits: the highest section without leading zeros, then four digits a section.
        let top = s2 != 0 ? s2 : s1 != 0 ? s1 : s0
        let topRecord = s2 != 0 ? r2 : s1 != 0 ? r1 : r0
        let length = top >= 1000 ? 4 : top >= 100 ? 3 : top >= 10 ? 2 : 1
        put4(UInt32(littleEndian: digits(topRecord).littleEndian >> UInt32(8 * (4 - length))), length)
        if s2 != 0 { put4(digits(r1), 4) }
        if s2 != 0 || s1 != 0 { put4(digits(r0), 4) }
        line.put(9)
        // Kanji.
        if s2 != 0 { line.copy(entry: r2 + GroupTables.kanjiOffset); line.put3(0x5104) }   // 億
        if s1 != 0 { line.copy(entry: r1 + GroupTables.kanjiOffset); line.put3(0x4E07) }   // 万
        if s0 != 0 { line.copy(entry: r0 + GroupTables.kanjiOffset) }
        line.put(9)
        // Hiragana.
        if s2 != 0 { line.copy(entry: r2 + GroupTables.hiraganaOffset); line.put3(0x304A); line.put3(0x304F) }   // おく
        if s1 != 0 { line.copy(entry: r1 + GroupTables.hiraganaOffset); line.put3(0x307E); line.put3(0x3093) }   // まん
        if s0 != 0 { line.copy(entry: r0 + GroupTables.hiraganaOffset) }
        line.put(9)
        // Romaji: a space before each section but the first; n' before oku.
        var first = true
        if s2 != 0 {
            line.copy(entry: r2 + GroupTables.romajiOffset)
            if line.base[line.at - 1] == UInt8(ascii: "n") { line.put(UInt8(ascii: "'")) }
            line.put(UInt8(ascii: "o")); line.put(UInt8(ascii: "k")); line.put(UInt8(ascii: "u"))
            first = false
        }
        if s1 != 0 {
            if !first { line.put(UInt8(ascii: " ")) }
            line.copy(entry: r1 + GroupTables.romajiOffset)
            line.put(UInt8(ascii: "m")); line.put(UInt8(ascii: "a")); line.put(UInt8(ascii: "n"))
            first = false
        }
        if s0 != 0 {
            if !first { line.put(UInt8(ascii: " ")) }
            line.copy(entry: r0 + GroupTables.romajiOffset)
        }
        line.put(10)
    }
}
