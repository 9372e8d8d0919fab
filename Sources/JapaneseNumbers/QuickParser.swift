/// The parser's fast path: reads the common answers straight from UTF-8 bytes, with no
/// allocation, and says nothing (nil) about anything else, which then goes through the
/// full parser (``NumberParser/parseReason(_:counter:)``) as before.
///
/// It accepts only what the full parser accepts, with the same value, never a text the
/// full parser refuses:
/// - ASCII digits alone, at most 18 of them;
/// - kanji numerals alone (〇 零 一 ... 九 十 百 千 万 萬 億 兆 京), with the full parser's
///   own rules, step by step (``kanji(_:)``);
/// - hiragana or katakana made of 4-digit sections each spelled exactly as the
///   generator spells it (its canonical reading, or the sound change it makes before
///   兆 or 京), each followed by a group unit in descending order, the last one by
///   nothing or a unit: that is, the canonical reading of a number, or the forms the
///   full parser accepts for it before 兆 and 京 (``kana(_:)``);
/// - lowercase romaji spelt and spaced exactly as the generator writes it, without the
///   sound changes before 兆 and 京 (``romaji(_:)``).
/// Kana and romaji are read by a ``SpellingAutomaton`` built from the generator's own
/// tables, one table load per character.
/// Everything else, and every mistake, goes to the full parser, which explains it.
enum QuickParser {
    static func parse(_ text: String) -> Int64? {
        parse(text.utf8.span)
    }

