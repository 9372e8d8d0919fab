// The benchmark harness: warm-up, calibrated batches, baselines measured in the same run,
// text or JSON output. Benchmark files only describe what to run; see `Benchmark`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark: a name, what to compare it with, and how to run it.
///
/// `make` is called only when the benchmark is selected, so building its inputs costs
/// nothing for a filtered run. It returns the timed body, which runs the operation
/// `iterations` times and returns a checksum of the results (so that the optimizer
/// cannot drop the work):
///
/// ```swift
/// Benchmark("numbers.kana", baseline: nil, target: .opsPerSecond(10_000_000)) {
///     let numbers = randomNumbers(below: 1_000_000_000_000)
///     return { iterations in
///         var sink = 0
///         for i in 0..<iterations { sink &+= reading(numbers[i & 4095]).utf8.count }
///         return sink
///     }
/// }
/// ```
///
/// A benchmark with a `baseline` (the name of another benchmark) is measured in
/// alternating batches with it, and reports the ratio of its time to the baseline's.
@MainActor
struct Benchmark {
    enum Target {
        /// At least this many operations per second.
        case opsPerSecond(Double)
        /// At most this many times the baseline's time per operation.
        case ratio(Double)
        /// Each operation timed alone: the median at most `median` nanoseconds, and the 99th
        /// percentile at most `p99` when one is given.
        case latency(median: Double, p99: Double?)
    }

    let name: String
    let baseline: String?
    let target: Target?
    /// One line on what is measured, shown by `--list`.
    let summary: String
    let make: @MainActor () -> @MainActor (_ iterations: Int) async -> Int

    init(
        _ name: String, baseline: String? = nil, target: Target? = nil, _ summary: String = "",
        make: @escaping @MainActor () -> @MainActor (_ iterations: Int) async -> Int
    ) {
        self.name = name
        self.baseline = baseline
        self.target = target
        self.summary = summary
        self.make = make
    }
}

/// What one benchmark measured.
struct BenchmarkResult {
    var name: String
    /// The fastest batch: other processes on the machine only ever add time.
    var nsPerOp: Double
    var medianNsPerOp: Double
    var batches: Int
    var iterationsPerBatch: Int
    var baseline: String?
    var baselineNsPerOp: Double?
    /// For a latency benchmark: the 99th percentile of the operations timed one by one.
    var p99NsPerOp: Double?
    var target: Benchmark.Target?

    var opsPerSecond: Double { 1e9 / nsPerOp }
    /// Ours over the baseline's time per operation (2 means twice as slow).
    var ratio: Double? { baselineNsPerOp.map { nsPerOp / $0 } }

    var targetMet: Bool? {
        switch target {
        case .opsPerSecond(let ops)?: return opsPerSecond >= ops
        case .ratio(let limit)?: return ratio.map { $0 <= limit }
        case .latency(let median, let p99)?:
            return medianNsPerOp <= median && (p99.map { limit in p99NsPerOp.map { $0 <= limit } ?? false } ?? true)
        case nil: return nil
        }
    }
}

@MainActor
struct BenchmarkRunner {
    struct Options {
        var json = false
        var filters: [String] = []
        var list = false
        /// Each benchmark runs batches until it has spent this long, and at least `minBatches`.
        var minTime = 0.3
        var minBatches = 5
        /// A batch is sized to take about this long.
        var batchTime = 0.025
        /// Run each selected benchmark once, for exactly this many iterations, with no warm-up
        /// and no baseline: for counting instructions under callgrind, where time means little.
        var iterations: Int?
    }

    var options = Options()
    private(set) var checksum = 0

    static let usage = """
        usage: kazu-bench [--filter NAME]... [--json] [--list] [--min-time SECONDS] [--iterations N]

          --filter NAME      run only the benchmarks whose name contains NAME (repeatable;
                             a benchmark's baseline runs with it)
          --json             print a JSON array of results instead of the table
          --list             list the benchmarks and exit
          --min-time S       timed seconds per benchmark (default 0.3)
          --iterations N     run each selected benchmark once, N iterations, no warm-up nor
                             baseline (for callgrind: the instructions of two runs with
                             different N, over the difference in N, are one iteration's)

        Each benchmark warms up, then runs batches of about 25 ms, alternating with its
        baseline if it has one, until each has run 0.3 s and at least 5 batches. ns/op is
        the fastest batch (other processes only add time); the median is shown too. The
        ratio is our time over the baseline's, measured in the same run (fastest over
        fastest; the target is judged on it). A latency benchmark times each operation
        alone instead: ns/op is the fastest, then the median and the 99th percentile.
        """

