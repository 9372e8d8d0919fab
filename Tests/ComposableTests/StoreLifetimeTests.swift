@testable import Composable
import ComposableTesting
import Synchronization
import Testing

// Effects and observation tokens hold their store weakly. These are the ways to reach a store
// after it is gone: each must find nothing there.

/// Resumed from outside, and deaf to cancellation: work that is still running, and about to
/// end and send, after its store has gone.
private final class Latch: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.isOpen { return true }
                state.waiting = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        state.withLock { state in
            state.isOpen = true
            let waiting = state.waiting
            state.waiting = nil
            return waiting
        }?.resume()
    }
}

private final class Tally: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Set on one thread, waited for by spinning on another: how an effect keeps the main actor
/// busy until another thread has let its store go.
private final class Flag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .sequentiallyConsistent) }
    func spin() { while !flag.load(ordering: .sequentiallyConsistent) {} }
}

/// An effect that waits for `latch`, then sends. With `hold`, once past the latch it says
/// so and keeps the main actor busy until another thread has let the store go: its send then
/// comes after the store is gone and before the runtime's deinit, which waits for the main
/// actor.
private struct Late: Reducer {
    struct State: Equatable { var reduced = 0 }
    enum Action: Equatable, Sendable { case start, ended }
    let latch: Latch
    let began: Tally
    let finished: Tally
    var reduced = Tally()
    var hold: (ready: Flag, released: Flag)?

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            return .run { send in
                began.add()
                await latch.wait()
                if let hold {
                    hold.ready.set()
                    hold.released.spin()
                }
                await send(.ended)
                finished.add()
            }
        case .ended:
            reduced.add()
            state.reduced += 1
            return .none
        }
    }
}

/// Opens the latch, and once the effect is past it and holding the main actor, lets the
/// store go on this thread (`release`), then lets the effect go on.
private func releaseWhileHeld(_ late: Late, _ release: @escaping @Sendable () -> Void) async {
    await Task.detached {
        late.latch.open()
        late.hold!.ready.spin()
        release()
        late.hold!.released.set()
    }.value
}

@MainActor
@Suite("A store, reached after it is gone")
struct StoreLifetimeTests {
    @Test("an effect that ends after its store was released: what it sends is dropped, and its end reaches no store")
    func effectEndsAfterTheStore() async {
        let latch = Latch(), began = Tally(), finished = Tally()
        var store: Store<Late.State, Late.Action>? = Store(initialState: Late.State()) {
            Late(latch: latch, began: began, finished: finished)
        }
        weak let runtime = store
        let task = store!.send(.start)
        for _ in 0..<100_000 where began.value == 0 { await Task.yield() }
        #expect(began.value == 1)
        store = nil
        #expect(runtime == nil)
        latch.open()
        await task.finish()
        #expect(finished.value == 1)
    }

    @Test("a store released on another thread while its effect runs: the effect ends without it")
    func storeReleasedOffTheMainActor() async {
        let latch = Latch(), began = Tally(), finished = Tally()
        let holder = Mutex<Store<Late.State, Late.Action>?>(Store(initialState: Late.State()) {
            Late(latch: latch, began: began, finished: finished)
        })
        let task = holder.withLock { $0!.send(.start) }
        for _ in 0..<100_000 where began.value == 0 { await Task.yield() }
        // The last reference goes on a thread of the global executor: the runtime's deinit
        // waits for the main actor, and the effect may end before or after it has run.
        await Task.detached { holder.withLock { $0 = nil } }.value
        latch.open()
        await task.finish()
        #expect(finished.value == 1)
    }

    @Test("a store let go on another thread while its effect holds the main actor: what the effect sends then is dropped")
    func sendAfterAnOffMainRelease() async {
        let late = Late(latch: Latch(), began: Tally(), finished: Tally(), hold: (Flag(), Flag()))
        let holder = Mutex<Store<Late.State, Late.Action>?>(Store(initialState: Late.State()) { late })
        let task = holder.withLock { $0!.send(.start) }
        await releaseWhileHeld(late) { holder.withLock { $0 = nil } }
        await task.finish()
        #expect(late.finished.value == 1)
        #expect(late.reduced.value == 0)
    }

    @Test("a test store let go on another thread while its effect holds the main actor: the send is dropped, nothing crashes")
    func testStoreReleasedOffTheMainActor() async {
        let late = Late(latch: Latch(), began: Tally(), finished: Tally(), hold: (Flag(), Flag()))
        let holder = Mutex<TestStore<Late.State, Late.Action>?>(TestStore(initialState: Late.State()) { late })
        do {
            let store = holder.withLock { $0! }
            store.exhaustivity = .off
            await store.send(.start)
        }
        await releaseWhileHeld(late) { holder.withLock { $0 = nil } }
        // The effect's send, and the end of its work, come on the main actor's next turns.
        for _ in 0..<100_000 where late.finished.value == 0 { await Task.yield() }
        #expect(late.finished.value == 1)
        #expect(late.reduced.value == 0)
    }

    @Test("an observation token cancelled, or released, after its store: nothing happens")
    func observationOutlivesTheStore() {
        var seen = 0
        var store: Store<Late.State, Late.Action>? = Store(initialState: Late.State()) {
            Late(latch: Latch(), began: Tally(), finished: Tally())
        }
        let token = store!.observe { _ in seen += 1 }
        var second: ObservationToken? = store!.observe { _ in seen += 1 }
        #expect(seen == 2)
        store = nil
        token.cancel()
        second = nil
        #expect(second == nil)
        #expect(seen == 2)
    }

    @Test("an observation token cancelled while its store lives stops the observer")
    func observationCancelled() {
        var seen: [Int] = []
        let store = Store(initialState: Late.State()) { Late(latch: Latch(), began: Tally(), finished: Tally()) }
        let token = store.observe { seen.append($0.reduced) }
        store.send(.ended)
        token.cancel()
        store.send(.ended)
        #expect(seen == [0, 1])
        #expect(store.state.reduced == 2)
    }
}
