/// Builds readings: the canonical forms with ``ReadingWriter`` (one allocation per
/// string), the accepted alternatives from slots when they are asked for.
enum ReadingBuilder {
    /// One place in a reading and its accepted forms (canonical first).
    struct Slot: Sendable {
        var forms: [Piece]
        /// A space goes before it in romaji.
        var spaced: Bool
    }

    static func build(_ n: Int64, counter: CounterTable?, macrons: Bool) -> Reading {
        Reading(
            number: n,
            written: ReadingWriter.writtenString(n, counter: counter),
            kanji: ReadingWriter.kanjiString(n, counter: counter),
            hiragana: ReadingWriter.kanaString(n, counter: counter, script: .hiragana),
            katakana: ReadingWriter.kanaString(n, counter: counter, script: .katakana),
            romaji: ReadingWriter.kanaString(n, counter: counter, script: macrons ? .romajiMacrons : .romaji),
            alternatives: .whenAsked(n, counter))
    }

    /// The accepted alternatives of `n`'s reading (see ``Reading/alternatives``).
    static func alternatives(of n: Int64, counter: CounterTable?) -> [String] {
        let slots: [Slot]
        if let counter, counter.hasExact(n), let exact = counter.exact[n] {
            slots = [Slot(forms: exact, spaced: false)]
        } else {
            slots = self.slots(magnitude: n.magnitude, negative: n < 0, counter: counter)
        }
        var combinations = 1
        for slot in slots { combinations = combinations &* slot.forms.count }
        return combinations > 1 ? alternatives(slots, combinations: combinations) : []
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
                        forms = NumberTables.chunk(pos: pos, digit: d, follow: g == 0 ? .end : .group(g))
                    }
                } else {
                    forms = NumberTables.chunk(pos: pos, digit: d, follow: .inner)
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

    /// Every combination when there are at most 16, else each single change.
    static func alternatives(_ slots: [Slot], combinations: Int) -> [String] {
        var result: [String] = []
        func text(_ choice: (Int) -> Int) -> String {
            var bytes: [UInt8] = []
            for (i, slot) in slots.enumerated() { bytes += slot.forms[choice(i)].hiraganaUTF8 }
            return String(decoding: bytes, as: UTF8.self)
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
