/// One element of a reading (`さんびゃく`, `まん`, `じゅっぽん`) written in every
/// script the generator outputs, so that building a reading is appending.
struct Piece: Sendable, Hashable {
    let hiragana: String
    let katakana: String
    let romaji: String
    let romajiMacrons: String
    /// The hiragana as unicode scalar values, for the parser's comparisons.
    let scalars: [UInt32]
    /// Ends in っ, so the next piece's first consonant is doubled in romaji.
    let geminatesNext: Bool

    init(_ hiragana: String) {
        self.hiragana = hiragana
        katakana = Kana.katakana(hiragana)
        romaji = Kana.romaji(hiragana, macrons: false)
        romajiMacrons = Kana.romaji(hiragana, macrons: true)
        scalars = hiragana.unicodeScalars.map(\.value)
        geminatesNext = scalars.last == 0x3063
    }
}
