/// The scripts a reading is written in, besides kanji.
enum Script: Int, CaseIterable {
    case hiragana = 0, katakana, romaji, romajiMacrons

    @inline(__always)
    var isRomaji: Bool { self == .romaji || self == .romajiMacrons }

    /// The bytes of a piece in this script.
    func bytes(of piece: Piece) -> [UInt8] {
        switch self {
        case .hiragana: return piece.hiraganaUTF8
        case .katakana: return piece.katakanaUTF8
        case .romaji: return piece.romajiUTF8
        case .romajiMacrons: return piece.romajiMacronsUTF8
        }
    }
}

/// Every 4-digit section (0...9999) read out once, in each script: a reading is then a
/// few copies per section instead of work per digit.
///
/// Entry `v` is the canonical reading of `v` as the last section of a number or before
/// 万 and 億 (where no element changes its sound): 1234 is せんにひゃくさんじゅうよん,
/// `sen nihyaku sanjuuyon`, 千二百三十四. Entry 0 is empty. Before 兆 and 京 and before
/// a counter the last element changes, and the writer puts the section together from
/// the entry for the rest of it and that element (see ``ReadingWriter``). Each table is
/// built the first time it is used, from the same pieces as the slot builder, so that
/// the two cannot disagree.
///
/// Layout: each entry's bytes are kept in 16-byte chunks, so that a writer copies an
/// entry as one or a few vector stores (and moves on by its length), and its length in
/// a table of its own. What a line of `kazu read` needs of one section is one 128-byte
/// record in ``record``: the kanji (2 chunks), the romaji (2) and the hiragana (4).
/// Katakana (4 chunks) and romaji with macrons (2) have tables of their own.
enum GroupTables {
    /// One script's entries: entry `v` is `width` chunks from `chunks[first + stride * v]`,
    /// of which the first `lengths[v]` bytes count.
    struct Column: Sendable {
        let chunks: [SIMD16<UInt8>]
        let lengths: [UInt8]
        let first: Int
        let stride: Int
        let width: Int

        /// The bytes of entry `v`.
        func bytes(_ v: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for k in 0..<width {
                let chunk = chunks[first + stride * v + k]
                for i in 0..<16 { bytes.append(chunk[i]) }
            }
            return Array(bytes.prefix(Int(lengths[v])))
        }
    }

    /// Eight chunks a section, the kanji, romaji and hiragana entries side by side, and
    /// the three columns' lengths.
    static let record: (chunks: [SIMD16<UInt8>], kanji: [UInt8], romaji: [UInt8], hiragana: [UInt8]) = {
        var chunks = [SIMD16<UInt8>](repeating: .zero, count: 8 * 10_000)
        let kanji = place(width: 2, into: &chunks, first: 0, stride: 8, room: 27, Entries(kanji: ()))
        let romaji = place(width: 2, into: &chunks, first: 2, stride: 8, room: 31, Entries(.romaji))
        let hiragana = place(width: 4, into: &chunks, first: 4, stride: 8, room: 63, Entries(.hiragana))
        return (chunks, kanji, romaji, hiragana)
    }()

    static let kanji = Column(chunks: record.chunks, lengths: record.kanji, first: 0, stride: 8, width: 2)
    static let romaji = Column(chunks: record.chunks, lengths: record.romaji, first: 2, stride: 8, width: 2)
    static let hiragana = Column(chunks: record.chunks, lengths: record.hiragana, first: 4, stride: 8, width: 4)
    static let katakana = separate(width: 4, room: 63, Entries(.katakana))
    static let romajiMacrons = separate(width: 2, room: 31, Entries(.romajiMacrons))

    /// The four ASCII digits of each section, the first in the lowest byte.
    static let digits: [UInt32] = (0..<10_000).map { v in
        var word: UInt32 = 0
        for pos in 0...3 { word |= UInt32(UInt8(ascii: "0") + UInt8(digit(v, pos))) << UInt32(8 * (3 - pos)) }
        return word
    }

    @inline(__always)
    static func column(_ script: Script) -> Column {
        switch script {
        case .hiragana: return hiragana
        case .katakana: return katakana
        case .romaji: return romaji
        case .romajiMacrons: return romajiMacrons
        }
    }

