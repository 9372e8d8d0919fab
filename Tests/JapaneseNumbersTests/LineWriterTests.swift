import Testing
import JapaneseNumbers

/// The byte writer and `Reading.tabSeparated` agree line for line.
@Suite struct LineWriterTests {
    @Test func matchesTabSeparated() throws {
        var generator = SplitMix64(seed: 5)
        var numbers: [Int64] = [0, -1, 3, 10, 100, 1000, 10_000, 38_000_000, 300_000_000, 100_010_001, 7788_7788_7788,
                                999_999_999_999, 1_000_000_000_000, .max, .min]
        for _ in 0..<5000 { numbers.append(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)) }
        for n in numbers { try check(n, counter: nil) }
        for counter in Counter.all {
            for n in counter.validRange.lowerBound...min(counter.validRange.upperBound, 120) { try check(n, counter: counter) }
            try check(counter.validRange.upperBound, counter: counter)
        }
    }

    @Test func everySectionInEveryGroup() throws {
        // Below 兆 the line is copied from the section records: each section as the 億, 万
        // and last group, alone and with neighbours (n' before oku after sen, man, ...).
        for v: Int64 in 1..<10_000 {
            try check(v * 100_010_001, counter: nil)
            try check(v * 100_000_000 + (9_999 - v), counter: nil)
            try check(v * 10_000, counter: nil)
        }
    }

    @Test func linesFollowOneAnother() throws {
        // Each line is written into the buffer's spare capacity, after what is already there.
        var generator = SplitMix64(seed: 9)
        var out: [UInt8] = []
        var expected = ""
        for i in 0..<2000 {
            let n = i % 3 == 0 ? -Int64(generator.next() % 1000) : Int64(generator.next() % 2_000_000_000_000)
            try JapaneseNumbers.appendTabSeparatedLine(of: n, to: &out)
            expected += try JapaneseNumbers.reading(of: n).tabSeparated + "\n"
        }
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    func check(_ n: Int64, counter: Counter?) throws {
        var out: [UInt8] = []
        try JapaneseNumbers.appendTabSeparatedLine(of: n, counter: counter, to: &out)
        let expected = try JapaneseNumbers.reading(of: n, counter: counter).tabSeparated + "\n"
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test func outOfRangeThrows() {
        var out: [UInt8] = []
        #expect(throws: ReadingError.self) { try JapaneseNumbers.appendTabSeparatedLine(of: 11, counter: Counter.named("つ"), to: &out) }
        #expect(out.isEmpty)
    }
}
