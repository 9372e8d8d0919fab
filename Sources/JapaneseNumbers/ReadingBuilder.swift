/// Builds readings by copying precomputed UTF-8 pieces into strings sized up front.
///
/// Each output string is allocated once: the builder first adds up the bytes
/// of the pieces, then copies them with `String(unsafeUninitializedCapacity:)`.
enum ReadingBuilder {
    /// One place in a reading and its accepted forms (canonical first).
    struct Slot: Sendable {
        var forms: [Piece]
        /// A space goes before it in romaji.
        var spaced: Bool
    }

    static func build(_ n: Int64, counter: CounterTable?, macrons: Bool) -> Reading {
        var written = String(n)
        if let counter { written += counter.name }
        let m = n.magnitude

        if let counter, let exact = counter.exact[n] {
            let kanji = counter.exactKanji[n] ?? kanjiString(m, negative: n < 0, counter: counter)
            return assemble(n, written: written, kanji: kanji, slots: [Slot(forms: exact, spaced: false)], macrons: macrons)
        }
        let slots = slots(magnitude: m, negative: n < 0, counter: counter)
        let kanji = counter?.exactKanji[n] ?? kanjiString(m, negative: n < 0, counter: counter)
        return assemble(n, written: written, kanji: kanji, slots: slots, macrons: macrons)
    }

    /// The places of a reading, from the largest group down to the counter.
    static func slots(magnitude m: UInt64, negative: Bool, counter: CounterTable?) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(negative ? 25 : 24)
        if negative { slots.append(Slot(forms: NumberTables.minus, spaced: false)) }
        if m == 0 {
            slots.append(Slot(forms: counter?.digitTails[0] ?? NumberTables.zero, spaced: negative))
            return slots
        }
        let large = m >= 10_000 ? 1 : 0
        var lowestGroup = 0
        while (m / groupPower(lowestGroup)) % 10_000 == 0 { lowestGroup += 1 }