    /// Puts each section's entry into `chunks`, entry `v` at `first + stride * v` (at most
    /// `room` bytes); returns their lengths.
    static func place(
        width: Int, into chunks: inout [SIMD16<UInt8>], first: Int, stride: Int, room: Int, _ entries: Entries
    ) -> [UInt8] {
        var lengths: [UInt8] = []
        lengths.reserveCapacity(10_000)
        // The chunks as bytes: an entry is stored a byte at a time, each store bounds-checked.
        var span = chunks.mutableSpan
        var table = MutableRawSpan(_elements: &span)
        for v in 0..<10_000 {
            let range = entries.bounds[v]..<entries.bounds[v + 1]
            precondition(range.count <= room, "a section's reading outgrew its table entry")
            lengths.append(UInt8(range.count))
            let offset = 16 * (first + stride * v) - range.lowerBound
            for i in range { table.storeBytes(of: entries.bytes[i], toByteOffset: offset + i, as: UInt8.self) }
        }
        return lengths
    }

    /// A column in a table of its own.
    static func separate(width: Int, room: Int, _ entries: Entries) -> Column {
        var chunks = [SIMD16<UInt8>](repeating: .zero, count: width * 10_000)
        let lengths = place(width: width, into: &chunks, first: 0, stride: width, room: room, entries)
        return Column(chunks: chunks, lengths: lengths, first: 0, stride: width, width: width)
    }

    /// The digit of section `v` at `pos` (0 ones ... 3 thousands), by constant divisions.
    @inline(__always)
    static func digit(_ v: Int, _ pos: Int) -> Int {
        switch pos {
        case 0: return v % 10
        case 1: return v / 10 % 10
        case 2: return v / 100 % 10
        default: return v / 1000
        }
    }

    /// The position of section `v`'s highest digit (0 for 1...9, 3 for 1000...9999).
    @inline(__always)
    static func topPosition(_ v: Int) -> Int {
        v >= 1000 ? 3 : v >= 100 ? 2 : v >= 10 ? 1 : 0
    }

    /// Every section's reading in one script, one after another: entry `v` is
    /// `bytes[bounds[v]..<bounds[v + 1]]`, and entry 0 is empty.
    ///
    /// Each entry is its highest element followed by the entry already made for the rest of
    /// the section (1234 is 千 and the entry of 234), so that a table costs one copy per
    /// entry, not one piece per element.
    struct Entries {
        private(set) var bytes: [UInt8] = []
        private(set) var bounds: [Int] = [0, 0]

        /// The readings in `script`: the elements' canonical pieces, joined as the slot
        /// builder joins them (a space before each element but ones after tens in romaji,
        /// `n'` before a vowel, a っ doubling the next consonant).
        init(_ script: Script) {
            // The canonical piece of each element inside a section (inner) and last in it
            // (end): (pos * 10 + digit) * 2 + (last ? 1 : 0).
            var elements: [(bytes: [UInt8], geminates: Bool)] = []
            for pos in 0...3 {
                for d in 0...9 {
                    for follow in [Follow.inner, Follow.end] {
                        let piece = d == 0 ? nil : NumberTables.chunk(pos: pos, digit: d, follow: follow)[0]
                        elements.append((piece.map { script.bytes(of: $0) } ?? [], piece?.geminatesNext ?? false))
                    }
                }
            }
            self.init(elements: elements, romaji: script.isRomaji)
        }

        /// The kanji: the digit (not 一 before 十 百 千), then the unit.
        init(kanji: Void) {
            var elements: [(bytes: [UInt8], geminates: Bool)] = []
            for pos in 0...3 {
                for d in 0...9 {
                    var element: [UInt8] = []
                    if d != 0 {
                        if pos == 0 || d > 1 { element += NumberTables.digitKanjiUTF8[d] }
                        element += NumberTables.unitKanjiUTF8[pos]
                    }
                    elements += [(element, false), (element, false)]
                }
            }
            self.init(elements: elements, romaji: false)
        }

