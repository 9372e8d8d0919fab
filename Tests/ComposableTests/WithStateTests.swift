import Composable
import Testing

// `Store.withState` reads the state where the store keeps it. The store must not change it
// under the reader: an action sent while the reader runs waits until it has returned.

private struct Tally: Reducer {
    struct State: Equatable {
        var count = 0
        var names: [String] = []
    }

    enum Action: Equatable, Sendable { case add(String), addTwice(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .add(name):
            state.count += 1
            state.names.append(name)
            return .none
        case let .addTwice(name):
            state.count += 1
            state.names.append(name)
            return .send(.add(name))
        }
    }
}

@MainActor
@Suite("Reading a store's state in place")
struct WithStateTests {
    @Test("withState returns what the body reads from the current state")
    func readsTheCurrentState() {
        let store = Store(initialState: Tally.State()) { Tally() }
        #expect(store.withState { $0.count } == 0)
        store.send(.add("一"))
        store.send(.addTwice("二"))
        #expect(store.withState { $0.count } == 3)
        #expect(store.withState { $0.names } == ["一", "二", "二"])
        #expect(store.withState { $0.names.last } == store.state.names.last)
    }

    @Test("an action sent while the body reads is reduced after it returns, and the body sees the state unchanged")
    func aSendInsideTheBodyWaits() {
        let store = Store(initialState: Tally.State()) { Tally() }
        let seen: [Int] = store.withState { state in
            let before = state.count
            store.send(.addTwice("三"))
            // Nested reads see the same, unchanged state.
            let nested = store.withState { $0.count }
            return [before, state.count, nested, state.names.count]
        }
        #expect(seen == [0, 0, 0, 0])
        // Both the action and the one its effect sent were reduced once the read was over.
        #expect(store.state == Tally.State(count: 2, names: ["三", "三"]))
    }

    @Test("an observer reading in place while the store sends sees each state once, in order")
    func observersReadInPlace() {
        let store = Store(initialState: Tally.State()) { Tally() }
        var counts: [Int] = []
        var readCounts: [Int] = []
        let token = store.observe { state in
            counts.append(state.count)
            readCounts.append(store.withState { $0.count })
            // An observer's own send is reduced after every observer has seen this state.
            if state.count == 1 { store.send(.add("observer")) }
        }
        store.send(.add("一"))
        token.cancel()
        #expect(counts == [0, 1, 2])
        #expect(readCounts == counts)
        #expect(store.state.names == ["一", "observer"])
    }

    @Test("a scoped store reads its part of the parent's state")
    func scopedStore() {
        let store = Store(initialState: Tally.State(count: 5, names: ["五"])) { Tally() }
        let names = store.scope(state: \.names, action: CasePath<Tally.Action, Tally.Action>(embed: { $0 }, extract: { $0 }))
        #expect(names.withState { $0.count } == 1)
        names.send(.add("六"))
        #expect(names.withState { $0 } == ["五", "六"])
    }
}
