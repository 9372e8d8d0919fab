@testable import Composable
import Synchronization
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

/// A reducer whose first effect reads its own store in place and sends from inside the read;
/// the action it sends starts an effect of its own, which the first send's task must await.
private struct Relay: Reducer {
    struct State: Equatable { var done = 0 }
    enum Action: Equatable, Sendable { case outer, inner, done }
    let store: @MainActor @Sendable () -> Store<State, Action>?
    let ended: Ended

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .outer:
            return .run { @MainActor send in
                store()?.withState { _ in send(.inner) }
            }
        case .inner:
            return .run { send in
                // Suspends, so that only a task that awaits this effect sees it end.
                try? await Task.sleep(for: .milliseconds(20))
                ended.add()
                await send(.done)
            }
        case .done:
            state.done += 1
            return .none
        }
    }
}

private final class Ended: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Holds a store for the reducer that needs to reach it.
@MainActor
private final class StoreBox<State, Action: Sendable> {
    var store: Store<State, Action>?
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

    @Test("a send through a scoped store while it reads is held too, until the read is over")
    func scopedStoreHoldsSends() {
        let store = Store(initialState: Tally.State()) { Tally() }
        let names = store.scope(state: \.names, action: CasePath<Tally.Action, Tally.Action>(embed: { $0 }, extract: { $0 }))
        let seen: [Int] = names.withState { before in
            names.send(.add("七"))
            return [before.count, store.state.count, store.withState { $0.count }]
        }
        #expect(seen == [0, 0, 0])
        #expect(store.state.names == ["七"])
    }

    @Test("an effect that sends while it reads its store in place: the action's effects are awaited with the send that started the effect")
    func effectSendingInsideARead() async {
        let box = StoreBox<Relay.State, Relay.Action>()
        let ended = Ended()
        box.store = Store(initialState: Relay.State()) { Relay(store: { box.store }, ended: ended) }
        await box.store!.send(.outer).finish()
        #expect(ended.value == 1)
        #expect(box.store!.state.done == 1)
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
