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
        let table = counter?.table
        // written
        appendDecimal(n, to: &out)
        if let table { out.append(contentsOf: table.nameUTF8) }
        out.append(9)
        // kanji
        if let table, let kanji = table.exactKanjiUTF8[n] {
            out.append(contentsOf: kanji)
        } else {
            appendKanji(n.magnitude, negative: n < 0, counter: table, to: &out)
        }
        out.append(9)
        let slots: [ReadingBuilder.Slot]
        if let table, let exact = table.exact[n] {
            slots = [ReadingBuilder.Slot(forms: exact, spaced: false)]
        } else {
            slots = ReadingBuilder.slots(magnitude: n.magnitude, negative: n < 0, counter: table)
        }
        for slot in slots { out.append(contentsOf: slot.forms[0].hiraganaUTF8) }
        out.append(9)
        var geminate = false
        var lastByte: UInt8 = 9
        for slot in slots {
            let piece = slot.forms[0]
            if let first = piece.romajiUTF8.first {
                if slot.spaced {
                    out.append(UInt8(ascii: " "))
                } else if geminate {
                    out.append(first == UInt8(ascii: "c") ? UInt8(ascii: "t") : first)
                } else if lastByte == UInt8(ascii: "n") && ReadingBuilder.isVowelOrY(first) {
                    out.append(UInt8(ascii: "'"))
                }
                lastByte = piece.romajiUTF8[piece.romajiUTF8.count - 1]
            }
            geminate = piece.geminatesNext
            out.append(contentsOf: piece.romajiUTF8)
        }
        out.append(10)
    }

    static func appendDecimal(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var m = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    static func appendKanji(_ m: UInt64, negative: Bool, counter: CounterTable?, to out: inout [UInt8]) {
        @inline(__always) func put(_ codePoint: UInt32) {
            out.append(UInt8(0xE0 | (codePoint >> 12)))
            out.append(UInt8(0x80 | ((codePoint >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (codePoint & 0x3F)))
        }
        ReadingBuilder.forEachKanjiCodePoint(m, negative: negative, counter: counter, put)
        if let counter { out.append(contentsOf: counter.kanjiUTF8) }
    }
}
