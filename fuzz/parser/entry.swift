// libFuzzer target: JapaneseNumbers.parse on what a learner might type.
//
// The first byte picks how the rest is read and the second a counter (or none):
//   script 0  the bytes as UTF-8, as typed
//   script 1  hiragana pieces of readings (さん, びゃく, っ, ...): one piece per byte
//   script 2  the same pieces in katakana
//   script 3  romaji pieces (san, byaku, sam, zyu, ū, n', ...)
//   script 4  kanji and digits (三, 百, 万, ３, 〇, ¥, the counter's written form)
//   script 5  digits and separators (1,000 and 1 000 and 1'000 and typos of them)
//   script 6  pieces of every kind mixed
//   script 7  a number from the next 8 bytes: its reading in every script must parse back
//
// Besides never crashing, what parse returns must hold together: a number read with a
// counter is in the counter's range, and its own reading in every script parses back to it.
// And the quick parser (the byte-level fast path) never disagrees with the full parser:
// whatever it reads, the full parser reads as the same number.
@testable import JapaneseNumbers

let counters = Counter.all

/// Readings cut into the pieces a learner types: every number word and counter form.
let hiraganaPieces: [String] = {
    var pieces: Set<String> = [
        "いち", "に", "さん", "よん", "よ", "し", "ご", "ろく", "なな", "しち", "はち", "きゅう", "く",
        "じゅう", "じゅっ", "じっ", "ひゃく", "びゃく", "ぴゃく", "ひゃっ", "せん", "ぜん", "まん", "おく",
        "ちょう", "けい", "まいなす", "れい", "ぜろ", "まる", "いっ", "はっ", "ろっ", "っ", "ー", "ゃ", "ゅ", "ょ",
        "ん", "ゔ", " ", "-", "、", "てん", "えん", "ひとつ", "ふたり", "ついたち", "はつか", "とお", "つ",
    ]
    for counter in Counter.all {
        pieces.insert(counter.kana)
        for n: Int64 in [1, 2, 3, 4, 6, 7, 8, 9, 10, 20, 100, 300, 600, 800, 1000, 3000, 8000, 10000]
        where counter.validRange.contains(n) {
            if let reading = try? JapaneseNumbers.reading(of: n, counter: counter) {
                pieces.insert(reading.hiragana)
                // The counter's sound-changed form alone: the reading after the bare number's.
                if let bare = try? JapaneseNumbers.reading(of: n), reading.hiragana.hasPrefix(bare.hiragana) {
                    let tail = String(reading.hiragana.dropFirst(bare.hiragana.count))
                    if !tail.isEmpty { pieces.insert(tail) }
                }
            }
        }
    }
    return pieces.sorted()
}()

let katakanaPieces: [String] = hiraganaPieces.map { Kana.katakana($0) } + ["マイナス", "ー"]

let romajiPieces: [String] = Array(Set(hiraganaPieces.map { Kana.romaji($0) } + hiraganaPieces.map { Kana.romaji($0, macrons: true) } + [
    "sam", "sem", "zyu", "zyuu", "jyu", "ti", "si", "tu", "hu", "n'", "nn", "'", "-", " ", "minus", "ū", "ō", "oo",
    "ou", "uu", "xtu", "ltu", "kk", "pp", "tt", "ss", "hyak", "nijuu", "happyaku", "roppyaku", "sanbyaku", "issen",
    "hassen", "ichiman", "juuman", "oku", "chou", "kei", "a", "i", "u", "e", "o", "y", "SAN", "Ni",
])).sorted()

let kanjiPieces: [String] = {
    var pieces = ["〇", "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "萬", "億",
                  "兆", "京", "垓", "0", "1", "2", "3", "5", "9", "０", "１", "３", "９", "¥", "￥", "-", "－", "−",
                  ",", "，", "、", ".", "．", " ", "　", "_", "'", "マイナス", "まいなす", "点", "円"]
    for counter in Counter.all { pieces.append(counter.name) }
    return pieces
}()

let digitPieces = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "000", "1,000", "12,345", ",", " ", "_",
                   "'", "、", "，", "-", ".", "０", "５", "９", "　", "\t", "¥", "e", "+"]

