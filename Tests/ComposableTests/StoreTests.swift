import Composable
import ComposableTesting
import Testing

/// Draws a number with the random dependency; shows dependencies reach reducers and effects.
struct Draw: Reducer {
    struct State: Equatable {
        var drawn: [Int] = []
        var label = ""
    }

    enum Action: Equatable, Sendable {
        case drawTapped
        case drawLaterTapped
        case drawn(Int)
    }

    @Dependency(\.random) var random

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .drawTapped:
                state.drawn.append(random { Int.random(in: 1...1_000_000, using: &$0) })
                return .none
            case .drawLaterTapped:
                return .run { send in
                    await send(.drawn(random { Int.random(in: 1...1_000_000, using: &$0) }))
                }
            case let .drawn(number):
                state.drawn.append(number)
                return .none
            }
        }
    }
}

@MainActor
@Suite struct StoreTests {
    @Test func sendReturnsATaskThatEndsWithItsEffects() async {
        let store = Store(initialState: Counter.State()) { Counter() }
        store.send(.incrementTapped)
        #expect(store.state.count == 1)
        await store.send(.factTapped).finish()
        #expect(store.state.fact == "1 is a number.")
        #expect(store.isLoadingFact == false)
    }

    @Test func finishWaitsForTheEffectsOfActionsEffectsSendBack() async {
        let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
        await store.send(.left(.factTapped)).finish()
        #expect(store.state.left.fact == "0 is a number.")
        let chain = Store(initialState: Chain.State()) { Chain() }
        await chain.send(.start).finish()
        #expect(chain.state.steps == ["start", "middle", "end"])
    }

    @Test func observersSeeEveryChangeInOrder() async {
        let store = Store(initialState: Counter.State()) { Counter() }
        var seen: [Int] = []
        let token = store.observe { seen.append($0.count) }
        store.send(.incrementTapped)
        store.send(.incrementTapped)
        token.cancel()
        store.send(.incrementTapped)
        #expect(seen == [0, 1, 2])
    }

    @Test func anObserverThatSendsDoesNotMakeOthersMissAState() async {
        let store = Store(initialState: Counter.State()) { Counter() }
        var first: [Int] = []
        var second: [Int] = []
        // Observers are kept by token; whichever runs first, each must see 0, 1, 2 once.
        let a = store.observe { state in
            first.append(state.count)
            if state.count == 1 { store.send(.incrementTapped) }
        }
        let b = store.observe { second.append($0.count) }
        store.send(.incrementTapped)
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        a.cancel()
        b.cancel()
    }

    @Test func anObserverThatStopsObservingAndSendsHasItsActionReduced() async {
        let store = Store(initialState: Counter.State()) { Counter() }
        var token: ObservationToken?
        token = store.observe { state in
            guard state.count == 1 else { return }
            token?.cancel()
            store.send(.incrementTapped)
        }
        store.send(.incrementTapped)
        #expect(store.state.count == 2)
    }

    @Test func aScopedStoreReadsAndSendsThroughItsParent() async {
        let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
        let left = store.scope(state: \.left, action: \.left)
        left.send(.incrementTapped)
        #expect(left.state.count == 1)
        #expect(store.state.changes == 1)
        var counts: [Int] = []
        let token = left.observe { counts.append($0.count) }
        store.send(.left(.incrementTapped))
        #expect(counts == [1, 2])
        token.cancel()
    }

    @Test func statesStreamDeliversTheLatestState() async {
        let store = Store(initialState: Counter.State()) { Counter() }
        var iterator = store.states.makeAsyncIterator()
        #expect(await iterator.next()?.count == 0)
        store.send(.incrementTapped)
        #expect(await iterator.next()?.count == 1)
    }

    @Test("the states stream ends when its store goes")
    func statesStreamEndsWithTheStore() async {
        var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) { Counter() }
        let states = store!.states
        store!.send(.incrementTapped)
        store = nil
        // Bounded: a stream that never ends fails the test instead of hanging it. The bound is
        // generous: on two busy cores the main actor can wait seconds for a turn.
        let reading = Task { @MainActor in
            var counts: [Int] = []
            for await state in states { counts.append(state.count) }
            return counts
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(60))
            reading.cancel()
        }
        let counts = await reading.value
        timeout.cancel()
        #expect(!reading.isCancelled, "the stream did not end within 60 s of its store going")
        #expect(counts == [1])
    }

    @Test func aSeededRandomSourceReplaysTheSameDraws() async {
        func draws(seed: UInt64) async -> [Int] {
            let store = Store(initialState: Draw.State()) { Draw() } withDependencies: {
                $0.random = .seeded(seed)
            }
            store.send(.drawTapped)
            await store.send(.drawLaterTapped).finish()
            store.send(.drawTapped)
            return store.state.drawn
        }
        let first = await draws(seed: 7)
        #expect(first.count == 3)
        #expect(await draws(seed: 7) == first)
        #expect(await draws(seed: 8) != first)
    }

    @Test func testStoresUseTestDependencies() async {
        let store = TestStore(initialState: Draw.State()) { Draw() }
        let expected = RandomSource.seeded(0)({ Int.random(in: 1...1_000_000, using: &$0) })
        await store.send(.drawTapped) { $0.drawn = [expected] }
        await store.finish()
    }

    @Test func incrementingUUIDsAreReadable() {
        let uuid = UUIDGenerator.incrementing
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    }
}

/// Three hops through effects: start's effect sends middle, whose effect sends end.
struct Chain: Reducer {
    struct State: Equatable { var steps: [String] = [] }
    enum Action: Equatable, Sendable { case start, middle, end }

    var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case .start:
                state.steps.append("start")
                return .run { send in await send(.middle) }
            case .middle:
                state.steps.append("middle")
                return .run { send in
                    // Work that outlasts start's own effect.
                    for _ in 0..<1_000 { await Task.yield() }
                    await send(.end)
                }
            case .end:
                state.steps.append("end")
                return .none
            }
        }
    }
}
