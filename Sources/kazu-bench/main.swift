// Benchmarks: prints numbers, asserts nothing. Run in release:
//   swift run -c release kazu-bench
import Composable
import Foundation
import JapaneseNumbers
import KazuKit

/// Runs `body` `iterations` times after a warm-up, and prints the time per iteration.
@MainActor
func measure(_ name: String, iterations: Int, _ body: () -> Void) {
    for _ in 0..<min(iterations / 10, 10_000) { body() }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<iterations { body() }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let perIteration = nanoseconds / Double(iterations)
    let padded = name + String(repeating: " ", count: max(0, 44 - name.count))
    let rounded = (perIteration * 10).rounded() / 10
    print("\(padded) \(rounded) ns/op   \(Int(1e9 / perIteration)) op/s")
}

/// A counter with a child, the shape of a feature under a navigation reducer.
struct BenchCounter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count &+= 1
        return .none
    }
}

struct BenchParent: Reducer {
    struct State: Equatable { var child = BenchCounter.State(); var sends = 0 }
    enum Action: Sendable, CasePathable {
        case child(BenchCounter.Action)
        struct AllCasePaths {
            let child = CasePath<Action, BenchCounter.Action>(embed: Action.child) {
                if case let .child(action) = $0 { action } else { nil }
            }
        }
        static let allCasePaths = AllCasePaths()
    }
    var body: some ReducerOf<Self> {
        Scope(state: \.child, action: \.child) { BenchCounter() }
        Reduce { state, _ in
            state.sends &+= 1
            return .none
        }
    }
}

@MainActor
func main() {
    var sink = 0
    var n: Int64 = 0
    measure("JapaneseNumbers.reading(of:) 0..<1M", iterations: 1_000_000) {
        n = (n &+ 7_919) % 1_000_000
        sink &+= (try? JapaneseNumbers.reading(of: n))?.hiragana.utf8.count ?? 0
    }
    var line: [UInt8] = []
    line.reserveCapacity(256)
    measure("appendTabSeparatedLine (kazu read's path)", iterations: 1_000_000) {
        n = (n &+ 7_919) % 1_000_000
        line.removeAll(keepingCapacity: true)
        try? JapaneseNumbers.appendTabSeparatedLine(of: n, to: &line)
        sink &+= line.count
    }
    let kanji = (0..<1_000).map { (try? JapaneseNumbers.reading(of: Int64($0) * 7_919 + 12_345))!.kanji }
    let kana = (0..<1_000).map { (try? JapaneseNumbers.reading(of: Int64($0) * 7_919 + 12_345))!.hiragana }
    var index = 0
    measure("parse kanji", iterations: 500_000) {
        index = (index + 1) % kanji.count
        if case let .success(value) = JapaneseNumbers.parse(kanji[index]) { sink &+= Int(value) }
    }
    measure("parse hiragana", iterations: 500_000) {
        index = (index + 1) % kana.count
        if case let .success(value) = JapaneseNumbers.parse(kana[index]) { sink &+= Int(value) }
    }
    let store = Store(initialState: BenchParent.State()) { BenchParent() }
    measure("Store.send through Scope (no effect)", iterations: 1_000_000) {
        store.send(.child(.increment))
    }
    sink &+= store.state.child.count

    // The whole feature tree: Navigation with a quiz presented (infinite, so it never ends).
    let topic = TopicCatalog.topic(id: "number.1-100")!
    var root = Navigation.State(settings: KazuSettings())
    root.quiz = Quiz.State(topic: topic, skill: .listening, mode: .infinite, seed: 1, speech: SpeechPreferences(),
                           startedAt: Date(timeIntervalSince1970: 0))
    let app = Store(initialState: root) { Navigation() } withDependencies: {
        $0.speech = .silent
        $0.settingsClient = .inMemory()
        $0.history = .inMemory()
    }
    measure("Store.send no-op through the whole tree", iterations: 1_000_000) {
        app.send(.quiz(.presented(.playbackFinished)))
    }
    measure("Store.send correct answer (whole tree)", iterations: 20_000) {
        app.send(.quiz(.presented(.answerSubmitted(app.state.quiz!.question.answer))))
    }
    sink &+= app.state.quiz?.answered.count ?? 0
    print("(checksum \(sink))")
}

MainActor.assumeIsolated { main() }
