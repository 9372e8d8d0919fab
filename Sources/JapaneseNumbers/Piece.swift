/// One element of a reading (`さんびゃく`, `まん`, `じゅっぽん`) written in every
/// script the generator outputs, so that building a reading is appending.
final class Piece: Sendable, Hashable {
    let hiragana: String
    let katakana: String
    let romaji: String
    let romajiMacrons: String
    /// The hiragana as unicode scalar values, for the parser's comparisons.
    let scalars: [UInt32]
    /// The same forms as UTF-8 bytes, which the builder copies straight into new strings.
    let hiraganaUTF8: [UInt8]
    let katakanaUTF8: [UInt8]
    let romajiUTF8: [UInt8]
    let romajiMacronsUTF8: [UInt8]
    /// Ends in っ, so the next piece's first consonant is doubled in romaji.
    let geminatesNext: Bool

    static func == (a: Piece, b: Piece) -> Bool { a.hiragana == b.hiragana }
    func hash(into hasher: inout Hasher) { hasher.combine(hiragana) }

    /// A class, so that handing a piece around costs one reference count, not ten.
    init(_ hiragana: String) {
        self.hiragana = hiragana
        katakana = Kana.katakana(hiragana)
        romaji = Kana.romaji(hiragana, macrons: false)
        romajiMacrons = Kana.romaji(hiragana, macrons: true)
        scalars = hiragana.unicodeScalars.map(\.value)
        geminatesNext = scalars.last == 0x3063
        hiraganaUTF8 = Array(hiragana.utf8)
        katakanaUTF8 = Array(katakana.utf8)
        romajiUTF8 = Array(romaji.utf8)
        romajiMacronsUTF8 = Array(romajiMacrons.utf8)
    }
}
