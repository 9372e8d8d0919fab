import Testing
@testable import JapaneseNumbers

/// A small seeded generator (SplitMix64) so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// parse(reading(n)) == n in every script.
@Suite struct RoundTripTests {
    func roundTrip(_ n: Int64, counter: Counter? = nil, alternatives: Bool = false) throws {
        let reading = try JapaneseNumbers.reading(of: n, counter: counter)
        var texts = [reading.kanji, reading.hiragana, reading.katakana, reading.romaji, reading.written]
        if alternatives { texts += reading.alternatives }
        for text in texts {
            let parsed = JapaneseNumbers.parse(text, counter: counter)
            if parsed != .success(n) {
                Issue.record("\(n)\(counter?.name ?? ""): \(text) parsed as \(parsed)")
            }
        }
    }

    /// Every number up to 100 000 in all scripts; up to 1 000 000 with a stride
    /// (the exhaustive million runs in release: `swift test -c release --filter exhaustiveMillion`).
    @Test func smallNumbers() throws {
        for n in Int64(0)...100_000 { try roundTrip(n, alternatives: n <= 10_000) }
        for n in stride(from: Int64(100_001), through: 1_000_000, by: 97) { try roundTrip(n) }
    }

    @Test(.enabled(if: isReleaseBuild)) func exhaustiveMillion() throws {
        for n in Int64(0)...1_000_000 { try roundTrip(n, alternatives: true) }
    }

    @Test func randomInt64() throws {
        var generator = SplitMix64(seed: 2024)
        for i in 0..<30_000 {
            // Mix full-width values with small ones and with round ones (many zeros).
            var n = Int64(bitPattern: generator.next())
            switch i % 3 {
            case 1: n >>= Int64(generator.next() % 63)
            case 2: n = n / 1_000_000 * 1_000_000 >> Int64(generator.next() % 40)
            default: break
            }
            try roundTrip(n)
        }
    }

    @Test func extremes() throws {
        for n in [Int64.max, Int64.min, Int64.min + 1, -1, 10_000_000_000_000_000, 9_999_999_999_999_999] {
            try roundTrip(n, alternatives: true)
        }
    }

    @Test(arguments: Counter.all) func counters(_ counter: Counter) throws {
        let upper = min(counter.validRange.upperBound, 1000)
        for n in counter.validRange.lowerBound...upper { try roundTrip(n, counter: counter, alternatives: true) }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 where counter.validRange.upperBound == Int64.max {
            try roundTrip(Int64(generator.next() >> 1), counter: counter)
        }
    }
}

#if DEBUG
let isReleaseBuild = false
#else
let isReleaseBuild = true
#endif
