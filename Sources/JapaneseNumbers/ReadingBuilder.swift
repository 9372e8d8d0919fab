/// Builds readings by appending precomputed pieces: no per-character work.
enum ReadingBuilder {
    /// One place in a reading and its accepted forms (canonical first).
    struct Slot {
        var forms: [Piece]
        /// A space goes before it in romaji.
        var spaced: Bool
    }

    static func build(_ n: Int64, counter: CounterTable?, macrons: Bool) -> Reading {
        var written = String(n)
        if let counter { written += counter.name }

        if let counter, let exact = counter.exact[n] {
            let kanji = counter.exactKanji[n] ?? (kanjiDigits(n.magnitude, negative: n < 0, counterKanji: true) + counter.kanji)
            return assemble(n, written: written, kanji: kanji, slots: [Slot(forms: exact, spaced: false)], macrons: macrons)
        }
        var slots = slots(magnitude: n.magnitude, negative: n < 0, counter: counter)
        var kanji = counter?.exactKanji[n] ?? kanjiDigits(n.magnitude, negative: n < 0, counterKanji: counter != nil)
        if let counter, counter.exactKanji[n] == nil { kanji += counter.kanji }
        let reading = assemble(n, written: written, kanji: kanji, slots: slots, macrons: macrons)
        slots.removeAll()
        return reading
    }

    /// The places of a reading, from the largest group down to the counter.
    static func slots(magnitude m: UInt64, negative: Bool, counter: CounterTable?) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(24)
        if negative { slots.append(Slot(forms: NumberTables.minus, spaced: false)) }
        if m == 0 {
            slots.append(Slot(forms: counter?.digitTails[0] ?? NumberTables.zero, spaced: negative))
            return slots
        }
        let large = m >= 10_000 ? 1 : 0
        // Split into 4-digit sections: groups[g] is the section before unit g.
        var groups: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        var rest = m
        groups.0 = rest % 10_000; rest /= 10_000
        groups.1 = rest % 10_000; rest /= 10_000
        groups.2 = rest % 10_000; rest /= 10_000
        groups.3 = rest % 10_000; rest /= 10_000
        groups.4 = rest
        let sections = [groups.0, groups.1, groups.2, groups.3, groups.4]
        var lowestGroup = 0
        while sections[lowestGroup] == 0 { lowestGroup += 1 }

        for g in stride(from: 4, through: 0, by: -1) {
            let section = Int(sections[g])
            if section == 0 { continue }
            let digits = [section % 10, section / 10 % 10, section / 100 % 10, section / 1000]
            var lastPos = 0
            while digits[lastPos] == 0 { lastPos += 1 }
            var previousPos = -1
            for pos in stride(from: 3, through: 0, by: -1) {
                let d = digits[pos]
                if d == 0 { continue }
                let forms: [Piece]
                if pos == lastPos {
                    if g == 0, let counter {
                        forms = pos == 0 ? counter.digitTails[d] : counter.unitTails[pos][d]
                    } else {
                        let follow: Follow = g == 0 ? .end : .group(g)
                        forms = NumberTables.chunks[large][pos][d][follow.rawValue]
                    }
                } else {
                    forms = NumberTables.chunks[large][pos][d][Follow.inner.rawValue]
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
        var hiraganaBytes = 0, romajiBytes = 0
        for slot in slots {
            hiraganaBytes += slot.forms[0].hiragana.utf8.count
            romajiBytes += slot.forms[0].romaji.utf8.count + 2
        }
        var hiragana = "", katakana = "", romaji = ""
        hiragana.reserveCapacity(hiraganaBytes)
        katakana.reserveCapacity(hiraganaBytes)
        romaji.reserveCapacity(romajiBytes)
        var combinations = 1
        var geminate = false
        for slot in slots {
            let piece = slot.forms[0]
            hiragana += piece.hiragana
            katakana += piece.katakana
            let word = macrons ? piece.romajiMacrons : piece.romaji
            if slot.spaced {
                romaji += " "
            } else if romaji.utf8.last == UInt8(ascii: "n"), let first = word.utf8.first, isVowelOrY(first) {
                romaji += "'"
            }
            if geminate, let first = word.utf8.first {
                romaji.unicodeScalars.append(first == UInt8(ascii: "c") ? "t" : Unicode.Scalar(first))
            }
            geminate = piece.geminatesNext
            romaji += word
            combinations = combinations &* slot.forms.count
        }
        var alternatives: [String] = []
        if combinations > 1 {
            alternatives = Self.alternatives(slots, combinations: combinations, capacity: hiraganaBytes + 8)
        }
        return Reading(number: n, written: written, kanji: kanji, hiragana: hiragana,
                       katakana: katakana, romaji: romaji, alternatives: alternatives)
    }

    /// Every combination when there are at most 16, else each single change.
    static func alternatives(_ slots: [Slot], combinations: Int, capacity: Int) -> [String] {
        var result: [String] = []
        if combinations <= 16 && combinations > 0 {
            result.reserveCapacity(combinations - 1)
            for combination in 1..<combinations {
                var rest = combination
                var text = ""
                text.reserveCapacity(capacity)
                var choices = [Int](repeating: 0, count: slots.count)
                for i in stride(from: slots.count - 1, through: 0, by: -1) {
                    let count = slots[i].forms.count
                    choices[i] = rest % count
                    rest /= count
                }
                for (i, slot) in slots.enumerated() { text += slot.forms[choices[i]].hiragana }
                result.append(text)
            }
            return result
        }
        for (i, slot) in slots.enumerated() where slot.forms.count > 1 {
            for form in slot.forms.dropFirst() {
                var text = ""
                text.reserveCapacity(capacity)
                for (j, other) in slots.enumerated() { text += j == i ? form.hiragana : other.forms[0].hiragana }
                result.append(text)
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

    /// Kanji numerals: 三百二十一, 一万二千, 千万, 〇 (零 before a counter).
    static func kanjiDigits(_ m: UInt64, negative: Bool, counterKanji: Bool) -> String {
        var out = negative ? "マイナス" : ""
        if m == 0 { return out + (counterKanji ? "零" : "〇") }
        var rest = m
        var sections: [Int] = []
        while rest > 0 {
            sections.append(Int(rest % 10_000))
            rest /= 10_000
        }
        for g in stride(from: sections.count - 1, through: 0, by: -1) {
            let section = sections[g]
            if section == 0 { continue }
            let digits = [section % 10, section / 10 % 10, section / 100 % 10, section / 1000]
            for pos in stride(from: 3, through: 0, by: -1) {
                let d = digits[pos]
                if d == 0 { continue }
                if pos == 0 || d > 1 { out += NumberTables.digitKanji[d] }
                out += NumberTables.unitKanji[pos]
            }
            out += NumberTables.groupKanji[g]
        }
        return out
    }
}
