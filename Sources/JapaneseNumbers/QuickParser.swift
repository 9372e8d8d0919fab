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
/// - lowercase romaji (with spaces and `'`), turned into kana the way the full parser
///   does first (every ambiguous `n` before a vowel read as な-row, the first reading it
///   tries) and then read as above.
/// Everything else, and every mistake, goes to the full parser, which explains it.
enum QuickParser {
    static func parse(_ text: String) -> Int64? {
        // Contiguous for every native string; nil (the full parser) for anything else.
        text.utf8.withContiguousStorageIfAvailable { parse($0) } ?? nil
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let first = bytes.first else { return nil }
        switch first {
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

    static func digits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            let d = byte &- 0x30
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
    nonisolated(unsafe) static let kanjiClass: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x7000)
        table.initialize(repeating: 0, count: 0x7000)
        for v in UInt32(0x3000)..<0xA000 {
            if let d = NumberParser.kanjiDigit(v) {
                table[Int(v - 0x3000)] = 1 + UInt8(d)
            } else if let pos = NumberParser.smallUnit(v) {
                table[Int(v - 0x3000)] = 16 + UInt8(pos)
            } else if let g = NumberParser.groupUnit(v) {
                table[Int(v - 0x3000)] = 32 + UInt8(g)
            }
        }
        return UnsafePointer(table)
    }()

    static let powersOfTen: (UInt64, UInt64, UInt64, UInt64) = (1, 10, 100, 1000)

