import Testing
@testable import JapaneseNumbers

/// The section tables, each entry made from its highest element and the entry of the rest,
/// against the readings put together element by element from the slot builder's canonical
/// pieces, for every section and script.
@Suite struct GroupTablesTests {
    @Test func everyKanaEntryIsItsElementsJoined() {
        for script in Script.allCases {
            let column = GroupTables.column(script)
            for v in 0..<10_000 {
                let expected = v == 0 ? [] : Self.joined(v, script: script)
                #expect(column.bytes(v) == expected, "\(script) \(v): \(String(decoding: column.bytes(v), as: UTF8.self))")
            }
        }
    }

    @Test func everyKanjiEntryIsItsElementsJoined() {
        let units = ["", "十", "百", "千"]
        let digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
        for v in 0..<10_000 {
            var expected = ""
            for pos in stride(from: 3, through: 0, by: -1) {
                let d = GroupTables.digit(v, pos)
                if d == 0 { continue }
                expected += (pos > 0 && d == 1 ? "" : digits[d]) + units[pos]
            }
            #expect(String(decoding: GroupTables.kanji.bytes(v), as: UTF8.self) == expected, "\(v)")
        }
    }

    /// Section `v` read in `script` from its slots: a space before each element but ones
    /// after tens in romaji, `n'` before a vowel or y, a っ doubling the next consonant.
    static func joined(_ v: Int, script: Script) -> [UInt8] {
        var bytes: [UInt8] = []
        var geminate = false
        for slot in ReadingBuilder.slots(magnitude: UInt64(v), negative: false, counter: nil) {
            let piece = slot.forms[0]
            let next = script.bytes(of: piece)
            if script.isRomaji, let first = next.first {
                if slot.spaced {
                    bytes.append(UInt8(ascii: " "))
                } else if geminate {
                    bytes.append(first == UInt8(ascii: "c") ? UInt8(ascii: "t") : first)
                } else if bytes.last == UInt8(ascii: "n") && ReadingBuilder.isVowelOrY(first) {
                    bytes.append(UInt8(ascii: "'"))
                }
            }
            geminate = piece.geminatesNext
            bytes += next
        }
        return bytes
    }
}
