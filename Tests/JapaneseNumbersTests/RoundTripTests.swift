import Testing
@testable import JapaneseNumbers
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `KAZU_EXHAUSTIVE=1 swift test --filter JapaneseNumbersTests` runs the long
/// versions of the round trips (every script for every number up to a
/// million, a million random numbers); best with `-c release`.
let exhaustive = getenv("KAZU_EXHAUSTIVE").map { String(cString: $0) == "1" } ?? false

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
    func roundTrip(_ n: Int64, counter: Counter? = nil, alternatives: Bool = false, allScripts: Bool = true) throws {
        let reading = try JapaneseNumbers.reading(of: n, counter: counter)
        var texts = allScripts
            ? [reading.kanji, reading.hiragana, reading.katakana, reading.romaji, reading.written]
            : [reading.hiragana]
        if alternatives { texts += reading.alternatives }
        for text in texts {
            let parsed = JapaneseNumbers.parse(text, counter: counter)
            if parsed != .success(n) {
                Issue.record("\(n)\(counter?.name ?? ""): \(text) parsed as \(parsed)")
            }
        }
    }

    /// Every number from 0 to 1 000 000 in hiragana, and every fourth one in
    /// kanji, katakana, romaji and digits as well (every one with
    /// `KAZU_EXHAUSTIVE=1`), in ten parallel slices; alternatives up to 20 000.
    @Test(arguments: 0..<10)
    func firstMillion(slice: Int) throws {
        let start = Int64(slice) * 100_000
        let end = slice == 9 ? 1_000_000 : start + 99_999
        for n in start...end {
            try roundTrip(n, alternatives: n <= 20_000, allScripts: exhaustive || n % 4 == 0 || n <= 20_000)
        }
    }

    /// 300 000 random Int64 (SplitMix64, fixed seeds; 1 000 000 with
    /// `KAZU_EXHAUSTIVE=1`) in every script, in parallel slices.
    @Test(arguments: 0..<(exhaustive ? 20 : 6))
    func randomInt64(slice: Int) throws {
        var generator = SplitMix64(seed: 2024 + UInt64(slice))
        for i in 0..<50_000 {
            // Full-width values, shorter ones and round ones (many zero sections).
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