    /// NumberParser.numeral for kanji alone, the same checks in the same order; nil at the
    /// first one that fails (the full parser then says why).
    static func kanji(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count % 3 == 0 else { return nil }
        let classes = kanjiClass
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

    /// Kana in "codes": a hiragana's code point less 0x3040 (katakana folded to
    /// hiragana), one byte each. At most this many are read quickly.
    static let maxCodes = 96
    /// The codes, the places of unit kana (one each at most), and 32 bytes of room.
    static let bufferSize = 2 * maxCodes + SectionLookup.readWidth

    /// For a character U+3000 + k, k < 0x1000 (UTF-8 0xE3, then b1 0x80...0xBF, then b2, with
    /// k = (b1 & 0x3F) << 6 | b2 & 0x3F): its code (hiragana, and katakana folded to it as
    /// KanaInput.normalize folds it: not ヵ ヶ nor ー), with 0x80 added when it starts a
    /// group unit (ま お ち け); 0 for anything else, which is everything from U+3100 on.
    nonisolated(unsafe) static let kanaCodes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x1000)
        for k in 0..<0x1000 {
            let v = 0x3000 + k
            var code: UInt8 = 0
            if v >= 0x3041 && v <= 0x3096 {
                code = UInt8(v - 0x3040)
            } else if v >= 0x30A1 && v <= 0x30F4 {
                code = UInt8(v - 0x30A0)
            }
            if code == ma || code == o || code == chi || code == ke { code |= 0x80 }
            table[k] = code
        }
        return UnsafePointer(table)
    }()

    static func kana(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count % 3 == 0, bytes.count / 3 <= maxCodes, let start = bytes.baseAddress else { return nil }
        let table = kanaCodes
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferSize) { buffer in
            // Codes first, then where the kana that may start a unit are, then room for
            // ``SectionLookup/find(_:count:)`` to read 32 bytes from any code. All zeros
            // first: it reads whole words and masks what is not the spelling.
            buffer.initialize(repeating: 0)
            let codes = buffer.baseAddress!
            let units = codes + maxCodes
            var count = 0, unitCount = 0
            var p = start
            let end = start + bytes.count
            while p < end {
                // A valid string: 0xE3 starts three bytes, U+3000...U+3FFF, all in the table.
                guard p[0] == 0xE3 else { return nil }
                let code = table[Int(p[1] & 0x3F) << 6 | Int(p[2] & 0x3F)]
                guard code != 0 else { return nil }
                codes[count] = code & 0x7F
                units[unitCount] = UInt8(truncatingIfNeeded: count)
                unitCount &+= Int(code >> 7)
                count &+= 1
                p += 3
            }
            return sections(UnsafeBufferPointer(start: codes, count: count),
                            candidates: UnsafeBufferPointer(start: units, count: unitCount))
        }
    }

    static let ma: UInt8 = 0x3E, n: UInt8 = 0x53, o: UInt8 = 0x0A, ku: UInt8 = 0x0F, chi: UInt8 = 0x21
    static let smallYo: UInt8 = 0x47, u: UInt8 = 0x06, ke: UInt8 = 0x11, i: UInt8 = 0x04

    /// Sections and group units (まん おく ちょう けい), each section looked up whole in
    /// ``SectionLookup``; groups strictly descending. Nil when anything else is there.
    /// `candidates`: the places of ま お ち け, where a unit may start, in order.
    static func sections(_ codes: UnsafeBufferPointer<UInt8>, candidates: UnsafeBufferPointer<UInt8>) -> Int64? {
        let count = codes.count
        guard count > 0 else { return nil }
        let lookup = SectionLookup.shared
        var total: UInt64 = 0
        var lastGroup = 5
        var start = 0
        for candidate in candidates {
            let j = Int(candidate)
            // Skipped: inside a unit already read.
            if j < start { continue }
            let c = codes[j]
            var g = 0, length = 0
            // No section spelling contains a unit's kana in a row, nor ends with the first kana of one.
            if c == ma && j + 1 < count && codes[j + 1] == n {
                g = 1; length = 2
            } else if c == o && j + 1 < count && codes[j + 1] == ku {
                g = 2; length = 2
            } else if c == chi && j + 2 < count && codes[j + 1] == smallYo && codes[j + 2] == u {
                g = 3; length = 3
            } else if c == ke && j + 1 < count && codes[j + 1] == i {
                g = 4; length = 2
            }
            if g == 0 { continue }
            guard g < lastGroup, j > start,
                  let (value, follows) = lookup.find(codes.baseAddress! + start, count: j - start)
            else { return nil }
            // Plain spellings go before any unit; a sound-changed one only before its own.
            guard follows & SectionLookup.plain != 0
                    || (g == 3 && follows & SectionLookup.beforeChou != 0)
                    || (g == 4 && follows & SectionLookup.beforeKei != 0)
            else { return nil }
            guard let next = adding(UInt64(value), times: groupPower(g), to: total) else { return nil }
            total = next
            lastGroup = g
            start = j + length
        }
        if start < count {
            guard let (value, follows) = lookup.find(codes.baseAddress! + start, count: count - start),
                  follows & SectionLookup.plain != 0,
                  let next = adding(UInt64(value), to: total)
            else { return nil }
            total = next
        }
        guard total <= UInt64(Int64.max) else { return nil }
        return Int64(total)
    }

    // MARK: Romaji

    /// Romaji as ``ReadingWriter`` writes it (`sen nihyaku sanjuuyon'oku gosen ...`): cut
    /// after each group unit, each section looked up whole in ``SectionLookup/romaji``
    /// (so each is spelt as the writer spells it), the units in descending order, each
    /// joined to its section as the writer joins it (`'` before oku after an n, nowhere
    /// else) and followed by one space or the end. Anything else (other spellings, no
    /// spaces, macrons, uppercase, sound changes before 兆 and 京) goes to the full parser.
    /// 1 for a-z and ', 2 for a space, 0 for every other byte.
    nonisolated(unsafe) static let romajiClasses: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            table[b] = (b >= 0x61 && b <= 0x7A) || b == 0x27 ? 1 : b == 0x20 ? 2 : 0
        }
        return UnsafePointer(table)
    }()

    static let maxRomaji = 200

    static func romaji(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count <= maxRomaji, bytes[bytes.count - 1] != 0x20 else { return nil }
        // A copy with zeros after it, for ``SectionLookup/value(of:count:)`` to read words from.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxRomaji + SectionLookup.readWidth) { buffer in
            buffer.initialize(repeating: 0)
            let padded = buffer.baseAddress!
            padded.update(from: bytes.baseAddress!, count: bytes.count)
            return romaji(UnsafeBufferPointer(start: padded, count: bytes.count), padded: padded)
        }
    }

    @inline(__always)
    static func romaji(_ bytes: UnsafeBufferPointer<UInt8>, padded: UnsafeMutablePointer<UInt8>) -> Int64? {
        let count = bytes.count
        let classes = romajiClasses
        let lookup = SectionLookup.romaji
        var total: UInt64 = 0
        var lastGroup = 5
        var start = 0
        var wordStart = 0
        var k = 0
        while k <= count {
            // To the end of the word: letters and ' (class 1); a space (2) ends it; nothing else.
            while k < count {
                let kind = classes[Int(bytes[k])]
                if kind != 1 {
                    if kind == 0 { return nil }
                    break
                }
                k += 1
            }
            let length = k - wordStart
            guard length > 0 else { return nil }
            @inline(__always) func endsWith(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
                bytes[k - 3] == a && bytes[k - 2] == b && bytes[k - 1] == c
            }
            var g = 0, cut = 0
            if length > 3 {
                if endsWith(0x6D, 0x61, 0x6E) {                                            // man
                    g = 1; cut = k - 3
                } else if endsWith(0x6F, 0x6B, 0x75) && bytes[k - 4] != 0x72 {            // oku, not roku
                    g = 2; cut = k - 3
                    // The writer puts ' between n and oku, and only there: san'oku, nioku.
                    let apostrophe = bytes[cut - 1] == 0x27
                    if apostrophe { cut -= 1 }
                    guard cut > start, (bytes[cut - 1] == 0x6E) == apostrophe else { return nil }
                } else if length > 4 && bytes[k - 4] == 0x63 && endsWith(0x68, 0x6F, 0x75) {   // chou
                    g = 3; cut = k - 4
                } else if endsWith(0x6B, 0x65, 0x69) {                                     // kei
                    g = 4; cut = k - 3
                }
            }
            if g > 0 {
                guard g < lastGroup, cut > start,
                      let value = lookup.value(of: padded + start, count: cut - start)
                else { return nil }
                guard let next = adding(UInt64(value), times: groupPower(g), to: total) else { return nil }
                total = next
                lastGroup = g
                start = k + 1
            }
            k += 1
            wordStart = k
        }
        if start < count {
            guard let value = lookup.value(of: padded + start, count: count - start),
                  let next = adding(UInt64(value), to: total)
            else { return nil }
            total = next
        }
        guard total > 0 && total <= UInt64(Int64.max) else { return nil }
        return Int64(total)
    }
}

