// Store.send through a Scope and through Kazu's whole feature tree, against the runtime's
// budgets, and what one superseded effect costs.
import Composable
import Foundation
import KazuKit

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

/// A feature that, like the quiz, starts speech on every action, superseding the last one's.
struct BenchSpeaker: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Sendable { case next, spoken }
    enum CancelID { case speech }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        guard case .next = action else { return .none }
        state.count &+= 1
        return .run { send in await send(.spoken) }.cancellable(id: CancelID.speech, cancelInFlight: true)
    }
}

/// The whole feature tree: Navigation with a quiz presented (infinite, so it never ends).
@MainActor
func makeQuizStore() -> Store<Navigation.State, Navigation.Action> {
    let topic = TopicCatalog.topic(id: "number.1-100")!
    var root = Navigation.State(settings: KazuSettings())
    root.destination = .quiz(Quiz.State(topic: topic, skill: .listening, mode: .infinite, seed: 1, speech: SpeechPreferences(),
                                        startedAt: Date(timeIntervalSince1970: 0)))
    return Store(initialState: root) { Navigation() } withDependencies: {
        $0.speech = .silent
        $0.settingsClient = .inMemory()
        $0.history = .inMemory()
    }
}

@MainActor
func storeBenchmarks() -> [Benchmark] {
    [
        Benchmark("store.send.scope", "Store.send through Scope (no effect)") {
            let store = Store(initialState: BenchParent.State()) { BenchParent() }
            return { iterations in
                for _ in 0..<iterations { store.send(.child(.increment)) }
                return store.state.child.count
            }
        },
        Benchmark("store.send.tree-noop", target: .latency(median: 2_000, p99: nil),
                  "a send that changes nothing, through the whole tree (quiz presented)") {
            let app = makeQuizStore()
            return { iterations in
                for _ in 0..<iterations { app.send(.destination(.presented(.quiz(.playbackFinished)))) }
                // Each send is timed alone: reading the state back here would time a copy of it too.
                return iterations
            }
        },
        Benchmark("store.send.tree-answer", target: .latency(median: 50_000, p99: 200_000),
                  "a right answer through the whole tree, its effects run to their end") {
            let app = makeQuizStore()
            return { iterations in
                for _ in 0..<iterations {
                    let answer = app.withState { $0.quiz!.question.answer }
                    await app.send(.destination(.presented(.quiz(.answerSubmitted(answer))))).finish()
                }
                // As for the no-op: no copy of the state timed with each answer.
                return iterations
            }
        },
        // What an effect costs when the next action supersedes it before it begins, apart
        // from any tree: 64 sends back to back, as a piped session reduces them, then a wait
        // for their effects.
        Benchmark("store.effect.superseded", "Store.send of an action whose effect the next one cancels before it begins") {
            let store = Store(initialState: BenchSpeaker.State()) { BenchSpeaker() }
            var started: [StoreTask] = []
            started.reserveCapacity(inputChunk)
            return { iterations in
                for _ in 0..<iterations {
                    started.append(store.send(.next))
                    if started.count == inputChunk {
                        for task in started { await task.finish() }
                        started.removeAll(keepingCapacity: true)
                    }
                }
                for task in started { await task.finish() }
                started.removeAll(keepingCapacity: true)
                return store.state.count
            }
        },
    ]
}
