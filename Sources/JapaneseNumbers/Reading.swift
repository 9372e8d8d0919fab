/// A number (with an optional counter) read aloud: its written forms and its readings.
///
/// ```swift
/// let r = try JapaneseNumbers.reading(of: 3, counter: .named("本"))
/// r.written        // "3本"
/// r.kanji          // "三本"
/// r.hiragana       // "さんぼん"
/// r.romaji         // "sanbon"
/// r.tabSeparated   // "3本\t三本\tさんぼん\tsanbon"
/// ```
///
/// Romaji spacing: a space follows each 千 and 百 element and each 万 億 兆 京
/// group, while tens and ones stay together, as in most textbooks:
/// `ichiman nisen sanbyaku yonjuugo` (12345). A counter joins the last word.
public struct Reading: Sendable, Hashable {
    public var number: Int64
    /// Arabic digits and the counter: "3本", "-12", "321".
    public var written: String
    /// "三本", "三百二十一", "〇".
    public var kanji: String
    /// The canonical reading.
    public var hiragana: String
    public var katakana: String
    /// Hepburn with ASCII long vowels (`juu`, `chou`), or macrons (`jū`) when asked for.
    public var romaji: String
    /// Other accepted hiragana readings, canonical excluded.
    ///
    /// When the choices combine into at most 16 readings all are listed;
    /// beyond that each alternative changes one place only (the parser
    /// accepts every combination regardless). Built when first asked for,
    /// so that streaming canonical readings does not pay for them.
    public var alternatives: [String] {
        get {
            switch alternativeStorage {
            case .listed(let list): return list
            case .whenAsked(let n, let counter): return ReadingBuilder.alternatives(of: n, counter: counter)
            }
        }
        set { alternativeStorage = .listed(newValue) }
    }

    enum AlternativeStorage: Sendable {
        case listed([String])
        /// Worked out from the number and the counter each time they are asked for.
        case whenAsked(Int64, CounterTable?)
    }

    var alternativeStorage: AlternativeStorage

    public init(number: Int64, written: String, kanji: String, hiragana: String,
                katakana: String, romaji: String, alternatives: [String]) {
        self.init(number: number, written: written, kanji: kanji, hiragana: hiragana,
                  katakana: katakana, romaji: romaji, alternatives: .listed(alternatives))
    }

    init(number: Int64, written: String, kanji: String, hiragana: String,
         katakana: String, romaji: String, alternatives: AlternativeStorage) {
        self.number = number
        self.written = written
        self.kanji = kanji
        self.hiragana = hiragana
        self.katakana = katakana
        self.romaji = romaji
        self.alternativeStorage = alternatives
    }

    public static func == (a: Reading, b: Reading) -> Bool {
        a.number == b.number && a.written == b.written && a.kanji == b.kanji && a.hiragana == b.hiragana
            && a.katakana == b.katakana && a.romaji == b.romaji && a.alternatives == b.alternatives
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(written)
        hasher.combine(hiragana)
        hasher.combine(romaji)
    }

    /// `written`, `kanji`, `hiragana`, `romaji` joined by tabs, for streaming.
    public var tabSeparated: String {
        var line = ""
        line.reserveCapacity(written.utf8.count + kanji.utf8.count + hiragana.utf8.count + romaji.utf8.count + 3)
        line += written
        line += "\t"
        line += kanji
        line += "\t"
        line += hiragana
        line += "\t"
        line += romaji
        return line
    }

    /// One line of JSON with every field, for streaming.
    public var json: String {
        var line = ""
        line.reserveCapacity(64 + 2 * (written.utf8.count + kanji.utf8.count + hiragana.utf8.count
            + katakana.utf8.count + romaji.utf8.count))
        line += "{\"number\":"
        line += String(number)
        line += ",\"written\":"
        JSON.appendString(written, to: &line)
        line += ",\"kanji\":"
        JSON.appendString(kanji, to: &line)
        line += ",\"hiragana\":"
        JSON.appendString(hiragana, to: &line)
        line += ",\"katakana\":"
        JSON.appendString(katakana, to: &line)
        line += ",\"romaji\":"
        JSON.appendString(romaji, to: &line)
        line += ",\"alternatives\":["
        for (i, alternative) in alternatives.enumerated() {
            if i > 0 { line += "," }
            JSON.appendString(alternative, to: &line)
        }
        line += "]}"
        return line
    }
}

/// Hand-written JSON string escaping (the library does not use Foundation).
enum JSON {
    static func appendString(_ s: String, to out: inout String) {
        out += "\""
        // Fast path: nothing to escape, which is every reading the library makes.
        if !s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
            out += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        out += "\""
    }
}