/// Every 4-digit section's kana spelling that the quick parser reads, as codes: the
/// canonical reading of 1...9999 (as in ``GroupTables``) and, where the last element
/// changes its sound before 兆 or 京, that spelling too; or (``romaji``) the canonical
/// romaji of 1...9999. An open-addressing table whose slots each fit in one cache line,
/// so that a lookup that finds its spelling reads one line: for kana, 32 bytes, the
/// spelling in bytes 0..<29 (a section has at most 20 kana), the value in bytes 29 and 30
/// and where it may stand in byte 31; for romaji (at most 31 letters), 64 bytes, the
/// spelling in bytes 0..<32 and the value and flags in bytes 37...39. Spellings have zeros
/// after them; value 0 marks an empty slot.
final class SectionLookup: @unchecked Sendable {
    static let plain: UInt8 = 1, beforeChou: UInt8 = 2, beforeKei: UInt8 = 4

    static let shared = SectionLookup(kana: ())
    static let romaji = SectionLookup(romaji: ())

    let slots: UnsafeMutablePointer<UInt64>
    let mask: Int
    /// Words a slot: 4 or 8.
    let stride: Int
    /// The word with the value (bits 40..<56) and flags (56..<64): 3 or 4.
    let valueWord: Int
    /// What of word 3 is spelling.
    let lastKeyMask: UInt64
    let maxLength: Int

    init(romaji: ()) {
        // The romaji column of the section table, as it is.
        (stride, valueWord, lastKeyMask, maxLength) = (8, 4, ~0, 32)
        (slots, mask) = Self.allocate(spellings: 10_000, stride: stride)
        let column = GroupTables.column(.romaji)
        for v in 1..<10_000 {
            let entry = column.entry(v)
            insert(Self.pack(UnsafeBufferPointer(start: entry + 1, count: Int(entry[0]))), v, Self.plain)
        }
    }

    init(kana: ()) {
        // The hiragana column of the section table as codes, and where the last element
        // changes before 兆 or 京, the rest of the section then the changed piece.
        (stride, valueWord, lastKeyMask, maxLength) = (4, 3, 0xFF_FFFF_FFFF, 29)
        (slots, mask) = Self.allocate(spellings: 16_000, stride: stride)
        let column = GroupTables.column(.hiragana)
        let pieces = PieceTables.hiragana
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { key in
            /// Appends the codes of UTF-8 kana at `at` and returns the new count.
            func put(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
                var at = start
                var i = 0
                while i + 2 < bytes.count {
                    key[at] = UInt8((Int(bytes[i + 1] & 0x3F) << 6 | Int(bytes[i + 2] & 0x3F)) - 0x40)
                    at += 1
                    i += 3
                }
                return at
            }
            func section(_ v: Int) -> UnsafeBufferPointer<UInt8> {
                let entry = column.entry(v)
                return UnsafeBufferPointer(start: entry + 1, count: Int(entry[0]))
            }
            for v in 1..<10_000 {
                let count = put(section(v), at: 0)
                insert(Self.pack(UnsafeBufferPointer(rebasing: key[0..<count])), v, Self.plain)
                let pos = v % 10 != 0 ? 0 : v % 100 != 0 ? 1 : v % 1000 != 0 ? 2 : 3
                let digit = GroupTables.digit(v, pos)
                let end = pieces.bytes(PieceTables.chunk(pos: pos, digit: digit, follow: .end))
                for (follow, flag) in [(Follow.chou, Self.beforeChou), (Follow.kei, Self.beforeKei)] {
                    let changed = pieces.bytes(PieceTables.chunk(pos: pos, digit: digit, follow: follow))
                    if changed.elementsEqual(end) { continue }
                    let restCount = put(section(v - digit * GroupTables.powerOfTen(pos)), at: 0)
                    let count = put(changed, at: restCount)
                    insert(Self.pack(UnsafeBufferPointer(rebasing: key[0..<count])), v, flag)
                }
            }
        }
    }