    /// Options from the command line, or a message for standard error.
    static func parse(_ arguments: [String]) -> Result<Options, UsageMessage> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--list": options.list = true
            case "--filter", "--min-time", "--iterations":
                guard let value = rest.popFirst() else { return .failure(UsageMessage(text: "\(argument) needs a value")) }
                if argument == "--filter" {
                    options.filters.append(value)
                } else if argument == "--iterations" {
                    guard let count = Int(value), count > 0 else {
                        return .failure(UsageMessage(text: "--iterations takes a whole number above 0"))
                    }
                    options.iterations = count
                } else {
                    guard let seconds = Double(value), seconds > 0 else {
                        return .failure(UsageMessage(text: "--min-time takes a number of seconds"))
                    }
                    options.minTime = seconds
                }
            case "-h", "--help": return .failure(UsageMessage(text: usage, isHelp: true))
            default:
                if argument.hasPrefix("--filter=") {
                    options.filters.append(String(argument.dropFirst("--filter=".count)))
                } else {
                    return .failure(UsageMessage(text: "unknown argument \(argument)\n\n\(usage)"))
                }
            }
        }
        return .success(options)
    }

    struct UsageMessage: Error {
        var text: String
        var isHelp = false
    }

    /// Whether `--filter` selects the benchmark (every one without a filter).
    func selects(_ benchmark: Benchmark) -> Bool {
        options.filters.isEmpty || options.filters.contains { benchmark.name.contains($0) }
    }

    /// Runs the selected benchmarks (each with its baseline) and prints the results.
    mutating func run(_ all: [Benchmark]) async -> [BenchmarkResult] {
        let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let selected = all.filter(selects)
        if selected.isEmpty { return [] }
        if options.list {
            for benchmark in selected {
                let baseline = benchmark.baseline.map { "  (vs \($0))" } ?? ""
                print(pad(benchmark.name, 30) + " " + benchmark.summary + baseline)
            }
            return []
        }
        if !options.json { printHeader() }

        var order: [BenchmarkResult] = []
        func reported(_ name: String) -> Bool { order.contains { $0.name == name } }
        for benchmark in selected where !reported(benchmark.name) {
            var group = [benchmark]
            if options.iterations == nil, let name = benchmark.baseline, let baseline = byName[name] { group.append(baseline) }
            var measured = await measure(group)
            if measured.count > 1 {
                // The ratio uses the baseline as measured beside this benchmark, in this run.
                measured[0].baselineNsPerOp = measured[1].nsPerOp
            }
            for result in measured where !reported(result.name) {
                order.append(result)
                if !options.json { printRow(result) }
            }
        }
        if options.json {
            print(json(order))
        } else {
            print("(checksum \(checksum))")
        }
        return order
    }

    /// Measures the benchmarks of `group` in alternating batches.
    private mutating func measure(_ group: [Benchmark]) async -> [BenchmarkResult] {
        let bodies = group.map { $0.make() }
        if let iterations = options.iterations {
            var results: [BenchmarkResult] = []
            for (benchmark, body) in zip(group, bodies) {
                let nsPerOp = await time(body, iterations) * 1e9 / Double(iterations)
                results.append(BenchmarkResult(
                    name: benchmark.name, nsPerOp: nsPerOp, medianNsPerOp: nsPerOp, batches: 1,
                    iterationsPerBatch: iterations, baseline: nil, baselineNsPerOp: nil, target: nil))
            }
            return results
        }
        if group.count == 1, case .latency? = group[0].target {
            return [await measureLatency(group[0], bodies[0])]
        }
        // Warm up and size the batches: one call first (it may build tables that are built
        // once), then double the count until one call takes 10 ms.
        var batchSizes: [Int] = []
        for body in bodies {
            _ = await time(body, 1)
            var iterations = 1
            while true {
                let seconds = await time(body, iterations)
                if seconds >= 0.01 || iterations >= 1 << 40 {
                    batchSizes.append(Swift.max(1, Int(Double(iterations) * options.batchTime / Swift.max(seconds, 1e-9))))
                    break
                }
                iterations *= seconds < 0.001 ? 8 : 2
            }
        }
        var samples = [[Double]](repeating: [], count: group.count)
        var spent = [Double](repeating: 0, count: group.count)
        while zip(samples, spent).contains(where: { $0.count < options.minBatches || $1 < options.minTime }) {
            for (k, body) in bodies.enumerated() {
                let seconds = await time(body, batchSizes[k])
                spent[k] += seconds
                samples[k].append(seconds * 1e9 / Double(batchSizes[k]))
            }
        }
        return group.indices.map { k in
            let sorted = samples[k].sorted()
            return BenchmarkResult(
                name: group[k].name, nsPerOp: sorted[0], medianNsPerOp: sorted[sorted.count / 2],
                batches: sorted.count, iterationsPerBatch: batchSizes[k],
                baseline: group[k].baseline, baselineNsPerOp: nil, target: group[k].target)
        }
    }

    /// Times one operation at a time, after a warm-up, until the run's time is spent and at
    /// least 1,000 have been timed.
    private mutating func measureLatency(
        _ benchmark: Benchmark, _ body: @MainActor (Int) async -> Int
    ) async -> BenchmarkResult {
        for _ in 0..<100 { _ = await time(body, 1) }
        var samples: [Double] = []
        var spent = 0.0
        while samples.count < 1_000 || spent < options.minTime {
            let seconds = await time(body, 1)
            spent += seconds
            samples.append(seconds * 1e9)
        }
        samples.sort()
        return BenchmarkResult(
            name: benchmark.name, nsPerOp: samples[0], medianNsPerOp: samples[samples.count / 2],
            batches: samples.count, iterationsPerBatch: 1, baseline: nil, baselineNsPerOp: nil,
            p99NsPerOp: samples[samples.count * 99 / 100], target: benchmark.target)
    }

    private mutating func time(_ body: @MainActor (Int) async -> Int, _ iterations: Int) async -> Double {
        let start = now()
        let sum = await body(iterations)
        let seconds = now() - start
        checksum &+= sum
        return seconds
    }

    private func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    // MARK: Output

    private func printHeader() {
        print(pad("benchmark", 30) + lpad("ns/op", 11) + lpad("median", 11) + lpad("ops/s", 13) + "   vs baseline")
    }

    private func printRow(_ r: BenchmarkResult) {
        var line = pad(r.name, 30) + lpad(fixed(r.nsPerOp, r.nsPerOp < 100 ? 2 : 1), 11)
            + lpad(fixed(r.medianNsPerOp, r.medianNsPerOp < 100 ? 2 : 1), 11) + lpad(rate(r.opsPerSecond), 13)
        if let ratio = r.ratio, let baseline = r.baseline {
            line += "   " + fixed(ratio, 2) + "x " + baseline
        }
        if let p99 = r.p99NsPerOp { line += "   p99 " + fixed(p99, 1) }
        switch (r.target, r.targetMet) {
        case (.opsPerSecond(let ops)?, let met?):
            line += "   target >= \(rate(ops)): " + (met ? "met" : "not met")
        case (.ratio(let limit)?, let met?):
            line += "   target <= \(fixed(limit, 1))x: " + (met ? "met" : "not met")
        case (.latency(let median, let p99)?, let met?):
            let limits = "median <= \(fixed(median, 0))" + (p99.map { ", p99 <= \(fixed($0, 0))" } ?? "")
            line += "   target \(limits) ns: " + (met ? "met" : "not met")
        default: break
        }
        print(line)
    }

    private func json(_ results: [BenchmarkResult]) -> String {
        var out = "[\n"
        for (i, r) in results.enumerated() {
            out += "  {\"name\": \"\(r.name)\", \"nsPerOp\": \(fixed(r.nsPerOp, 3)), \"opsPerSecond\": \(fixed(r.opsPerSecond, 0))"
            out += ", \"medianNsPerOp\": \(fixed(r.medianNsPerOp, 3)), \"batches\": \(r.batches), \"iterationsPerBatch\": \(r.iterationsPerBatch)"
            if let baseline = r.baseline, let ratio = r.ratio {
                out += ", \"baseline\": \"\(baseline)\", \"baselineNsPerOp\": \(fixed(r.baselineNsPerOp!, 3)), \"ratio\": \(fixed(ratio, 4))"
            }
            switch r.target {
            case .opsPerSecond(let ops)?: out += ", \"targetOpsPerSecond\": \(fixed(ops, 0))"
            case .ratio(let limit)?: out += ", \"targetRatio\": \(fixed(limit, 2))"
            case .latency(let median, let p99)?:
                out += ", \"targetMedianNs\": \(fixed(median, 0))"
                if let p99 { out += ", \"targetP99Ns\": \(fixed(p99, 0))" }
            case nil: break
            }
            if let p99 = r.p99NsPerOp { out += ", \"p99NsPerOp\": \(fixed(p99, 3))" }
            if let met = r.targetMet { out += ", \"targetMet\": \(met)" }
            out += i == results.count - 1 ? "}\n" : "},\n"
        }
        return out + "]"
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: Swift.max(0, width - s.count))
    }

    private func lpad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - s.count)) + s
    }

    /// `x` with `digits` decimals, without Foundation.
    private func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e18 else { return String(x) }
        let whole = UInt64(scaled) / UInt64(scale)
        let fraction = UInt64(scaled) % UInt64(scale)
        var text = (x < 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// 12.3 M/s, 456 k/s.
    private func rate(_ ops: Double) -> String {
        if ops >= 1e6 { return fixed(ops / 1e6, 2) + " M/s" }
        if ops >= 1e3 { return fixed(ops / 1e3, 1) + " k/s" }
        return fixed(ops, 1) + " /s"
    }
}