        var g = 4
        while g >= 0 {
            defer { g -= 1 }
            let section = Int((m / groupPower(g)) % 10_000)
            if section == 0 { continue }
            var lastPos = 0
            var rest = section
            while rest % 10 == 0 { rest /= 10; lastPos += 1 }
            var previousPos = -1
            var pos = 3
            var scale = 1000
            while pos >= 0 {
                defer { pos -= 1; scale /= 10 }
                let d = (section / scale) % 10
                if d == 0 { continue }
                let forms: [Piece]
                if pos == lastPos {
                    if g == 0, let counter {
                        forms = pos == 0 ? counter.digitTails[d] : counter.unitTails[pos][d]
                    } else {
                        forms = NumberTables.chunk(large: large, pos: pos, digit: d, follow: g == 0 ? .end : .group(g))
                    }
                } else {
                    forms = NumberTables.chunk(large: large, pos: pos, digit: d, follow: .inner)
                }
                let joinsTens = pos == 0 && previousPos == 1
                slots.append(Slot(forms: forms, spaced: !slots.isEmpty && !joinsTens))
                previousPos = pos
            }
            if g > 0 {
                let forms = (g == lowestGroup ? counter?.groupTails[g] : nil) ?? NumberTables.groupPieces[g]
                slots.append(Slot(forms: forms, spaced: false))
            }
        }
        return slots
    }

    static func assemble(_ n: Int64, written: String, kanji: String, slots: [Slot], macrons: Bool) -> Reading {
        var kanaBytes = 0, romajiBytes = 0
        var combinations = 1
        for slot in slots {
            let piece = slot.forms[0]
            kanaBytes += piece.hiraganaUTF8.count
            romajiBytes += (macrons ? piece.romajiMacronsUTF8 : piece.romajiUTF8).count + 1
            combinations = combinations &* slot.forms.count
        }
        let hiragana = String(unsafeUninitializedCapacity: kanaBytes) { buffer in
            var i = 0
            for slot in slots { copy(slot.forms[0].hiraganaUTF8, into: buffer, at: &i) }
            return i
        }
        let katakana = String(unsafeUninitializedCapacity: kanaBytes) { buffer in
            var i = 0
            for slot in slots { copy(slot.forms[0].katakanaUTF8, into: buffer, at: &i) }
            return i
        }
        let romaji = String(unsafeUninitializedCapacity: romajiBytes) { buffer in
            var i = 0
            var geminate = false
            for slot in slots {
                let piece = slot.forms[0]
                let word = macrons ? piece.romajiMacronsUTF8 : piece.romajiUTF8
                if let first = word.first {
                    if slot.spaced {
                        buffer[i] = UInt8(ascii: " ")
                        i += 1
                    } else if geminate {
                        // ひゃっ + けい: the っ doubles the next consonant (t before ch).
                        buffer[i] = first == UInt8(ascii: "c") ? UInt8(ascii: "t") : first
                        i += 1
                    } else if i > 0 && buffer[i - 1] == UInt8(ascii: "n") && isVowelOrY(first) {
                        buffer[i] = UInt8(ascii: "'")
                        i += 1
                    }
                }
                geminate = piece.geminatesNext
                copy(word, into: buffer, at: &i)
            }
            return i
        }
        let alternatives: Reading.AlternativeStorage = combinations > 1 ? .fromSlots(slots, combinations: combinations) : .listed([])
        return Reading(number: n, written: written, kanji: kanji, hiragana: hiragana,
                       katakana: katakana, romaji: romaji, alternatives: alternatives)
    }

    @inline(__always)
    static func copy(_ bytes: [UInt8], into buffer: UnsafeMutableBufferPointer<UInt8>, at i: inout Int) {
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, source.count > 0 else { return }
            (buffer.baseAddress! + i).update(from: base, count: source.count)
        }
        i += bytes.count
    }

    /// Every combination when there are at most 16, else each single change.
    static func alternatives(_ slots: [Slot], combinations: Int) -> [String] {
        var result: [String] = []
        func text(_ choice: (Int) -> Int) -> String {
            var bytes = 0
            for (i, slot) in slots.enumerated() { bytes += slot.forms[choice(i)].hiraganaUTF8.count }
            return String(unsafeUninitializedCapacity: bytes) { buffer in
                var at = 0
                for (i, slot) in slots.enumerated() { copy(slot.forms[choice(i)].hiraganaUTF8, into: buffer, at: &at) }
                return at
            }
        }
        if combinations <= 16 && combinations > 0 {
            result.reserveCapacity(combinations - 1)
            var choices = [Int](repeating: 0, count: slots.count)
            for combination in 1..<combinations {
                // Mixed radix, the last slot varying fastest.
                var rest = combination
                for i in stride(from: slots.count - 1, through: 0, by: -1) {
                    let count = slots[i].forms.count
                    choices[i] = rest % count
                    rest /= count
                }
                result.append(text { choices[$0] })
            }
            return result
        }
        for (changed, slot) in slots.enumerated() where slot.forms.count > 1 {
            for form in 1..<slot.forms.count {
                result.append(text { $0 == changed ? form : 0 })
            }
        }
        return result
    }

    @inline(__always)
    static func isVowelOrY(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "e"), UInt8(ascii: "o"), UInt8(ascii: "y"): return true
        default: return false
        }
    }

    /// Kanji numerals: 三百二十一, 一万二千, 千万, 〇 (零 before a counter), then the counter.
    static func kanjiString(_ m: UInt64, negative: Bool, counter: CounterTable?) -> String {
        let suffix = counter?.kanjiUTF8 ?? []
        // At most 19 digits with a unit each, 4 group units and マイナス, 3 bytes a kanji.
        return String(unsafeUninitializedCapacity: 150 + suffix.count) { buffer in
            var i = 0
            @inline(__always) func put(_ codePoint: UInt32) {
                // Every kanji and kana here is in U+0800...U+FFFF: three UTF-8 bytes.
                buffer[i] = UInt8(0xE0 | (codePoint >> 12))
                buffer[i + 1] = UInt8(0x80 | ((codePoint >> 6) & 0x3F))
                buffer[i + 2] = UInt8(0x80 | (codePoint & 0x3F))
                i += 3
            }
            forEachKanjiCodePoint(m, negative: negative, counter: counter, put)
            copy(suffix, into: buffer, at: &i)
            return i
        }
    }

    /// The code points of a kanji numeral, counter excluded, in order: マイナス, then the
    /// digits and units group by group (〇 alone for zero, 零 before a counter). Every one is
    /// in U+0800...U+FFFF, three UTF-8 bytes. Shared by the String and the byte writers.
    @inline(__always)
    static func forEachKanjiCodePoint(
        _ m: UInt64, negative: Bool, counter: CounterTable?, _ put: (UInt32) -> Void
    ) {
        if negative { put(0x30DE); put(0x30A4); put(0x30CA); put(0x30B9) }   // マイナス
        if m == 0 { put(counter == nil ? 0x3007 : 0x96F6) }                  // 〇 or 零
        var g = 4
        while g >= 0 && m > 0 {
            defer { g -= 1 }
            let section = Int((m / groupPower(g)) % 10_000)
            if section == 0 { continue }
            var pos = 3
            var scale = 1000
            while pos >= 0 {
                let d = (section / scale) % 10
                if d != 0 {
                    if pos == 0 || d > 1 { put(kanjiDigit(d)) }
                    switch pos {
                    case 1: put(0x5341)   // 十
                    case 2: put(0x767E)   // 百
                    case 3: put(0x5343)   // 千
                    default: break
                    }
                }
                pos -= 1
                scale /= 10
            }
            switch g {
            case 1: put(0x4E07)   // 万
            case 2: put(0x5104)   // 億
            case 3: put(0x5146)   // 兆
            case 4: put(0x4EAC)   // 京
            default: break
            }
        }
    }

    @inline(__always)
    static func kanjiDigit(_ d: Int) -> UInt32 {
        switch d {
        case 1: return 0x4E00
        case 2: return 0x4E8C
        case 3: return 0x4E09
        case 4: return 0x56DB
        case 5: return 0x4E94
        case 6: return 0x516D
        case 7: return 0x4E03
        case 8: return 0x516B
        case 9: return 0x4E5D
        default: return 0x3007
        }
    }

    @inline(__always)
    static func groupPower(_ g: Int) -> UInt64 {
        switch g {
        case 0: return 1
        case 1: return 10_000
        case 2: return 100_000_000
        case 3: return 1_000_000_000_000
        default: return 10_000_000_000_000_000
        }
    }
}
