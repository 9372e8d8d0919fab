// JapaneseNumbers: readings, the tab-separated row of `kazu read`, the parser, counters.
import Composable
import JapaneseNumbers

/// Inputs per benchmark: a power of two, cycled through with a mask. Small enough for the
/// caches (the copy baseline's rows fit in them too), large enough not to be learnt.
let inputCount = 4096
let inputMask = inputCount - 1

/// Inputs come from Composable's seeded generator, so that every run times the same ones.
extension SplitMix64 {
    /// Uniform in 0..<bound.
    mutating func next(below bound: UInt64) -> UInt64 {
        next().multipliedFullWidth(by: bound).high
    }
}

/// `inputCount` numbers uniform in 0..<bound, the same in every run.
func randomNumbers(below bound: UInt64, seed: UInt64 = 12) -> [Int64] {
    var random = SplitMix64(seed: seed)
    return (0..<inputCount).map { _ in Int64(random.next(below: bound)) }
}

/// (number, counter) pairs: every counter in turn, numbers uniform in its range up to 9999
/// (counted things are mostly small; the counter's share of the work is largest there).
func counterInputs() -> [(Int64, Counter)] {
    var random = SplitMix64(seed: 34)
    let counters = Counter.all
    return (0..<inputCount).map { i in
        let counter = counters[i % counters.count]
        let low = counter.validRange.lowerBound, high = min(counter.validRange.upperBound, 9999)
        return (low + Int64(random.next(below: UInt64(high - low + 1))), counter)
    }
}

let trillion: UInt64 = 1_000_000_000_000

@MainActor
func numberBenchmarks() -> [Benchmark] {
    [
        Benchmark("numbers.kana", target: .opsPerSecond(10_000_000),
                  "JapaneseNumbers.hiragana(of:): the kana String of a random n < 10^12") {
            let numbers = randomNumbers(below: trillion)
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.hiragana(of: numbers[i & inputMask]))?.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.kana.below-1M", "the kana String of a random n < 10^6") {
            let numbers = randomNumbers(below: 1_000_000)
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.hiragana(of: numbers[i & inputMask]))?.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.romaji", "JapaneseNumbers.romaji(of:) of a random n < 10^12") {
            let numbers = randomNumbers(below: trillion)
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.romaji(of: numbers[i & inputMask]))?.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.kanji", "JapaneseNumbers.kanji(of:) of a random n < 10^12") {
            let numbers = randomNumbers(below: trillion)
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.kanji(of: numbers[i & inputMask]))?.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.reading", "the whole Reading (written, kanji, kana, katakana, romaji) of n < 10^12") {
            let numbers = randomNumbers(below: trillion)
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.reading(of: numbers[i & inputMask]))?.romaji.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.row", baseline: "numbers.row.copy", target: .ratio(3),
                  "appendTabSeparatedLine (kazu read's row) of n < 10^12 into a reused buffer") {
            let numbers = randomNumbers(below: trillion)
            return { iterations in
                // A local buffer, as `kazu read` keeps one: no exclusivity checks on a captured var.
                var line: [UInt8] = []
                line.reserveCapacity(1024)
                var sink = 0
                for i in 0..<iterations {
                    line.removeAll(keepingCapacity: true)
                    try? JapaneseNumbers.appendTabSeparatedLine(of: numbers[i & inputMask], to: &line)
                    sink &+= line.count
                }
                return sink
            }
        },
        Benchmark("numbers.row.copy", "copying the same rows' bytes from a precomputed buffer") {
            let numbers = randomNumbers(below: trillion)
            var all: [UInt8] = []
            var bounds: [Int] = [0]
            for n in numbers {
                try? JapaneseNumbers.appendTabSeparatedLine(of: n, to: &all)
                bounds.append(all.count)
            }
            return { iterations in
                var line: [UInt8] = []
                line.reserveCapacity(1024)
                var sink = 0
                all.withUnsafeBufferPointer { rows in
                    for i in 0..<iterations {
                        let k = i & inputMask
                        line.removeAll(keepingCapacity: true)
                        line.append(contentsOf: UnsafeBufferPointer(rebasing: rows[bounds[k]..<bounds[k + 1]]))
                        sink &+= line.count
                    }
                }
                return sink
            }
        },
        parseBenchmark("numbers.parse.kana", "parse the hiragana reading of n < 10^12") { $0.hiragana },
        parseBenchmark("numbers.parse.kanji", "parse the kanji of n < 10^12") { $0.kanji },
        parseBenchmark("numbers.parse.romaji", "parse the romaji of n < 10^12") { $0.romaji },
        parseBenchmark("numbers.parse.katakana", target: nil, "parse the katakana of n < 10^12") { $0.katakana },
        parseBenchmark("numbers.parse.digits", target: nil, "parse n < 10^12 written in digits") { $0.written },
        Benchmark("numbers.counter", baseline: "numbers.counter.plain", target: .ratio(1.5),
                  "Reading with a counter (every counter in turn, n in its range, <= 9999)") {
            let inputs = counterInputs()
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    let (n, counter) = inputs[i & inputMask]
                    sink &+= (try? JapaneseNumbers.reading(of: n, counter: counter))?.romaji.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.counter.plain", "Reading of the same numbers without the counter") {
            let inputs = counterInputs()
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.reading(of: inputs[i & inputMask].0))?.romaji.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.counter.kana", baseline: "numbers.counter.kana.plain", target: .ratio(1.5),
                  "hiragana(of:counter:) (every counter in turn, n in its range, <= 9999)") {
            let inputs = counterInputs()
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    let (n, counter) = inputs[i & inputMask]
                    sink &+= (try? JapaneseNumbers.hiragana(of: n, counter: counter))?.utf8.count ?? 0
                }
                return sink
            }
        },
        Benchmark("numbers.counter.kana.plain", "hiragana(of:) of the same numbers without the counter") {
            let inputs = counterInputs()
            return { iterations in
                var sink = 0
                for i in 0..<iterations {
                    sink &+= (try? JapaneseNumbers.hiragana(of: inputs[i & inputMask].0))?.utf8.count ?? 0
                }
                return sink
            }
        },
    ]
}

/// Parses a script of the readings of random numbers below 10^12.
@MainActor
func parseBenchmark(
    _ name: String, target: Benchmark.Target? = .opsPerSecond(5_000_000), _ summary: String,
    _ script: @escaping (Reading) -> String
) -> Benchmark {
    Benchmark(name, target: target, summary) {
        let texts = randomNumbers(below: trillion).map { script(try! JapaneseNumbers.reading(of: $0)) }
        return { iterations in
            var sink = 0
            for i in 0..<iterations {
                if case .success(let value) = JapaneseNumbers.parse(texts[i & inputMask]) { sink &+= Int(value) }
            }
            return sink
        }
    }
}