let allPieces = hiraganaPieces + katakanaPieces + romajiPieces + kanjiPieces + digitPieces

func text(from bytes: UnsafeBufferPointer<UInt8>, pieces: [String]) -> String {
    var text = ""
    for byte in bytes {
        text += pieces[Int(byte) % pieces.count]
    }
    return text
}

func fail(_ message: String) -> Never {
    fatalError("parser fuzz: \(message)")
}

/// Parsing `n`'s own reading, in every script and each listed alternative, gives `n` back.
func checkRoundTrip(_ n: Int64, counter: Counter?, from input: String) {
    let reading: Reading
    do { reading = try JapaneseNumbers.reading(of: n, counter: counter) } catch {
        fail("\(input.debugDescription) parsed as \(n) with \(counter?.name ?? "no counter"), which has no reading: \(error)")
    }
    var texts = [reading.written, reading.kanji, reading.hiragana, reading.katakana, reading.romaji]
    if let macrons = try? JapaneseNumbers.reading(of: n, counter: counter, romaji: .macrons) { texts.append(macrons.romaji) }
    // A few alternatives: each costs a parse, and the round-trip tests cover them all for small numbers.
    texts += reading.alternatives.prefix(4)
    for text in texts {
        let parsed = JapaneseNumbers.parse(text, counter: counter)
        if parsed != .success(n) {
            fail("\(n) with \(counter?.name ?? "no counter"): its reading \(text.debugDescription) parses as \(parsed) (from \(input.debugDescription))")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let script = bytes[0] & 7
    let counterIndex = Int(bytes[1]) % (counters.count + 1)
    let counter = counterIndex == 0 ? nil : counters[counterIndex - 1]
    let rest = UnsafeBufferPointer(rebasing: bytes[2...])

    let input: String
    switch script {
    case 0: input = String(decoding: rest, as: UTF8.self)
    case 1: input = text(from: rest, pieces: hiraganaPieces)
    case 2: input = text(from: rest, pieces: katakanaPieces)
    case 3: input = text(from: rest, pieces: romajiPieces)
    case 4: input = text(from: rest, pieces: kanjiPieces)
    case 5: input = text(from: rest, pieces: digitPieces)
    case 6: input = text(from: rest, pieces: allPieces)
    default:
        guard rest.count >= 8 else { return 0 }
        var n = Int64(0)
        for byte in rest.prefix(8) { n = n << 8 | Int64(byte) }
        if let counter, !counter.validRange.contains(n) {
            let range = counter.validRange
            let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
            let offset = width == 0 ? UInt64(bitPattern: n) : UInt64(bitPattern: n) % width
            n = range.lowerBound &+ Int64(bitPattern: offset)
        }
        checkRoundTrip(n, counter: counter, from: "the number \(n)")
        return 0
    }

    if let quick = QuickParser.parse(input) {
        switch NumberParser.parseReason(input, counter: nil) {
        case .success(let full) where full == quick: break
        case .success(let full): fail("\(input.debugDescription): the quick parser reads \(quick), the full one \(full)")
        case .failure(let reason): fail("\(input.debugDescription): the quick parser reads \(quick), the full one refuses it (\(reason))")
        }
    }

    let result = JapaneseNumbers.parse(input, counter: counter)
    switch result {
    case .success(let n):
        if let counter, !counter.validRange.contains(n) {
            fail("\(input.debugDescription) with \(counter.name) parsed as \(n), outside \(counter.validRange)")
        }
        checkRoundTrip(n, counter: counter, from: input)
        // With no counter the same text names the same number (a counter only adds readings).
        if counter != nil, case .success(let bare) = JapaneseNumbers.parse(input), bare != n {
            fail("\(input.debugDescription) is \(bare) alone but \(n) with \(counter!.name)")
        }
    case .failure(let error):
        if error.input != input { fail("the error's input is not what was typed: \(error.input.debugDescription)") }
        _ = error.description
        if error.reason.isEmpty { fail("\(input.debugDescription): an error with no reason") }
    }
    if script == 0 || script == 5 {
        _ = JapaneseNumbers.decimalReading(input)
    }
    return 0
}
