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