        private init(elements: [(bytes: [UInt8], geminates: Bool)], romaji: Bool) {
            bytes.reserveCapacity(10_000 * 32)
            bounds.reserveCapacity(10_001)
            for v in 1..<10_000 {
                let top = topPosition(v)
                let d = digit(v, top)
                let rest = v - d * powerOfTen(top)
                let element = elements[(top * 10 + d) * 2 + (rest == 0 ? 1 : 0)]
                bytes += element.bytes
                if rest == 0 {
                    // The writer relies on a section's reading not ending in っ before 万 and 億.
                    precondition(!element.geminates)
                } else {
                    let restStart = bounds[rest]
                    if romaji {
                        let first = bytes[restStart]
                        if !(top == 1 && topPosition(rest) == 0) {
                            bytes.append(UInt8(ascii: " "))
                        } else if element.geminates {
                            bytes.append(first == UInt8(ascii: "c") ? UInt8(ascii: "t") : first)
                        } else if element.bytes.last == UInt8(ascii: "n") && ReadingBuilder.isVowelOrY(first) {
                            bytes.append(UInt8(ascii: "'"))
                        }
                    }
                    for i in restStart..<bounds[rest + 1] { bytes.append(bytes[i]) }
                }
                bounds.append(bytes.count)
            }
        }
    }

    static func powerOfTen(_ pos: Int) -> Int {
        switch pos {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        default: return 1000
        }
    }
}

/// The single pieces the writer adds to sections, canonical form only, in each script:
/// an element before 兆 or 京 (いっ, はっ, じゅっ, ひゃっ), the group units, マイナス and ゼロ.
enum PieceTables {
    /// `chunk(pos:digit:follow:)`: (pos * 10 + digit) * 6 + follow.
    static func chunk(pos: Int, digit: Int, follow: Follow) -> Int { (pos * 10 + digit) * 6 + follow.rawValue }
    /// The unit of group `g` (1 万 ... 4 京).
    static func unit(_ g: Int) -> Int { 240 + g }
    static let minus = 245
    static let zero = 246

    static let hiragana = build(.hiragana)
    static let katakana = build(.katakana)
    static let romaji = build(.romaji)
    static let romajiMacrons = build(.romajiMacrons)

    @inline(__always)
    static func table(_ script: Script) -> BytePool {
        switch script {
        case .hiragana: return hiragana
        case .katakana: return katakana
        case .romaji: return romaji
        case .romajiMacrons: return romajiMacrons
        }
    }

    static func build(_ script: Script) -> BytePool {
        var strings: [(bytes: [UInt8], geminates: Bool)] = []
        func add(_ piece: Piece?) {
            strings.append(piece.map { (script.bytes(of: $0), $0.geminatesNext) } ?? ([], false))
        }
        for pos in 0...3 {
            for d in 0...9 {
                for follow in Follow.allCases {
                    add(NumberTables.chunk(pos: pos, digit: d, follow: follow).first)
                }
            }
        }
        for g in 0...4 { add(g == 0 ? nil : NumberTables.groupPieces[g][0]) }
        add(NumberTables.minus[0])
        add(NumberTables.zero[0])
        return BytePool(strings)
    }
}

/// A counter's canonical pieces in one script, for the writer (see ``CounterTable``).
///
/// Entries: 0...9 a bare last digit with the counter; 10 + (pos - 1) * 10 + digit a last
/// 十 百 千 element; 40 + g a last group unit (1 万 ... 4 京); 45 + n the exact reading
/// of n for n in 0..<64.
enum CounterPieces {
    static func digit(_ d: Int) -> Int { d }
    static func unit(pos: Int, digit: Int) -> Int { 10 + (pos - 1) * 10 + digit }
    static func group(_ g: Int) -> Int { 40 + g }
    static func exact(_ n: Int) -> Int { 45 + n }
    /// In the kanji pool: 0 the counter's kanji, 1 + n the exact kanji of n, and this, the name.
    static let name = 65

    static func build(
        _ script: Script, digitTails: [[Piece]], unitTails: [[[Piece]]], groupTails: [[Piece]], exact: [Int64: [Piece]]
    ) -> BytePool {
        var strings: [(bytes: [UInt8], geminates: Bool)] = []
        func add(_ piece: Piece?) {
            strings.append(piece.map { (script.bytes(of: $0), $0.geminatesNext) } ?? ([], false))
        }
        for d in 0...9 { add(digitTails[d].first) }
        for pos in 1...3 { for d in 0...9 { add(unitTails[pos][d].first) } }
        for g in 0...4 { add(groupTails[g].first) }
        for n in 0..<64 { add(exact[Int64(n)]?.first) }
        return BytePool(strings)
    }
}
