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
}