    static func parse(_ bytes: Span<UInt8>) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        switch bytes[0] {
        case 0x30...0x39: return digits(bytes)
        case 0x61...0x7A: return romaji(bytes)
        case 0xE3:
            // 〇 (U+3007) is kanji; kana is U+3041...U+30FF.
            if bytes.count >= 3 && bytes[1] == 0x80 { return kanji(bytes) }
            return kana(bytes)
        case 0xE4...0xE9: return kanji(bytes)
        default: return nil
        }
    }

    // MARK: Digits

    static func digits(_ bytes: Span<UInt8>) -> Int64? {
        guard bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for i in bytes.indices {
            let d = bytes[i] &- 0x30
            guard d < 10 else { return nil }
            value = value &* 10 &+ Int64(d)
        }
        return value
    }

    // MARK: Kanji

    /// What each code point U+3000..<U+A000 is to ``kanji(_:)``: 0 nothing, 1 + d the digit
    /// d, 16 + pos a unit 十 百 千 (pos 1...3), 32 + g a group unit 万 萬 億 兆 京 (g 1...4).
    /// Made from NumberParser's own classification. It covers every character whose UTF-8
    /// starts with 0xE3...0xE9, the lead bytes ``kanji(_:)`` lets through.
    static let kanjiClass: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x7000)
        for v in UInt32(0x3000)..<0xA000 {
            if let d = NumberParser.kanjiDigit(v) {
                table[Int(v - 0x3000)] = 1 + UInt8(d)
            } else if let pos = NumberParser.smallUnit(v) {
                table[Int(v - 0x3000)] = 16 + UInt8(pos)
            } else if let g = NumberParser.groupUnit(v) {
                table[Int(v - 0x3000)] = 32 + UInt8(g)
            }
        }
        return table
    }()

    static let powersOfTen: (UInt64, UInt64, UInt64, UInt64) = (1, 10, 100, 1000)

    /// NumberParser.numeral for kanji alone, the same checks in the same order; nil at the
    /// first one that fails (the full parser then says why).
    static func kanji(_ bytes: Span<UInt8>) -> Int64? {
        guard bytes.count % 3 == 0 else { return nil }
        let table = kanjiClass
        let classes = table.span
        var total: UInt64 = 0, section: UInt64 = 0
        var pending: UInt64 = 0
        var hasPending = false
        var lastPos = 4, lastGroup = 5
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = bytes[i + 1], b2 = bytes[i + 2]
            // A valid string: a lead byte 0xE3...0xE9 starts three bytes.
            guard b0 >= 0xE3 && b0 <= 0xE9 else { return nil }
            let v = Int(b0 & 0x0F) << 12 | Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)
            i += 3
            let kind = classes[v &- 0x3000]
            if kind == 0 {
                return nil
            } else if kind < 16 {
                let d = UInt64(kind - 1)
                guard let next = adding(pending, times: 10, to: d) else { return nil }
                pending = next
                hasPending = true
            } else if kind < 32 {
                let pos = Int(kind - 16)
                if hasPending && pending > 9 { return nil }
                if pos >= lastPos { return nil }
                if hasPending && pending == 0 { return nil }
                let scale = pos == 1 ? powersOfTen.1 : pos == 2 ? powersOfTen.2 : powersOfTen.3
                section += (hasPending ? pending : 1) * scale
                lastPos = pos
                pending = 0
                hasPending = false
            } else {
                let g = Int(kind - 32)
                if hasPending {
                    if lastPos < 4 && pending > 9 { return nil }
                    section += pending
                }
                if g >= lastGroup && lastGroup < 5 { return nil }
                if section == 0 || section > 9999 { return nil }
                guard let next = adding(section, times: groupPower(g), to: total) else { return nil }
                total = next
                section = 0
                pending = 0
                hasPending = false
                lastPos = 4
                lastGroup = g
            }
        }
        if hasPending {
            if lastPos < 4 && pending > 9 { return nil }
            if lastGroup < 5 && lastPos == 4 && pending > 9999 { return nil }
            section += pending
        }
        guard let sum = adding(section, to: total), sum <= UInt64(Int64.max) else { return nil }
        return Int64(sum)
    }

    /// `total + value × power`, or nil when that does not fit in a UInt64.
    @inline(__always)
    static func adding(_ value: UInt64, times power: UInt64 = 1, to total: UInt64) -> UInt64? {
        let (product, o1) = value.multipliedReportingOverflow(by: power)
        let (sum, o2) = total.addingReportingOverflow(product)
        return o1 || o2 ? nil : sum
    }

    @inline(__always)
    static func groupPower(_ g: Int) -> UInt64 {
        switch g {
        case 1: return 10_000
        case 2: return 100_000_000
        case 3: return 1_000_000_000_000
        default: return 10_000_000_000_000_000
        }
    }

    // MARK: Kana

    /// The kana grammar: sections made of their elements' canonical kana, highest first
    /// (せん, にひゃく, さんじゅう, よん), each but the last followed by a group unit
    /// (まん おく ちょう けい); and the last element of a section before 兆 or 京 as the
    /// generator changes it there (いっ, はっ, じゅっ, ひゃっ ...), then only that unit.
    /// The units' order is checked as they are read (``SpellingReader``).
    /// Symbols are kana codes: a hiragana's code point less 0x3040.
    static let kanaAutomaton: SpellingAutomaton = {
        func codes(_ utf8: ArraySlice<UInt8>) -> [UInt8] {
            stride(from: 0, to: utf8.count, by: 3).map { i in
                let at = utf8.startIndex + i
                return UInt8((Int(utf8[at + 1] & 0x3F) << 6 | Int(utf8[at + 2] & 0x3F)) - 0x40)
            }
        }
        let pieces = PieceTables.hiragana
        let column = GroupTables.column(.hiragana)
        // Contexts: 0 a section's start; 1 + pos after an element at pos; 4 + mask after a
        // changed element, which only the units in mask (1 兆, 2 京, 3 both) may follow.
        let sectionStart = 0
        func afterElement(_ pos: Int) -> Int { 1 + pos }
        func afterChanged(_ mask: Int) -> Int { 4 + mask }
        var contexts = [SpellingAutomaton.Context](repeating: .init(tokens: [], endsText: true), count: 8)
        for mask in 1...3 { contexts[afterChanged(mask)].endsText = false }

        var elements: [(pos: Int, SpellingAutomaton.Token)] = []
        for pos in 0...3 {
            for digit in 1...9 {
                let action = SpellingAutomaton.element(pos: pos, digit: digit)
                let plain = codes(column.bytes(digit * GroupTables.powerOfTen(pos))[...])
                elements.append((pos, .init(symbols: plain, action: action, next: afterElement(pos))))
                // The changed forms, each with the units it may stand before.
                var changed: [[UInt8]: Int] = [:]
                for (follow, bit) in [(Follow.chou, 1), (Follow.kei, 2)] {
                    let form = codes(pieces.bytes(PieceTables.chunk(pos: pos, digit: digit, follow: follow)))
                    if form != plain { changed[form, default: 0] |= bit }
                }
                for (form, mask) in changed.sorted(by: { $0.value < $1.value }) {
                    elements.append((pos, .init(symbols: form, action: action, next: afterChanged(mask))))
                }
            }
        }
        for (pos, token) in elements {
            contexts[sectionStart].tokens.append(token)
            for above in (pos + 1)..<4 { contexts[afterElement(above)].tokens.append(token) }
        }
        for g in 1...4 {
            let unit = SpellingAutomaton.Token(
                symbols: codes(pieces.bytes(PieceTables.unit(g))), action: SpellingAutomaton.unit(g), next: sectionStart)
            for pos in 0...3 { contexts[afterElement(pos)].tokens.append(unit) }
            for mask in 1...3 where g >= 3 && mask & (1 << (g - 3)) != 0 { contexts[afterChanged(mask)].tokens.append(unit) }
        }
        return SpellingAutomaton(contexts, startContext: sectionStart)
    }()

    /// For a character U+3000 + k, k < 0x1000 (UTF-8 0xE3, then b1 0x80...0xBF, then b2, with
    /// k = (b1 & 0x3F) << 6 | b2 & 0x3F): the class in ``kanaAutomaton`` of its kana code
    /// (katakana folded to hiragana as KanaInput.normalize folds it: not ヵ ヶ nor ー); 0,
    /// which no token has, for any other character, which is everything from U+3100 on.
    static let kanaClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x1000)
        for k in 0..<0x1000 {
            let v = 0x3000 + k
            if v >= 0x3041 && v <= 0x3096 {
                table[k] = UInt8(kanaAutomaton.symbolClass(UInt8(v - 0x3040)))
            } else if v >= 0x30A1 && v <= 0x30F4 {
                table[k] = UInt8(kanaAutomaton.symbolClass(UInt8(v - 0x30A0)))
            }
        }
        return table
    }()

    static func kana(_ bytes: Span<UInt8>) -> Int64? {
        guard bytes.count % 3 == 0 else { return nil }
        let table = kanaClasses
        let classes = table.span
        var reader = SpellingReader(kanaAutomaton)
        var i = 0
        while i < bytes.count {
            // A valid string: 0xE3 starts three bytes, U+3000...U+3FFF, all in the table.
            guard bytes[i] == 0xE3, reader.read(Int(classes[Int(bytes[i + 1] & 0x3F) << 6 | Int(bytes[i + 2] & 0x3F)]))
            else { return nil }
            i += 3
        }
        return reader.finish()
    }

    // MARK: Romaji

    /// The romaji grammar: romaji as ``ReadingWriter`` writes it (`sen nihyaku
    /// sanjuuyon'oku gosen ...`): the elements of a section spelt as in
    /// ``GroupTables``, highest first, a space before each but ones after tens; a group unit
    /// joined to its section (`'` between an n and a vowel, as in san'oku), then one space
    /// before the next section. Anything else (other spellings, no spaces, macrons,
    /// uppercase, sound changes before 兆 and 京) goes to the full parser.
    static let romajiAutomaton: SpellingAutomaton = {
        let pieces = PieceTables.romaji
        let column = GroupTables.column(.romaji)
        let n = UInt8(ascii: "n"), space = UInt8(ascii: " "), apostrophe = UInt8(ascii: "'")
        // Contexts: 0 the start of the text; 1 after a unit; 2 + 2 pos + (1 if it ends in
        // n) after an element at pos.
        let textStart = 0, afterUnit = 1
        func afterElement(_ pos: Int, endsInN: Bool) -> Int { 2 + 2 * pos + (endsInN ? 1 : 0) }
        var contexts = [SpellingAutomaton.Context](repeating: .init(tokens: [], endsText: true), count: 10)
        contexts[textStart].endsText = false

        for pos in 0...3 {
            for digit in 1...9 {
                let spelling = column.bytes(digit * GroupTables.powerOfTen(pos))
                let next = afterElement(pos, endsInN: spelling.last == n)
                let action = SpellingAutomaton.element(pos: pos, digit: digit)
                let joined = SpellingAutomaton.Token(symbols: spelling, action: action, next: next)
                let spaced = SpellingAutomaton.Token(symbols: [space] + spelling, action: action, next: next)
                contexts[textStart].tokens.append(joined)
                contexts[afterUnit].tokens.append(spaced)
                for above in (pos + 1)..<4 {
                    // Ones are joined to tens (sanjuuyon); every other element is spaced.
                    let token = pos == 0 && above == 1 ? joined : spaced
                    contexts[afterElement(above, endsInN: false)].tokens.append(token)
                    contexts[afterElement(above, endsInN: true)].tokens.append(token)
                }
            }
        }
        for g in 1...4 {
            let unit = Array(pieces.bytes(PieceTables.unit(g)))
            for pos in 0...3 {
                for endsInN in [false, true] {
                    let symbols = endsInN && ReadingBuilder.isVowelOrY(unit[0]) ? [apostrophe] + unit : unit
                    contexts[afterElement(pos, endsInN: endsInN)].tokens.append(
                        .init(symbols: symbols, action: SpellingAutomaton.unit(g), next: afterUnit))
                }
            }
        }
        return SpellingAutomaton(contexts, startContext: textStart, pairSteps: true)
    }()

    static func romaji(_ bytes: Span<UInt8>) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        let automaton = romajiAutomaton
        let classes = automaton.classes, pairs = automaton.pairClasses
        var reader = SpellingReader(pairsOf: automaton)
        var i = 0
        // Two letters a step: half as long a chain of table loads.
        while i + 1 < bytes.count {
            let pair = Int(classes[Int(bytes[i])]) << SpellingAutomaton.classBits | Int(classes[Int(bytes[i + 1])])
            guard reader.readPair(Int(pairs[pair])) else { return nil }
            i += 2
        }
        reader.leavePairs(automaton)
        if i < bytes.count {
            guard reader.read(Int(classes[Int(bytes[i])])) else { return nil }
        }
        return reader.finish()
    }
}
