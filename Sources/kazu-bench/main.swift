// Benchmarks: prints time per operation, ratios against baselines and budgets; asserts nothing.
// Run in release:
//   swift run -c release kazu-bench [--filter NAME] [--json] [--list]
// Each file adds a list of benchmarks here; Harness.swift measures and prints them.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
func main() async -> Int32 {
    var runner = BenchmarkRunner()
    var skipped = false
    switch BenchmarkRunner.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let options):
        runner.options = options
    case .failure(let message):
        if message.isHelp {
            print(message.text)
            return 0
        }
        printError("kazu-bench: \(message.text)")
        return 2
    }
    var benchmarks = numberBenchmarks() + storeBenchmarks() + sessionBenchmarks() + learnerBenchmarks() + historyBenchmarks()
    let speech = speechBenchmarks()
    if !runner.options.list, speech.contains(where: runner.selects), let reason = await speechUnavailable() {
        // The others still run; the exit status says that some could not.
        printError("kazu-bench: skipping the speech benchmarks: \(reason)")
        skipped = true
    } else {
        benchmarks += speech
    }
    guard benchmarks.contains(where: runner.selects) else {
        if skipped { return 1 }
        printError("kazu-bench: no benchmark matches \(runner.options.filters)")
        return 1
    }
    _ = await runner.run(benchmarks)
    return skipped ? 1 : 0
}

/// A line on standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

exit(await main())