    private static func allocate(spellings: Int, stride: Int) -> (UnsafeMutablePointer<UInt64>, Int) {
        var size = 1
        while size < spellings * 2 { size <<= 1 }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 8 * stride * size, alignment: 64)
        let slots = raw.initializeMemory(as: UInt64.self, repeating: 0, count: stride * size)
        return (slots, size - 1)
    }

    /// Adds a spelling of section `value` that may stand where `flag` says.
    private func insert(_ key: (UInt64, UInt64, UInt64, UInt64), _ value: Int, _ flag: UInt8) {
        precondition(key.3 & ~lastKeyMask == 0, "a section's spelling outgrew its slot")
        var slot = Self.hash(key) & mask
        while slots[stride * slot + valueWord] != 0 {
            if same(slots + stride * slot, key) {
                precondition(Int(slots[stride * slot + valueWord] >> 40 & 0xFFFF) == value, "one spelling for two sections")
                break
            }
            slot = (slot + 1) & mask
        }
        let at = slots + stride * slot
        at[0] = key.0
        at[1] = key.1
        at[2] = key.2
        at[3] |= key.3
        at[valueWord] |= UInt64(value) << 40 | UInt64(flag) << 56
    }

    @inline(__always)
    func same(_ slot: UnsafeMutablePointer<UInt64>, _ key: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        slot[0] == key.0 && slot[1] == key.1 && slot[2] == key.2 && slot[3] & lastKeyMask == key.3
    }

    @inline(__always)
    static func pack(_ codes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        precondition(codes.count <= 32)
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.baseAddress!.copyMemory(from: codes.baseAddress!, byteCount: codes.count)
        }
        return words
    }

    @inline(__always)
    static func hash(_ key: (UInt64, UInt64, UInt64, UInt64)) -> Int {
        var h = key.0 &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 29) ^ key.1) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 32) ^ key.2) &* 0x94D0_49BB_1331_11EB
        h = (h ^ (h >> 29) ^ key.3) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// How many bytes ``find(_:count:)`` reads from where a spelling starts.
    static let readWidth = 32

    /// The spelling of `count` bytes at `start` as a key, read as four words whatever
    /// `count` is (there must be ``readWidth`` readable bytes at `start`), the bytes after
    /// the spelling masked off: no byte-by-byte copy for the words to wait on.
    @inline(__always)
    static func load(_ start: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let raw = UnsafeRawPointer(start)
        @inline(__always) func word(_ i: Int) -> UInt64 {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
            let valid = count &- 8 &* i
            if valid >= 8 { return w }
            if valid <= 0 { return 0 }
            return w & (1 << UInt64(8 &* valid) &- 1)
        }
        return (word(0), word(1), word(2), word(3))
    }

    /// The section the spelling of `count` bytes at `start` reads and where it may stand
    /// (``plain``, ``beforeChou``, ``beforeKei``). ``readWidth`` bytes at `start` must be readable.
    @inline(__always)
    func find(_ start: UnsafePointer<UInt8>, count: Int) -> (Int, UInt8)? {
        guard count <= maxLength else { return nil }
        let key = Self.load(start, count: count)
        var slot = Self.hash(key) & mask
        while true {
            let at = slots + stride * slot
            let tail = at[valueWord]
            if tail >> 40 == 0 { return nil }
            if same(at, key) { return (Int(tail >> 40 & 0xFFFF), UInt8(tail >> 56)) }
            slot = (slot + 1) & mask
        }
    }

    /// The section a romaji spelling reads.
    @inline(__always)
    func value(of start: UnsafePointer<UInt8>, count: Int) -> Int? {
        find(start, count: count)?.0
    }
}
